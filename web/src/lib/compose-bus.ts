// How other views reach the compose box: quote-reply inserts text, a click on a message's
// recipient bar sets where the next message goes.
export interface ComposeTarget {
  type: 'stream' | 'private';
  streamId?: number;
  topic?: string;
  to?: number[];
}
type Listener = (action: { insert?: string; target?: ComposeTarget }) => void;
const listeners = new Set<Listener>();
export function onCompose(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const insertIntoCompose = (insert: string, target?: ComposeTarget): void => listeners.forEach((l) => l({ insert, target }));
export const setComposeTarget = (target: ComposeTarget): void => listeners.forEach((l) => l({ target }));
