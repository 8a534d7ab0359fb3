import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';

/**
 * What the Notification Bot says about channels (posted by the messages service from the
 * channels service's outbox): the announcement of new channels (`announce`) in the realm's
 * new_stream_announcements channel, and a direct message to each user someone else
 * subscribed (`send_new_subscription_messages`, reported as new_subscription_messages_sent).
 */
let realm: TestRealm;
let announcements: number;
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Notifications realm');
  announcements = (await realm.admin.api.post('/channels/create', { name: 'Announcements', subscribers: [realm.admin.user_id, realm.member.user_id] })).body.id;
  const set = await realm.admin.api.patch('/realm', { new_stream_announcements_stream_id: announcements }, { contract: 'envelope' });
  expect(set.status).toBe(200);
});
afterAll(closeFixtures);

async function messages(user: TestUser, narrow: unknown[]): Promise<Json[]> {
  const res = await user.api.get('/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow: JSON.stringify(narrow), apply_markdown: false });
  expect(res.status).toBe(200);
  return res.body.messages as Json[];
}

const fromBot = (m: Json) => m.sender_full_name === 'Notification Bot';

describe('announce', () => {
  it('announces channels created with announce=true in the announcement channel, as the Notification Bot', async () => {
    const res = await realm.member.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'Fresh one' }], announce: true });
    expect(res.status).toBe(200);
    await eventually(async () => {
      const posted = (
        await messages(realm.member, [
          { operator: 'channel', operand: announcements },
          { operator: 'topic', operand: 'new channels' },
        ])
      ).filter(fromBot);
      expect(posted.map((m) => m.content)).toContain(`@_**Mia Member|${realm.member.user_id}** created a new channel #**Fresh one**.`);
    });
  });

  it('lists several channels created at once, and says nothing without announce', async () => {
    await realm.member.api.post('/channels/create', { name: 'Quiet one', subscribers: [] });
    const res = await realm.admin.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'Alpha' }, { name: 'Beta' }], announce: true });
    expect(res.status).toBe(200);
    await eventually(async () => {
      const posted = (await messages(realm.member, [{ operator: 'channel', operand: announcements }])).filter(fromBot).map((m) => m.content as string);
      expect(posted).toContain(`@_**Ada Admin|${realm.admin.user_id}** created the following channels: #**Alpha**, #**Beta**.`);
      expect(posted.some((c) => c.includes('Quiet one'))).toBe(false);
    });
  });
});

describe('new subscription messages', () => {
  it('tells each human the caller subscribed, not the caller or bots, and says so in the response', async () => {
    const newcomer = await realm.addUser({ name: 'Nell Newcomer' });
    const res = await realm.admin.api.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'Welcome desk' }],
      principals: [realm.admin.user_id, newcomer.user_id, realm.bot.user_id],
    });
    expect([res.status, res.body.new_subscription_messages_sent]).toEqual([200, true]);
    await eventually(async () => {
      const dms = (await messages(newcomer, [{ operator: 'is', operand: 'dm' }])).filter(fromBot);
      expect(dms.map((m) => m.content)).toEqual([`@_**Ada Admin|${realm.admin.user_id}** subscribed you to the channel #**Welcome desk**.`]);
    });
    const mine = (await messages(realm.admin, [{ operator: 'is', operand: 'dm' }])).filter(fromBot);
    expect(mine.some((m) => String(m.content).includes('Welcome desk'))).toBe(false);
  });

  it('sends nothing when asked not to, or when the caller subscribed only themselves', async () => {
    const quiet = await realm.addUser({ name: 'Quinn Quiet' });
    const res = await realm.admin.api.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'No fuss' }],
      principals: [quiet.user_id],
      send_new_subscription_messages: false,
    });
    expect([res.status, res.body.new_subscription_messages_sent]).toEqual([200, false]);
    const self = await quiet.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'Own choice' }] });
    expect([self.status, self.body.new_subscription_messages_sent]).toEqual([200, false]);
    // A later message proves the bot had its chance to speak.
    await realm.admin.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'Marker' }], principals: [quiet.user_id] });
    await eventually(async () => {
      const dms = (await messages(quiet, [{ operator: 'is', operand: 'dm' }])).filter(fromBot).map((m) => m.content as string);
      expect(dms).toEqual([`@_**Ada Admin|${realm.admin.user_id}** subscribed you to the channel #**Marker**.`]);
    });
  });

  it("lists the channels of POST /channels/create's subscribers", async () => {
    const invited = await realm.addUser({ name: 'Ivy Invited' });
    const res = await realm.member.api.post('/channels/create', { name: 'Made for Ivy', subscribers: [invited.user_id] });
    expect(res.status).toBe(200);
    await eventually(async () => {
      const dms = (await messages(invited, [{ operator: 'is', operand: 'dm' }])).filter(fromBot);
      expect(dms.map((m) => m.content)).toEqual([`@_**Mia Member|${realm.member.user_id}** subscribed you to the channel #**Made for Ivy**.`]);
    });
  });
});
