import { Caller, Role } from '@parley/common';
import { FakeClock } from '../../../../test/support/fake-clock';
import { MemoryQueueStore } from '../store/memory-store';
import { DEFAULT_MAX_QUEUES_PER_USER, NewQueue, QueueManager } from './queues';

/**
 * What one user may hold in the events service: one waiting poll per queue (a newer poll
 * answers the older, as Zulip's finish_current_handler does) and a bounded number of queues
 * (the least recently polled expires to make room).
 */
const TIMINGS = { idleTimeoutMs: 600_000, heartbeatMinMs: 45_000, heartbeatMaxMs: 55_000 };
const member: Caller = { realm_id: 1, user_id: 10, role: Role.MEMBER, is_bot: false, email: 'member@example.com' };
const other: Caller = { realm_id: 1, user_id: 11, role: Role.MEMBER, is_bot: false, email: 'other@example.com' };
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

function setup(maxQueuesPerUser = DEFAULT_MAX_QUEUES_PER_USER) {
  const clock = new FakeClock();
  const store = new MemoryQueueStore(() => clock.now());
  const manager = new QueueManager(store, clock, TIMINGS, { maxQueuesPerUser });
  return { clock, store, manager };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Starts a long poll and waits until it waits (or `started` says so); `done` says whether it
 * has answered.
 */
async function longPoll(manager: QueueManager, caller: Caller, queueId: string, lastEventId = -1, started?: () => boolean) {
  const before = manager.waiting;
  const poll = { promise: manager.getEvents(caller, queueId, lastEventId, false), done: false };
  poll.promise.then(
    () => void (poll.done = true),
    () => void (poll.done = true),
  );
  const waits = started ?? (() => manager.waiting !== before);
  for (let i = 0; !waits() && !poll.done; i++) {
    if (i === 100) throw new Error('the long poll never started waiting');
    await settle();
  }
  return poll;
}

describe('a second long poll on one queue', () => {
  it('answers the first at once with what the queue holds (nothing), and waits itself', async () => {
    const { manager } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const first = await longPoll(manager, member, queue_id);
    const second = await longPoll(manager, member, queue_id, -1, () => first.done);
    await expect(first.promise).resolves.toEqual([]);
    await settle();
    expect(second.done).toBe(false);
    expect(manager.waiting).toBe(1);
    manager.close();
    await expect(second.promise).resolves.toEqual([]);
  });

  it('keeps one waiting poll per queue however many come', async () => {
    const { manager } = setup();
    const { queue_id } = await manager.register(member, OPTIONS);
    const polls = [await longPoll(manager, member, queue_id)];
    for (let i = 1; i < 20; i++) {
      polls.push(await longPoll(manager, member, queue_id, -1, () => polls[i - 1].done));
    }
    await settle();
    expect(manager.waiting).toBe(1);
    expect(polls.map((p) => p.done)).toEqual([...Array(19).fill(true), false]);
    manager.close();
  });

  it("leaves another queue's poll waiting", async () => {
    const { manager } = setup();
    const a = await manager.register(member, OPTIONS);
    const b = await manager.register(member, OPTIONS);
    const onA = await longPoll(manager, member, a.queue_id);
    await longPoll(manager, member, b.queue_id);
    await settle();
    expect(onA.done).toBe(false);
    expect(manager.waiting).toBe(2);
    manager.close();
  });
});

describe('queues per user', () => {
  it(`holds ${DEFAULT_MAX_QUEUES_PER_USER} by default; one more expires the least recently polled`, async () => {
    const { manager, store, clock } = setup();
    const queues = [];
    for (let i = 0; i < DEFAULT_MAX_QUEUES_PER_USER; i++) {
      queues.push(await manager.register(member, OPTIONS));
      clock.advance(1000);
    }
    // The first queue is polled now: the second is the least recently polled.
    await manager.getEvents(member, queues[0].queue_id, -1, true);
    const newest = await manager.register(member, OPTIONS);
    const left = (await store.queuesOf(1, [member.user_id])).map((q) => q.queue_id);
    expect(left).toHaveLength(DEFAULT_MAX_QUEUES_PER_USER);
    expect(left).toContain(newest.queue_id);
    expect(left).toContain(queues[0].queue_id);
    expect(left).not.toContain(queues[1].queue_id);
    await expect(manager.getEvents(member, queues[1].queue_id, -1, true)).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });

  it('expires a queue with a poll waiting only when every other is waiting too, and ends that poll', async () => {
    const { manager, clock } = setup(2);
    const a = await manager.register(member, OPTIONS);
    clock.advance(1000);
    const b = await manager.register(member, OPTIONS);
    const onA = await longPoll(manager, member, a.queue_id);
    clock.advance(1000);
    await manager.register(member, OPTIONS); // b goes, though a was registered first
    await expect(manager.getEvents(member, b.queue_id, -1, true)).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
    expect(onA.done).toBe(false);
    manager.close();
  });

  it("counts each user's queues apart", async () => {
    const { manager, store } = setup(2);
    for (let i = 0; i < 2; i++) await manager.register(member, OPTIONS);
    for (let i = 0; i < 2; i++) await manager.register(other, OPTIONS);
    expect(await store.queuesOf(1, [member.user_id])).toHaveLength(2);
    expect(await store.queuesOf(1, [other.user_id])).toHaveLength(2);
  });
});
