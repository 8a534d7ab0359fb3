/**
 * Turns at work that must not all run at once (decoding images): at most `max` jobs run, of
 * which at most `perOwner` are one owner's, and a free turn goes to the owners waiting in
 * turn (round robin), one job each, not to whichever job came first. So one user's many large
 * images hold at most `perOwner` turns, another user's image starts on a turn left free, and
 * when every turn is busy it waits for at most one job of each owner ahead of it, never for
 * all of theirs (docs/adr/0030-fair-thumbnail-turns.md).
 */
export class FairTurns {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Each waiting owner's jobs, first come first; the map's order is the owners' turn order. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly max: number,
    private readonly perOwner: number,
  ) {
    if (max < 1 || perOwner < 1) throw new RangeError('turns need at least one job at a time');
  }

  /** Runs `job` on one of `owner`'s turns, once one is free; its turn is given back however it ends. */
  async run<T>(owner: string, job: () => Promise<T>): Promise<T> {
    if (!this.mayStart(owner)) await new Promise<void>((resolve) => this.queue(owner, resolve));
    else this.start(owner);
    try {
      return await job();
    } finally {
      this.finish(owner);
    }
  }

  /** How many jobs run and wait now, in all (for tests and logs). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const jobs of this.waiting.values()) waiting += jobs.length;
    return { running: this.running, waiting };
  }

  private mayStart(owner: string): boolean {
    return this.running < this.max && (this.runningOf.get(owner) ?? 0) < this.perOwner && !this.waiting.has(owner);
  }

  private start(owner: string): void {
    this.running++;
    this.runningOf.set(owner, (this.runningOf.get(owner) ?? 0) + 1);
  }

  private queue(owner: string, resolve: () => void): void {
    const jobs = this.waiting.get(owner);
    if (jobs) jobs.push(resolve);
    else this.waiting.set(owner, [resolve]);
  }

  private finish(owner: string): void {
    this.running--;
    const left = (this.runningOf.get(owner) ?? 1) - 1;
    if (left > 0) this.runningOf.set(owner, left);
    else this.runningOf.delete(owner);
    this.handOut();
  }

  /** Gives the free turns to the waiting owners in their order, one job each, an owner served going last. */
  private handOut(): void {
    for (const [owner, jobs] of this.waiting) {
      if (this.running >= this.max) return;
      if ((this.runningOf.get(owner) ?? 0) >= this.perOwner) continue;
      const next = jobs.shift()!;
      this.waiting.delete(owner);
      // Still waiting: to the back of the line, behind the owners not served yet.
      if (jobs.length) this.waiting.set(owner, jobs);
      this.start(owner);
      next();
    }
  }
}
