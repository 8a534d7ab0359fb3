import { parseJsonReply, connect, ServiceClient } from '@parley/common';
import { MAX_SCHEDULED_MESSAGES } from '../services/messages/src/domain/scheduled';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { closeMessagesPool, messagesPool } from './support/messages-db';
import { eventsOf } from './support/queues';
import { refused } from './support/responses';

/**
 * Scheduled messages: POST/GET/PATCH/DELETE with the checks of a send; delivery at the due
 * time driven through the messages service's DeliverScheduledMessages RPC with an explicit
 * clock (no sleeping); exactly once when two workers race; a refused delivery fails the
 * message and the Notification Bot tells the sender; scheduled_messages events; at most
 * 1,000 undelivered per user (Parley's bound), held under concurrent creates.
 */
let realm: TestRealm;
let channel: number;
let messages: ServiceClient<'messages'>;
type Json = Record<string, any>;
const HOUR = 3600;
const inAnHour = () => Math.floor(Date.now() / 1000) + HOUR;

beforeAll(async () => {
  realm = await createTestRealm('Scheduling realm');
  channel = (
    await realm.admin.api.post('/channels/create', {
      name: 'Later',
      subscribers: [realm.admin.user_id, realm.member.user_id],
      send_new_subscription_messages: false,
    })
  ).body.id;
  messages = connect('messages', process.env.PARLEY_TEST_MESSAGES_GRPC_ADDR!, process.env.PARLEY_SECRET!);
});
afterAll(async () => {
  messages.transport.close();
  await closeMessagesPool();
  await closeFixtures();
});

const deliverAt = async (seconds: number) => parseJsonReply<{ sent: number; failed: number }>(await messages.deliverScheduledMessages({ now_ms: seconds * 1000 }, { client: 'test', host: '' }));
const pending = async (user = realm.member) => (await user.api.get('/scheduled_messages')).body.scheduled_messages as Json[];
const topicMessages = async (topic: string) =>
  (
    await realm.member.api.get('/messages', {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      apply_markdown: false,
      narrow: JSON.stringify([
        { operator: 'channel', operand: channel },
        { operator: 'topic', operand: topic },
      ]),
    })
  ).body.messages as Json[];

describe('scheduling', () => {
  it('schedules, lists, edits and deletes, with events to the sender', async () => {
    const queue = (await realm.member.api.post('/register', { event_types: ['scheduled_messages'] })).body.queue_id as string;
    const at = inAnHour();
    const res = await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 'plan', content: 'Later **on**', scheduled_delivery_timestamp: at });
    expect(res.status).toBe(200);
    const id = res.body.scheduled_message_id as number;
    expect((await pending()).find((s) => s.scheduled_message_id === id)).toEqual({
      scheduled_message_id: id,
      type: 'stream',
      to: channel,
      topic: 'plan',
      content: 'Later **on**',
      rendered_content: '<p>Later <strong>on</strong></p>',
      scheduled_delivery_timestamp: at,
      failed: false,
    });
    expect((await realm.member.api.patch(`/scheduled_messages/${id}`, { content: 'Sooner', scheduled_delivery_timestamp: at + 60 })).status).toBe(200);
    expect((await pending()).find((s) => s.scheduled_message_id === id)).toMatchObject({ content: 'Sooner', scheduled_delivery_timestamp: at + 60, topic: 'plan' });
    expect((await realm.member.api.delete(`/scheduled_messages/${id}`)).status).toBe(200);
    expect((await pending()).some((s) => s.scheduled_message_id === id)).toBe(false);
    const events = await eventsOf(realm.member, queue, 3);
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['scheduled_messages', 'add'],
      ['scheduled_messages', 'update'],
      ['scheduled_messages', 'remove'],
    ]);
    expect(events[2].scheduled_message_id).toBe(id);
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['scheduled_messages'] })).body;
    expect(Array.isArray(state.scheduled_messages)).toBe(true);
  });

  it('schedules direct messages to user IDs', async () => {
    const res = await realm.member.api.post('/scheduled_messages', { type: 'direct', to: JSON.stringify([realm.other.user_id]), content: 'Psst, later', scheduled_delivery_timestamp: inAnHour() });
    expect((await pending()).find((s) => s.scheduled_message_id === res.body.scheduled_message_id)).toMatchObject({ type: 'private', to: [realm.other.user_id] });
  });

  it("refuses what a send would, a time in the past, and others' or unknown scheduled messages", async () => {
    const unknown = await realm.member.api.post('/scheduled_messages', { type: 'stream', to: 987654, topic: 't', content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect([unknown.status, unknown.body.code, unknown.body.stream_id]).toEqual([400, 'STREAM_DOES_NOT_EXIST', 987654]);
    for (const type of ['broadcast', 'constructor', '__proto__'])
      refused(await realm.member.api.post('/scheduled_messages', { type, to: String(channel), topic: 't', content: 'x', scheduled_delivery_timestamp: inAnHour() }), 'Invalid message type');
    const nobody = await realm.member.api.post('/scheduled_messages', { type: 'direct', to: '[987654]', content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect([nobody.status, nobody.body.code, nobody.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid user ID 987654']);
    const past = await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 't', content: 'x', scheduled_delivery_timestamp: 1000 });
    expect([past.status, past.body.msg]).toEqual([400, 'Scheduled delivery time must be in the future.']);
    const empty = await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 't', content: '  ', scheduled_delivery_timestamp: inAnHour() });
    expect([empty.status, empty.body.msg]).toEqual([400, 'Message must not be empty']);
    const id = (await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 't', content: 'mine', scheduled_delivery_timestamp: inAnHour() })).body.scheduled_message_id;
    for (const res of [await realm.other.api.patch(`/scheduled_messages/${id}`, { content: 'theirs' }), await realm.other.api.delete(`/scheduled_messages/${id}`)]) {
      expect([res.status, res.body.code, res.body.msg]).toEqual([404, 'BAD_REQUEST', 'Scheduled message does not exist']);
    }
    const guest = await realm.guest.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 't', content: 'x', scheduled_delivery_timestamp: inAnHour() });
    expect([guest.status, guest.body.msg]).toEqual([400, "Not authorized to send to channel 'Later'"]);
  });
});

describe('delivery', () => {
  it('sends a due message once, as its sender, even when two workers race', async () => {
    const at = inAnHour() + HOUR;
    const id = (await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic: 'raced', content: 'Exactly once', scheduled_delivery_timestamp: at })).body
      .scheduled_message_id;
    // Not yet due (what earlier tests scheduled may go out now).
    await deliverAt(at - 1);
    expect((await pending()).some((s) => s.scheduled_message_id === id)).toBe(true);
    expect((await topicMessages('raced')).some((m) => m.content === 'Exactly once')).toBe(false);
    const results = await Promise.all([deliverAt(at + 1), deliverAt(at + 1)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const delivered = (await topicMessages('raced')).filter((m) => m.content === 'Exactly once');
    expect(delivered.map((m) => m.sender_id)).toEqual([realm.member.user_id]);
    expect((await pending()).some((s) => s.scheduled_message_id === id)).toBe(false);
  });

  it("applies the sender's automatic follow when it delivers, as a send does", async () => {
    const at = inAnHour() + 3 * HOUR;
    const topic = `follow ${Date.now()}`;
    // ON_INITIATION (3): starting a topic follows it.
    expect((await realm.member.api.patch('/settings', { automatically_follow_topics_policy: 3 })).status).toBe(200);
    try {
      expect((await realm.member.api.post('/scheduled_messages', { type: 'stream', to: channel, topic, content: 'A new topic later', scheduled_delivery_timestamp: at })).status).toBe(200);
      const policyOf = async () =>
        ((await realm.member.api.post('/register', { fetch_event_types: ['user_topic'] })).body.user_topics as Json[]).find((t) => t.stream_id === channel && t.topic_name === topic)
          ?.visibility_policy;
      expect(await policyOf()).toBeUndefined();
      expect((await deliverAt(at + 1)).sent).toBeGreaterThanOrEqual(1);
      expect(await policyOf()).toBe(3);
    } finally {
      await realm.member.api.patch('/settings', { automatically_follow_topics_policy: 4 });
    }
  });

  it('fails a message whose delivery the rules now refuse, and tells the sender why', async () => {
    const at = inAnHour() + 2 * HOUR;
    const restricted = (await realm.admin.api.post('/channels/create', { name: 'Soon closed', subscribers: [realm.member.user_id], send_new_subscription_messages: false })).body.id;
    const id = (await realm.member.api.post('/scheduled_messages', { type: 'stream', to: restricted, topic: 'x', content: 'Too late', scheduled_delivery_timestamp: at })).body.scheduled_message_id;
    const admins = (await realm.admin.api.post('/register', { fetch_event_types: ['realm_user_groups'] })).body.realm_user_groups.find((g: Json) => g.name === 'role:administrators').id;
    expect((await realm.admin.api.patch(`/streams/${restricted}`, { can_send_message_group: { new: admins } })).status).toBe(200);
    const result = await deliverAt(at + 1);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect((await pending()).find((s) => s.scheduled_message_id === id)).toMatchObject({ failed: true });
    await eventually(async () => {
      const dms = (await realm.member.api.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, apply_markdown: false, narrow: JSON.stringify([{ operator: 'is', operand: 'dm' }]) })).body
        .messages as Json[];
      const notice = dms.find((m) => m.sender_full_name === 'Notification Bot' && String(m.content).includes('was not sent'));
      expect(notice?.content).toContain('You do not have permission to post in this channel.');
    });
  });
});

describe("Parley's bound on scheduled messages", () => {
  const TOO_MANY = 'You may have at most 1000 scheduled messages.';
  const schedule = (user: TestUser) => user.api.post('/scheduled_messages', { type: 'direct', to: JSON.stringify([user.user_id]), content: 'note to self', scheduled_delivery_timestamp: inAnHour() });
  /**
   * A new user with `n` undelivered scheduled messages written straight into the table, the
   * first of them failed (they count too); due in 2100, so no delivery run meets them.
   */
  async function hoarder(name: string, n: number): Promise<TestUser> {
    const user = await realm.addUser({ name });
    await messagesPool().query(
      `INSERT INTO scheduled_messages (realm_id, sender_id, type, "to", content, rendered_content, scheduled_at, read_by_sender, delivery_type, failed)
       SELECT $1, $2, 'private', ARRAY[$2::int], 'x', '<p>x</p>', '2100-01-01', false, 'send_later', g = 1 FROM generate_series(1, $3) AS g`,
      [realm.realm_id, user.user_id, n],
    );
    return user;
  }
  const forget = (user: TestUser) => messagesPool().query('DELETE FROM scheduled_messages WHERE sender_id = $1 AND realm_id = $2', [user.user_id, realm.realm_id]);

  it('keeps at most 1000 undelivered per user, failed ones included', async () => {
    expect(MAX_SCHEDULED_MESSAGES).toBe(1000);
    const user = await hoarder('Planner Pat', 999);
    try {
      expect((await schedule(user)).status).toBe(200);
      refused(await schedule(user), TOO_MANY);
      expect(await pending(user)).toHaveLength(1000);
      // A reminder is bounded apart (MAX_REMINDERS): scheduled messages do not use up its room.
      const message = (await user.api.post('/messages', { type: 'direct', to: JSON.stringify([user.user_id]), content: 'remind me' })).body.id as number;
      expect((await user.api.post('/reminders', { message_id: message, scheduled_delivery_timestamp: inAnHour() })).status).toBe(200);
      expect((await user.api.delete(`/scheduled_messages/${(await pending(user))[0].scheduled_message_id}`)).status).toBe(200);
      expect((await schedule(user)).status).toBe(200);
    } finally {
      await forget(user);
    }
  });

  it('holds under concurrent creates: 10 at once with room for 4 leave exactly 1000', async () => {
    const user = await hoarder('Racing Rex', 996);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => schedule(user)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
      for (const a of answers.filter((a) => a.status === 400)) refused(a, TOO_MANY);
      expect(await pending(user)).toHaveLength(1000);
    } finally {
      await forget(user);
    }
  });
});
