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

/**
 * `run` for callers that each need a run that started after they called (a flush of what they
 * wrote), with at most one run at a time: a call while none runs starts one; the calls made
 * while one runs share the next, which starts when that one ends. So a burst of callers costs
 * two runs, not one each, and never holds more than one of the resources a run uses.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const started: Promise<void> = run().finally(() => {
      if (current === started) current = undefined;
    });
    current = started;
    return started;
  };
  return () => {
    if (!current) return start();
    next ??= current.then(() => undefined, () => undefined).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
