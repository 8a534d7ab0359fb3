// Errors and notices shown at the corner of the app: every API error is shown as its `msg`.
import { errorText } from '../api/client';

export interface Toast {
  id: number;
  text: string;
  kind: 'error' | 'info';
}
let next = 1;
let toasts: Toast[] = [];
const listeners = new Set<() => void>();

export const toastsNow = (): Toast[] => toasts;
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function set(list: Toast[]) {
  toasts = list;
  for (const l of listeners) l();
}
export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  const id = next++;
  set([...toasts.slice(-3), { id, text, kind }]);
  setTimeout(() => dismissToast(id), kind === 'error' ? 8000 : 4000);
}
export const showError = (err: unknown): void => showToast(errorText(err), 'error');
export const dismissToast = (id: number): void => set(toasts.filter((t) => t.id !== id));

/** Runs an action, showing its error (as Parley's `msg`) when it fails. */
export async function attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (err) {
    showError(err);
    return undefined;
  }
}
