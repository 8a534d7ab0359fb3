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
 * Resolves when `promise` settles or `ms` have passed, whichever comes first; never rejects
 * (a failure is the caller's to handle on `promise` itself, if it cares).
 */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
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
    next ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

export interface GroupedOptions<T> {
  /** Batches running at once; a call made while that many run waits for the next batch. */
  maxInFlight: number;
  /** The most items in one batch. */
  maxBatch: number;
  /**
   * For batches that differ in cost: a batch starts beside running ones only while each of
   * those weighs at least `from` (long work, which the other side does side by side); behind
   * a lighter one, which ends soon, calls wait and gather. Without it, a batch starts
   * whenever fewer than maxInFlight run.
   */
  heavy?: { weight: (item: T) => number; from: number };
  /**
   * Whether a failed batch of several may run again item by item, so that one bad item fails
   * only its own call: only for failures that prove the batch did nothing (an atomic write the
   * database refused, not a lost connection, after which it may have committed).
   */
  retryAlone: (err: unknown) => boolean;
}

/**
 * Calls to `runBatch` (which answers for each item, in order, all or nothing) grouped as they
 * come: a call while fewer than `maxInFlight` batches run (and, with `heavy`, none of them
 * light) starts one at once, alone; the calls made meanwhile wait and go together in the next
 * batch, started when a running one ends. At low load each call is a batch of one, with no
 * delay; under load the batches grow by themselves, and so does the work each round trip does.
 */
export function grouped<T, R>(runBatch: (items: T[]) => Promise<R[]>, opts: GroupedOptions<T>): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (err: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let inFlight = 0;
  /** Running batches lighter than `heavy.from`. */
  let lightInFlight = 0;
  const isLight = (batch: Waiting[]) => opts.heavy !== undefined && batch.reduce((sum, w) => sum + opts.heavy!.weight(w.item), 0) < opts.heavy.from;

  const runOne = (w: Waiting) => runBatch([w.item]).then(([result]) => w.resolve(result), w.reject);
  const run = async (batch: Waiting[]): Promise<void> => {
    try {
      const results = await runBatch(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`grouped: a batch of ${batch.length} answered ${results.length} results`);
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (err) {
      if (batch.length === 1 || !opts.retryAlone(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      for (const w of batch) await runOne(w);
    }
  };
  const pump = (): void => {
    while (inFlight < opts.maxInFlight && lightInFlight === 0 && waiting.length) {
      const batch = waiting.splice(0, opts.maxBatch);
      const light = isLight(batch);
      inFlight++;
      if (light) lightInFlight++;
      void run(batch).finally(() => {
        inFlight--;
        if (light) lightInFlight--;
        pump();
      });
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}
