import { createLogger } from '../logger';
import type { BusMessage } from './bus';
import { MemoryBus, MemoryHub } from './memory';
import { NamespacedBus } from './namespace';

const log = createLogger('test', 'silent');

describe('NamespacedBus', () => {
  it('keeps two namespaces on one bus apart, and shows handlers unprefixed subjects', async () => {
    const hub = new MemoryHub();
    const a = new NamespacedBus(new MemoryBus(hub, log), 'alpha');
    const b = new NamespacedBus(new MemoryBus(hub, log), 'beta');
    const seenA: BusMessage[] = [];
    const seenB: BusMessage[] = [];
    await a.subscribe({ subject: 'users.>', durable: 'events', handler: async (m) => void seenA.push(m) });
    await b.subscribe({ subject: 'users.>', durable: 'events', handler: async (m) => void seenB.push(m) });
    await a.publish('users.user.created', { n: 1 }, 'users:x:1');
    // The same message id in another namespace is another message, not a duplicate.
    await b.publish('users.user.created', { n: 2 }, 'users:x:1');
    await new Promise((r) => setTimeout(r, 20));
    expect(seenA).toEqual([{ subject: 'users.user.created', id: 'users:x:1', data: { n: 1 } }]);
    expect(seenB).toEqual([{ subject: 'users.user.created', id: 'users:x:1', data: { n: 2 } }]);
  });

  it('reaches an unprefixed subscriber of the inner bus only under the prefixed subject', async () => {
    const hub = new MemoryHub();
    const inner = new MemoryBus(hub, log);
    const subjects: string[] = [];
    await inner.subscribe({ subject: '>', handler: async (m) => void subjects.push(m.subject) });
    await new NamespacedBus(new MemoryBus(hub, log), 'ns1').publish('users.auth.invalidate', {}, 'id-1');
    await new Promise((r) => setTimeout(r, 20));
    expect(subjects).toEqual(['ns1_users.auth.invalidate']);
  });

  it('refuses a namespace that is not letters and digits', () => {
    const bus = new MemoryBus(new MemoryHub(), log);
    for (const bad of ['', 'a.b', 'a_b', 'a>b', 'a b']) expect(() => new NamespacedBus(bus, bad)).toThrow(/letters and digits/);
  });
});
