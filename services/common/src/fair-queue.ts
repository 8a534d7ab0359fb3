/**
 * Jobs that take turns fairly between their keys (a key: a user). At most `slots` jobs run at
 * once, and at most `perKey` of one key's; the waiting ones are started a key at a time,
 * round-robin, one job each, so one key's many jobs wait behind each other, not in front of
 * everyone else's: a newcomer waits for at most one job of each key ahead of it, never for all
 * of theirs. A waiting job may have a time past which it gives up (`until`): it leaves the line
 * with the error `late()` makes, and never starts.
 *
 * For work that must not all run at once and runs elsewhere (the render threads, ADR 0028;
 * libvips decoding images, ADR 0030): the queue only decides who goes next.
 */
export class FairQueue {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Waiting jobs by key; a Map keeps its keys in insertion order, which is the order of turns. */
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly perKey: number;

  constructor(
    private readonly slots: number,
    opts: { perKey?: number } = {},
  ) {
    this.perKey = opts.perKey ?? slots;
    if (!(slots >= 1) || !(this.perKey >= 1)) throw new RangeError('FairQueue: at least one job at a time');
  }

  /** How many jobs run and wait now, all keys together (for tests and logs). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const line of this.waiting.values()) waiting += line.length;
    return { running: this.running, waiting };
  }

  /** Runs `job` on one of `key`'s turns once one is free; its turn is given back however it ends. */
  run<T>(key: string, job: () => Promise<T>, opts: { until?: number; late?: () => Error } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          if (waiting.timer) clearTimeout(waiting.timer);
          this.running++;
          this.runningOf.set(key, (this.runningOf.get(key) ?? 0) + 1);
          let result: Promise<T>;
          try {
            result = job();
          } catch (err) {
            result = Promise.reject(err);
          }
          void result.then(resolve, reject).finally(() => this.finish(key));
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

  private finish(key: string): void {
    this.running--;
    const left = (this.runningOf.get(key) ?? 1) - 1;
    if (left > 0) this.runningOf.set(key, left);
    else this.runningOf.delete(key);
    this.next();
  }

  /**
   * Starts waiting jobs while slots are free: the keys in their order, one job each, a key
   * served going to the back; a key at its own bound is passed over, keeping its place.
   */
  private next(): void {
    for (let started = true; started;) {
      started = false;
      for (const key of [...this.waiting.keys()]) {
        if (this.running >= this.slots) return;
        if ((this.runningOf.get(key) ?? 0) >= this.perKey) continue;
        const line = this.waiting.get(key)!;
        const job = line.shift()!;
        this.waiting.delete(key);
        if (line.length) this.waiting.set(key, line);
        job.start();
        started = true;
      }
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
