import { ApiError, Caller, Role } from '@parley/common';
import { FakeClock } from '../../../../test/support/fake-clock';
import { MemoryQueueStore } from '../store/memory-store';
import type { AppendedEvent } from '../store/queue-store';
import { NewQueue, QueueManager } from './queues';

const TIMINGS = { idleTimeoutMs: 600_000, heartbeatMinMs: 45_000, heartbeatMaxMs: 55_000 };
const MINUTE = 60_000;

const member: Caller = { realm_id: 1, user_id: 10, role: Role.MEMBER, is_bot: false, email: 'member@example.com' };
const otherMember: Caller = { realm_id: 1, user_id: 11, role: Role.MEMBER, is_bot: false, email: 'other@example.com' };
/** The same user id in another realm: a different person. */
const memberElsewhere: Caller = { realm_id: 2, user_id: 10, role: Role.MEMBER, is_bot: false, email: 'member@elsewhere.com' };

const OPTIONS: NewQueue = {
  event_types: null,
  narrow: [],
  all_public_streams: false,
  client_capabilities: {},
  apply_markdown: false,
  client_gravatar: true,
  slim_presence: false,
  include_subscribers: 'false',
};

/** What a test does to the store's wake-ups before the manager hears them: undefined loses one. */
type WakeUpFilter = (queueId: string, appended?: AppendedEvent) => [string, AppendedEvent?] | undefined;

function setup(wakeUps?: WakeUpFilter) {
  const clock = new FakeClock();
  const store = new MemoryQueueStore(() => clock.now());
  if (wakeUps) {
    const onAppend = store.onAppend.bind(store);
    jest.spyOn(store, 'onAppend').mockImplementation((listener) =>
      onAppend((queueId, appended) => {
        const passed = wakeUps(queueId, appended);
        if (passed) listener(...passed);
      }),
    );
  }
  const manager = new QueueManager(store, clock, TIMINGS);
  let messages = 0;
  /** Appends events to a queue as a bus message would, each call its own message id. */
  const push = (queueId: string, ...events: Record<string, unknown>[]) =>
    store.append(
      `m${messages++}`,
      events.map((event) => ({ queue_id: queueId, event })),
    );
  return { clock, store, manager, push };
}

/** Lets every pending promise callback run (the memory store never does I/O). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A promise with a flag saying whether it has settled yet. */
function track<T>(promise: Promise<T>) {
  const tracked = { promise, done: false };
  promise.then(
    () => void (tracked.done = true),
    () => void (tracked.done = true),
  );
  return tracked;
}

/** Starts a long poll and waits until it is waiting (its heartbeat timer is scheduled). */
async function longPoll(manager: QueueManager, caller: Caller, queueId: string, lastEventId = -1, signal?: AbortSignal) {
  const before = manager.waiting;
  const poll = track(manager.getEvents(caller, queueId, lastEventId, false, signal));
  for (let i = 0; manager.waiting === before && !poll.done; i++) {
    if (i === 100) throw new Error('the long poll never started waiting');
    await settle();
  }
  return poll;
}

const badQueue = (queueId: string) => ({
  code: 'BAD_EVENT_QUEUE_ID',
  httpStatus: 400,
  message: `Bad event queue ID: ${queueId}`,
  extra: { queue_id: queueId },
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('QueueManager.register', () => {
  it('creates a queue with a uuid id, owned by the caller, polled now', async () => {
    const { manager, store, clock } = setup();
    const queue = await manager.register(member, { ...OPTIONS, event_types: ['message'] });
    expect(queue.queue_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(queue).toEqual({
      ...OPTIONS,
      event_types: ['message'],
      queue_id: queue.queue_id,
      realm_id: 1,
      user_id: 10,
      created_at: clock.now(),
      last_poll_at: clock.now(),
    });
    await expect(store.getQueue(queue.queue_id)).resolves.toEqual(queue);
  });

  it('gives each registration its own queue', async () => {
    const { manager } = setup();
    const [a, b] = [await manager.register(member, OPTIONS), await manager.register(member, OPTIONS)];
    expect(a.queue_id).not.toBe(b.queue_id);
  });
});

describe('queue ownership', () => {
  it('gives the caller their own queue', async () => {
    const { manager } = setup();
    const queue = await manager.register(member, OPTIONS);
    await expect(manager.access(member, queue.queue_id)).resolves.toEqual(queue);
  });

  it.each([
    ['another user of the realm', otherMember],
    ['the same user id in another realm', memberElsewhere],
  ])('refuses %s the queue with BAD_EVENT_QUEUE_ID, as if it did not exist', async (_who, stranger) => {
    const { manager } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const error = await manager.getEvents(stranger, queue_id, -1, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(badQueue(queue_id));
    // A blocking poll is refused too, and leaves no waiter behind.
    await expect(manager.getEvents(stranger, queue_id, -1, false)).rejects.toMatchObject(badQueue(queue_id));
    expect(manager.waiting).toBe(0);
    await expect(manager.deleteQueue(stranger, queue_id)).rejects.toMatchObject(badQueue(queue_id));
    await expect(manager.access(member, queue_id)).resolves.toMatchObject({ queue_id });
  });

  it('refuses an unknown queue id with BAD_EVENT_QUEUE_ID', async () => {
    const { manager } = setup();
    await expect(manager.getEvents(member, 'no-such-queue', -1, true)).rejects.toMatchObject(badQueue('no-such-queue'));
    await expect(manager.getEvents(member, 'no-such-queue', -1, false)).rejects.toMatchObject(badQueue('no-such-queue'));
    expect(manager.waiting).toBe(0);
    await expect(manager.deleteQueue(member, 'no-such-queue')).rejects.toMatchObject(badQueue('no-such-queue'));
  });
});

describe('QueueManager.getEvents', () => {
  it('with dont_block, answers [] at once from an empty queue', async () => {
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await expect(manager.getEvents(member, queue_id, -1, true)).resolves.toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('returns appended events, numbered 0, 1, 2', async () => {
    const { manager, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await push(queue_id, { type: 'a' }, { type: 'b' });
    await push(queue_id, { type: 'c' });
    await expect(manager.getEvents(member, queue_id, -1, true)).resolves.toEqual([
      { id: 0, event: { type: 'a', id: 0 } },
      { id: 1, event: { type: 'b', id: 1 } },
      { id: 2, event: { type: 'c', id: 2 } },
    ]);
  });

  it('drops the events up to last_event_id for good', async () => {
    const { manager, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await push(queue_id, { type: 'a' }, { type: 'b' }, { type: 'c' });
    expect((await manager.getEvents(member, queue_id, 1, true)).map((e) => e.id)).toEqual([2]);
    expect((await manager.getEvents(member, queue_id, -1, true)).map((e) => e.id)).toEqual([2]);
    await expect(manager.getEvents(member, queue_id, 2, true)).resolves.toEqual([]);
  });

  it('answers a long poll at once when events are waiting, leaving no timer', async () => {
    const { manager, clock, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await push(queue_id, { type: 'a' });
    await expect(manager.getEvents(member, queue_id, -1, false)).resolves.toHaveLength(1);
    expect(manager.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('holds a long poll until an event comes, then returns it', async () => {
    const { manager, clock, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    await settle();
    expect(poll.done).toBe(false);
    await push(queue_id, { type: 'a' });
    await expect(poll.promise).resolves.toEqual([{ id: 0, event: { type: 'a', id: 0 } }]);
    expect(manager.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('answers a long poll woken by its next event without reading the queue again', async () => {
    const { manager, store, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await push(queue_id, { type: 'a' });
    const poll = await longPoll(manager, member, queue_id, 0);
    const reads = jest.spyOn(store, 'poll');
    await push(queue_id, { type: 'b' }, { type: 'c' });
    await expect(poll.promise).resolves.toEqual([{ id: 1, event: { type: 'b', id: 1 } }]);
    expect(reads).not.toHaveBeenCalled();
    // The rest goes with the next poll, which acknowledges what the wake-up gave.
    await expect(manager.getEvents(member, queue_id, 1, true)).resolves.toEqual([{ id: 2, event: { type: 'c', id: 2 } }]);
  });

  it("reads the queue when woken by a later event than its next (the next one's wake-up was lost)", async () => {
    const { manager, store, push } = setup((queueId, appended) => (appended?.id === 0 ? undefined : [queueId, appended]));
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    const reads = jest.spyOn(store, 'poll');
    await push(queue_id, { type: 'a' }, { type: 'b' });
    await expect(poll.promise).resolves.toEqual([
      { id: 0, event: { type: 'a', id: 0 } },
      { id: 1, event: { type: 'b', id: 1 } },
    ]);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads the queue when woken without the event (a wake-up past its budget)', async () => {
    const { manager, store, push } = setup((queueId) => [queueId]);
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    const reads = jest.spyOn(store, 'poll');
    await push(queue_id, { type: 'a' });
    await expect(poll.promise).resolves.toEqual([{ id: 0, event: { type: 'a', id: 0 } }]);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("is not woken by another queue's events", async () => {
    const { manager, push } = setup();
    const mine = await manager.register(member, OPTIONS);
    const theirs = await manager.register(otherMember, OPTIONS);
    const poll = await longPoll(manager, member, mine.queue_id);
    await push(theirs.queue_id, { type: 'theirs' });
    await settle();
    expect(poll.done).toBe(false);
    await push(mine.queue_id, { type: 'mine' });
    await expect(poll.promise).resolves.toEqual([{ id: 0, event: { type: 'mine', id: 0 } }]);
  });

  it('answers an idle long poll with one heartbeat, not before 45 s', async () => {
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    clock.advance(44_999);
    await settle();
    expect(poll.done).toBe(false);
    clock.advance(10_001);
    await expect(poll.promise).resolves.toEqual([{ id: 0, event: { type: 'heartbeat', id: 0 } }]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('numbers a heartbeat after the events acknowledged, and drops it when acknowledged', async () => {
    const { manager, clock, push } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await push(queue_id, { type: 'a' }, { type: 'b' });
    const poll = await longPoll(manager, member, queue_id, 1);
    clock.advance(TIMINGS.heartbeatMaxMs);
    await expect(poll.promise).resolves.toEqual([{ id: 2, event: { type: 'heartbeat', id: 2 } }]);
    await expect(manager.getEvents(member, queue_id, 2, true)).resolves.toEqual([]);
  });

  it.each([
    [0, 45_000],
    [0.5, 50_000],
  ])('with Math.random() at %s, sends the heartbeat at %i ms exactly', async (random, at) => {
    jest.spyOn(Math, 'random').mockReturnValue(random);
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    expect(clock.pendingDelays).toEqual([at]);
    clock.advance(at - 1);
    await settle();
    expect(poll.done).toBe(false);
    clock.advance(1);
    await expect(poll.promise).resolves.toEqual([{ id: 0, event: { type: 'heartbeat', id: 0 } }]);
  });

  it('sends the heartbeat before 55 s even with Math.random() at its largest', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(1 - Number.EPSILON);
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await longPoll(manager, member, queue_id);
    expect(clock.pendingDelays[0]).toBeLessThanOrEqual(55_000);
    expect(clock.pendingDelays[0]).toBeGreaterThan(54_999);
  });

  it('spreads heartbeats over 45 s to 55 s, so clients do not poll in lock-step', async () => {
    const { manager, clock } = setup();
    const queues = await Promise.all(Array.from({ length: 50 }, () => manager.register(member, OPTIONS)));
    for (const { queue_id } of queues) await longPoll(manager, member, queue_id);
    const delays = clock.pendingDelays;
    expect(delays).toHaveLength(50);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(45_000);
      expect(delay).toBeLessThanOrEqual(55_000);
    }
    expect(new Set(delays).size).toBeGreaterThan(1);
    manager.close();
  });

  it('ends the wait with [] when the client goes away', async () => {
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const abort = new AbortController();
    const poll = await longPoll(manager, member, queue_id, -1, abort.signal);
    abort.abort();
    await expect(poll.promise).resolves.toEqual([]);
    expect(manager.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('ends at once with [] when the client went away before the wait began', async () => {
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await expect(manager.getEvents(member, queue_id, -1, false, AbortSignal.abort())).resolves.toEqual([]);
    expect(manager.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('records the poll time, on asking and again on answering a long poll', async () => {
    const { manager, store, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    clock.advance(MINUTE);
    await manager.getEvents(member, queue_id, -1, true);
    await expect(store.getQueue(queue_id)).resolves.toMatchObject({ last_poll_at: clock.now() });
    const poll = await longPoll(manager, member, queue_id);
    clock.advance(TIMINGS.heartbeatMaxMs);
    await poll.promise;
    await expect(store.getQueue(queue_id)).resolves.toMatchObject({ last_poll_at: clock.now() });
  });
});

describe('QueueManager.deleteQueue', () => {
  it("removes the caller's queue", async () => {
    const { manager, store } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    await manager.deleteQueue(member, queue_id);
    await expect(store.getQueue(queue_id)).resolves.toBeUndefined();
    await expect(manager.getEvents(member, queue_id, -1, true)).rejects.toMatchObject(badQueue(queue_id));
  });

  it('ends a long poll waiting on the queue with BAD_EVENT_QUEUE_ID', async () => {
    const { manager, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    await manager.deleteQueue(member, queue_id);
    await expect(poll.promise).rejects.toMatchObject(badQueue(queue_id));
    expect(manager.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('QueueManager.expireIdle', () => {
  it('removes only the queues idle for longer than 10 minutes, and says how many', async () => {
    const { manager, store, clock } = setup();
    const [a, polled, c] = await Promise.all([1, 2, 3].map(() => manager.register(member, OPTIONS)));
    clock.advance(5 * MINUTE);
    await manager.getEvents(member, polled.queue_id, -1, true);
    clock.advance(5 * MINUTE + 1);
    await expect(manager.expireIdle()).resolves.toBe(2);
    await expect(store.getQueue(a.queue_id)).resolves.toBeUndefined();
    await expect(store.getQueue(c.queue_id)).resolves.toBeUndefined();
    await expect(store.getQueue(polled.queue_id)).resolves.toBeDefined();
  });

  it('keeps a queue idle for exactly 10 minutes', async () => {
    const { manager, clock } = setup();
    await manager.register(member, OPTIONS);
    clock.advance(10 * MINUTE);
    await expect(manager.expireIdle()).resolves.toBe(0);
    clock.advance(1);
    await expect(manager.expireIdle()).resolves.toBe(1);
  });

  it('counts 0 when nothing is idle', async () => {
    const { manager } = setup();
    await manager.register(member, OPTIONS);
    await expect(manager.expireIdle()).resolves.toBe(0);
  });

  it('keeps a queue a poll is waiting on, however long ago that poll began', async () => {
    const { manager, store, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    // The poll began long ago as far as the store knows (or the idle timeout is shorter than a poll).
    await store.poll(queue_id, member, -1, clock.now() - 11 * MINUTE);
    await expect(manager.expireIdle()).resolves.toBe(0);
    await expect(store.idleSince(clock.now())).resolves.toEqual([]);
    expect(poll.done).toBe(false);
    expect(manager.waiting).toBe(1);
  });

  it('marks the waited-on queues fresh for the other replicas sharing the store', async () => {
    const { manager, store, clock } = setup();
    const other = new QueueManager(store, clock, TIMINGS);
    const [waited, forgotten] = await Promise.all([1, 2].map(() => manager.register(member, OPTIONS)));
    await longPoll(manager, member, waited.queue_id);
    for (const q of [waited, forgotten]) await store.poll(q.queue_id, member, -1, clock.now() - 11 * MINUTE);
    await expect(manager.expireIdle()).resolves.toBe(1);
    await expect(store.getQueue(forgotten.queue_id)).resolves.toBeUndefined();
    // The other replica, with no poll of its own, finds nothing idle either.
    await expect(other.expireIdle()).resolves.toBe(0);
    await expect(store.getQueue(waited.queue_id)).resolves.toBeDefined();
    other.close();
  });

  it('expires a queue once its poll has ended and the timeout has passed since', async () => {
    const { manager, store, clock } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const controller = new AbortController();
    const poll = await longPoll(manager, member, queue_id, -1, controller.signal);
    controller.abort();
    await expect(poll.promise).resolves.toEqual([]);
    clock.advance(10 * MINUTE + 1);
    await expect(manager.expireIdle()).resolves.toBe(1);
    await expect(store.getQueue(queue_id)).resolves.toBeUndefined();
  });

  it("ends a long poll here on a queue another replica expired, with BAD_EVENT_QUEUE_ID, at the poll's heartbeat", async () => {
    const { manager, store, clock } = setup();
    const other = new QueueManager(store, clock, TIMINGS);
    const { queue_id } = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue_id);
    // This replica's sweep has not run for longer than the timeout (stuck), the other's has.
    await store.poll(queue_id, member, -1, clock.now() - 11 * MINUTE);
    await expect(other.expireIdle()).resolves.toBe(1);
    clock.advance(55_000);
    await expect(poll.promise).rejects.toMatchObject(badQueue(queue_id));
    expect(manager.waiting).toBe(0);
    other.close();
  });
});

describe('QueueManager.close', () => {
  it('ends every waiting long poll with []', async () => {
    const { manager } = setup();
    const mine = await manager.register(member, OPTIONS);
    const theirs = await manager.register(otherMember, OPTIONS);
    // One poll waits per queue (a second one answers the first: queues-bounds.test.ts).
    const polls = [await longPoll(manager, member, mine.queue_id), await longPoll(manager, otherMember, theirs.queue_id)];
    expect(manager.waiting).toBe(2);
    manager.close();
    await expect(Promise.all(polls.map((p) => p.promise))).resolves.toEqual([[], []]);
    expect(manager.waiting).toBe(0);
  });
});

describe('QueueManager.drain (shutting down)', () => {
  it('answers a waiting long poll at once with a heartbeat, and lets new polls not wait', async () => {
    const { manager } = setup();
    const queue = await manager.register(member, OPTIONS);
    const poll = await longPoll(manager, member, queue.queue_id);
    expect(poll.done).toBe(false);
    manager.drain();
    expect(await poll.promise).toEqual([{ id: 0, event: { id: 0, type: 'heartbeat' } }]);
    expect(manager.waiting).toBe(0);
    // A poll arriving during the drain gets what there is, without waiting for anything.
    expect(await manager.getEvents(member, queue.queue_id, 0, false)).toEqual([]);
  });
});
