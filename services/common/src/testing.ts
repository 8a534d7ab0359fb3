/**
 * Helpers for the services' unit tests (`@parley/common/testing`); nothing in a running
 * service imports this.
 */
import { Bus, MemoryBus, MemoryHub } from './bus';
import { createLogger } from './logger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An in-process bus a test can announce on as a service's outbox relay does, and whose
 * connection it can lose and get back (the onDisconnect and onReconnect listeners).
 */
export function announcingBus() {
  const bus = new MemoryBus(new MemoryHub(), createLogger('test-bus', 'silent'));
  const lost = new Set<() => void>();
  const back = new Set<() => void>();
  const flaky: Bus = Object.assign(Object.create(bus) as Bus, {
    onDisconnect: (l: () => void) => (lost.add(l), () => void lost.delete(l)),
    onReconnect: (l: () => void) => (back.add(l), () => void back.delete(l)),
  });
  return {
    bus: flaky,
    /** Publishes as a relay does, and lets the subscribers run. */
    announce: async (subject: string, data: unknown) => {
      await bus.publish(subject, data, `test:${Math.random()}`);
      await sleep(20);
    },
    disconnect: () => lost.forEach((l) => l()),
    reconnect: () => back.forEach((l) => l()),
    close: () => bus.close(),
  };
}

/** The CPU time this process spent in `run`, in microseconds: the best of `tries`. */
function cpuMicros(run: () => void, tries: number): number {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const before = process.cpuUsage();
    run();
    const spent = process.cpuUsage(before);
    best = Math.min(best, spent.user + spent.system);
  }
  return best;
}

/**
 * Asserts that `run(size)` does work in proportion to `size`, not to its square: the work at
 * `size × factor` is compared with the work at `size`, in this process's own CPU time (not the
 * wall clock, which other processes on a loaded machine stretch), best of three each. Linear
 * work grows about `factor` times, quadratic `factor²`; the bound is `factor × 3`, so it tells
 * the two apart by a wide margin without any absolute time. `size` doubles first until one run
 * takes 20 ms, as long as `size × factor` stays within `largest` (an input's bound): below that,
 * timer grain, the JIT's tiers and caches that hold the small input but not the large one blur
 * the ratio (a linear rendering measured 25–35× from a 2–4 ms start, 8–13× from 20 ms and
 * more). How fast the work is belongs to the benchmark, not here.
 */
export function expectLinearGrowth(run: (size: number) => void, size: number, { factor = 8, largest = Infinity } = {}): void {
  run(size); // warms the JIT, so the first measurement is not the compile
  let small = cpuMicros(() => run(size), 3);
  for (let doublings = 0; small < 20_000 && doublings < 12 && size * 2 * factor <= largest; doublings++) {
    size *= 2;
    small = cpuMicros(() => run(size), 3);
  }
  const large = cpuMicros(() => run(size * factor), 3);
  const ratio = large / small;
  if (ratio >= factor * 3) {
    throw new Error(`work grew ${ratio.toFixed(1)}× when the input grew ${factor}× from ${size} (linear work grows about ${factor}×)`);
  }
}
