// How a shortcut reaches one message row's own state (its edit box, its menus): the feed
// sends the command with the message id, and the row that shows that message acts on it.
// Rows keep that state themselves (they are memoized), so a prop would re-render them all.
import { useEffect, useRef } from 'react';

export type MessageCommand = 'edit' | 'menu' | 'emoji' | 'move' | 'card' | 'receipts' | 'history';
type Listener = (id: number, command: MessageCommand) => void;
const listeners = new Set<Listener>();

export function sendMessageCommand(id: number, command: MessageCommand): void {
  listeners.forEach((l) => l(id, command));
}

/** Runs `handle` for the commands sent to message `id` (the latest `handle`, without resubscribing). */
export function useMessageCommands(id: number, handle: (command: MessageCommand) => void): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const listener: Listener = (to, command) => to === id && latest.current(command);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [id]);
}
