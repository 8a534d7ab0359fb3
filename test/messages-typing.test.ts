import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * POST /typing: typing events for direct conversations and channel topics, to exactly the
 * other participants or subscribers who receive typing notifications; senders who turned
 * sending off are refused.
 */
let realm: TestRealm;
let channel: number;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  realm = await createTestRealm('Typing realm');
  channel = (await realm.admin.api.post('/channels/create', {
    name: 'Chatter', subscribers: [realm.admin.user_id, realm.member.user_id, realm.moderator.user_id],
  })).body.id;
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
      type: 'typing', op, message_type: 'direct', sender: { user_id: realm.member.user_id, email: expect.any(String) },
      recipients: [realm.member.user_id, realm.other.user_id].sort((a, b) => a - b).map((id) => ({ user_id: id, email: expect.any(String) })),
    });
    for (const [user, queue] of [[realm.member, mine], [realm.other, theirs]] as [TestUser, string][]) {
      const events = await eventsOf(user, queue, 2);
      expect(events).toEqual([{ ...expected('start'), id: expect.any(Number) }, { ...expected('stop'), id: expect.any(Number) }]);
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
  it('tells the channel\'s subscribers, with the channel and topic', async () => {
    const [sub, nonSub] = [await queueOf(realm.moderator), await queueOf(realm.other)];
    expect((await realm.member.api.post('/typing', { type: 'channel', op: 'start', stream_id: channel, topic: 'plans' })).status).toBe(200);
    const [event] = await eventsOf(realm.moderator, sub, 1);
    expect(event).toEqual({
      id: expect.any(Number), type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: realm.member.user_id, email: expect.any(String) },
      stream_id: channel, topic: 'plans',
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
