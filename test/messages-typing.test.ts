import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * POST /typing: typing events for direct conversations and channel topics, to exactly the
 * other participants or subscribers who receive typing notifications; senders who turned
 * sending off are refused.
 */
let realm: TestRealm;
let channel: number;
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Typing realm');
  channel = (
    await realm.admin.api.post('/channels/create', {
      name: 'Chatter',
      subscribers: [realm.admin.user_id, realm.member.user_id, realm.moderator.user_id],
    })
  ).body.id;
});
afterAll(closeFixtures);

const queueOf = async (user: TestUser) => (await user.api.post('/register', { event_types: ['typing'] })).body.queue_id as string;
const apiEmail = async (user: TestUser) => (await user.api.get('/users/me')).body.email as string;

describe('direct conversations', () => {
  it('tells every participant, the typist included, with sender and recipients', async () => {
    const [mine, theirs, outsider] = await Promise.all([queueOf(realm.member), queueOf(realm.other), queueOf(realm.moderator)]);
    expect((await realm.member.api.post('/typing', { op: 'start', to: JSON.stringify([realm.other.user_id]) })).status).toBe(200);
    expect((await realm.member.api.post('/typing', { type: 'direct', op: 'stop', to: JSON.stringify([realm.other.user_id]) })).status).toBe(200);
    const expected = (op: string) => ({
      type: 'typing',
      op,
      message_type: 'direct',
      sender: { user_id: realm.member.user_id, email: expect.any(String) },
      recipients: [realm.member.user_id, realm.other.user_id].sort((a, b) => a - b).map((id) => ({ user_id: id, email: expect.any(String) })),
    });
    for (const [user, queue] of [
      [realm.member, mine],
      [realm.other, theirs],
    ] as [TestUser, string][]) {
      const events = await eventsOf(user, queue, 2);
      expect(events).toEqual([
        { ...expected('start'), id: expect.any(Number) },
        { ...expected('stop'), id: expect.any(Number) },
      ]);
    }
    expect(((await eventsOf(realm.member, mine, 2))[0] as Json).sender.email).toBe(await apiEmail(realm.member));
    // A later event for the outsider proves they got nothing before it.
    await realm.admin.api.post('/typing', { op: 'start', to: JSON.stringify([realm.moderator.user_id]) });
    const seen = await eventsOf(realm.moderator, outsider, 1);
    expect(seen.map((e) => e.sender.user_id)).toEqual([realm.admin.user_id]);
  });

  it('leaves out users who do not receive typing notifications', async () => {
    const quiet = await realm.addUser({ name: 'Quiet Quincy' });
    expect((await quiet.api.patch('/settings', { receives_typing_notifications: false })).status).toBe(200);
    const [queue, marker] = [await queueOf(quiet), await queueOf(realm.other)];
    await realm.member.api.post('/typing', { op: 'start', to: JSON.stringify([quiet.user_id, realm.other.user_id]) });
    expect(await eventsOf(realm.other, marker, 1)).toHaveLength(1);
    await realm.admin.api.post('/typing', { op: 'start', to: JSON.stringify([realm.other.user_id]) });
    await eventsOf(realm.other, marker, 2);
    expect((await quiet.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).body.events).toEqual([]);
  });

  it('refuses a typist who turned direct-message typing notifications off, and unknown users', async () => {
    const shy = await realm.addUser({ name: 'Shy Sam' });
    await shy.api.patch('/settings', { send_private_typing_notifications: false });
    const refused = await shy.api.post('/typing', { op: 'start', to: JSON.stringify([realm.member.user_id]) });
    expect([refused.status, refused.body.msg]).toEqual([400, 'User has disabled typing notifications for direct messages']);
    const unknown = await realm.member.api.post('/typing', { op: 'start', to: JSON.stringify([987654321]) });
    expect([unknown.status, unknown.body.msg]).toEqual([400, 'Invalid user ID 987654321']);
    const badOp = await realm.member.api.post('/typing', { op: 'typing', to: JSON.stringify([realm.other.user_id]) });
    expect([badOp.status, badOp.body.msg]).toEqual([400, "Invalid op: 'typing'"]);
  });
});

describe('channel topics', () => {
  it("tells the channel's subscribers, with the channel and topic", async () => {
    const [sub, nonSub] = [await queueOf(realm.moderator), await queueOf(realm.other)];
    expect((await realm.member.api.post('/typing', { type: 'channel', op: 'start', stream_id: channel, topic: 'plans' })).status).toBe(200);
    const [event] = await eventsOf(realm.moderator, sub, 1);
    expect(event).toEqual({
      id: expect.any(Number),
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      sender: { user_id: realm.member.user_id, email: expect.any(String) },
      stream_id: channel,
      topic: 'plans',
    });
    await realm.admin.api.post('/typing', { op: 'start', to: JSON.stringify([realm.other.user_id]) });
    const seen = await eventsOf(realm.other, nonSub, 1);
    expect(seen.map((e) => e.message_type)).toEqual(['direct']);
  });

  it('needs a channel and a topic, and a channel the typist may read', async () => {
    const noChannel = await realm.member.api.post('/typing', { type: 'stream', op: 'start', topic: 'x' });
    expect([noChannel.status, noChannel.body.msg]).toEqual([400, 'Missing channel ID']);
    const noTopic = await realm.member.api.post('/typing', { type: 'stream', op: 'start', stream_id: channel });
    expect([noTopic.status, noTopic.body.msg]).toEqual([400, 'Missing topic']);
    const secret = (await realm.admin.api.post('/channels/create', { name: 'Typing secret', subscribers: [realm.admin.user_id], invite_only: true })).body.id;
    const hidden = await realm.member.api.post('/typing', { type: 'stream', op: 'start', stream_id: secret, topic: 'x' });
    expect([hidden.status, hidden.body.msg]).toEqual([400, 'Invalid channel ID']);
  });
});

describe('editing a message (POST /messages/{message_id}/typing)', () => {
  const editQueue = async (user: TestUser) => (await user.api.post('/register', { event_types: ['typing_edit_message'] })).body.queue_id as string;
  const sendTo = async (user: TestUser, params: Record<string, string | number>) => (await user.api.post('/messages', params)).body.id as number;

  it("tells the channel's subscribers which message, with its channel and topic", async () => {
    const id = await sendTo(realm.member, { type: 'stream', to: channel, topic: 'drafts', content: 'first take' });
    const [sub, nonSub] = [await editQueue(realm.moderator), await editQueue(realm.other)];
    for (const op of ['start', 'stop']) expect((await realm.member.api.post(`/messages/${id}/typing`, { op })).status).toBe(200);
    const expected = (op: string) => ({
      id: expect.any(Number),
      type: 'typing_edit_message',
      op,
      sender_id: realm.member.user_id,
      message_id: id,
      recipient: { type: 'channel', channel_id: channel, topic: 'drafts' },
    });
    expect(await eventsOf(realm.moderator, sub, 2)).toEqual([expected('start'), expected('stop')]);
    // The non-subscriber's next event is a later one: it got nothing before.
    const dm = await sendTo(realm.admin, { type: 'direct', to: JSON.stringify([realm.other.user_id]), content: 'hi' });
    await realm.admin.api.post(`/messages/${dm}/typing`, { op: 'start' });
    expect((await eventsOf(realm.other, nonSub, 1)).map((e) => e.message_id)).toEqual([dm]);
  });

  it("tells a direct conversation's participants who receive typing notifications, and lists them", async () => {
    const quiet = await realm.addUser({ name: 'Quiet Editor' });
    await quiet.api.patch('/settings', { receives_typing_notifications: false });
    const id = await sendTo(realm.member, { type: 'direct', to: JSON.stringify([realm.other.user_id, quiet.user_id]), content: 'group note' });
    const [mine, theirs, silent] = [await editQueue(realm.member), await editQueue(realm.other), await editQueue(quiet)];
    expect((await realm.member.api.post(`/messages/${id}/typing`, { op: 'start' })).status).toBe(200);
    const audience = [realm.member.user_id, realm.other.user_id].sort((a, b) => a - b);
    for (const [user, queue] of [
      [realm.member, mine],
      [realm.other, theirs],
    ] as [TestUser, string][]) {
      const [event] = await eventsOf(user, queue, 1);
      expect(event).toMatchObject({ type: 'typing_edit_message', op: 'start', sender_id: realm.member.user_id, message_id: id });
      expect([...event.recipient.user_ids].sort((a: number, b: number) => a - b)).toEqual(audience);
      expect(event.recipient.type).toBe('direct');
    }
    expect((await quiet.api.get('/events', { queue_id: silent, last_event_id: -1, dont_block: true })).body.events).toEqual([]);
  });

  it('is only for who may edit the message now: its sender, editing on, within the time limit', async () => {
    const id = await sendTo(realm.member, { type: 'stream', to: channel, topic: 'drafts', content: 'mine' });
    for (const someone of [realm.admin, realm.owner, realm.moderator, realm.other]) {
      const r = await someone.api.post(`/messages/${id}/typing`, { op: 'start' });
      expect([r.status, r.body.code, r.body.msg]).toEqual([400, 'BAD_REQUEST', "You don't have permission to edit this message"]);
    }
    const secret = (await realm.admin.api.post('/channels/create', { name: 'Edit typing secret', subscribers: [realm.admin.user_id], invite_only: true })).body.id;
    const hiddenId = await sendTo(realm.admin, { type: 'stream', to: secret, topic: 'x', content: 'hidden' });
    const hidden = await realm.member.api.post(`/messages/${hiddenId}/typing`, { op: 'start' });
    expect([hidden.status, hidden.body.msg]).toEqual([400, 'Invalid message(s)']);
    const missing = await realm.member.api.post('/messages/987654321/typing', { op: 'start' });
    expect([missing.status, missing.body.msg]).toEqual([400, 'Invalid message(s)']);
    const badOp = await realm.member.api.post(`/messages/${id}/typing`, { op: 'editing' });
    expect([badOp.status, badOp.body.msg]).toEqual([400, "Invalid op: 'editing'"]);
    const noOp = await realm.member.api.post(`/messages/${id}/typing`, {});
    expect(noOp.status).toBe(400);

    expect((await realm.owner.api.patch('/realm', { allow_message_editing: false }, { contract: 'envelope' })).status).toBe(200);
    try {
      const off = await realm.member.api.post(`/messages/${id}/typing`, { op: 'start' });
      expect([off.status, off.body.msg]).toEqual([400, 'Your organization has turned off message editing']);
    } finally {
      await realm.owner.api.patch('/realm', { allow_message_editing: true }, { contract: 'envelope' });
    }
    const before = (await realm.owner.api.post('/register', { fetch_event_types: JSON.stringify(['realm']) })).body.realm_message_content_edit_limit_seconds;
    expect((await realm.owner.api.patch('/realm', { message_content_edit_limit_seconds: 1 }, { contract: 'envelope' })).status).toBe(200);
    try {
      await new Promise((r) => setTimeout(r, 1100));
      const late = await realm.member.api.post(`/messages/${id}/typing`, { op: 'start' });
      expect([late.status, late.body.msg]).toEqual([400, 'The time limit for editing this message has passed']);
    } finally {
      await realm.owner.api.patch('/realm', { message_content_edit_limit_seconds: before === null ? JSON.stringify('unlimited') : before }, { contract: 'envelope' });
    }
  });

  it('refuses a typist who turned channel typing notifications off; a guest and a bot may edit-type their own', async () => {
    const shy = await realm.addUser({ name: 'Shy Editor' });
    await realm.admin.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Chatter' }]), principals: JSON.stringify([shy.user_id, realm.guest.user_id, realm.bot.user_id]) });
    await shy.api.patch('/settings', { send_stream_typing_notifications: false });
    const id = await sendTo(shy, { type: 'stream', to: channel, topic: 'drafts', content: 'shy words' });
    const refused = await shy.api.post(`/messages/${id}/typing`, { op: 'start' });
    expect([refused.status, refused.body.msg]).toEqual([400, 'User has disabled typing notifications for channel messages']);
    for (const user of [realm.guest, realm.bot]) {
      const own = await sendTo(user, { type: 'stream', to: channel, topic: 'drafts', content: 'own words' });
      expect((await user.api.post(`/messages/${own}/typing`, { op: 'start' })).status).toBe(200);
    }
  });
});
