// The gear menu (Zulip's, its shortcut `g`): the places a user goes now and then (settings,
// channels, drafts, scheduled messages), the keyboard shortcuts and logging out. A menu
// button in the top bar; the arrows or `j`/`k` move through its items, Escape closes it and
// gives the focus back to the button.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '../lib/use-store';
import { MenuPopover } from './Menu';

type Opener = () => void;
let opener: Opener | undefined;
/** `g`: opens the gear menu, its first item focused; false when there is none on screen. */
export function openGearMenu(): boolean {
  opener?.();
  return opener !== undefined;
}

export function GearMenu({ onHelp, onLogout }: { onHelp: () => void; onLogout: () => void }) {
  const s = useStore();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const mine: Opener = () => setOpen(true);
    opener = mine;
    return () => {
      if (opener === mine) opener = undefined;
    };
  }, []);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const admin = s.me.is_admin || s.me.is_owner;
  const links: [string, string][] = [
    ['#settings/profile', 'Personal settings'],
    ...(admin ? ([['#organization/settings', 'Organization settings']] as [string, string][]) : []),
    ['#channels/all', 'Browse channels'],
    ['#drafts', 'Drafts'],
    ['#scheduled', 'Scheduled messages'],
  ];
  const actions: [string, () => void][] = [
    ['Keyboard shortcuts', onHelp],
    ['Log out', onLogout],
  ];
  return (
    <div className="gear-menu">
      <button ref={button} className="icon-button" aria-label="Main menu" aria-haspopup="menu" aria-expanded={open} aria-keyshortcuts="g" onClick={() => setOpen(!open)}>
        ⚙
      </button>
      {open && (
        <MenuPopover
          label="Main menu"
          onEscape={() => close(true)}
          // Closed when the focus leaves it (a click elsewhere, Tab past its end).
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget) && e.relatedTarget !== button.current) setOpen(false);
          }}
        >
          {links.map(([href, label]) => (
            <a key={href} role="menuitem" href={href} onClick={() => close(false)}>
              {label}
            </a>
          ))}
          {actions.map(([label, run]) => (
            <button
              key={label}
              role="menuitem"
              onClick={() => {
                close(false);
                run();
              }}
            >
              {label}
            </button>
          ))}
        </MenuPopover>
      )}
    </div>
  );
}
