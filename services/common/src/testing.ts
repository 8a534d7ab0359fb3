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
