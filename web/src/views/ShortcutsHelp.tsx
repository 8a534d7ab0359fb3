// The keyboard shortcuts' help (`?`): a modal dialog listing lib/hotkeys.ts's tables (the
// shortcuts and the compose box's own keys), so it lists exactly the keys that work. Escape
// or `?` closes it, Tab stays inside it, and the focus returns where it was.
import { COMPOSE_KEYS, SHORTCUTS, type Shortcut } from '../lib/hotkeys';
import { Modal } from './Modal';

const SECTIONS: Shortcut['section'][] = ['Basics', 'Navigation', 'Selected message', 'Composing'];

/** A section's rows: its shortcuts, and for Composing the compose box's own keys after them. */
const rowsOf = (section: Shortcut['section']): { keys: string[]; label: string }[] => [...SHORTCUTS.filter((s) => s.section === section), ...(section === 'Composing' ? COMPOSE_KEYS : [])];
const KEY_NAMES: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', Escape: 'Esc', PageDown: 'PgDn', PageUp: 'PgUp' };

/** `Shift+R` as <kbd>Shift</kbd> + <kbd>R</kbd>; `+` itself stays one key. */
function Keys({ name }: { name: string }) {
  const parts = name.length > 1 ? name.split(/\+(?=.)/) : [name];
  return (
    <span className="keys">
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 && ' + '}
          <kbd>{KEY_NAMES[part] ?? part}</kbd>
        </span>
      ))}
    </span>
  );
}

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} closeKeys={['Escape', '?']}>
      {/* Focusable, so that a keyboard scrolls it. */}
      <div className="modal-body" tabIndex={0} role="region" aria-label="Shortcuts">
        {SECTIONS.map((section) => (
          <table key={section} className="shortcuts">
            <caption>{section}</caption>
            <tbody>
              {rowsOf(section).map((s) => (
                <tr key={s.label}>
                  <td>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ' or '}
                        <Keys name={k} />
                      </span>
                    ))}
                  </td>
                  <td>{s.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Modal>
  );
}
