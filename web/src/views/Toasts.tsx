import { useSyncExternalStore } from 'react';
import { dismissToast, subscribeToasts, toastsNow } from '../lib/toasts';

export function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, toastsNow);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button className="icon-button" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
