import type { Clock } from '../../services/events/src/domain/clock';

interface Timer {
  at: number;
  /** Scheduling order, so timers due at the same time run first-scheduled first. */
  seq: number;
  /** The delay asked for, kept for tests of randomised timing. */
  delay: number;
  fn: () => void;
}

/**
 * A clock that only moves when a test says so: `advance(ms)` runs the timers that fall due,
 * in time order, each at its own time. Nothing runs on its own, so a test checks timing
 * (heartbeats, expiry) without sleeping.
 */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2024, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): { cancel(): void } {
    const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, delay: ms, fn };
    this.timers.push(timer);
    return { cancel: () => void (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  /** Moves time on by `ms`, running each timer due meanwhile (including ones they schedule). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let next = this.nextDue(end); next; next = this.nextDue(end)) {
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }

  /** Timers scheduled and neither run nor cancelled. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** The delays the pending timers were scheduled with, in scheduling order. */
  get pendingDelays(): number[] {
    return this.timers.map((t) => t.delay);
  }

  private nextDue(end: number): Timer | undefined {
    return this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
  }
}
