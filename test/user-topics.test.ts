import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { closeMessagesPool, messagesPool } from './support/messages-db';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * Topic visibility (Zulip's zerver/views/user_topics.py and actions/user_topics.py):
 * POST /user_topics, the legacy PATCH /users/me/subscriptions/muted_topics, user_topic and
 * muted_topics events, register's user_topics and muted_topics, for every role, with the
 * refusals. Every response and event is checked against the reference.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let elsewhere: TestRealm;
let roles: TestUser[];
let channel: { id: number; name: string };

beforeAll(async () => {
  realm = await createTestRealm('User topics realm');
  elsewhere = await createTestRealm('Other user topics realm');
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
  channel = await createChannel([...roles, realm.other]);
});
afterAll(async () => {
  await closeMessagesPool();
  await closeFixtures();
});

const createChannel = (subscribers: TestUser[], params: Json = {}) => newChannel(realm.owner, subscribers, params);

const setPolicy = (user: TestUser, stream_id: number, topic: string, visibility_policy: number) => user.api.post('/user_topics', { stream_id, topic, visibility_policy });
const muteLegacy = (user: TestUser, params: Json) => user.api.patch('/users/me/subscriptions/muted_topics', params);
const state = async (user: TestUser, types = ['user_topic', 'muted_topics'], capabilities: Json = {}) =>
  ok(await user.api.post('/register', { fetch_event_types: types, client_capabilities: capabilities }));
const policiesOf = async (user: TestUser, streamId = channel.id) => ((await state(user)).user_topics as Json[]).filter((t) => t.stream_id === streamId).map((t) => [t.topic_name, t.visibility_policy]);

describe('POST /user_topics', () => {
  it("sets, changes and removes a topic's policy for every role; user_topics has it with its time", async () => {
    for (const user of roles) {
      const topic = unique('Lunch ');
      const before = Math.floor(Date.now() / 1000);
      for (const policy of [1, 2, 3]) {
        ok(await setPolicy(user, channel.id, topic, policy));
        expect(await policiesOf(user)).toContainEqual([topic, policy]);
      }
      const entry = ((await state(user)).user_topics as Json[]).find((t) => t.topic_name === topic)!;
      expect(entry.last_updated).toBeGreaterThanOrEqual(before);
      ok(await setPolicy(user, channel.id, topic, 0));
      expect((await policiesOf(user)).map(([t]) => t)).not.toContain(topic);
    }
  });

  it('treats the topic whatever its case as one, keeping the spelling it was last set with', async () => {
    const topic = unique('Plans ');
    ok(await setPolicy(realm.member, channel.id, topic, 1));
    ok(await setPolicy(realm.member, channel.id, topic.toUpperCase(), 3));
    const mine = (await policiesOf(realm.member)).filter(([t]) => (t as string).toLowerCase() === topic.toLowerCase());
    expect(mine).toEqual([[topic.toUpperCase(), 3]]);
    ok(await setPolicy(realm.member, channel.id, topic.toLowerCase(), 0));
    expect((await policiesOf(realm.member)).filter(([t]) => (t as string).toLowerCase() === topic.toLowerCase())).toEqual([]);
  });

  it("takes the realm's name for the empty topic as the empty topic, shown by the client's capability", async () => {
    const { realm_empty_topic_display_name: general } = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    ok(await setPolicy(realm.member, channel.id, general, 1));
    const capable = (await state(realm.member, ['user_topic'], { empty_topic_name: true })).user_topics as Json[];
    expect(capable.filter((t) => t.stream_id === channel.id && t.topic_name === '')).toHaveLength(1);
    expect(((await state(realm.member)).user_topics as Json[]).filter((t) => t.stream_id === channel.id && t.topic_name === general)).toHaveLength(1);
    ok(await setPolicy(realm.member, channel.id, '', 0));
    expect(((await state(realm.member, ['user_topic'], { empty_topic_name: true })).user_topics as Json[]).filter((t) => t.stream_id === channel.id && t.topic_name === '')).toEqual([]);
  });

  it('refuses a policy out of range, a topic too long, and missing parameters', async () => {
    refused(await setPolicy(realm.member, channel.id, 'x', 4), 'Invalid visibility_policy');
    refused(await setPolicy(realm.member, channel.id, 'x', -1), 'Invalid visibility_policy');
    refused(await setPolicy(realm.member, channel.id, 'x'.repeat(61), 1), 'topic is too long (limit: 60 characters)');
    refused(await realm.member.api.post('/user_topics', { stream_id: channel.id, topic: 'x' }), "Missing 'visibility_policy' argument", 'REQUEST_VARIABLE_MISSING');
    refused(await realm.member.api.post('/user_topics', { stream_id: channel.id, visibility_policy: 1 }), "Missing 'topic' argument", 'REQUEST_VARIABLE_MISSING');
  });

  it('refuses channels the user may not read, nonexistent ones and other realms\' as "Invalid channel ID"', async () => {
    const secret = await createChannel([realm.admin], { invite_only: true });
    const unjoined = await createChannel([realm.admin]);
    const theirs = ok(await elsewhere.owner.api.post('/channels/create', { name: unique('Theirs '), subscribers: [elsewhere.owner.user_id] })).id as number;
    for (const id of [secret.id, theirs, 999_999_999]) refused(await setPolicy(realm.member, id, 'x', 1), 'Invalid channel ID');
    // A guest reads only the public channels it is subscribed to.
    refused(await setPolicy(realm.guest, unjoined.id, 'x', 1), 'Invalid channel ID');
    ok(await setPolicy(realm.member, unjoined.id, 'x', 1));
  });

  it('removes a policy in a channel the user no longer reads; only a nonexistent channel is refused', async () => {
    const closing = await createChannel([realm.admin, realm.member], { invite_only: true });
    ok(await setPolicy(realm.member, closing.id, 'secret plans', 1));
    ok(await realm.admin.api.delete('/users/me/subscriptions', { subscriptions: [closing.name], principals: [realm.member.user_id] }));
    refused(await setPolicy(realm.member, closing.id, 'secret plans', 1), 'Invalid channel ID');
    ok(await setPolicy(realm.member, closing.id, 'secret plans', 0));
    refused(await setPolicy(realm.member, 999_999_999, 'x', 0), 'Invalid channel ID');
  });

  it(`refuses a new topic beyond ${10_000} policies, but still changes one already set`, async () => {
    const kept = unique('kept ');
    ok(await setPolicy(realm.other, channel.id, kept, 1));
    await messagesPool().query(
      `INSERT INTO user_topics (user_id, channel_id, topic, visibility_policy)
       SELECT $1, $2, 'bulk ' || g, 1 FROM generate_series(1, 9999) AS g`,
      [realm.other.user_id, channel.id],
    );
    refused(await setPolicy(realm.other, channel.id, unique('one too many '), 3), 'You may set a visibility policy for at most 10000 topics.');
    ok(await setPolicy(realm.other, channel.id, kept, 3));
    ok(await setPolicy(realm.other, channel.id, 'bulk 1', 0));
    ok(await setPolicy(realm.other, channel.id, unique('room again '), 3));
    await messagesPool().query("DELETE FROM user_topics WHERE user_id = $1 AND topic LIKE 'bulk %'", [realm.other.user_id]);
  });
});

describe('PATCH /users/me/subscriptions/muted_topics (deprecated)', () => {
  it('mutes and unmutes by channel ID or name for every role; twice is not an error (feature level 169)', async () => {
    for (const user of roles) {
      const topic = unique('Noise ');
      ok(await muteLegacy(user, { stream_id: channel.id, topic, op: 'add' }));
      ok(await muteLegacy(user, { stream: channel.name, topic, op: 'add' }));
      expect(await policiesOf(user)).toContainEqual([topic, 1]);
      expect(((await state(user)).muted_topics as Json[]).filter((m) => m[1] === topic).map((m) => m.slice(0, 2))).toEqual([[channel.name, topic]]);
      ok(await muteLegacy(user, { stream: channel.name, topic, op: 'remove' }));
      ok(await muteLegacy(user, { stream_id: channel.id, topic, op: 'remove' }));
      expect((await policiesOf(user)).map(([t]) => t)).not.toContain(topic);
    }
  });

  it('refuses both or neither channel parameter, an unknown op, and channels it cannot find', async () => {
    refused(await muteLegacy(realm.member, { topic: 'x', op: 'add' }), "Missing 'stream_id' argument");
    refused(await muteLegacy(realm.member, { stream_id: channel.id, stream: channel.name, topic: 'x', op: 'add' }), 'Unsupported parameter combination: stream_id, stream', 'BAD_REQUEST', {
      parameters: 'stream_id, stream',
    });
    refused(await muteLegacy(realm.member, { stream_id: channel.id, topic: 'x', op: 'toggle' }), 'Invalid op');
    refused(await muteLegacy(realm.member, { stream_id: 999_999_999, topic: 'x', op: 'add' }), 'Invalid channel ID');
    refused(await muteLegacy(realm.member, { stream: 'No such channel', topic: 'x', op: 'add' }), "Invalid channel name 'No such channel'");
    refused(await muteLegacy(realm.member, { stream_id: 999_999_999, topic: 'x', op: 'remove' }), 'Topic is not muted');
    refused(await muteLegacy(realm.member, { stream: 'No such channel', topic: 'x', op: 'remove' }), 'Topic is not muted');
  });
});

describe('user_topic and muted_topics events', () => {
  const register = async (user: TestUser, event_types: string[]) => ok(await user.api.post('/register', { event_types })).queue_id as string;
  const ofTypes = async (user: TestUser, queue: string, count: number) => {
    const events = await eventsOf(user, queue, count);
    return events.filter((e) => e.type === 'user_topic' || e.type === 'muted_topics');
  };

  it("tells the user's queues: user_topic to those that ask for it, muted_topics to the others, both to those that ask for all", async () => {
    const user = realm.moderator;
    const [modern, legacy, both] = [await register(user, ['user_topic']), await register(user, ['muted_topics']), await register(user, ['user_topic', 'muted_topics'])];
    const allQueue = ok(await user.api.post('/register', {})).queue_id as string;
    const topic = unique('Watched ');
    ok(await setPolicy(user, channel.id, topic, 1));
    ok(await setPolicy(user, channel.id, topic, 1)); // unchanged: no event
    ok(await setPolicy(user, channel.id, topic, 3));
    const userTopic = (policy: number) => ({ type: 'user_topic', stream_id: channel.id, topic_name: topic, visibility_policy: policy, last_updated: expect.any(Number) });
    const modernEvents = await ofTypes(user, modern, 2);
    expect(modernEvents.map(({ id: _id, ...e }) => e)).toEqual([userTopic(1), userTopic(3)]);
    // The legacy event when muting changes: muted, then no longer muted.
    const legacyEvents = await ofTypes(user, legacy, 2);
    expect(legacyEvents.map((e) => [e.type, (e.muted_topics as Json[]).some((m) => m[0] === channel.name && m[1] === topic)])).toEqual([
      ['muted_topics', true],
      ['muted_topics', false],
    ]);
    expect((await ofTypes(user, both, 2)).map((e) => e.type)).toEqual(['user_topic', 'user_topic']);
    expect((await ofTypes(user, allQueue, 4)).map((e) => e.type)).toEqual(['muted_topics', 'user_topic', 'muted_topics', 'user_topic']);
  });

  it('applied to a stale register state, they give a fresh one', async () => {
    const user = realm.member;
    const stale = ok(await user.api.post('/register', { event_types: ['user_topic'] }));
    const queue = stale.queue_id as string;
    const [a, b] = [unique('A '), unique('B ')];
    ok(await setPolicy(user, channel.id, a, 1));
    ok(await setPolicy(user, channel.id, b, 3));
    ok(await setPolicy(user, channel.id, a, 0));
    // Only this test's three: an earlier test's event may still reach the new queue (delivery is asynchronous).
    let events: Json[] = [];
    await eventually(async () => {
      events = (await eventsOf(user, queue, 1)).filter((e) => e.type === 'user_topic' && [a, b].includes(e.topic_name));
      expect(events).toHaveLength(3);
    });
    let topics = stale.user_topics as Json[];
    for (const e of events) {
      topics = topics.filter((t) => !(t.stream_id === e.stream_id && t.topic_name.toLowerCase() === e.topic_name.toLowerCase()));
      if (e.visibility_policy !== 0) topics.push({ stream_id: e.stream_id, topic_name: e.topic_name, last_updated: e.last_updated, visibility_policy: e.visibility_policy });
    }
    const sort = (list: Json[]) => [...list].sort((x, y) => `${x.stream_id}/${x.topic_name}`.localeCompare(`${y.stream_id}/${y.topic_name}`));
    expect(sort(topics)).toEqual(sort((await state(user, ['user_topic'])).user_topics as Json[]));
  });
});

describe('register user_topics and muted_topics', () => {
  it('are present only when asked for, and leave out archived channels', async () => {
    const archived = await createChannel([realm.admin, realm.member]);
    const topic = unique('Old ');
    ok(await setPolicy(realm.member, archived.id, topic, 1));
    expect(await policiesOf(realm.member, archived.id)).toEqual([[topic, 1]]);
    ok(await realm.owner.api.delete(`/streams/${archived.id}`));
    expect(await policiesOf(realm.member, archived.id)).toEqual([]);
    expect(((await state(realm.member)).muted_topics as Json[]).filter((m) => m[1] === topic)).toEqual([]);
    const neither = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(neither).not.toHaveProperty('user_topics');
    expect(neither).not.toHaveProperty('muted_topics');
  });
});
