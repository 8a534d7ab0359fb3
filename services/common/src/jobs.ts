import type { Logger } from './logger';

/**
 * A background job run every `intervalMs` (and once at start when `runAtStart`): runs never
 * overlap within a process (a slow run delays the next), a failed run is logged and the next
 * one retries. The returned function stops the timer and waits for a run in progress. Jobs
 * that several replicas run must make each run safe to repeat (locks, SKIP LOCKED).
 */
export function startPeriodicJob(name: string, intervalMs: number, log: Logger, run: () => Promise<unknown>, opts: { runAtStart?: boolean } = {}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(run).catch((err: unknown) => log.warn({ err, job: name }, `${name} failed; the next run will retry`));
  };
  if (opts.runAtStart) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
