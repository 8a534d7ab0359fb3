// A modal dialog: over a backdrop, labelled by its title, the focus moved in when it opens
// and back where it was when it closes, Tab kept inside, Escape (or a click outside) closes.
// The keyboard shortcuts stand still while one is open (`aria-modal`).
import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Tab and Shift+Tab go round the dialog's focusable elements, never out of it. */
function keepFocusInside(e: React.KeyboardEvent<HTMLElement>): void {
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, a[href], [tabindex="0"]')];
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

export function Modal({ title, onClose, closeKeys = ['Escape'], className, children }: { title: string; onClose: () => void; closeKeys?: string[]; className?: string; children: ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
    return () => before?.focus();
  }, []);
  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (closeKeys.includes(e.key)) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') keepFocusInside(e);
  }
  return (
    // A click outside the dialog closes it too.
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className={`modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * A dialog that opens over its message (a popover, not modal): labelled, focused when it
 * opens, closed by Escape without the key reaching anything behind it.
 */
export function PopoverDialog({ label, className, onClose, children }: { label: string; className: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      className={`popover ${className}`}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}
