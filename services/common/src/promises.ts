/**
 * Marks a promise as handled and returns it: for a promise kept to be awaited later, or
 * maybe never (a memoized answer no later step asks for). Without this, its rejection,
 * when nobody awaits it, is an unhandled rejection, which ends a Node process. Awaiting the
 * returned promise still sees the rejection.
 */
export function handledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
