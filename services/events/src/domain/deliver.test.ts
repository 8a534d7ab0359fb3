import type { BusMessageOf, ClientEvent } from '@parley/common';
import { MemoryQueueStore } from '../store/memory-store';
import type { QueueRecord } from '../store/queue-store';
import { queueRecord } from '../store/queue-store.contract';
import { deliver, forQueue, queueWants } from './deliver';

const denmarkMessage = {
  type: 'message',
  flags: [],
  message: { type: 'stream', stream_id: 7, display_recipient: 'Denmark', subject: 'Castle', sender_id: 10 },
};
const veronaMessage = { ...denmarkMessage, message: { ...denmarkMessage.message, stream_id: 8, display_recipient: 'Verona' } };
const typing = { type: 'typing', op: 'start' };

describe('queueWants', () => {
  it('wants every event type when event_types is null', () => {
    const queue = queueRecord({ event_types: null });
    expect(queueWants(queue, typing)).toBe(true);
    expect(queueWants(queue, denmarkMessage)).toBe(true);
  });

  it('wants only the listed event types', () => {
    const queue = queueRecord({ event_types: ['message', 'reaction'] });
    expect(queueWants(queue, denmarkMessage)).toBe(true);
    expect(queueWants(queue, { type: 'reaction', op: 'add' })).toBe(true);
    expect(queueWants(queue, typing)).toBe(false);
  });

  it('wants nothing with an empty list', () => {
    expect(queueWants(queueRecord({ event_types: [] }), denmarkMessage)).toBe(false);
  });

  it("gives muted_topics events to queues that did not ask for user_topic events (Zulip's accepts_event)", () => {
    const mutedTopics = { type: 'muted_topics', muted_topics: [] };
    expect(queueWants(queueRecord({ event_types: null }), mutedTopics)).toBe(true);
    expect(queueWants(queueRecord({ event_types: ['muted_topics'] }), mutedTopics)).toBe(true);
    expect(queueWants(queueRecord({ event_types: ['muted_topics', 'user_topic'] }), mutedTopics)).toBe(false);
    expect(queueWants(queueRecord({ event_types: ['muted_topics', 'user_topic'] }), { type: 'user_topic' })).toBe(true);
  });

  it('wants only the messages its narrow admits, and other events as they come', () => {
    const queue = queueRecord({ narrow: [{ operator: 'channel', operand: 'Denmark', negated: false }] });
    expect(queueWants(queue, denmarkMessage)).toBe(true);
    expect(queueWants(queue, veronaMessage)).toBe(false);
    expect(queueWants(queue, typing)).toBe(true);
  });

  it('needs both the event type and the narrow', () => {
    const queue = queueRecord({ event_types: ['typing'], narrow: [{ operator: 'channel', operand: 'Denmark', negated: false }] });
    expect(queueWants(queue, denmarkMessage)).toBe(false);
    expect(queueWants(queue, typing)).toBe(true);
  });
});

describe('deliver', () => {
  let store: MemoryQueueStore;
  let messages = 0;

  /** A bus message announcing a client event, each with its own id unless given one. */
  const busMessage = (data: ClientEvent, id = `outbox-${messages++}`): BusMessageOf<'users.client_event'> => ({ subject: 'users.client_event', id, data });

  async function queues(...records: Partial<QueueRecord>[]) {
    const made = records.map((r) => queueRecord(r));
    for (const q of made) await store.createQueue(q);
    return made;
  }

  /** The event types each queue holds, in the order given. */
  const received = (...qs: QueueRecord[]) => Promise.all(qs.map(async (q) => (await store.poll(q.queue_id, q, -1, 0))!.events.map((e) => e.event.type)));

  beforeEach(() => {
    store = new MemoryQueueStore();
  });

  it("reaches every queue of the realm for a realm audience, and no other realm's", async () => {
    const [a, b, c, elsewhere] = await queues({ user_id: 10 }, { user_id: 10 }, { user_id: 11 }, { realm_id: 2, user_id: 10 });
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: typing }));
    await expect(received(a, b, c, elsewhere)).resolves.toEqual([['typing'], ['typing'], ['typing'], []]);
  });

  it("reaches only the listed users' queues", async () => {
    const [a, b, c, elsewhere] = await queues({ user_id: 10 }, { user_id: 11 }, { user_id: 12 }, { realm_id: 2, user_id: 10 });
    await deliver(store, busMessage({ realm_id: 1, audience: [10, 12], event: typing }));
    await expect(received(a, b, c, elsewhere)).resolves.toEqual([['typing'], [], ['typing'], []]);
  });

  it('never reaches another realm, even for the same user ids', async () => {
    const [mine, elsewhere] = await queues({ realm_id: 1, user_id: 10 }, { realm_id: 2, user_id: 10 });
    await deliver(store, busMessage({ realm_id: 2, audience: [10], event: { type: 'x' } }));
    await deliver(store, busMessage({ realm_id: 2, audience: 'realm', event: { type: 'y' } }));
    await expect(received(mine, elsewhere)).resolves.toEqual([[], ['x', 'y']]);
  });

  it("follows each queue's event_types and narrow", async () => {
    const [all, typingOnly, denmark] = await queues({ event_types: null }, { event_types: ['typing'] }, { narrow: [{ operator: 'channel', operand: 'Denmark', negated: false }] });
    for (const event of [typing, denmarkMessage, veronaMessage]) {
      await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event }));
    }
    await expect(received(all, typingOnly, denmark)).resolves.toEqual([['typing', 'message', 'message'], ['typing'], ['typing', 'message']]);
  });

  it('delivers the event as announced, numbered in each queue', async () => {
    const [q] = await queues({});
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: typing }));
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: denmarkMessage }));
    await expect(store.poll(q.queue_id, q, -1, 0)).resolves.toEqual({
      events: [
        { id: 0, event: { ...typing, id: 0 } },
        { id: 1, event: { ...denmarkMessage, id: 1 } },
      ],
      nextId: 2,
    });
  });

  it('appends nothing when the bus redelivers a message, even to a queue made meanwhile', async () => {
    const [a] = await queues({ user_id: 10 });
    const msg = busMessage({ realm_id: 1, audience: 'realm', event: typing });
    await deliver(store, msg);
    const [b] = await queues({ user_id: 11 });
    await deliver(store, msg);
    await expect(received(a, b)).resolves.toEqual([['typing'], []]);
  });

  it('gives a fallback instead to queues without the capability, and an onlyWithout event to those alone', async () => {
    const [modern, older] = await queues({ client_capabilities: { user_settings_object: true } }, { client_capabilities: {} });
    const current = { type: 'user_settings', op: 'update' };
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: current, fallback: { capability: 'user_settings_object', event: { type: 'old_shape' } } }));
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: current }));
    await deliver(store, busMessage({ realm_id: 1, audience: 'realm', event: { type: 'update_display_settings' }, onlyWithout: 'user_settings_object' }));
    await expect(received(modern, older)).resolves.toEqual([
      ['user_settings', 'user_settings'],
      ['old_shape', 'user_settings', 'update_display_settings'],
    ]);
  });

  it('does nothing for an audience without queues, not even a write', async () => {
    const append = jest.spyOn(store, 'append');
    const [q] = await queues({ user_id: 10 });
    await expect(deliver(store, busMessage({ realm_id: 1, audience: [99], event: typing }))).resolves.toBeUndefined();
    await expect(deliver(store, busMessage({ realm_id: 1, audience: [], event: typing }))).resolves.toBeUndefined();
    expect(append).not.toHaveBeenCalled();
    append.mockRestore();
    await expect(received(q)).resolves.toEqual([[]]);
  });
});

describe('message events, per queue', () => {
  const base: QueueRecord = { ...queueRecord({ queue_id: 'q1' }), apply_markdown: true };
  const event = { type: 'message', flags: [], message: { id: 5, content: '<p><strong>hi</strong></p>', content_type: 'text/html' } };
  const extras = { raw_content: '**hi**', sender_queue_id: 'q1', local_id: '7.01' };

  it("gives the sender's queue its local_id back as local_message_id, and nobody else", () => {
    expect(forQueue(base, event, extras)).toEqual({ ...event, local_message_id: '7.01' });
    expect(forQueue({ ...base, queue_id: 'q2' }, event, extras)).toEqual(event);
  });

  it("gives each queue its user's flags, and the event's own to users without any", () => {
    const flagged = { ...extras, flags: { 10: ['read'], 12: ['mentioned', 'read'] } };
    expect(forQueue({ ...base, queue_id: 'q2', user_id: 10 }, event, flagged).flags).toEqual(['read']);
    expect(forQueue({ ...base, queue_id: 'q2', user_id: 12 }, event, flagged).flags).toEqual(['mentioned', 'read']);
    expect(forQueue({ ...base, queue_id: 'q2', user_id: 11 }, event, flagged).flags).toEqual([]);
    // The event itself is left as it was, for the next queue.
    expect(event.flags).toEqual([]);
  });

  it('gives queues registered with apply_markdown false the Markdown source', () => {
    expect(forQueue({ ...base, queue_id: 'q2', apply_markdown: false }, event, extras).message).toEqual({ id: 5, content: '**hi**', content_type: 'text/x-markdown' });
  });
});
