import { parseJsonReply, connect, ServiceClient } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { closeMessagesPool, messagesPool } from './support/messages-db';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';

/**
 * Message reminders (feature levels 381, 399, 415): POST/GET /reminders and DELETE
 * /reminders/{id} for every role, on messages the caller may read only; Zulip's generated
 * content (link, quote, note); delivery by the scheduled-message worker (driven through the
 * DeliverScheduledMessages RPC with an explicit clock) as a direct message from the
 * Notification Bot; reminders events and register state; reminders and scheduled messages
 * never in each other's lists.
 */
let realm: TestRealm;
let channel: number;
let messages: ServiceClient<'messages'>;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;
const ROLES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];
const HOUR = 3600;
const inAnHour = () => Math.floor(Date.now() / 1000) + HOUR;

beforeAll(async () => {
  realm = await createTestRealm('Reminders realm');
  channel = ok(
    await realm.admin.api.post('/channels/create', {
      name: 'Remind me',
      subscribers: ROLES.map((r) => realm[r].user_id),
      send_new_subscription_messages: false,
    }),
  ).id as number;
  messages = connect('messages', process.env.PARLEY_TEST_MESSAGES_GRPC_ADDR!, process.env.PARLEY_SECRET!);
});
afterAll(async () => {
  messages.transport.close();
  await closeMessagesPool();
  await closeFixtures();
});

const deliverAt = async (seconds: number) => parseJsonReply<{ sent: number; failed: number }>(await messages.deliverScheduledMessages({ now_ms: seconds * 1000 }, { client: 'test', host: '' }));
const reminders = async (user: TestUser) => ok(await user.api.get('/reminders')).reminders as Json[];
const post = async (user: TestUser, content: string, topic = 'plan') => ok(await user.api.post('/messages', { type: 'stream', to: channel, topic, content })).id as number;
const remind = async (user: TestUser, params: Json) => user.api.post('/reminders', params);
const noSuchReminder = (res: { status: number; body: Json }) => expect([res.status, res.body.code, res.body.msg]).toEqual([404, 'BAD_REQUEST', 'Reminder does not exist']);

describe('reminders', () => {
  it.each(ROLES)('lets the %s schedule, list and delete reminders of their own, with events', async (role) => {
    const user = realm[role];
    const queue = ok(await user.api.post('/register', { event_types: ['reminders'] })).queue_id as string;
    const message = await post(realm.member, `About ${role}`);
    const at = inAnHour();
    const id = ok(await remind(user, { message_id: message, scheduled_delivery_timestamp: at })).reminder_id as number;
    const [listed] = (await reminders(user)).filter((r) => r.reminder_id === id);
    expect(listed).toEqual({
      reminder_id: id,
      type: 'private',
      to: [user.user_id],
      content: expect.stringContaining(`#**Remind me>plan@${message}**`),
      rendered_content: expect.stringContaining('<blockquote>'),
      scheduled_delivery_timestamp: at,
      failed: false,
      reminder_target_message_id: message,
    });
    const state = ok(await user.api.post('/register', { fetch_event_types: ['reminders'] }));
    // Zulip sends Reminder objects in register's reminders (the reference names ScheduledMessage there).
    expect(state.reminders).toEqual(await reminders(user));
    ok(await user.api.delete(`/reminders/${id}`));
    expect((await reminders(user)).some((r) => r.reminder_id === id)).toBe(false);
    const events = await eventsOf(user, queue, 2);
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['reminders', 'add'],
      ['reminders', 'remove'],
    ]);
    expect(events[0].reminders).toEqual([listed]);
    expect(events[1].reminder_id).toBe(id);
  });

  it("writes Zulip's content: the link, the note, the quote; a poll or a to-do list is named", async () => {
    const { member, other } = realm;
    const at = inAnHour();
    const say = `@_**${member.full_name}|${member.user_id}**`;
    const inChannel = await post(member, 'Test **message**');
    const channelLink = `/#narrow/channel/${channel}-Remind-me/topic/plan/near/${inChannel}`;
    const direct = ok(await member.api.post('/messages', { type: 'direct', to: JSON.stringify([other.user_id]), content: 'Psst' })).id as number;
    const dmLink = `/#narrow/dm/${[member.user_id, other.user_id].sort((a, b) => a - b).join(',')}/near/${direct}`;
    const poll = await post(member, '/poll Lunch?\nSoup\nSalad');
    const content = async (params: Json) => {
      const id = ok(await remind(member, { scheduled_delivery_timestamp: at, ...params })).reminder_id as number;
      return (await reminders(member)).find((r) => r.reminder_id === id)!.content as string;
    };
    expect(await content({ message_id: inChannel })).toBe(`You requested a reminder for #**Remind me>plan@${inChannel}**.\n\n${say} [said](${channelLink}):\n\`\`\`quote\nTest **message**\n\`\`\``);
    expect(await content({ message_id: inChannel, note: '\nCall back  \n' })).toBe(
      `You requested a reminder for #**Remind me>plan@${inChannel}**. Note:\n > Call back\n\n${say} [said](${channelLink}):\n\`\`\`quote\nTest **message**\n\`\`\``,
    );
    expect(await content({ message_id: direct })).toBe(`You requested a reminder for the following direct message.\n\n${say} [said](${dmLink}):\n\`\`\`quote\nPsst\n\`\`\``);
    expect(await content({ message_id: poll })).toBe(
      `You requested a reminder for #**Remind me>plan@${poll}**.\n\n${say} [sent](/#narrow/channel/${channel}-Remind-me/topic/plan/near/${poll}) a poll.`,
    );
    // A note at the limit is taken (Zulip's max_reminder_note_length, published by register).
    const limit = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).max_reminder_note_length as number;
    expect(limit).toBe(1000);
    expect((await remind(member, { message_id: inChannel, scheduled_delivery_timestamp: at, note: 'n'.repeat(limit) })).status).toBe(200);
  });

  it('refuses a time not in the future, a message the caller may not read, and an overlong note, for every role', async () => {
    const secret = ok(
      await realm.admin.api.post('/channels/create', {
        name: 'Secret plans',
        subscribers: [realm.admin.user_id],
        invite_only: true,
        send_new_subscription_messages: false,
      }),
    ).id as number;
    const hidden = ok(await realm.admin.api.post('/messages', { type: 'stream', to: secret, topic: 'x', content: 'hidden' })).id as number;
    const visible = await post(realm.member, 'visible');
    for (const role of ROLES) {
      const user = realm[role];
      refused(await remind(user, { message_id: visible, scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) - 60 }), 'Scheduled delivery time must be in the future.');
      refused(await remind(user, { message_id: 987654321, scheduled_delivery_timestamp: inAnHour() }), 'Invalid message(s)');
      refused(await remind(user, { message_id: visible, scheduled_delivery_timestamp: inAnHour(), note: 'n'.repeat(1001) }), 'Maximum reminder note length: 1000 characters');
      // Not even the owner reads a private channel they are not subscribed to.
      if (role !== 'admin') refused(await remind(user, { message_id: hidden, scheduled_delivery_timestamp: inAnHour() }), 'Invalid message(s)');
    }
    // Someone else's direct message.
    const direct = ok(await realm.member.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.other.user_id]), content: 'between us' })).id as number;
    for (const role of ROLES.filter((r) => r !== 'member')) {
      refused(await remind(realm[role], { message_id: direct, scheduled_delivery_timestamp: inAnHour() }), 'Invalid message(s)');
    }
    const missing = await realm.member.api.post('/reminders', { scheduled_delivery_timestamp: inAnHour() });
    expect([missing.status, missing.body.code]).toEqual([400, 'REQUEST_VARIABLE_MISSING']);
    for (const role of ROLES) expect((await reminders(realm[role])).some((r) => r.reminder_target_message_id === hidden || r.reminder_target_message_id === direct)).toBe(false);
  });

  it("refuses a guest a reminder on a public channel's message they are not subscribed to", async () => {
    const lobby = ok(
      await realm.admin.api.post('/channels/create', {
        name: 'Members lobby',
        subscribers: [realm.member.user_id],
        send_new_subscription_messages: false,
      }),
    ).id as number;
    const message = ok(await realm.member.api.post('/messages', { type: 'stream', to: lobby, topic: 'x', content: 'members only' })).id as number;
    refused(await remind(realm.guest, { message_id: message, scheduled_delivery_timestamp: inAnHour() }), 'Invalid message(s)');
    // A member who is not subscribed reads the public channel's history, so may.
    expect((await remind(realm.other, { message_id: message, scheduled_delivery_timestamp: inAnHour() })).status).toBe(200);
  });

  it('keeps each user\'s reminders to them: others get "Reminder does not exist" (404)', async () => {
    const id = ok(await remind(realm.member, { message_id: await post(realm.member, 'mine'), scheduled_delivery_timestamp: inAnHour() })).reminder_id as number;
    for (const role of ROLES.filter((r) => r !== 'member')) {
      expect((await reminders(realm[role])).some((r) => r.reminder_id === id)).toBe(false);
      noSuchReminder(await realm[role].api.delete(`/reminders/${id}`));
    }
    expect((await reminders(realm.member)).some((r) => r.reminder_id === id)).toBe(true);
    ok(await realm.member.api.delete(`/reminders/${id}`));
    noSuchReminder(await realm.member.api.delete(`/reminders/${id}`));
  });

  it("keeps at most 1000 undelivered reminders per user (Parley's bound)", async () => {
    const user = await realm.addUser({ name: 'Hoarder' });
    const message = await post(realm.member, 'hoard');
    // 999 written straight into the table (due in 2100: no delivery run meets them), then one more through the API.
    await messagesPool().query(
      `INSERT INTO scheduled_messages (realm_id, sender_id, type, "to", content, rendered_content, scheduled_at, read_by_sender, delivery_type, reminder_target_message_id)
       SELECT $1, $2, 'private', ARRAY[$2::int], 'x', '<p>x</p>', '2100-01-01', false, 'remind', $3 FROM generate_series(1, 999)`,
      [realm.realm_id, user.user_id, message],
    );
    try {
      ok(await remind(user, { message_id: message, scheduled_delivery_timestamp: inAnHour() }));
      refused(await remind(user, { message_id: message, scheduled_delivery_timestamp: inAnHour() }), 'You may have at most 1000 reminders.');
      expect(await reminders(user)).toHaveLength(1000);
    } finally {
      await messagesPool().query('DELETE FROM scheduled_messages WHERE sender_id = $1 AND realm_id = $2', [user.user_id, realm.realm_id]);
    }
  });

  it('holds the bound under concurrent creates: 10 at once with room for 4 leave exactly 1000', async () => {
    const user = await realm.addUser({ name: 'Racing Rhoda' });
    const message = await post(realm.member, 'race');
    await messagesPool().query(
      `INSERT INTO scheduled_messages (realm_id, sender_id, type, "to", content, rendered_content, scheduled_at, read_by_sender, delivery_type, reminder_target_message_id)
       SELECT $1, $2, 'private', ARRAY[$2::int], 'x', '<p>x</p>', '2100-01-01', false, 'remind', $3 FROM generate_series(1, 996)`,
      [realm.realm_id, user.user_id, message],
    );
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => remind(user, { message_id: message, scheduled_delivery_timestamp: inAnHour() })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
      for (const a of answers.filter((a) => a.status === 400)) refused(a, 'You may have at most 1000 reminders.');
      expect(await reminders(user)).toHaveLength(1000);
    } finally {
      await messagesPool().query('DELETE FROM scheduled_messages WHERE sender_id = $1 AND realm_id = $2', [user.user_id, realm.realm_id]);
    }
  });

  it('never mixes reminders and scheduled messages', async () => {
    const { member } = realm;
    const reminder = ok(await remind(member, { message_id: await post(member, 'remind'), scheduled_delivery_timestamp: inAnHour() })).reminder_id as number;
    const scheduled = ok(
      await member.api.post('/scheduled_messages', {
        type: 'stream',
        to: channel,
        topic: 'plan',
        content: 'later',
        scheduled_delivery_timestamp: inAnHour(),
      }),
    ).scheduled_message_id as number;
    const scheduledIds = (ok(await member.api.get('/scheduled_messages')).scheduled_messages as Json[]).map((s) => s.scheduled_message_id);
    expect(scheduledIds).toContain(scheduled);
    expect(scheduledIds).not.toContain(reminder);
    expect((await reminders(member)).map((r) => r.reminder_id)).not.toContain(scheduled);
    const state = ok(await member.api.post('/register', { fetch_event_types: ['reminders', 'scheduled_messages'] }));
    expect((state.scheduled_messages as Json[]).map((s) => s.scheduled_message_id)).not.toContain(reminder);
    expect((state.reminders as Json[]).map((r) => r.reminder_id)).toEqual((await reminders(member)).map((r) => r.reminder_id));
    // Neither is deleted through the other's endpoint.
    noSuchReminder(await member.api.delete(`/reminders/${scheduled}`));
    const notScheduled = await member.api.delete(`/scheduled_messages/${reminder}`);
    expect([notScheduled.status, notScheduled.body.msg]).toEqual([404, 'Scheduled message does not exist']);
    ok(await member.api.delete(`/scheduled_messages/${scheduled}`));
  });
});

describe('delivery', () => {
  it('sends the reminder at its time as a direct message from the Notification Bot, once, then removes it', async () => {
    const user = await realm.addUser({ name: 'Forgetful' });
    ok(await realm.admin.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'Remind me' }], principals: [user.user_id] }));
    const message = await post(realm.member, 'Do the *thing*', 'chores');
    const at = inAnHour() + 600;
    const id = ok(await remind(user, { message_id: message, scheduled_delivery_timestamp: at, note: 'Today' })).reminder_id as number;
    const [scheduled] = await reminders(user);
    const queue = ok(await user.api.post('/register', { event_types: ['reminders', 'message'] })).queue_id as string;
    await deliverAt(at - 60);
    expect((await reminders(user)).map((r) => r.reminder_id)).toEqual([id]);
    expect((await deliverAt(at)).sent).toBeGreaterThanOrEqual(1);
    await deliverAt(at + 60);
    expect(await reminders(user)).toEqual([]);
    const received = (
      ok(
        await user.api.get('/messages', {
          anchor: 'newest',
          num_before: 10,
          num_after: 0,
          apply_markdown: false,
          narrow: JSON.stringify([{ operator: 'is', operand: 'dm' }]),
        }),
      ).messages as Json[]
    ).filter((m) => m.content.startsWith('You requested a reminder'));
    // Once, though delivery ran three times.
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'private', content: scheduled.content, flags: [], sender_full_name: 'Notification Bot', client: 'Internal' });
    expect(received[0].sender_email).toMatch(/^notification-bot/);
    expect((received[0].display_recipient as Json[]).map((r) => r.id)).toContain(user.user_id);
    expect(received[0].content).toContain('Note:\n > Today');
    const events = await eventsOf(user, queue, 2);
    expect(events.filter((e) => e.type === 'message').map((e) => e.message.id)).toEqual([received[0].id]);
    expect(events.filter((e) => e.type === 'reminders')).toEqual([{ type: 'reminders', op: 'remove', reminder_id: id, id: expect.any(Number) }]);
  });

  it('marks a reminder whose creator was deactivated failed, and sends nothing', async () => {
    const user = await realm.addUser({ name: 'Leaving' });
    const message = ok(await realm.member.api.post('/messages', { type: 'direct', to: JSON.stringify([user.user_id]), content: 'bye' })).id as number;
    const at = inAnHour() + 1200;
    const id = ok(await remind(user, { message_id: message, scheduled_delivery_timestamp: at })).reminder_id as number;
    ok(await realm.owner.api.delete(`/users/${user.user_id}`));
    expect((await deliverAt(at)).failed).toBeGreaterThanOrEqual(1);
    ok(await realm.owner.api.post(`/users/${user.user_id}/reactivate`));
    expect(await reminders(user)).toEqual([expect.objectContaining({ reminder_id: id, failed: true })]);
  });
});
