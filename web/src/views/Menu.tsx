// Parley's menus (a message's actions, the gear menu), keyed as Zulip's: the first item takes
// the focus when the menu opens, the arrows and `j`/`k` move through the items, round, and
// Escape closes the menu (its owner gives the focus back to the button that opened it).
import { useEffect, useRef } from 'react';

/** Moves the focus to the next or previous `[role="menuitem"]` of the menu the key was pressed in. */
function moveMenuFocus(e: React.KeyboardEvent<HTMLElement>): void {
  const step = e.key === 'ArrowDown' || e.key === 'j' ? 1 : e.key === 'ArrowUp' || e.key === 'k' ? -1 : 0;
  if (!step) return;
  e.preventDefault();
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(at + step + items.length) % items.length]?.focus();
}

export function MenuPopover({ label, onEscape, onBlur, children }: { label: string; onEscape: () => void; onBlur?: (e: React.FocusEvent<HTMLDivElement>) => void; children: React.ReactNode }) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  return (
    <div
      ref={menu}
      className="popover"
      role="menu"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return moveMenuFocus(e);
        e.preventDefault();
        onEscape();
      }}
      onBlur={onBlur}
    >
      {children}
    </div>
  );
}
