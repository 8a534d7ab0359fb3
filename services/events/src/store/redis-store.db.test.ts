import Redis from 'ioredis';
import { Role } from '@parley/common';
import { FakeClock } from '../../../../test/support/fake-clock';
import { describeWithRedis, testRedisUrl } from '../../../../test/support/servers';
import { deleteKeys } from '../../../../test/support/redis';
import { QueueManager } from '../domain/queues';
import { describeQueueStore, listen, queueRecord } from './queue-store.contract';
import { describeQueueStoreBounds } from './queue-store-bounds.contract';
import { NOTICE_BUDGET_BYTES, RedisQueueStore } from './redis-store';

const REDIS_URL = testRedisUrl() ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each store its own keys, so tests (and concurrent runs) never meet. */
const uniquePrefix = () => `parley:test${Date.now()}${Math.random().toString(36).slice(2, 10)}:`;

describeWithRedis('redis-store.db.test.ts')('RedisQueueStore', () => {
  let admin: Redis;
  const prefixes: string[] = [];

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await admin.quit();
  });

  it('hears its own first append once ready() has resolved', async () => {
    const store = await newStore();
    const queue = queueRecord({ realm_id: 1, user_id: 1 });
    await store.createQueue(queue);
    const heard = listen(store);
    await store.append('first', [{ queue_id: queue.queue_id, event: { type: 'x' } }]);
    await heard.heard(queue.queue_id);
    heard.off();
    await store.close();
  });

  it("carries events in its wake-ups up to the append's budget, then announces the queues alone", async () => {
    const store = await newStore();
    const queues = [queueRecord(), queueRecord(), queueRecord()];
    for (const q of queues) await store.createQueue(q);
    // Each stored as `<id>|<json>`: two fit the budget, the third would not.
    const big = { type: 'big', text: 'a'.repeat(Math.floor(NOTICE_BUDGET_BYTES * 0.45)) };
    const heard = listen(store);
    // What each notice carried, short enough for a failure to print: [queue, event id, type, size] or [queue].
    const carried = () => heard.notices.map((n) => (n.event ? [n.queueId, n.event.id, n.event.event.type, JSON.stringify(n.event.event).length] : [n.queueId]));
    const size = (e: object, id: number) => JSON.stringify({ ...e, id }).length;
    await store.append(
      'm1',
      queues.map((q) => ({ queue_id: q.queue_id, event: big })),
    );
    await heard.until((ids) => ids.length === 3);
    expect(carried()).toEqual([[queues[0].queue_id, 0, 'big', size(big, 0)], [queues[1].queue_id, 0, 'big', size(big, 0)], [queues[2].queue_id]]);
    // Each append has its own budget; an event bigger than all of it is announced alone.
    const huge = { type: 'huge', text: 'b'.repeat(NOTICE_BUDGET_BYTES) };
    await store.append('m2', [
      { queue_id: queues[2].queue_id, event: { type: 'small' } },
      { queue_id: queues[2].queue_id, event: huge },
    ]);
    await heard.until((ids) => ids.length === 5);
    expect(carried().slice(3)).toEqual([[queues[2].queue_id, 1, 'small', size({ type: 'small' }, 1)], [queues[2].queue_id]]);
    // The queue holds them all, whatever the notices carried.
    expect((await store.poll(queues[2].queue_id, queues[2], -1, 0))!.events.map((e) => e.event.type)).toEqual(['big', 'small', 'huge']);
    heard.off();
    await store.close();
  });

  /** A subscribed store on a fresh prefix, or on `prefix` to share one with another store. */
  async function newStore(prefix = uniquePrefix(), maxEventsPerQueue?: number): Promise<RedisQueueStore> {
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    const store = new RedisQueueStore(REDIS_URL, prefix, maxEventsPerQueue);
    await store.ready();
    return store;
  }

  /** Every key the stores made since the last cleanup. */
  async function cleanup(): Promise<void> {
    for (const prefix of prefixes.splice(0)) await deleteKeys(REDIS_URL, prefix);
  }

  describeQueueStore('RedisQueueStore', () => newStore(), cleanup);
  describeQueueStoreBounds('RedisQueueStore', (_now, max) => newStore(uniquePrefix(), max), cleanup);

  describe('replicas on one prefix', () => {
    const stores: RedisQueueStore[] = [];
    /** Two stores as two events replicas would have them. */
    async function replicas(): Promise<[RedisQueueStore, RedisQueueStore]> {
      const prefix = uniquePrefix();
      stores.push(await newStore(prefix), await newStore(prefix));
      return [stores[stores.length - 2], stores[stores.length - 1]];
    }

    afterEach(async () => {
      await Promise.all(stores.splice(0).map((s) => s.close()));
      await cleanup();
    });

    it("see each other's queues and events", async () => {
      const [a, b] = await replicas();
      const q = queueRecord();
      await a.createQueue(q);
      await expect(b.getQueue(q.queue_id)).resolves.toEqual(q);
      await b.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }]);
      await expect(a.poll(q.queue_id, q, -1, 0)).resolves.toEqual({ events: [{ id: 0, event: { type: 'x', id: 0 } }], nextId: 1 });
    });

    it("hear each other's appends", async () => {
      const [a, b] = await replicas();
      const q = queueRecord();
      await a.createQueue(q);
      const heard = listen(b);
      await a.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }]);
      await heard.heard(q.queue_id);
      heard.off();
    });

    it('share dedupe: a message one replica appended appends nothing through the other', async () => {
      const [a, b] = await replicas();
      const q = queueRecord();
      await a.createQueue(q);
      await expect(a.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }])).resolves.toBe(true);
      await expect(b.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }])).resolves.toBe(false);
      expect((await b.poll(q.queue_id, q, -1, 0))!.events).toHaveLength(1);
    });

    it("wake each other's long polls", async () => {
      const [a, b] = await replicas();
      const clock = new FakeClock();
      const manager = new QueueManager(b, clock, { idleTimeoutMs: 600_000, heartbeatMinMs: 45_000, heartbeatMaxMs: 55_000 });
      const caller = { realm_id: 1, user_id: 10, role: Role.MEMBER, is_bot: false, email: 'member@example.com' };
      const queue = await manager.register(caller, {
        event_types: null,
        narrow: [],
        all_public_streams: false,
        client_capabilities: {},
        apply_markdown: false,
        client_gravatar: true,
        slim_presence: false,
        include_subscribers: 'false',
      });
      const poll = manager.getEvents(caller, queue.queue_id, -1, false);
      for (let i = 0; manager.waiting === 0; i++) {
        if (i === 500) throw new Error('the long poll never started waiting');
        await sleep(5);
      }
      await a.append('m1', [{ queue_id: queue.queue_id, event: { type: 'x' } }]);
      await expect(poll).resolves.toEqual([{ id: 0, event: { type: 'x', id: 0 } }]);
      manager.close();
    });

    it('keep apart from stores on another prefix', async () => {
      const [a] = await replicas();
      const other = await newStore();
      stores.push(other);
      const q = queueRecord();
      await a.createQueue(q);
      await expect(other.getQueue(q.queue_id)).resolves.toBeUndefined();
      await expect(other.queuesOf(1, 'realm')).resolves.toEqual([]);
      await expect(other.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }])).resolves.toBe(true);
      await expect(a.poll(q.queue_id, q, -1, 0)).resolves.toEqual({ events: [], nextId: 0 });
      // Each prefix has its own dedupe memory too.
      await expect(a.append('m1', [{ queue_id: q.queue_id, event: { type: 'x' } }])).resolves.toBe(true);
    });
  });

  it('leaves no keys behind after cleanup', async () => {
    const prefix = uniquePrefix();
    const store = await newStore(prefix);
    await store.createQueue(queueRecord());
    await store.append('m1', []);
    await store.close();
    await cleanup();
    await expect(admin.keys(`${prefix}*`)).resolves.toEqual([]);
  });
});
