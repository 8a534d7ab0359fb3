/**
 * Jobs that take turns fairly between their keys (a key: a user). At most `slots` jobs run at
 * once; the waiting ones are started a key at a time, round-robin, so one key's many jobs wait
 * behind each other, not in front of everyone else's: a newcomer waits for at most one job of
 * each key ahead of it. A waiting job may have a time past which it gives up (`until`): it
 * leaves the line with the error `late()` makes, and never starts.
 *
 * For work run elsewhere with a bound of its own (the render threads, pool.ts in messages): the
 * queue only decides who goes next.
 */
export class FairQueue {
  private running = 0;
  /** Waiting jobs by key; a Map keeps its keys in insertion order, which is the order of turns. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly slots: number) {
    if (!(slots >= 1)) throw new Error('FairQueue: at least one slot');
  }

  /** How many jobs wait, all keys together. */
  get size(): number {
    let n = 0;
    for (const line of this.waiting.values()) n += line.length;
    return n;
  }

  run<T>(key: string, job: () => Promise<T>, opts: { until?: number; late?: () => Error } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          if (waiting.timer) clearTimeout(waiting.timer);
          this.running++;
          let result: Promise<T>;
          try {
            result = job();
          } catch (err) {
            result = Promise.reject(err);
          }
          void result.then(resolve, reject).finally(() => {
            this.running--;
            this.next();
          });
        },
      };
      if (opts.until !== undefined) {
        const late = () => reject(opts.late?.() ?? new Error('FairQueue: too late'));
        const wait = opts.until - Date.now();
        if (wait <= 0) return late();
        waiting.timer = setTimeout(() => this.remove(key, waiting) && late(), wait);
      }
      const line = this.waiting.get(key);
      if (line) line.push(waiting);
      else this.waiting.set(key, [waiting]);
      this.next();
    });
  }

  /** Starts waiting jobs while slots are free: each time the key whose turn it is, which then goes to the back. */
  private next(): void {
    while (this.running < this.slots) {
      const first = this.waiting.entries().next();
      if (first.done) return;
      const [key, line] = first.value;
      const job = line.shift()!;
      this.waiting.delete(key);
      if (line.length) this.waiting.set(key, line);
      job.start();
    }
  }

  private remove(key: string, job: Waiting): boolean {
    const line = this.waiting.get(key);
    const at = line?.indexOf(job) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    if (!line.length) this.waiting.delete(key);
    return true;
  }
}

interface Waiting {
  start(): void;
  timer?: NodeJS.Timeout;
}
