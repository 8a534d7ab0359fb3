import { assertMatchesContract } from './support/openapi';
import { closeFixtures, createTestRealm, ensureRootRealm, TestRealm } from './support/fixtures';
import { HostProxy, hostProxy } from './support/host-proxy';

/**
 * A real Zulip client nobody here wrote (zulip-js, from npm) against Parley, unchanged:
 * it sends GET parameters in the query string and POST bodies as multipart/form-data.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- zulip-js has no types
const zulipInit: (config: Record<string, string>) => Promise<any> = require('zulip-js');

let realm: TestRealm;
let proxy: HostProxy;
beforeAll(async () => {
  realm = await createTestRealm('zulip-js realm');
  proxy = await hostProxy(realm.host);
});
afterAll(async () => {
  await proxy?.close();
  await closeFixtures();
});

/** The realm's site: zulip-js cannot set Host, so a proxy names the realm (as one serving its subdomain would). */
const site = () => proxy.url;

describe('zulip-js', () => {
  it('authenticates with an API key and reads users.me.getProfile()', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const profile = await client.users.me.getProfile();
    assertMatchesContract({ method: 'GET', path: '/users/me', status: 200, body: profile });
    expect(profile).toMatchObject({ result: 'success', user_id: realm.member.user_id, email: realm.member.email, full_name: 'Mia Member' });
  });

  it('logs in with a password (POST /fetch_api_key, multipart) and lists users', async () => {
    // The bare address names the root realm.
    const root = await ensureRootRealm();
    const client = await zulipInit({ username: root.owner.email, password: 'root-password', realm: process.env.PARLEY_TEST_URL! });
    expect(client.config.apiKey).toBe(root.owner.api_key);
    const person = await realm.addUser({ name: 'Js Person' });
    const users = await client.users.retrieve();
    assertMatchesContract({ method: 'GET', path: '/users', status: 200, body: users });
    const ids = users.members.map((u: { user_id: number }) => u.user_id);
    expect(ids).toContain(root.owner.user_id);
    expect(ids).not.toContain(person.user_id);
  });

  it('creates a user as the owner (POST /users, multipart) and reads server settings', async () => {
    const client = await zulipInit({ username: realm.owner.email, apiKey: realm.owner.api_key, realm: site() });
    const created = await client.users.create({ email: `zjs-${Date.now()}@example.test`, password: 'pw', full_name: 'Made By Js' });
    assertMatchesContract({ method: 'POST', path: '/users', status: 200, body: created });
    expect(created.user_id).toEqual(expect.any(Number));
    const settings = await client.server.settings();
    expect(settings).toMatchObject({ result: 'success', zulip_feature_level: 420 });
  });

  it("surfaces Parley's refusals as Zulip errors", async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const refused = await client.users.create({ email: 'x@example.test', password: 'pw', full_name: 'X' });
    expect(refused).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
  });
});

describe('zulip-js event queues', () => {
  it('registers with queues.register, reads with events.retrieve and deregisters', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const queue = await client.queues.register({ event_types: ['realm_user'] });
    assertMatchesContract({ method: 'POST', path: '/register', status: 200, body: queue });
    expect(queue).toMatchObject({ result: 'success', last_event_id: -1 });
    const target = await realm.addUser({ name: 'Seen By Js' });
    // events.retrieve long-polls: it returns as soon as the event is queued.
    const res = await client.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    assertMatchesContract({ method: 'GET', path: '/events', status: 200, body: res });
    expect(res.events).toEqual([expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: target.user_id }) })]);
    const gone = await client.queues.deregister({ queue_id: queue.queue_id });
    expect(gone).toMatchObject({ result: 'success' });
  });
});

describe('zulip-js channels', () => {
  it('subscribes with users.me.subscriptions.add and reads with streams.subscriptions.retrieve and streams.retrieve', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    // POST /users/me/subscriptions, multipart: `subscriptions` is sent as the JSON text given.
    const added = await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'js channel' }]) });
    assertMatchesContract({ method: 'POST', path: '/users/me/subscriptions', status: 200, body: added });
    expect(added).toMatchObject({ result: 'success', msg: '', subscribed: { [String(realm.member.user_id)]: ['js channel'] }, already_subscribed: {} });
    const again = await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'JS Channel' }]) });
    expect(again).toMatchObject({ result: 'success', subscribed: {}, already_subscribed: { [String(realm.member.user_id)]: ['js channel'] } });

    const subs = await client.streams.subscriptions.retrieve();
    assertMatchesContract({ method: 'GET', path: '/users/me/subscriptions', status: 200, body: subs });
    const mine = subs.subscriptions.filter((s: { name: string }) => s.name === 'js channel');
    expect(mine).toEqual([
      expect.objectContaining({
        name: 'js channel',
        creator_id: realm.member.user_id,
        invite_only: false,
        is_web_public: false,
        is_muted: false,
        history_public_to_subscribers: true,
        subscriber_count: 1,
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      }),
    ]);
    expect(mine[0]).not.toHaveProperty('subscribers');
    // GET parameters travel in the query string as given.
    const withSubscribers = await client.streams.subscriptions.retrieve({ include_subscribers: true });
    assertMatchesContract({ method: 'GET', path: '/users/me/subscriptions', status: 200, body: withSubscribers });
    expect(withSubscribers.subscriptions.find((s: { name: string }) => s.name === 'js channel').subscribers).toEqual([realm.member.user_id]);

    const streams = await client.streams.retrieve();
    assertMatchesContract({ method: 'GET', path: '/streams', status: 200, body: streams });
    expect(streams.streams.filter((s: { name: string }) => s.name === 'js channel')).toEqual([
      expect.objectContaining({
        stream_id: mine[0].stream_id,
        name: 'js channel',
        description: '',
        invite_only: false,
        creator_id: realm.member.user_id,
      }),
    ]);
    // Another member sees the public channel in GET /streams too.
    const other = await zulipInit({ username: realm.other.email, apiKey: realm.other.api_key, realm: site() });
    expect((await other.streams.retrieve()).streams.map((s: { stream_id: number }) => s.stream_id)).toContain(mine[0].stream_id);
  });
});

describe('zulip-js flags and delete', () => {
  it('flags with messages.flags.add/remove and deletes with messages.deleteById', async () => {
    const member = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const owner = await zulipInit({ username: realm.owner.email, apiKey: realm.owner.api_key, realm: site() });
    const created = await realm.owner.api.post('/channels/create', { name: 'js flags and delete', subscribers: [realm.owner.user_id, realm.member.user_id] });
    const channelId: number = created.body.id;
    const sent = async (content: string): Promise<number> => (await realm.owner.api.post('/messages', { type: 'stream', to: channelId, topic: 'js flags', content })).body.id;
    const [id, owners] = [await sent('flag me'), await sent('delete me')];

    // messages.flags.add: POST /messages/flags, multipart, `messages` as JSON.
    const read = await member.messages.flags.add({ flag: 'read', messages: [id] });
    assertMatchesContract({ method: 'POST', path: '/messages/flags', status: 200, body: read });
    expect(read).toEqual({ result: 'success', msg: '', messages: [id] });
    expect(await member.messages.flags.add({ flag: 'read', messages: [id] })).toEqual({ result: 'success', msg: '', messages: [] });
    expect(await member.messages.flags.add({ flag: 'starred', messages: [id, owners] })).toEqual({ result: 'success', msg: '', messages: [id, owners] });
    const unread = await member.messages.flags.remove({ flag: 'read', messages: [id] });
    assertMatchesContract({ method: 'POST', path: '/messages/flags', status: 200, body: unread });
    expect(unread).toEqual({ result: 'success', msg: '', messages: [id], ignored_because_not_subscribed_channels: [] });
    const unstarred = await member.messages.flags.remove({ flag: 'starred', messages: [owners] });
    expect(unstarred).toEqual({ result: 'success', msg: '', messages: [owners] });
    const got = await member.messages.getById({ message_id: id });
    expect([...got.message.flags].sort()).toEqual(['starred']);
    expect((await member.messages.getById({ message_id: owners })).message.flags).toEqual([]);
    const refused = await member.messages.flags.add({ flag: 'mentioned', messages: [id] });
    expect(refused).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: "Flag not editable: 'mentioned'" });

    // messages.deleteById: DELETE /messages/{id}; a member may not delete the owner's message.
    const notYours = await member.messages.deleteById({ message_id: owners });
    assertMatchesContract({ method: 'DELETE', path: `/messages/${owners}`, status: 400, body: notYours });
    expect(notYours).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: "You don't have permission to delete this message" });
    const deleted = await owner.messages.deleteById({ message_id: owners });
    assertMatchesContract({ method: 'DELETE', path: `/messages/${owners}`, status: 200, body: deleted });
    expect(deleted).toEqual({ result: 'success', msg: '' });
    expect(await member.messages.getById({ message_id: owners })).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    expect(await owner.messages.deleteById({ message_id: owners })).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });
});

describe('zulip-js messages', () => {
  const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;

  it('sends with messages.send (multipart) and reads back with messages.retrieve and a narrow', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const name = `js messages ${Date.now()}`;
    const created = await realm.owner.api.post('/channels/create', {
      name,
      subscribers: [realm.member.user_id, realm.other.user_id],
      send_new_subscription_messages: false,
    });
    expect(created.status).toBe(200);

    const sent = await client.messages.send({ type: 'stream', to: name, topic: 'js topic', content: 'Hello from **zulip-js**' });
    assertMatchesContract({ method: 'POST', path: '/messages', status: 200, body: sent });
    // The member started the topic: they follow it (automatically_follow_topics_policy's default).
    expect(sent).toEqual({ result: 'success', msg: '', id: expect.any(Number), automatic_new_visibility_policy: 3 });
    // `to` as a channel ID travels as its text.
    const byId = await client.messages.send({ type: 'stream', to: created.body.id, topic: 'js topic', content: 'by ID' });
    expect(byId).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    expect(byId.id).toBeGreaterThan(sent.id);

    // messages.retrieve sends the narrow as JSON text in the query string.
    const narrow = [
      { operator: 'channel', operand: name },
      { operator: 'topic', operand: 'js topic' },
    ];
    const mine = await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow });
    assertMatchesContract({ method: 'GET', path: '/messages', status: 200, body: mine });
    expect(mine).toMatchObject({
      result: 'success',
      msg: '',
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_anchor: false,
      found_oldest: true,
      found_newest: true,
      history_limited: false,
    });
    expect(mine.messages.map((m: { id: number }) => m.id)).toEqual([sent.id, byId.id]);
    expect(mine.messages[0]).toMatchObject({
      id: sent.id,
      type: 'stream',
      stream_id: created.body.id,
      display_recipient: name,
      subject: 'js topic',
      sender_id: realm.member.user_id,
      sender_full_name: 'Mia Member',
      sender_email: realm.member.email,
      content: '<p>Hello from <strong>zulip-js</strong></p>',
      content_type: 'text/html',
      flags: [],
    });

    // Another subscriber reads them unread, with a legacy [operator, operand] narrow.
    const other = await zulipInit({ username: realm.other.email, apiKey: realm.other.api_key, realm: site() });
    const theirs = await other.messages.retrieve({ anchor: sent.id, num_before: 0, num_after: 10, narrow: [['stream', name]] });
    assertMatchesContract({ method: 'GET', path: '/messages', status: 200, body: theirs });
    expect(theirs).toMatchObject({ anchor: sent.id, found_anchor: true, found_newest: true });
    expect(theirs.messages.map((m: { id: number; flags: string[] }) => [m.id, m.flags])).toEqual([
      [sent.id, []],
      [byId.id, []],
    ]);
  });

  it('sends a direct message to user IDs and retrieves it with a dm narrow; refusals come back as Zulip errors', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const sent = await client.messages.send({ type: 'direct', to: [realm.other.user_id], content: 'psst' });
    assertMatchesContract({ method: 'POST', path: '/messages', status: 200, body: sent });
    const other = await zulipInit({ username: realm.other.email, apiKey: realm.other.api_key, realm: site() });
    const res = await other.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'dm', operand: [realm.member.user_id] }] });
    assertMatchesContract({ method: 'GET', path: '/messages', status: 200, body: res });
    const last = res.messages[res.messages.length - 1];
    expect(last).toMatchObject({ id: sent.id, type: 'private', subject: '', content: '<p>psst</p>', flags: [], sender_id: realm.member.user_id });
    expect(last.display_recipient.map((r: { id: number }) => r.id)).toEqual([realm.member.user_id, realm.other.user_id].sort((a, b) => a - b));

    const refused = await client.messages.send({ type: 'stream', to: 'no such js channel', topic: 't', content: 'x' });
    assertMatchesContract({ method: 'POST', path: '/messages', status: 400, body: refused });
    expect(refused).toEqual({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'no such js channel' does not exist", stream: 'no such js channel' });
  });
});

describe('zulip-js message edits', () => {
  it('edits content with messages.update (PATCH, parameters in the query string) and moves a topic; refusals come back as Zulip errors', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const name = `js edits ${Date.now()}`;
    const created = await realm.owner.api.post('/channels/create', {
      name,
      subscribers: [realm.member.user_id, realm.other.user_id],
      send_new_subscription_messages: false,
    });
    expect(created.status).toBe(200);
    const sent = await client.messages.send({ type: 'stream', to: created.body.id, topic: 'js edit', content: 'Before zulip-js' });
    expect(sent).toEqual({ result: 'success', msg: '', id: expect.any(Number), automatic_new_visibility_policy: 3 });

    const updated = await client.messages.update({ message_id: sent.id, content: 'Edited from **zulip-js**' });
    assertMatchesContract({ method: 'PATCH', path: `/messages/${sent.id}`, status: 200, body: updated });
    expect(updated).toEqual({ result: 'success', msg: '', detached_uploads: [] });

    const other = await zulipInit({ username: realm.other.email, apiKey: realm.other.api_key, realm: site() });
    const read = await other.messages.getById({ message_id: sent.id });
    assertMatchesContract({ method: 'GET', path: `/messages/${sent.id}`, status: 200, body: read });
    expect(read).toMatchObject({
      result: 'success',
      raw_content: 'Edited from **zulip-js**',
      message: { id: sent.id, content: '<p>Edited from <strong>zulip-js</strong></p>', subject: 'js edit', sender_id: realm.member.user_id },
    });
    expect(read.message.last_edit_timestamp).toEqual(expect.any(Number));

    const moved = await client.messages.update({ message_id: sent.id, topic: 'js moved', propagate_mode: 'change_all', send_notification_to_new_thread: false });
    assertMatchesContract({ method: 'PATCH', path: `/messages/${sent.id}`, status: 200, body: moved });
    expect(moved).toEqual({ result: 'success', msg: '', detached_uploads: [] });
    expect((await other.messages.getById({ message_id: sent.id })).message.subject).toBe('js moved');

    const refused = await other.messages.update({ message_id: sent.id, content: 'Not mine' });
    assertMatchesContract({ method: 'PATCH', path: `/messages/${sent.id}`, status: 400, body: refused });
    expect(refused).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: "You don't have permission to edit this message" });
    expect((await other.messages.getById({ message_id: sent.id })).raw_content).toBe('Edited from **zulip-js**');
  });
});
