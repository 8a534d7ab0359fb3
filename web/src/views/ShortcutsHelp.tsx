// The keyboard shortcuts' help (`?`): a modal dialog listing lib/hotkeys.ts's table, so it
// lists exactly the keys that work. Escape or `?` closes it, Tab stays inside it, and the
// focus returns where it was.
import { useEffect, useRef } from 'react';
import { SHORTCUTS, type Shortcut } from '../lib/hotkeys';

const SECTIONS: Shortcut['section'][] = ['Basics', 'Navigation', 'Selected message'];
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

/** Tab and Shift+Tab go round the dialog's focusable elements, never out of it (it is modal). */
function keepFocusInside(e: React.KeyboardEvent<HTMLElement>): void {
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
    return () => before?.focus();
  }, []);
  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' || e.key === '?') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') keepFocusInside(e);
  }
  return (
    // A click outside the dialog closes it too.
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" onKeyDown={onKeyDown}>
        <div className="modal-header">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {/* Focusable, so that a keyboard scrolls it. */}
        <div className="modal-body" tabIndex={0} role="region" aria-label="Shortcuts">
          {SECTIONS.map((section) => (
            <table key={section} className="shortcuts">
              <caption>{section}</caption>
              <tbody>
                {SHORTCUTS.filter((s) => s.section === section).map((s) => (
                  <tr key={s.action}>
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
      </div>
    </div>
  );
}
