// How other views reach the compose box: quote-reply inserts text, a click on a message's
// recipient bar sets where the next message goes, and the compose shortcuts (Alt+P, Ctrl+.)
// send it commands. The box is one per feed view, so a message being written is handed over
// to the next view's box when Ctrl+. goes to the conversation it is addressed to.
export interface ComposeTarget {
  type: 'stream' | 'private';
  streamId?: number;
  topic?: string;
  to?: number[];
}
export type ComposeCommand = 'toggle-preview' | 'go-to-target';
type Listener = (action: { insert?: string; target?: ComposeTarget; command?: ComposeCommand }) => void;
const listeners = new Set<Listener>();
export function onCompose(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const insertIntoCompose = (insert: string, target?: ComposeTarget): void => listeners.forEach((l) => l({ insert, target }));
export const setComposeTarget = (target: ComposeTarget): void => listeners.forEach((l) => l({ target }));
/** Sends a command to the compose box; false when no box is on screen. */
export function sendComposeCommand(command: ComposeCommand): boolean {
  listeners.forEach((l) => l({ command }));
  return listeners.size > 0;
}

/** A message being written, carried from one view's compose box to the next one's. */
export interface HandedOver {
  target: ComposeTarget;
  content: string;
  draftId?: number;
}
let handedOver: HandedOver | undefined;
export function handOver(state: HandedOver): void {
  handedOver = state;
}
/** What the previous box handed over, once. */
export function takeHandedOver(): HandedOver | undefined {
  const state = handedOver;
  handedOver = undefined;
  return state;
}
