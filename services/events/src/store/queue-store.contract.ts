/// <reference types="jest" />
// jest's globals come by reference, not import: this file sits in src/, so the service's own
// build (types: node only) compiles it too, and must find describe/it/expect declared.
import { randomUUID } from 'node:crypto';
import type { QueueRecord, QueueStore, QueuedEvent } from './queue-store';

/**
 * The behaviours every QueueStore has, as one suite that each store's test file runs
 * (memory-store.test.ts, redis-store.db.test.ts). Not a test file by name, so jest runs it only
 * through them.
 */

const T0 = Date.UTC(2024, 0, 1);

/** A queue record of realm 1, user 10, last polled at T0; override what a test is about. */
export function queueRecord(overrides: Partial<QueueRecord> = {}): QueueRecord {
  return {
    queue_id: randomUUID(),
    realm_id: 1,
    user_id: 10,
    event_types: null,
    narrow: [],
    all_public_streams: false,
    client_capabilities: {},
    apply_markdown: false,
    client_gravatar: true,
    slim_presence: false,
    include_subscribers: 'false',
    created_at: T0,
    last_poll_at: T0,
    ...overrides,
  };
}

/**
 * Records the queue ids a store announces through onAppend. Announcements may come later
 * than the append (Redis PUBLISH), so tests wait for them with `until`.
 */
export function listen(store: QueueStore) {
  const ids: string[] = [];
  /** Each announcement's queue, and its event (as a poll returns it) where the notice carries one. */
  const notices: { queueId: string; event?: QueuedEvent }[] = [];
  let check = (): void => undefined;
  const off = store.onAppend((queueId, appended) => {
    ids.push(queueId);
    notices.push({ queueId, ...(appended && { event: { id: appended.id, event: appended.event() } }) });
    check();
  });
  const until = (done: (ids: string[]) => boolean, timeoutMs = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`onAppend announced only [${ids.join(', ')}]`)), timeoutMs);
      check = () => {
        if (!done(ids)) return;
        clearTimeout(timer);
        resolve();
      };
      check();
    });
  const heard = (queueId: string) => until((got) => got.includes(queueId));
  return { ids, notices, off, until, heard };
}

const idsOf = (queues: QueueRecord[]) => queues.map((q) => q.queue_id).sort();
const event = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra });

export function describeQueueStore(name: string, make: (now: () => number) => Promise<QueueStore>, cleanup?: () => Promise<void>): void {
  describe(`${name} (QueueStore contract)`, () => {
    let store: QueueStore;
    /** Creates queues in the store under test and returns their records. */
    const created = async (...records: QueueRecord[]) => {
      for (const record of records) await store.createQueue(record);
      return records;
    };
    /** The events a poll by the queue's owner at T0 finds (undefined: refused). */
    const read = async (q: QueueRecord, ackedId: number) => (await store.poll(q.queue_id, q, ackedId, T0))?.events;

    beforeEach(async () => {
      store = await make(() => T0);
    });

    afterEach(async () => {
      await store.close();
      await cleanup?.();
    });

    describe('queues', () => {
      it('gives back a created queue as it was created', async () => {
        const narrow = [{ operator: 'is', operand: 'dm', negated: false }];
        const [q] = await created(queueRecord({ event_types: ['message'], narrow }));
        await expect(store.getQueue(q.queue_id)).resolves.toEqual(q);
      });

      it('knows no queue it was not given', async () => {
        await expect(store.getQueue(randomUUID())).resolves.toBeUndefined();
      });

      it('keeps its own copy of a record', async () => {
        const [q] = await created(queueRecord());
        q.user_id = 99;
        const got = await store.getQueue(q.queue_id);
        got!.realm_id = 99;
        await expect(store.getQueue(q.queue_id)).resolves.toMatchObject({ realm_id: 1, user_id: 10 });
      });

      it('forgets a deleted queue everywhere', async () => {
        const [q] = await created(queueRecord());
        await store.append('m1', [{ queue_id: q.queue_id, event: event('x') }]);
        await store.deleteQueue(q.queue_id);
        await expect(store.getQueue(q.queue_id)).resolves.toBeUndefined();
        await expect(store.queuesOf(1, 'realm')).resolves.toEqual([]);
        await expect(store.queuesOf(1, [10])).resolves.toEqual([]);
        await expect(store.idleSince(T0 + 1)).resolves.toEqual([]);
        await expect(read(q, -1)).resolves.toBeUndefined();
      });

      it('deletes an unknown queue without complaint', async () => {
        await expect(store.deleteQueue(randomUUID())).resolves.toBeUndefined();
      });

      it('answers a poll of a deleted queue with undefined and does not bring it back', async () => {
        const [q] = await created(queueRecord());
        await store.deleteQueue(q.queue_id);
        await expect(store.poll(q.queue_id, q, -1, T0 + 1_000)).resolves.toBeUndefined();
        await expect(store.getQueue(q.queue_id)).resolves.toBeUndefined();
        await expect(store.idleSince(T0 + 2_000)).resolves.toEqual([]);
        await expect(store.queuesOf(1, 'realm')).resolves.toEqual([]);
      });

      it('answers a poll of an unknown queue with undefined', async () => {
        await expect(store.poll(randomUUID(), queueRecord(), -1, T0)).resolves.toBeUndefined();
      });
    });

    describe('poll', () => {
      it("records the poll's time", async () => {
        const [q] = await created(queueRecord());
        await expect(store.poll(q.queue_id, q, -1, T0 + 5_000)).resolves.toEqual({ events: [], nextId: 0 });
        await expect(store.getQueue(q.queue_id)).resolves.toMatchObject({ last_poll_at: T0 + 5_000 });
        await expect(store.idleSince(T0 + 5_000)).resolves.toEqual([]);
      });

      it("refuses another user's or another realm's poll: undefined, nothing recorded, nothing dropped", async () => {
        const [q] = await created(queueRecord());
        await store.append('m1', [{ queue_id: q.queue_id, event: event('x') }]);
        for (const owner of [
          { realm_id: 1, user_id: 11 },
          { realm_id: 2, user_id: 10 },
        ]) {
          await expect(store.poll(q.queue_id, owner, 0, T0 + 5_000)).resolves.toBeUndefined();
        }
        await expect(store.getQueue(q.queue_id)).resolves.toMatchObject({ last_poll_at: T0 });
        await expect(read(q, -1)).resolves.toEqual([{ id: 0, event: { type: 'x', id: 0 } }]);
      });

      it('answers polls asked together each for itself', async () => {
        const [full, empty, gone, others] = await created(queueRecord(), queueRecord({ user_id: 11 }), queueRecord(), queueRecord());
        await store.append('m1', [
          { queue_id: full.queue_id, event: event('x', { n: 0 }) },
          { queue_id: full.queue_id, event: event('x', { n: 1 }) },
          { queue_id: others.queue_id, event: event('x', { n: 2 }) },
        ]);
        await store.deleteQueue(gone.queue_id);
        const answers = await Promise.all([
          store.poll(full.queue_id, full, 0, T0 + 1_000),
          store.poll(empty.queue_id, empty, -1, T0 + 2_000),
          store.poll(gone.queue_id, gone, -1, T0 + 3_000),
          store.poll(others.queue_id, { realm_id: 1, user_id: 11 }, 0, T0 + 4_000),
          store.poll(full.queue_id, full, 0, T0 + 5_000),
        ]);
        expect(answers).toEqual([
          { events: [{ id: 1, event: { type: 'x', n: 1, id: 1 } }], nextId: 2 },
          { events: [], nextId: 0 },
          undefined,
          undefined,
          { events: [{ id: 1, event: { type: 'x', n: 1, id: 1 } }], nextId: 2 },
        ]);
        // Each poll's own time; the refused one recorded nothing and dropped nothing.
        await expect(store.getQueue(empty.queue_id)).resolves.toMatchObject({ last_poll_at: T0 + 2_000 });
        await expect(store.getQueue(full.queue_id)).resolves.toMatchObject({ last_poll_at: T0 + 5_000 });
        await expect(store.getQueue(others.queue_id)).resolves.toMatchObject({ last_poll_at: T0 });
        await expect(read(others, -1)).resolves.toEqual([{ id: 0, event: { type: 'x', n: 2, id: 0 } }]);
        await expect(store.getQueue(gone.queue_id)).resolves.toBeUndefined();
      });
    });

    describe('queuesOf', () => {
      it("lists a realm's queues and no other realm's", async () => {
        const [a, b] = await created(queueRecord({ user_id: 10 }), queueRecord({ user_id: 11 }), queueRecord({ realm_id: 2, user_id: 10 }));
        expect(idsOf(await store.queuesOf(1, 'realm'))).toEqual([a.queue_id, b.queue_id].sort());
      });

      it('lists the queues of some users of a realm, not same-numbered users elsewhere', async () => {
        const [a1, a2, b] = await created(
          queueRecord({ user_id: 10 }),
          queueRecord({ user_id: 10 }),
          queueRecord({ user_id: 11 }),
          queueRecord({ user_id: 12 }),
          queueRecord({ realm_id: 2, user_id: 10 }),
        );
        expect(idsOf(await store.queuesOf(1, [10, 11]))).toEqual([a1.queue_id, a2.queue_id, b.queue_id].sort());
      });

      it('gives whole records', async () => {
        const [q] = await created(queueRecord({ event_types: ['typing'] }));
        await expect(store.queuesOf(1, [10])).resolves.toEqual([q]);
      });

      it('lists nothing for no users, or a realm without queues', async () => {
        await created(queueRecord());
        await expect(store.queuesOf(1, [])).resolves.toEqual([]);
        await expect(store.queuesOf(3, 'realm')).resolves.toEqual([]);
      });
    });

    describe('append and poll', () => {
      it('numbers events from 0 in each queue and sets the id in the event', async () => {
        const [a, b] = await created(queueRecord(), queueRecord());
        await expect(
          store.append('m1', [
            { queue_id: a.queue_id, event: event('x', { n: 1 }) },
            { queue_id: b.queue_id, event: event('x', { n: 2 }) },
            { queue_id: a.queue_id, event: event('x', { n: 3 }) },
          ]),
        ).resolves.toBe(true);
        await store.append('m2', [{ queue_id: a.queue_id, event: event('y') }]);
        await expect(read(a, -1)).resolves.toEqual([
          { id: 0, event: { type: 'x', n: 1, id: 0 } },
          { id: 1, event: { type: 'x', n: 3, id: 1 } },
          { id: 2, event: { type: 'y', id: 2 } },
        ]);
        await expect(read(b, -1)).resolves.toEqual([{ id: 0, event: { type: 'x', n: 2, id: 0 } }]);
      });

      it('keeps event content as it was given', async () => {
        const [q] = await created(queueRecord());
        const content = { type: 'message', text: 'a|b 1|2 ✓ "quoted"', nested: { list: [1, null, 'x'], flag: false } };
        await store.append('m1', [{ queue_id: q.queue_id, event: content }]);
        content.text = 'changed after';
        await expect(read(q, -1)).resolves.toEqual([{ id: 0, event: { type: 'message', text: 'a|b 1|2 ✓ "quoted"', nested: { list: [1, null, 'x'], flag: false }, id: 0 } }]);
      });

      it('skips queues deleted meanwhile or never created, without bringing them back', async () => {
        const [live, deleted] = await created(queueRecord(), queueRecord());
        await store.deleteQueue(deleted.queue_id);
        const unknown = randomUUID();
        await expect(
          store.append('m1', [
            { queue_id: deleted.queue_id, event: event('x') },
            { queue_id: unknown, event: event('x') },
            { queue_id: live.queue_id, event: event('x') },
          ]),
        ).resolves.toBe(true);
        await expect(read(live, -1)).resolves.toEqual([{ id: 0, event: { type: 'x', id: 0 } }]);
        await expect(read(deleted, -1)).resolves.toBeUndefined();
        await expect(store.getQueue(deleted.queue_id)).resolves.toBeUndefined();
        await expect(store.getQueue(unknown)).resolves.toBeUndefined();
      });

      it('appends nothing for a message id it has seen, and says so', async () => {
        const [a, b] = await created(queueRecord(), queueRecord());
        await expect(store.append('m1', [{ queue_id: a.queue_id, event: event('first') }])).resolves.toBe(true);
        await expect(
          store.append('m1', [
            { queue_id: a.queue_id, event: event('again') },
            { queue_id: b.queue_id, event: event('again') },
          ]),
        ).resolves.toBe(false);
        await expect(read(a, -1)).resolves.toEqual([{ id: 0, event: { type: 'first', id: 0 } }]);
        await expect(read(b, -1)).resolves.toEqual([]);
      });

      it('remembers a message id that reached no queue', async () => {
        const [q] = await created(queueRecord());
        await expect(store.append('m1', [])).resolves.toBe(true);
        await expect(store.append('m1', [{ queue_id: q.queue_id, event: event('x') }])).resolves.toBe(false);
        await expect(read(q, -1)).resolves.toEqual([]);
      });

      it('drops the events up to the acknowledged id and returns the rest in order', async () => {
        const [q] = await created(queueRecord());
        for (let n = 0; n < 5; n++) await store.append(`m${n}`, [{ queue_id: q.queue_id, event: event('x', { n }) }]);
        expect((await read(q, -1))!.map((e) => e.id)).toEqual([0, 1, 2, 3, 4]);
        expect((await read(q, 2))!.map((e) => e.id)).toEqual([3, 4]);
        // Dropped for good: acknowledging less later does not bring them back.
        expect((await read(q, -1))!.map((e) => e.event.n)).toEqual([3, 4]);
        await expect(read(q, 4)).resolves.toEqual([]);
      });

      it('tells the id the next event will get, whatever was acknowledged', async () => {
        const [q] = await created(queueRecord());
        const next = async (ackedId: number) => (await store.poll(q.queue_id, q, ackedId, T0))!.nextId;
        await expect(next(-1)).resolves.toBe(0);
        await store.append('m1', [
          { queue_id: q.queue_id, event: event('x') },
          { queue_id: q.queue_id, event: event('x') },
        ]);
        await expect(next(-1)).resolves.toBe(2);
        await expect(next(1)).resolves.toBe(2);
        // Acknowledging past the last event drops everything; the numbering goes on from 2.
        await expect(next(7)).resolves.toBe(2);
        await store.append('m2', [{ queue_id: q.queue_id, event: event('y') }]);
        await expect(store.poll(q.queue_id, q, 1, T0)).resolves.toEqual({ events: [{ id: 2, event: { type: 'y', id: 2 } }], nextId: 3 });
      });

      it('goes on numbering after every event is acknowledged', async () => {
        const [q] = await created(queueRecord());
        await store.append('m1', [
          { queue_id: q.queue_id, event: event('x') },
          { queue_id: q.queue_id, event: event('x') },
        ]);
        await read(q, 1);
        await store.append('m2', [{ queue_id: q.queue_id, event: event('y') }]);
        await expect(read(q, 1)).resolves.toEqual([{ id: 2, event: { type: 'y', id: 2 } }]);
      });
    });

    describe('idleSince', () => {
      it('lists the queues last polled before the given time, not at it', async () => {
        const [a, b, c] = await created(queueRecord({ last_poll_at: T0 }), queueRecord({ last_poll_at: T0 + 1_000 }), queueRecord({ last_poll_at: T0 + 2_000 }));
        await expect(store.idleSince(T0 + 1_000)).resolves.toEqual([a.queue_id]);
        await store.poll(a.queue_id, a, -1, T0 + 3_000);
        expect((await store.idleSince(T0 + 2_500)).sort()).toEqual([b.queue_id, c.queue_id].sort());
      });

      it('lists no queue when every one was polled since', async () => {
        await created(queueRecord({ last_poll_at: T0 }));
        await expect(store.idleSince(T0)).resolves.toEqual([]);
      });
    });

    describe('keepAlive', () => {
      it('records the time as the last poll of the queues named, and of no other', async () => {
        const [a, b, c] = await created(queueRecord({ last_poll_at: T0 }), queueRecord({ last_poll_at: T0 }), queueRecord({ last_poll_at: T0 }));
        await store.keepAlive([a.queue_id, c.queue_id], T0 + 5_000);
        await expect(store.idleSince(T0 + 5_000)).resolves.toEqual([b.queue_id]);
        await expect(store.getQueue(a.queue_id)).resolves.toMatchObject({ last_poll_at: T0 + 5_000 });
      });

      it('does not bring back a deleted queue, nor invent an unknown one', async () => {
        const [q] = await created(queueRecord({ last_poll_at: T0 }));
        await store.deleteQueue(q.queue_id);
        await store.keepAlive([q.queue_id, randomUUID()], T0 + 5_000);
        await expect(store.getQueue(q.queue_id)).resolves.toBeUndefined();
        await expect(store.idleSince(T0 + 10_000)).resolves.toEqual([]);
        await expect(store.queuesOf(1, 'realm')).resolves.toEqual([]);
      });

      it('takes many queues at once', async () => {
        const queues = await created(...Array.from({ length: 1_200 }, () => queueRecord({ last_poll_at: T0 })));
        await store.keepAlive(
          queues.map((q) => q.queue_id),
          T0 + 5_000,
        );
        await expect(store.idleSince(T0 + 5_000)).resolves.toEqual([]);
      });

      it('does nothing with no queue named', async () => {
        const [q] = await created(queueRecord({ last_poll_at: T0 }));
        await store.keepAlive([], T0 + 5_000);
        await expect(store.idleSince(T0 + 1)).resolves.toEqual([q.queue_id]);
      });
    });

    describe('onAppend', () => {
      it('announces the queues appended to, and no queue that was skipped', async () => {
        const [a, b, c, deleted] = await created(queueRecord(), queueRecord(), queueRecord(), queueRecord());
        await store.deleteQueue(deleted.queue_id);
        const heard = listen(store);
        await store.append('m1', [
          { queue_id: a.queue_id, event: event('x') },
          { queue_id: deleted.queue_id, event: event('x') },
          { queue_id: b.queue_id, event: event('x') },
        ]);
        await heard.until((ids) => ids.includes(a.queue_id) && ids.includes(b.queue_id));
        // Announcements keep their order, so once c's arrives, any for `deleted` would have too.
        await store.append('m2', [{ queue_id: c.queue_id, event: event('x') }]);
        await heard.heard(c.queue_id);
        expect(new Set(heard.ids)).toEqual(new Set([a.queue_id, b.queue_id, c.queue_id]));
        heard.off();
      });

      it('announces each event appended, with the event as a poll returns it, in the order appended', async () => {
        const [a, b] = await created(queueRecord(), queueRecord());
        const heard = listen(store);
        await store.append('m0', [{ queue_id: a.queue_id, event: event('x') }]);
        await heard.until((ids) => ids.length === 1);
        const content = { text: 'a|b 1|2 ✓ "quoted"', nested: { list: [1, null, 'x'] } };
        await store.append('m1', [
          { queue_id: a.queue_id, event: event('y', content) },
          { queue_id: b.queue_id, event: event('y', content) },
          { queue_id: a.queue_id, event: event('z') },
        ]);
        await heard.until((ids) => ids.length === 4);
        expect(heard.notices.slice(1)).toEqual([
          { queueId: a.queue_id, event: { id: 1, event: { type: 'y', ...content, id: 1 } } },
          { queueId: b.queue_id, event: { id: 0, event: { type: 'y', ...content, id: 0 } } },
          { queueId: a.queue_id, event: { id: 2, event: { type: 'z', id: 2 } } },
        ]);
        // What the notices carry is what the queue holds.
        expect(await read(a, 0)).toEqual(
          heard.notices
            .slice(1)
            .filter((n) => n.queueId === a.queue_id)
            .map((n) => n.event),
        );
        heard.off();
      });

      it('does not announce a redelivered message', async () => {
        const [a, b] = await created(queueRecord(), queueRecord());
        const heard = listen(store);
        await store.append('m1', [{ queue_id: a.queue_id, event: event('x') }]);
        await heard.heard(a.queue_id);
        await store.append('m1', [{ queue_id: a.queue_id, event: event('x') }]);
        await store.append('m2', [{ queue_id: b.queue_id, event: event('x') }]);
        await heard.heard(b.queue_id);
        expect(heard.ids).toEqual([a.queue_id, b.queue_id]);
        heard.off();
      });

      it('stops calling a listener once unsubscribed', async () => {
        const [q] = await created(queueRecord());
        const gone = listen(store);
        const staying = listen(store);
        gone.off();
        await store.append('m1', [{ queue_id: q.queue_id, event: event('x') }]);
        await staying.heard(q.queue_id);
        expect(gone.ids).toEqual([]);
        staying.off();
      });
    });
  });
}
