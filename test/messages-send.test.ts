import { Role } from '@parley/common';
import { Params, RequestOpts } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';

/**
 * Sending and reading messages: POST /messages (types, `to` in every form, topics and the
 * channel's topics_policy, content and topic limits, who may post where, direct-message
 * recipients, wildcard-mention permissions, the recipients' flags and the message events
 * with their audience), GET /messages (anchors, counts and the found_* promises, message
 * fields by value, who sees which history, allow_empty_topic_name, apply_markdown,
 * message_ids, the narrows wired end to end), GET /messages/{message_id},
 * POST /messages/render, and register's max_message_id. Where the reference is silent,
 * Zulip's server decides (zerver/actions/message_send.py, zerver/views/message_fetch.py,
 * zerver/lib/narrow.py, zerver/lib/streams.py).
 */
type Json = Record<string, any>;

let realm: TestRealm;
let sys: Record<string, number>;
/** Another realm: its topics_policy is changed, and its users must never see this realm's messages. */
let elsewhere: TestRealm;
/** Twelve more members, for the wildcard-mention thresholds (more than 15 subscribers / participants). */
let crowd: TestUser[];
let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const byId = (a: number, b: number) => a - b;
const sorted = (list: string[]) => [...list].sort();

const UI: RequestOpts = { headers: { 'user-agent': 'ZulipMobile/27.1' } };
const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;
const NOT_FOUND = 'Invalid message(s)';

beforeAll(async () => {
  [realm, elsewhere] = await Promise.all([createTestRealm('Messages realm'), createTestRealm('Other messages realm')]);
  sys = await systemGroupIds(realm.realm_id);
  crowd = [];
  for (let i = 1; i <= 12; i++) crowd.push(await realm.addUser({ role: Role.MEMBER, name: `Crowd ${i}` }));
}, 60_000);
afterAll(closeFixtures);

/**
 * POST /channels/create as the owner; returns the channel's ID and name. Without the
 * Notification Bot's "subscribed you" direct messages, which arrive asynchronously.
 */
async function createChannel(subscribers: TestUser[], params: Params = {}, by: TestUser = realm.owner): Promise<{ id: number; name: string }> {
  const name = (params.name as string | undefined) ?? unique('Channel');
  const id = ok(
    await by.api.post('/channels/create', {
      name,
      subscribers: subscribers.map((u) => u.user_id),
      send_new_subscription_messages: false,
      ...params,
    }),
  ).id as number;
  return { id, name };
}

const send = (user: TestUser, params: Params, opts: RequestOpts = {}) => user.api.post('/messages', params, opts);

async function sendOk(user: TestUser, params: Params, opts: RequestOpts = {}): Promise<number> {
  const body = ok(await send(user, params, opts));
  // automatic_new_visibility_policy: when the send changed the sender's topic visibility (test/topic-visibility-auto.test.ts).
  expect(
    Object.keys(body)
      .filter((k) => k !== 'automatic_new_visibility_policy')
      .sort(),
  ).toEqual(['id', 'msg', 'result']);
  return body.id as number;
}

const post = (user: TestUser, channel: { id: number }, topic: string, content: string, extra: Params = {}, opts: RequestOpts = {}) =>
  sendOk(user, { type: 'stream', to: channel.id, topic, content, ...extra }, opts);

const dm = (user: TestUser, to: TestUser[], content: string, extra: Params = {}) => sendOk(user, { type: 'direct', to: to.map((u) => u.user_id), content, ...extra });

const fetch = async (user: TestUser, params: Params): Promise<Json> => ok(await user.api.get('/messages', params));

/** The messages of a narrow, oldest first (anchor newest, up to 100). */
const inNarrow = async (user: TestUser, narrow: Json[], params: Params = {}): Promise<Json[]> => (await fetch(user, { anchor: 'newest', num_before: 100, num_after: 0, narrow, ...params })).messages;

const idsIn = async (user: TestUser, narrow: Json[], params: Params = {}): Promise<number[]> => (await inNarrow(user, narrow, params)).map((m) => m.id);

const channelNarrow = (channel: { id: number }) => [{ operator: 'channel', operand: channel.id }];

const getMessage = (user: TestUser, id: number, params: Params = {}) => user.api.get(`/messages/${id}`, params);
const messageOf = async (user: TestUser, id: number, params: Params = {}): Promise<Json> => ok(await getMessage(user, id, params)).message;
const flagsOf = async (user: TestUser, id: number): Promise<string[]> => sorted((await messageOf(user, id)).flags);
const rawOf = async (user: TestUser, id: number): Promise<string> => ok(await getMessage(user, id)).raw_content;

// ---- events ----

const registerQueue = async (user: TestUser, params: Params = {}): Promise<string> => ok(await user.api.post('/register', { event_types: ['message'], apply_markdown: true, ...params })).queue_id;

const queued = async (user: TestUser, queueId: string): Promise<Json[]> => ok(await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).events;

/** The queue's message event for message `id`, once it has arrived. */
async function messageEvent(user: TestUser, queueId: string, id: number): Promise<Json> {
  let found: Json | undefined;
  await eventually(async () => {
    found = (await queued(user, queueId)).find((e) => e.type === 'message' && e.message.id === id);
    expect(found).toBeDefined();
  }, 10_000);
  return found!;
}

/**
 * To show a queue got no event for message `id`: a later direct message to its user (sent
 * by `marker`), then the queue's events so far. Message events reach each queue in order.
 */
async function assertNoMessageEvent(watchers: [TestUser, string][], id: number, marker: TestUser): Promise<void> {
  const markerId = await dm(
    marker,
    watchers.map(([u]) => u).filter((u) => u.user_id !== marker.user_id),
    'marker',
  );
  for (const [user, queueId] of watchers) {
    await messageEvent(user, queueId, markerId);
    expect((await queued(user, queueId)).filter((e) => e.type === 'message' && e.message.id === id)).toEqual([]);
  }
}

// ---------------------------------------------------------------------------------------

describe('POST /messages: addressing', () => {
  let general: { id: number; name: string };
  beforeAll(async () => {
    general = await createChannel([realm.member, realm.other], { name: unique('Addressing') });
  });

  it.each(['stream', 'channel'])('sends a channel message with type %s and answers {id}', async (type) => {
    const id = await sendOk(realm.member, { type, to: general.id, topic: 'types', content: `type ${type}` });
    const m = await messageOf(realm.member, id);
    expect(m).toMatchObject({ id, type: 'stream', stream_id: general.id, display_recipient: general.name, subject: 'types', content: `<p>type ${type}</p>` });
  });

  it('takes the channel as an ID, a JSON-encoded name, a bare name, and a one-element JSON list', async () => {
    const ids = [
      await sendOk(realm.member, { type: 'stream', to: general.id, topic: 'to', content: 'by id' }),
      await sendOk(realm.member, { type: 'stream', to: JSON.stringify(general.name), topic: 'to', content: 'by JSON name' }),
      await sendOk(realm.member, { type: 'stream', to: general.name, topic: 'to', content: 'by bare name' }),
      await sendOk(realm.member, { type: 'stream', to: JSON.stringify([general.id]), topic: 'to', content: 'by list' }),
    ];
    const messages = await inNarrow(realm.member, [...channelNarrow(general), { operator: 'topic', operand: 'to' }]);
    expect(messages.map((m) => [m.id, m.stream_id, m.content])).toEqual([
      [ids[0], general.id, '<p>by id</p>'],
      [ids[1], general.id, '<p>by JSON name</p>'],
      [ids[2], general.id, '<p>by bare name</p>'],
      [ids[3], general.id, '<p>by list</p>'],
    ]);
  });

  it('gives increasing IDs', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await sendOk(realm.member, { type: 'stream', to: general.id, topic: 'order', content: `n${i}` }));
    expect(ids[1]).toBeGreaterThan(ids[0]);
    expect(ids[2]).toBeGreaterThan(ids[1]);
  });

  it.each(['direct', 'private'])('sends a direct message with type %s to user IDs', async (type) => {
    const id = await sendOk(realm.member, { type, to: [realm.other.user_id], content: `dm ${type}` });
    const m = await messageOf(realm.other, id);
    expect(m).toMatchObject({ id, type: 'private', subject: '', content: `<p>dm ${type}</p>`, sender_id: realm.member.user_id });
    expect(m).not.toHaveProperty('stream_id');
    expect(m.display_recipient.map((r: Json) => r.id)).toEqual([realm.member.user_id, realm.other.user_id].sort(byId));
  });

  it('starts a new direct-message conversation once when its first messages are sent at the same time', async () => {
    // The conversation's recipient row is made on first use: concurrent first sends used to
    // lose that race with a 500 (found by the soak and the fault tests).
    const [a, b] = [await realm.addUser({ name: unique('Racer') }), await realm.addUser({ name: unique('Racer') })];
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => sendOk(a, { type: 'direct', to: [b.user_id], content: `race ${i}` })));
    const messages = await inNarrow(b, [{ operator: 'dm', operand: [a.user_id] }]);
    expect(messages.map((m) => m.id).sort(byId)).toEqual([...ids].sort(byId));
    expect(new Set(messages.map((m) => m.recipient_id)).size).toBe(1);
  });

  it('takes direct-message recipients as a JSON list of emails and as emails separated by commas', async () => {
    const a = await sendOk(realm.member, { type: 'direct', to: [realm.other.email], content: 'emails list' });
    const b = await sendOk(realm.member, { type: 'direct', to: `${realm.other.email}, ${realm.admin.email}`, content: 'emails commas' });
    expect((await messageOf(realm.other, a)).display_recipient.map((r: Json) => r.id)).toEqual([realm.member.user_id, realm.other.user_id].sort(byId));
    expect((await messageOf(realm.admin, b)).display_recipient.map((r: Json) => r.id)).toEqual([realm.member.user_id, realm.other.user_id, realm.admin.user_id].sort(byId));
  });

  it("refuses an unknown type, including the names of an object's own properties", async () => {
    for (const type of ['broadcast', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      refused(await send(realm.member, { type, to: general.id, topic: 't', content: 'x' }), 'Invalid message type');
  });

  it('refuses an unknown channel by ID (stream_id) and by name (stream)', async () => {
    refused(await send(realm.member, { type: 'stream', to: 987654321, topic: 't', content: 'x' }), "Channel with ID '987654321' does not exist", 'STREAM_DOES_NOT_EXIST', { stream_id: 987654321 });
    refused(await send(realm.member, { type: 'stream', to: 'No such channel', topic: 't', content: 'x' }), "Channel 'No such channel' does not exist", 'STREAM_DOES_NOT_EXIST', {
      stream: 'No such channel',
    });
  });

  it('refuses a channel of another realm as unknown', async () => {
    const theirs = await createChannel([elsewhere.member], { name: unique('Theirs') }, elsewhere.owner);
    refused(await send(realm.member, { type: 'stream', to: theirs.id, topic: 't', content: 'x' }), `Channel with ID '${theirs.id}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream_id: theirs.id });
  });

  it('refuses unknown direct-message recipients by ID and by email, and deactivated ones', async () => {
    refused(await send(realm.member, { type: 'direct', to: [987654321], content: 'x' }), 'Invalid user ID 987654321');
    refused(await send(realm.member, { type: 'direct', to: ['nobody@example.test'], content: 'x' }), "Invalid email 'nobody@example.test'");
    refused(await send(realm.member, { type: 'direct', to: [elsewhere.member.user_id], content: 'x' }), `Invalid user ID ${elsewhere.member.user_id}`);
    const leaving = await realm.addUser({ name: 'Leaving Soon' });
    ok(await realm.admin.api.delete(`/users/${leaving.user_id}`));
    refused(await send(realm.member, { type: 'direct', to: [leaving.user_id], content: 'x' }), `'${leaving.email}' is no longer using Zulip.`);
    refused(await send(realm.member, { type: 'direct', to: [leaving.email], content: 'x' }), `'${leaving.email}' is no longer using Zulip.`);
  });

  it('refuses queue_id without local_id', async () => {
    const queueId = await registerQueue(realm.member);
    refused(await send(realm.member, { type: 'stream', to: general.id, topic: 't', content: 'x', queue_id: queueId }), 'Missing local_id');
  });
});

describe('POST /messages: topics', () => {
  it('takes `topic` and the deprecated `subject`, trimmed', async () => {
    const c = await createChannel([realm.member]);
    const a = await post(realm.member, c, '  spaced topic  ', 'topic');
    const b = await sendOk(realm.member, { type: 'stream', to: c.id, subject: 'legacy subject', content: 'subject' });
    expect((await messageOf(realm.member, a)).subject).toBe('spaced topic');
    expect((await messageOf(realm.member, b)).subject).toBe('legacy subject');
  });

  it('reads "(no topic)", the realm\'s realm_empty_topic_display_name and "" as the empty topic', async () => {
    const c = await createChannel([realm.member]);
    const displayName = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).realm_empty_topic_display_name as string;
    expect(displayName).toBe('general chat');
    const ids = [await post(realm.member, c, '(no topic)', 'a'), await post(realm.member, c, displayName, 'b'), await post(realm.member, c, '', 'c')];
    for (const id of ids) expect((await messageOf(realm.member, id, { allow_empty_topic_name: true })).subject).toBe('');
  });

  it('cuts topics longer than max_topic_length (60) with "..."', async () => {
    const c = await createChannel([realm.member]);
    const limit = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).max_topic_length;
    expect(limit).toBe(60);
    const exact = 'x'.repeat(60);
    expect((await messageOf(realm.member, await post(realm.member, c, exact, 'a'))).subject).toBe(exact);
    expect((await messageOf(realm.member, await post(realm.member, c, 'y'.repeat(61), 'b'))).subject).toBe(`${'y'.repeat(57)}...`);
  });

  describe("the channel's topics_policy", () => {
    const GENERAL_CHAT_REFUSED = 'Sending messages to the general chat is not allowed in this channel.';
    const NAMED_REFUSED = 'Only the general chat topic is allowed in this channel.';

    it('allow_empty_topic: named and empty topics, and a missing topic is the empty topic', async () => {
      const c = await createChannel([realm.member], { topics_policy: 'allow_empty_topic' });
      await post(realm.member, c, 'named', 'a');
      await post(realm.member, c, '', 'b');
      const missing = await sendOk(realm.member, { type: 'stream', to: c.id, content: 'no topic parameter' });
      expect((await messageOf(realm.member, missing, { allow_empty_topic_name: true })).subject).toBe('');
    });

    it('disable_empty_topic: refuses the empty topic in each spelling, and a missing topic', async () => {
      const c = await createChannel([realm.member], { topics_policy: 'disable_empty_topic' });
      for (const topic of ['', '   ', '(no topic)', 'general chat']) {
        refused(await send(realm.member, { type: 'stream', to: c.id, topic, content: 'x' }), GENERAL_CHAT_REFUSED);
      }
      refused(await send(realm.member, { type: 'stream', to: c.id, content: 'x' }), 'Missing topic');
      await post(realm.member, c, 'named', 'fine');
    });

    it('empty_topic_only: refuses named topics, takes the empty and a missing topic', async () => {
      const c = await createChannel([realm.member], { topics_policy: 'empty_topic_only' });
      refused(await send(realm.member, { type: 'stream', to: c.id, topic: 'named', content: 'x' }), NAMED_REFUSED);
      await post(realm.member, c, '', 'a');
      await post(realm.member, c, '(no topic)', 'b');
      await sendOk(realm.member, { type: 'stream', to: c.id, content: 'c' });
      expect((await inNarrow(realm.member, channelNarrow(c), { allow_empty_topic_name: true })).map((m) => m.subject)).toEqual(['', '', '']);
    });

    it("inherit: follows the realm's topics_policy", async () => {
      ok(await elsewhere.owner.api.patch('/realm', { topics_policy: 'disable_empty_topic' }, { contract: 'envelope' }));
      const c = await createChannel([elsewhere.member], { topics_policy: 'inherit' }, elsewhere.owner);
      refused(await send(elsewhere.member, { type: 'stream', to: c.id, topic: '', content: 'x' }), GENERAL_CHAT_REFUSED);
      refused(await send(elsewhere.member, { type: 'stream', to: c.id, content: 'x' }), 'Missing topic');
      await post(elsewhere.member, c, 'named', 'fine');
      // A channel's own policy overrides the realm's.
      const open = await createChannel([elsewhere.member], { topics_policy: 'allow_empty_topic' }, elsewhere.owner);
      await post(elsewhere.member, open, '', 'empty is fine here');
      ok(await elsewhere.owner.api.patch('/realm', { topics_policy: 'allow_empty_topic' }, { contract: 'envelope' }));
      await post(elsewhere.member, c, '', 'and now here too');
    });

    it("a change of the realm's policy holds for the very next send, every time (the messages service keeps no stale copy)", async () => {
      const c = await createChannel([elsewhere.member], { topics_policy: 'inherit' }, elsewhere.owner);
      for (let i = 0; i < 6; i++) {
        const disabled = i % 2 === 0;
        ok(await elsewhere.owner.api.patch('/realm', { topics_policy: disabled ? 'disable_empty_topic' : 'allow_empty_topic' }, { contract: 'envelope' }));
        const res = await send(elsewhere.member, { type: 'stream', to: c.id, topic: '', content: `try ${i}` });
        if (disabled) refused(res, GENERAL_CHAT_REFUSED);
        else ok(res);
      }
    });
  });
});

describe('POST /messages: content', () => {
  let c: { id: number; name: string };
  beforeAll(async () => {
    c = await createChannel([realm.member]);
  });

  it('trims trailing white space and leading blank lines', async () => {
    const id = await post(realm.member, c, 'trim', '\n\n  indented stays\nsecond line  \n\n \t');
    expect(await rawOf(realm.member, id)).toBe('  indented stays\nsecond line');
  });

  it('refuses empty content, or only white space', async () => {
    refused(await send(realm.member, { type: 'stream', to: c.id, topic: 't', content: '' }), 'Message must not be empty');
    refused(await send(realm.member, { type: 'stream', to: c.id, topic: 't', content: ' \n\t\n ' }), 'Message must not be empty');
  });

  it('keeps content of max_message_length (10000) and cuts longer content with "\\n[message truncated]"', async () => {
    const limit = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).max_message_length;
    expect(limit).toBe(10000);
    const exact = 'a'.repeat(10000);
    expect(await rawOf(realm.member, await post(realm.member, c, 'long', exact))).toBe(exact);
    const cut = await rawOf(realm.member, await post(realm.member, c, 'long', 'b'.repeat(10001)));
    const marker = '\n[message truncated]';
    expect(cut).toBe('b'.repeat(10000 - marker.length) + marker);
  });
});

describe('POST /messages: who may post where', () => {
  it('lets every non-guest role post in a public channel it is not subscribed to', async () => {
    const c = await createChannel([realm.other]);
    for (const role of ['owner', 'admin', 'moderator', 'member', 'bot'] as const) await post(realm[role], c, 'open', `from ${role}`);
  });

  it('lets a guest post in a public channel only when subscribed', async () => {
    const c = await createChannel([realm.other]);
    refused(await send(realm.guest, { type: 'stream', to: c.id, topic: 't', content: 'x' }), `Not authorized to send to channel '${c.name}'`);
    const joined = await createChannel([realm.guest]);
    await post(realm.guest, joined, 'guest', 'hello');
  });

  it('refuses a private channel to those not subscribed, naming it as Zulip does; subscribers post', async () => {
    const c = await createChannel([realm.other], { invite_only: true });
    for (const role of ['owner', 'admin', 'moderator', 'member', 'guest'] as const) {
      refused(await send(realm[role], { type: 'stream', to: c.id, topic: 't', content: 'x' }), `Not authorized to send to channel '${c.name}'`);
      refused(await send(realm[role], { type: 'stream', to: c.name, topic: 't', content: 'x' }), `Not authorized to send to channel '${c.name}'`);
    }
    await post(realm.other, c, 'private', 'subscriber');
  });

  it('refuses an archived channel', async () => {
    const c = await createChannel([realm.member, realm.admin]);
    await post(realm.member, c, 't', 'before');
    ok(await realm.admin.api.delete(`/streams/${c.id}`));
    for (const user of [realm.member, realm.admin, realm.owner]) {
      refused(await send(user, { type: 'stream', to: c.id, topic: 't', content: 'after' }), `Not authorized to send to channel '${c.name}'`);
    }
  });

  it('follows can_send_message_group: role:administrators lets owners and administrators post, refuses the rest', async () => {
    const subscribers = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest];
    const c = await createChannel(subscribers);
    ok(await realm.owner.api.patch(`/streams/${c.id}`, { can_send_message_group: { new: sys['role:administrators'] } }));
    for (const role of ['moderator', 'member', 'guest'] as const) {
      refused(await send(realm[role], { type: 'stream', to: c.id, topic: 't', content: 'x' }), 'You do not have permission to post in this channel.');
    }
    for (const role of ['owner', 'admin'] as const) await post(realm[role], c, 't', `from ${role}`);
    ok(await realm.owner.api.patch(`/streams/${c.id}`, { can_send_message_group: { new: sys['role:everyone'] } }));
    await post(realm.member, c, 't', 'everyone again');
  });

  // The messages service keeps each caller's access to a channel between sends; these changes
  // (the channels service's and the users service's) must hold for the very next send.
  describe('a change holds for the very next send, every time', () => {
    const POST_REFUSED = 'You do not have permission to post in this channel.';
    // The race these guard against (the change's announcement arriving after the next send)
    // is lost one time in a few without the guarantee: 20 rounds catch it.
    const ROUNDS = 20;

    it("the channel's can_send_message_group", async () => {
      const c = await createChannel([realm.owner, realm.member]);
      for (let i = 0; i < ROUNDS; i++) {
        const adminsOnly = i % 2 === 0;
        ok(await realm.owner.api.patch(`/streams/${c.id}`, { can_send_message_group: { new: sys[adminsOnly ? 'role:administrators' : 'role:everyone'] } }));
        const res = await send(realm.member, { type: 'stream', to: c.id, topic: 't', content: `try ${i}` });
        if (adminsOnly) refused(res, POST_REFUSED);
        else ok(res);
      }
    });

    it("membership of the group that may post (the users service's change)", async () => {
      const c = await createChannel([realm.owner, realm.member]);
      const group = ok(await realm.owner.api.post('/user_groups/create', { name: unique('Posters'), description: 'may post', members: JSON.stringify([realm.owner.user_id]) })).group_id as number;
      ok(await realm.owner.api.patch(`/streams/${c.id}`, { can_send_message_group: { new: group } }));
      for (let i = 0; i < ROUNDS; i++) {
        const inGroup = i % 2 === 0;
        ok(await realm.owner.api.post(`/user_groups/${group}/members`, { [inGroup ? 'add' : 'delete']: JSON.stringify([realm.member.user_id]) }));
        const res = await send(realm.member, { type: 'stream', to: c.id, topic: 't', content: `try ${i}` });
        if (inGroup) ok(res);
        else refused(res, POST_REFUSED);
      }
    });

    it("the channel's subscribers: who is subscribed when the message is sent receives it", async () => {
      const c = await createChannel([realm.owner]);
      for (let i = 0; i < ROUNDS; i++) {
        const subscribed = i % 2 === 0;
        if (subscribed) ok(await realm.owner.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: c.name }]), principals: JSON.stringify([realm.other.user_id]) }));
        else ok(await realm.other.api.delete('/users/me/subscriptions', { subscriptions: JSON.stringify([c.name]) }));
        const id = await post(realm.owner, c, 't', `round ${i}`);
        const got = ok(await realm.other.api.get('/messages', { anchor: id, num_before: 0, num_after: 0, narrow: JSON.stringify([{ operator: 'id', operand: id }]) })).messages as Json[];
        expect([i, got[0]?.flags?.includes('read') === false]).toEqual([i, subscribed]);
      }
    });
  });
});

describe('POST /messages: wildcard mentions', () => {
  const CHANNEL_REFUSED = 'You do not have permission to use channel wildcard mentions in this channel.';
  const TOPIC_REFUSED = 'You do not have permission to use topic wildcard mentions in this topic.';
  let sixteen: { id: number; name: string };
  beforeAll(async () => {
    sixteen = await createChannel([...crowd, realm.admin, realm.moderator, realm.member, realm.other]);
  });

  it('refuses @**all**, @**everyone**, @**channel** and @**stream** from members and moderators in a channel of 16 subscribers', async () => {
    expect(ok(await realm.owner.api.get(`/streams/${sixteen.id}/members`)).subscribers).toHaveLength(16);
    for (const wildcard of ['all', 'everyone', 'channel', 'stream']) {
      for (const role of ['member', 'moderator'] as const) {
        refused(await send(realm[role], { type: 'stream', to: sixteen.id, topic: 'w', content: `hi @**${wildcard}**` }), CHANNEL_REFUSED, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED');
      }
    }
    expect(await idsIn(realm.admin, [...channelNarrow(sixteen), { operator: 'topic', operand: 'w' }])).toEqual([]);
  });

  it('lets administrators and owners (can_mention_many_users_group) use them there', async () => {
    await post(realm.admin, sixteen, 'w', 'hi @**all**');
    await post(realm.owner, sixteen, 'w', 'hi @**everyone**');
  });

  it('lets a member use a silent wildcard (@_**all**), which mentions nobody', async () => {
    const id = await post(realm.member, sixteen, 'silent', 'hi @_**all**');
    expect(await flagsOf(realm.other, id)).toEqual([]);
  });

  it('lets a member use them in a channel of 15 subscribers, whether or not the member is one', async () => {
    const fifteen = await createChannel([...crowd.slice(0, 11), realm.admin, realm.moderator, realm.member, realm.other]);
    await post(realm.member, fifteen, 'w', 'hi @**all**');
    // Zulip counts the channel's subscribers, not the sender.
    const fifteenWithoutMember = await createChannel([...crowd, realm.admin, realm.moderator, realm.other]);
    await post(realm.member, fifteenWithoutMember, 'w', 'hi @**channel**');
  });

  it('refuses @**topic** from a member when the topic has 16 participants with the sender; allows it at 15 and for administrators', async () => {
    // 15 others post in "crowded"; with the member (or the moderator) that makes 16 participants.
    const posters = [...crowd, realm.admin, realm.other, realm.bot];
    for (const u of posters) await post(u, sixteen, 'crowded', `I am ${u.full_name}`);
    refused(await send(realm.member, { type: 'stream', to: sixteen.id, topic: 'crowded', content: 'hi @**topic**' }), TOPIC_REFUSED, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    refused(await send(realm.moderator, { type: 'stream', to: sixteen.id, topic: 'crowded', content: 'hi @**topic**' }), TOPIC_REFUSED, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    await post(realm.admin, sixteen, 'crowded', 'hi @**topic**');
    // 14 others and the member: 15 participants.
    for (const u of posters.slice(0, 14)) await post(u, sixteen, 'fifteen', `I am ${u.full_name}`);
    await post(realm.member, sixteen, 'fifteen', 'hi @**topic**');
  });
});

describe("POST /messages: the recipients' flags", () => {
  let c: { id: number; name: string };
  beforeAll(async () => {
    c = await createChannel([realm.admin, realm.moderator, realm.member, realm.other, realm.guest]);
  });

  it('sets mentioned for a mentioned user only', async () => {
    const id = await post(realm.other, c, 'mention', `hi @**${realm.member.full_name}**`);
    expect(await flagsOf(realm.member, id)).toEqual(['mentioned']);
    expect(await flagsOf(realm.moderator, id)).toEqual([]);
    expect(await flagsOf(realm.other, id)).toEqual([]);
  });

  it('sets mentioned for the members of a mentioned group', async () => {
    const group = unique('Helpers');
    ok(await realm.owner.api.post('/user_groups/create', { name: group, description: 'helping', members: [realm.moderator.user_id, realm.guest.user_id] }));
    const id = await post(realm.other, c, 'group', `hi @*${group}*`);
    expect(await flagsOf(realm.moderator, id)).toEqual(['mentioned']);
    expect(await flagsOf(realm.guest, id)).toEqual(['mentioned']);
    expect(await flagsOf(realm.member, id)).toEqual([]);
    expect(await flagsOf(realm.admin, id)).toEqual([]);
  });

  it('sets stream_wildcard_mentioned and the deprecated wildcard_mentioned on every copy for @**all**', async () => {
    const id = await post(realm.other, c, 'all', 'hi @**all**');
    for (const user of [realm.admin, realm.moderator, realm.member, realm.guest, realm.other]) {
      expect(await flagsOf(user, id)).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    }
  });

  it("sets topic_wildcard_mentioned and wildcard_mentioned for @**topic** on the topic's participants only", async () => {
    await post(realm.admin, c, 'participants', 'first');
    await post(realm.member, c, 'participants', 'second');
    await post(realm.moderator, c, 'elsewhere', 'not in the topic');
    const id = await post(realm.other, c, 'participants', 'hi @**topic**');
    for (const user of [realm.admin, realm.member, realm.other]) {
      expect(await flagsOf(user, id)).toEqual(['topic_wildcard_mentioned', 'wildcard_mentioned']);
    }
    expect(await flagsOf(realm.moderator, id)).toEqual([]);
    expect(await flagsOf(realm.guest, id)).toEqual([]);
  });

  it("starts the sender's copy read from a UI client and unread from an API client; read_by_sender overrides both", async () => {
    const fromUi = await post(realm.member, c, 'read', 'from the app', {}, UI);
    const fromApi = await post(realm.member, c, 'read', 'from a script');
    const uiUnread = await post(realm.member, c, 'read', 'app, unread', { read_by_sender: false }, UI);
    const apiRead = await post(realm.member, c, 'read', 'script, read', { read_by_sender: true });
    expect(await flagsOf(realm.member, fromUi)).toEqual(['read']);
    expect(await flagsOf(realm.member, fromApi)).toEqual([]);
    expect(await flagsOf(realm.member, uiUnread)).toEqual([]);
    expect(await flagsOf(realm.member, apiRead)).toEqual(['read']);
    // Other recipients' copies start unread either way.
    for (const id of [fromUi, apiRead]) expect(await flagsOf(realm.other, id)).toEqual([]);
    // Direct messages too.
    const direct = await sendOk(realm.member, { type: 'direct', to: [realm.other.user_id], content: 'dm from the app' }, UI);
    expect(await flagsOf(realm.member, direct)).toEqual(['read']);
    expect(await flagsOf(realm.other, direct)).toEqual([]);
  });
});

describe('POST /messages: message events', () => {
  it("reach the channel's subscribers and the sender, each with their own flags; local_message_id only in the sender's queue", async () => {
    const c = await createChannel([realm.admin, realm.member]);
    const [adminQ, memberQ, otherQ, moderatorQ] = await Promise.all([realm.admin, realm.member, realm.other, realm.moderator].map((u) => registerQueue(u)));
    const before = Math.floor(Date.now() / 1000);
    const id = await post(realm.other, c, 'events', `hi @**${realm.member.full_name}**`, { queue_id: otherQ, local_id: '42.01' });
    const after = Math.floor(Date.now() / 1000);

    const forMember = await messageEvent(realm.member, memberQ, id);
    expect(forMember.flags).toEqual(['mentioned']);
    expect(forMember).not.toHaveProperty('local_message_id');
    expect(forMember.message).toMatchObject({
      id,
      type: 'stream',
      stream_id: c.id,
      display_recipient: c.name,
      subject: 'events',
      sender_id: realm.other.user_id,
      sender_full_name: realm.other.full_name,
      sender_email: realm.other.email,
      content_type: 'text/html',
      content: `<p>hi <span class="user-mention" data-user-id="${realm.member.user_id}">@${realm.member.full_name}</span></p>`,
    });
    expect(forMember.message.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(forMember.message.timestamp).toBeLessThanOrEqual(after + 1);

    const forAdmin = await messageEvent(realm.admin, adminQ, id);
    expect(forAdmin.flags).toEqual([]);
    expect(forAdmin).not.toHaveProperty('local_message_id');

    const forSender = await messageEvent(realm.other, otherQ, id);
    expect(forSender.flags).toEqual([]);
    expect(forSender.local_message_id).toBe('42.01');

    await assertNoMessageEvent([[realm.moderator, moderatorQ]], id, realm.owner);
  });

  it('of direct messages reach exactly the participants', async () => {
    const [memberQ, otherQ, adminQ] = await Promise.all([realm.member, realm.other, realm.admin].map((u) => registerQueue(u)));
    const id = await sendOk(realm.member, { type: 'direct', to: [realm.other.user_id], content: 'just us' }, UI);
    const forOther = await messageEvent(realm.other, otherQ, id);
    expect(forOther.flags).toEqual([]);
    expect(forOther.message).toMatchObject({ id, type: 'private', content: '<p>just us</p>' });
    expect(forOther.message.display_recipient.map((r: Json) => r.id)).toEqual([realm.member.user_id, realm.other.user_id].sort(byId));
    expect((await messageEvent(realm.member, memberQ, id)).flags).toEqual(['read']);
    await assertNoMessageEvent([[realm.admin, adminQ]], id, realm.owner);
  });

  it('carry Markdown to queues registered with apply_markdown false and HTML to the others', async () => {
    const c = await createChannel([realm.member, realm.other]);
    const markdownQ = await registerQueue(realm.member, { apply_markdown: false });
    const htmlQ = await registerQueue(realm.other, { apply_markdown: true });
    const id = await post(realm.admin, c, 'markdown', 'some **bold** text');
    expect((await messageEvent(realm.member, markdownQ, id)).message).toMatchObject({ content: 'some **bold** text', content_type: 'text/x-markdown' });
    expect((await messageEvent(realm.other, htmlQ, id)).message).toMatchObject({ content: '<p>some <strong>bold</strong> text</p>', content_type: 'text/html' });
  });
});

describe('GET /messages: anchors and counts', () => {
  let c: { id: number; name: string };
  let m: number[];
  let between: number;
  beforeAll(async () => {
    c = await createChannel([realm.member, realm.other]);
    const side = await createChannel([realm.member]);
    m = [];
    for (let i = 1; i <= 5; i++) {
      m.push(await post(realm.other, c, 'counting', `m${i}`));
      if (i === 2) between = await post(realm.other, side, 'side', 'not in the narrow');
    }
  });
  const range = (params: Params) => fetch(realm.member, { narrow: channelNarrow(c), ...params });
  const summary = (body: Json) => ({
    ids: body.messages.map((x: Json) => x.id),
    anchor: body.anchor,
    found_anchor: body.found_anchor,
    found_oldest: body.found_oldest,
    found_newest: body.found_newest,
  });

  it('anchors at an ID with num_before and num_after', async () => {
    expect(summary(await range({ anchor: m[2], num_before: 1, num_after: 1 }))).toEqual({ ids: [m[1], m[2], m[3]], anchor: m[2], found_anchor: true, found_oldest: false, found_newest: false });
    expect(summary(await range({ anchor: m[2], num_before: 5, num_after: 5 }))).toEqual({ ids: m, anchor: m[2], found_anchor: true, found_oldest: true, found_newest: true });
    expect(summary(await range({ anchor: m[2], num_before: 2, num_after: 2 }))).toEqual({ ids: m, anchor: m[2], found_anchor: true, found_oldest: false, found_newest: false });
    expect(summary(await range({ anchor: m[2], num_before: 0, num_after: 0 }))).toEqual({ ids: [m[2]], anchor: m[2], found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('reports found_anchor false for an anchor not in the narrow', async () => {
    expect(summary(await range({ anchor: between, num_before: 1, num_after: 1 }))).toEqual({ ids: [m[1], m[2]], anchor: between, found_anchor: false, found_oldest: false, found_newest: false });
  });

  it('leaves the anchor out with include_anchor false, at either end of the range only', async () => {
    expect(summary(await range({ anchor: m[2], include_anchor: false, num_before: 2, num_after: 0 }))).toEqual({
      ids: [m[0], m[1]],
      anchor: m[2],
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
    });
    expect(summary(await range({ anchor: m[2], include_anchor: false, num_before: 0, num_after: 5 }))).toEqual({
      ids: [m[3], m[4]],
      anchor: m[2],
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
    });
    refused(
      await realm.member.api.get('/messages', { narrow: channelNarrow(c), anchor: m[2], include_anchor: false, num_before: 1, num_after: 1 }),
      'The anchor can only be excluded at an end of the range',
    );
  });

  it('anchors at oldest and newest', async () => {
    expect(summary(await range({ anchor: 'oldest', num_before: 0, num_after: 2 }))).toEqual({ ids: [m[0], m[1]], anchor: 0, found_anchor: false, found_oldest: true, found_newest: false });
    expect(summary(await range({ anchor: 'newest', num_before: 2, num_after: 0 }))).toEqual({
      ids: [m[3], m[4]],
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
    });
    expect(summary(await range({ anchor: 'newest', num_before: 10, num_after: 3 }))).toEqual({
      ids: m,
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_anchor: false,
      found_oldest: true,
      found_newest: true,
    });
  });

  it('clamps a negative anchor to 0 (oldest), as Zulip', async () => {
    expect(summary(await range({ anchor: -5, num_before: 0, num_after: 1 }))).toEqual({ ids: [m[0]], anchor: 0, found_anchor: false, found_oldest: true, found_newest: false });
  });

  it('anchors at first_unread: the oldest unread message, else newest', async () => {
    const channel = await createChannel([realm.member]);
    const ids = [];
    for (let i = 1; i <= 4; i++) ids.push(await post(realm.other, channel, 'unread', `u${i}`));
    ok(await realm.member.api.post('/messages/flags', { messages: ids.slice(0, 2), op: 'add', flag: 'read' }));
    const narrow = channelNarrow(channel);
    expect(summary(await fetch(realm.member, { narrow, anchor: 'first_unread', num_before: 1, num_after: 1 }))).toEqual({
      ids: [ids[1], ids[2], ids[3]],
      anchor: ids[2],
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
    });
    ok(await realm.member.api.post('/messages/flags', { messages: ids, op: 'add', flag: 'read' }));
    expect(summary(await fetch(realm.member, { narrow, anchor: 'first_unread', num_before: 1, num_after: 1 }))).toEqual({
      ids: [ids[3]],
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
    });
  });

  it('anchors at a date (anchor_date, UNIX seconds): the first message sent then or later', async () => {
    const channel = await createChannel([realm.member]);
    const first = await post(realm.other, channel, 'dated', 'first');
    const second = await post(realm.other, channel, 'dated', 'second');
    const ts = (await messageOf(realm.member, first)).timestamp as number;
    const narrow = channelNarrow(channel);
    expect(summary(await fetch(realm.member, { narrow, anchor: 'date', anchor_date: ts, num_before: 0, num_after: 2 }))).toEqual({
      ids: [first, second],
      anchor: first,
      found_anchor: true,
      found_oldest: false,
      found_newest: true,
    });
    expect(summary(await fetch(realm.member, { narrow, anchor: 'date', anchor_date: ts + 86400, num_before: 1, num_after: 1 }))).toEqual({
      ids: [second],
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_anchor: false,
      found_oldest: false,
      found_newest: true,
    });
    refused(await realm.member.api.get('/messages', { narrow, anchor: 'date', num_before: 0, num_after: 1 }), "Missing 'anchor_date' argument");
  });

  it("refuses a missing anchor with Zulip's message", async () => {
    refused(await realm.member.api.get('/messages', { num_before: 1, num_after: 1 }), "Missing 'anchor' argument.");
  });

  it('refuses an invalid anchor and more than 5000 messages', async () => {
    refused(await realm.member.api.get('/messages', { anchor: 'sideways', num_before: 1, num_after: 1 }), 'Invalid anchor');
    refused(await realm.member.api.get('/messages', { anchor: 'newest', num_before: 2500, num_after: 2501 }), 'Too many messages requested (maximum 5000).');
    refused(await realm.member.api.get('/messages', { anchor: 'newest', num_before: 5001, num_after: 0 }), 'Too many messages requested (maximum 5000).');
    expect(summary(await range({ anchor: 'newest', num_before: 5000, num_after: 0 })).ids).toEqual(m);
  });
});

describe('GET /messages: fields', () => {
  it("gives a channel message's fields by value", async () => {
    const c = await createChannel([realm.member, realm.other]);
    const before = Math.floor(Date.now() / 1000);
    const id = await post(realm.other, c, 'Fields', 'Hello **world**');
    const after = Math.floor(Date.now() / 1000);
    const [message] = await inNarrow(realm.member, channelNarrow(c));
    expect(message).toMatchObject({
      id,
      type: 'stream',
      stream_id: c.id,
      display_recipient: c.name,
      subject: 'Fields',
      sender_id: realm.other.user_id,
      sender_full_name: 'Otto Other',
      sender_email: realm.other.email,
      content: '<p>Hello <strong>world</strong></p>',
      content_type: 'text/html',
      flags: [],
      is_me_message: false,
      reactions: [],
      submessages: [],
      topic_links: [],
    });
    expect(message.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(message.timestamp).toBeLessThanOrEqual(after + 1);
    expect((await inNarrow(realm.other, channelNarrow(c)))[0]).toMatchObject({ id, flags: [] });
  });

  it("gives a direct message's participants as display_recipient, sorted by ID", async () => {
    const id = await dm(realm.member, [realm.other, realm.admin], 'group chat');
    const [message] = await inNarrow(realm.admin, [{ operator: 'id', operand: id }]);
    expect(message).toMatchObject({ id, type: 'private', subject: '', sender_id: realm.member.user_id, content: '<p>group chat</p>', flags: [] });
    expect(message).not.toHaveProperty('stream_id');
    expect(message.display_recipient).toEqual(
      [realm.member, realm.other, realm.admin]
        .sort((a, b) => a.user_id - b.user_id)
        .map((u) => ({
          id: u.user_id,
          email: u.email,
          full_name: u.full_name,
          is_mirror_dummy: false,
        })),
    );
  });

  it('gives avatar_url under client_gravatar too: with ENABLE_GRAVATAR off (the default) no client can compute it, as Zulip', async () => {
    const open = await realm.addUser({ name: unique('Open') });
    const hidden = await realm.addUser({ name: unique('Hidden') });
    ok(await open.api.patch('/settings', { email_address_visibility: 1 }));
    ok(await hidden.api.patch('/settings', { email_address_visibility: 3 }));
    const c = await createChannel([realm.member, open, hidden]);
    const queues = {
      computing: ok(await realm.member.api.post('/register', { event_types: ['message'], client_gravatar: true })).queue_id as string,
      not: ok(await realm.member.api.post('/register', { event_types: ['message'], client_gravatar: false })).queue_id as string,
    };
    const fromOpen = await post(open, c, 'avatars', 'mine you can compute');
    const fromHidden = await post(hidden, c, 'avatars', 'mine you cannot');
    const avatars = (messages: Json[]) => messages.map((m) => [m.id, m.avatar_url === null ? null : 'url']);
    // Parley's own default avatars (services/users/src/domain/format.test.ts has the Gravatar case).
    const parleyDefault = /^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=1$/;
    expect(avatars(await inNarrow(realm.member, channelNarrow(c)))).toEqual([
      [fromOpen, 'url'],
      [fromHidden, 'url'],
    ]);
    expect(avatars(await inNarrow(realm.member, channelNarrow(c), { client_gravatar: true }))).toEqual([
      [fromOpen, 'url'],
      [fromHidden, 'url'],
    ]);
    const full = await inNarrow(realm.member, channelNarrow(c), { client_gravatar: false });
    expect(full.map((m) => m.avatar_url)).toEqual([expect.stringMatching(parleyDefault), expect.stringMatching(parleyDefault)]);
    // GET /messages/{id} takes no client_gravatar: the URL.
    expect((await messageOf(realm.member, fromOpen)).avatar_url).toMatch(parleyDefault);
    // Message events follow each queue's client_gravatar.
    const eventAvatars = async (queue: string) => {
      let events: Json[] = [];
      await eventually(async () => {
        events = (ok(await realm.member.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type === 'message');
        expect(events).toHaveLength(2);
      });
      return events.map((e) => [e.message.id, e.message.avatar_url === null ? null : 'url']);
    };
    expect(await eventAvatars(queues.computing)).toEqual([
      [fromOpen, 'url'],
      [fromHidden, 'url'],
    ]);
    expect(await eventAvatars(queues.not)).toEqual([
      [fromOpen, 'url'],
      [fromHidden, 'url'],
    ]);
  });

  it('gives the Markdown source with apply_markdown false', async () => {
    const c = await createChannel([realm.member]);
    const id = await post(realm.member, c, 'md', 'plain *emphasis*');
    const [message] = await inNarrow(realm.member, channelNarrow(c), { apply_markdown: false });
    expect(message).toMatchObject({ id, content: 'plain *emphasis*', content_type: 'text/x-markdown' });
  });

  it('shows the empty topic as realm_empty_topic_display_name unless allow_empty_topic_name', async () => {
    const c = await createChannel([realm.member]);
    const id = await post(realm.member, c, '', 'general');
    expect((await inNarrow(realm.member, channelNarrow(c)))[0]).toMatchObject({ id, subject: 'general chat' });
    expect((await inNarrow(realm.member, channelNarrow(c), { allow_empty_topic_name: true }))[0]).toMatchObject({ id, subject: '' });
    expect((await messageOf(realm.member, id)).subject).toBe('general chat');
    expect((await messageOf(realm.member, id, { allow_empty_topic_name: true })).subject).toBe('');
  });

  it('fetches given message_ids: those the caller may read, without anchor', async () => {
    const c = await createChannel([realm.member]);
    const a = await post(realm.member, c, 'ids', 'a');
    const b = await post(realm.member, c, 'ids', 'b');
    const secret = await dm(realm.admin, [realm.other], 'not for the member');
    const body = await fetch(realm.member, { message_ids: [b, secret, a] });
    expect(body.messages.map((x: Json) => x.id)).toEqual([a, b]);
    expect(body).not.toHaveProperty('anchor');
    expect(body).toMatchObject({ found_anchor: false, found_oldest: false, found_newest: false, history_limited: false });
  });

  it('refuses message_ids together with anchor, num_before or num_after', async () => {
    const c = await createChannel([realm.member]);
    const a = await post(realm.member, c, 'ids', 'a');
    const both = await realm.member.api.get('/messages', { message_ids: [a], anchor: 'newest', num_before: 1, num_after: 0 });
    const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
    refused(both, `Unsupported parameter combination: ${parameters}`, 'BAD_REQUEST', { parameters });
  });
});

describe('GET /messages and GET /messages/{message_id}: who sees what', () => {
  it("lets a member read a public channel's history unsubscribed, as read and historical", async () => {
    const c = await createChannel([realm.other]);
    const id = await post(realm.other, c, 'history', 'before you came');
    const [message] = await inNarrow(realm.member, channelNarrow(c));
    expect(message).toMatchObject({ id, flags: ['read', 'historical'] });
    expect(ok(await getMessage(realm.member, id))).toMatchObject({ message: { id, flags: ['read', 'historical'] }, raw_content: 'before you came' });
  });

  it("leaves unreceived public-channel messages out of narrows without a channel term (the user's own history)", async () => {
    const c = await createChannel([realm.other]);
    const id = await post(realm.other, c, 'history', 'only with a channel narrow');
    const newest = await fetch(realm.member, { anchor: 'newest', num_before: 50, num_after: 0 });
    expect(newest.messages.map((x: Json) => x.id)).not.toContain(id);
    expect(await idsIn(realm.member, [{ operator: 'sender', operand: realm.other.user_id }])).not.toContain(id);
    expect(await idsIn(realm.member, channelNarrow(c))).toEqual([id]);
  });

  it("keeps a private channel's protected history from those who subscribe later", async () => {
    // Created by a member: its creator administers it and may subscribe others.
    const c = await createChannel([realm.other], { invite_only: true, history_public_to_subscribers: false }, realm.other);
    const early = await post(realm.other, c, 'p', 'before');
    ok(await realm.other.api.post('/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [realm.member.user_id], send_new_subscription_messages: false }));
    const late = await post(realm.other, c, 'p', 'after');
    expect(await idsIn(realm.member, channelNarrow(c))).toEqual([late]);
    refused(await getMessage(realm.member, early), NOT_FOUND);
    expect(await idsIn(realm.other, channelNarrow(c))).toEqual([early, late]);
  });

  it("shows a private channel's shared history to later subscribers", async () => {
    // Created by a member: its creator administers it and may subscribe others.
    const c = await createChannel([realm.other], { invite_only: true, history_public_to_subscribers: true }, realm.other);
    const early = await post(realm.other, c, 'p', 'before');
    ok(await realm.other.api.post('/users/me/subscriptions', { subscriptions: [{ name: c.name }], principals: [realm.member.user_id], send_new_subscription_messages: false }));
    const late = await post(realm.other, c, 'p', 'after');
    const messages = await inNarrow(realm.member, channelNarrow(c));
    expect(messages.map((x) => [x.id, x.flags])).toEqual([
      [early, ['read', 'historical']],
      [late, []],
    ]);
    expect((await messageOf(realm.member, early)).flags).toEqual(['read', 'historical']);
  });

  it("never shows a private channel's messages to non-subscribers, whatever their role", async () => {
    const c = await createChannel([realm.other], { invite_only: true, history_public_to_subscribers: true });
    const id = await post(realm.other, c, 'p', 'secret');
    for (const role of ['owner', 'admin', 'moderator', 'member', 'guest'] as const) {
      refused(await getMessage(realm[role], id), NOT_FOUND);
      expect((await fetch(realm[role], { message_ids: [id] })).messages).toEqual([]);
      expect((await fetch(realm[role], { anchor: 'newest', num_before: 50, num_after: 0 })).messages.map((x: Json) => x.id)).not.toContain(id);
    }
  });

  it("keeps a public channel's history from guests who are not subscribed", async () => {
    const c = await createChannel([realm.other]);
    const id = await post(realm.other, c, 'p', 'not for guests');
    refused(await getMessage(realm.guest, id), NOT_FOUND);
    expect((await fetch(realm.guest, { message_ids: [id] })).messages).toEqual([]);
  });

  it('shows direct messages to their participants only', async () => {
    const id = await dm(realm.member, [realm.other], 'between us');
    expect((await messageOf(realm.other, id)).content).toBe('<p>between us</p>');
    for (const role of ['owner', 'admin', 'moderator', 'guest'] as const) {
      refused(await getMessage(realm[role], id), NOT_FOUND);
      expect((await fetch(realm[role], { message_ids: [id] })).messages).toEqual([]);
    }
  });

  it('never shows a message to another realm', async () => {
    const c = await createChannel([realm.other]);
    const id = await post(realm.other, c, 'p', 'in our realm');
    for (const role of ['owner', 'member'] as const) {
      refused(await getMessage(elsewhere[role], id), NOT_FOUND);
      expect((await fetch(elsewhere[role], { message_ids: [id] })).messages).toEqual([]);
      expect((await fetch(elsewhere[role], { anchor: 'newest', num_before: 100, num_after: 0 })).messages.map((x: Json) => x.id)).not.toContain(id);
    }
  });

  it('GET /messages/{message_id} gives {message, raw_content}; a missing message is "Invalid message(s)"', async () => {
    const c = await createChannel([realm.member]);
    const id = await post(realm.other, c, 'one', 'Just *one*');
    const body = ok(await getMessage(realm.member, id));
    expect(body.raw_content).toBe('Just *one*');
    expect(body.message).toMatchObject({ id, content: '<p>Just <em>one</em></p>', subject: 'one', stream_id: c.id, flags: [] });
    expect((await messageOf(realm.member, id, { apply_markdown: false })).content).toBe('Just *one*');
    refused(await getMessage(realm.member, 987654321), NOT_FOUND);
  });
});

describe('GET /messages: narrows', () => {
  let c: { id: number; name: string };
  let ids: Record<string, number>;
  /** A user of its own, so that every message it received is one of these. */
  let reader: TestUser;
  beforeAll(async () => {
    reader = await realm.addUser({ name: 'Nora Narrow' });
    c = await createChannel([reader, realm.other, realm.admin], { name: unique('Narrowed') });
    const side = await createChannel([reader, realm.other]);
    ids = {
      apples: await post(realm.other, c, 'fruit', 'I like apples'),
      pears: await post(realm.admin, c, 'fruit', 'pears are better'),
      zebra: await post(realm.other, c, 'zebra facts', 'a striped animal'),
      mention: await post(realm.admin, c, 'people', `hello @**${reader.full_name}**`),
      side: await post(realm.other, side, 'fruit', 'apples elsewhere'),
      dmOther: await dm(realm.other, [reader], 'dm from other'),
      dmAdmin: await dm(realm.admin, [reader], 'dm from admin'),
    };
    ok(await reader.api.post('/messages/flags', { messages: [ids.pears], op: 'add', flag: 'starred' }));
    ok(await reader.api.post('/messages/flags', { messages: [ids.apples, ids.zebra, ids.dmOther], op: 'add', flag: 'read' }));
  });
  const inC = () => channelNarrow(c);

  it('channel by ID and by name, and the legacy stream operator', async () => {
    const expected = [ids.apples, ids.pears, ids.zebra, ids.mention];
    expect(await idsIn(reader, inC())).toEqual(expected);
    expect(await idsIn(reader, [{ operator: 'channel', operand: c.name }])).toEqual(expected);
    expect(await idsIn(reader, [{ operator: 'stream', operand: c.name }])).toEqual(expected);
    expect(await idsIn(reader, [['stream', c.name]])).toEqual(expected);
  });

  it('topic (case-insensitive), and negated terms', async () => {
    expect(await idsIn(reader, [...inC(), { operator: 'topic', operand: 'FRUIT' }])).toEqual([ids.apples, ids.pears]);
    expect(await idsIn(reader, [{ operator: 'topic', operand: 'fruit' }])).toEqual([ids.apples, ids.pears, ids.side]);
    expect(await idsIn(reader, [...inC(), { operator: 'topic', operand: 'fruit', negated: true }])).toEqual([ids.zebra, ids.mention]);
    expect(await idsIn(reader, [...inC(), { operator: 'sender', operand: realm.other.user_id, negated: true }])).toEqual([ids.pears, ids.mention]);
  });

  it('sender by ID and by email', async () => {
    expect(await idsIn(reader, [...inC(), { operator: 'sender', operand: realm.other.user_id }])).toEqual([ids.apples, ids.zebra]);
    expect(await idsIn(reader, [...inC(), { operator: 'sender', operand: realm.admin.email }])).toEqual([ids.pears, ids.mention]);
  });

  it('dm by user IDs, and is:dm', async () => {
    expect(await idsIn(reader, [{ operator: 'dm', operand: [realm.other.user_id] }])).toEqual([ids.dmOther]);
    expect(await idsIn(reader, [{ operator: 'dm', operand: [realm.admin.user_id] }])).toEqual([ids.dmAdmin]);
    expect(await idsIn(reader, [{ operator: 'is', operand: 'dm' }])).toEqual([ids.dmOther, ids.dmAdmin]);
    expect(await idsIn(reader, [...inC(), { operator: 'is', operand: 'dm', negated: true }])).toEqual([ids.apples, ids.pears, ids.zebra, ids.mention]);
  });

  it('is:starred, is:unread and is:mentioned', async () => {
    expect(await idsIn(reader, [...inC(), { operator: 'is', operand: 'starred' }])).toEqual([ids.pears]);
    expect(await idsIn(reader, [...inC(), { operator: 'is', operand: 'unread' }])).toEqual([ids.pears, ids.mention]);
    expect(await idsIn(reader, [...inC(), { operator: 'is', operand: 'unread', negated: true }])).toEqual([ids.apples, ids.zebra]);
    expect(await idsIn(reader, [...inC(), { operator: 'is', operand: 'mentioned' }])).toEqual([ids.mention]);
    expect(await idsIn(realm.other, [...inC(), { operator: 'is', operand: 'starred' }])).toEqual([]);
  });

  it('search, with match_content and match_subject highlighting the matches', async () => {
    const found = await inNarrow(reader, [...inC(), { operator: 'search', operand: 'zebra' }]);
    expect(found.map((m) => [m.id, m.match_content, m.match_subject])).toEqual([[ids.zebra, '<p>a striped animal</p>', '<span class="highlight">zebra</span> facts']]);
    const apples = await inNarrow(reader, [...inC(), { operator: 'search', operand: 'apples' }]);
    expect(apples.map((m) => [m.id, m.match_content, m.match_subject])).toEqual([[ids.apples, '<p>I like <span class="highlight">apples</span></p>', 'fruit']]);
    // Without a channel term: the user's own messages, in every channel.
    expect(await idsIn(reader, [{ operator: 'search', operand: 'apples' }])).toEqual([ids.apples, ids.side]);
  });

  it('anchors at first_unread and at a date within a search', async () => {
    const narrow = [...inC(), { operator: 'search', operand: 'apples' }];
    const unread = await fetch(reader, { narrow: [...inC(), { operator: 'search', operand: 'pears' }], anchor: 'first_unread', num_before: 0, num_after: 1 });
    expect([unread.anchor, unread.messages.map((m: Json) => m.id)]).toEqual([ids.pears, [ids.pears]]);
    const dated = await fetch(reader, { narrow, anchor: 'date', anchor_date: 0, num_before: 0, num_after: 1 });
    expect([dated.anchor, dated.messages.map((m: Json) => m.id)]).toEqual([ids.apples, [ids.apples]]);
  });

  it('refuses an unknown channel with BAD_NARROW', async () => {
    refused(
      await reader.api.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'No such channel' }] }),
      'Invalid narrow operator: unknown channel No such channel',
      'BAD_NARROW',
      { desc: 'unknown channel No such channel' },
    );
  });
});

describe('POST /messages/render', () => {
  it("makes links to the realm's own views and uploads relative, as Zulip, and leaves other hosts' alone", async () => {
    const own = `http://${realm.host}`;
    const body = ok(
      await realm.member.api.post('/messages/render', {
        content: `${own}/#narrow/channel/1-general and [files](${own}/user_uploads/1/ab/x.txt) and http://elsewhere.example/#narrow/channel/1-general`,
      }),
    );
    expect(body.rendered).toBe(
      '<p><a href="#narrow/channel/1-general">' +
        own +
        '/#narrow/channel/1-general</a> and <a href="user_uploads/1/ab/x.txt">files</a>' +
        ' and <a href="http://elsewhere.example/#narrow/channel/1-general">http://elsewhere.example/#narrow/channel/1-general</a></p>',
    );
  });

  it('renders Markdown and mentions to HTML without sending anything', async () => {
    const before = (await fetch(realm.member, { anchor: 'newest', num_before: 1, num_after: 0 })).messages.map((m: Json) => m.id);
    const body = ok(await realm.member.api.post('/messages/render', { content: `**bold** and @**${realm.other.full_name}**` }));
    expect(body.rendered).toBe(`<p><strong>bold</strong> and <span class="user-mention" data-user-id="${realm.other.user_id}">@${realm.other.full_name}</span></p>`);
    expect((await fetch(realm.member, { anchor: 'newest', num_before: 1, num_after: 0 })).messages.map((m: Json) => m.id)).toEqual(before);
  });

  it('refuses empty content', async () => {
    refused(await realm.member.api.post('/messages/render', { content: '  ' }), 'Message must not be empty');
  });

  it("renders Zulip's spoilers, math, times and emoji (Zulip's Markdown cases in services/messages/src/domain/render)", async () => {
    const content = '```spoiler Ending\nThey win\n```\n$$x^2$$ at <time:2017-12-31T05:30:00+05:30> \u{1F47D}';
    const { rendered } = ok(await realm.member.api.post('/messages/render', { content }));
    expect(rendered).toMatch(
      /^<div class="spoiler-block"><div class="spoiler-header">\n<p>Ending<\/p>\n<\/div><div class="spoiler-content" aria-hidden="true">\n<p>They win<\/p>\n<\/div><\/div>\n<p><span class="katex">/,
    );
    expect(rendered).toContain(
      ' at <time datetime="2017-12-31T00:00:00Z">2017-12-31T05:30:00+05:30</time> <span aria-label="alien" class="emoji emoji-1f47d" role="img" title="alien">:alien:</span></p>',
    );
  });

  it('translates emoticons for a sender whose translate_emoticons is on, and only for them', async () => {
    const sender = await realm.addUser({ role: Role.MEMBER, name: unique('Emoticon sender') });
    const smile = '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';
    expect(ok(await sender.api.post('/messages/render', { content: 'hi :)' })).rendered).toBe('<p>hi :)</p>');
    ok(await sender.api.patch('/settings', { translate_emoticons: true }));
    expect(ok(await sender.api.post('/messages/render', { content: 'hi :)' })).rendered).toBe(`<p>hi ${smile}</p>`);
    expect(ok(await realm.member.api.post('/messages/render', { content: 'hi :)' })).rendered).toBe('<p>hi :)</p>');
  });
});

describe("one message's rendering is bounded (issue #41)", () => {
  /** 10,000 characters (the fence runs to the end) that render to 1.6 MB of KaTeX. */
  const MATH_BOMB = '```math\n' + 'x^2\n\n'.repeat(1998);
  /** 9,996 characters of inline TeX: 1.35 MB. */
  const INLINE_BOMB = '$$\\sqrt x$$ '.repeat(833);
  const UNABLE = 'Unable to render message';
  const newest = async (channel: { id: number }) =>
    (await fetch(realm.owner, { anchor: 'newest', num_before: 1, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: channel.id }]) })).messages.map((m: Json) => m.id);

  it("refuses to send a message whose HTML passes Zulip's cap, from several senders at once, and stores none", async () => {
    // Every role meets the refusal in this block: these three here, then an administrator's
    // edit, a moderator's scheduled message and a guest's preview.
    const senders = [realm.owner, realm.member, realm.bot];
    const channel = await createChannel(senders);
    const before = await newest(channel);
    const answers = await Promise.all(senders.map((user, i) => send(user, { type: 'stream', to: channel.id, topic: 'bombs', content: i % 2 ? INLINE_BOMB : MATH_BOMB })));
    for (const res of answers) refused(res, UNABLE);
    expect(await newest(channel)).toEqual(before);
    // The same sender's next, ordinary, message goes through.
    await post(realm.member, channel, 'bombs', 'after the bombs $$x^2$$');
  });

  it('refuses an edit to such content and leaves the message as it was', async () => {
    const channel = await createChannel([realm.admin]);
    const id = await post(realm.admin, channel, 'edits', 'first');
    refused(await realm.admin.api.patch(`/messages/${id}`, { content: MATH_BOMB }), UNABLE);
    const message = ok(await realm.admin.api.get(`/messages/${id}`, { apply_markdown: false })).message as Json;
    expect(message.content).toBe('first');
    expect(ok(await realm.admin.api.get(`/messages/${id}/history`)).message_history).toHaveLength(1);
  });

  it('refuses to schedule it or to preview it', async () => {
    const channel = await createChannel([realm.moderator]);
    const at = Math.floor(Date.now() / 1000) + 3600;
    refused(await realm.moderator.api.post('/scheduled_messages', { type: 'stream', to: channel.id, topic: 'later', content: INLINE_BOMB, scheduled_delivery_timestamp: at }), UNABLE);
    expect(ok(await realm.moderator.api.get('/scheduled_messages')).scheduled_messages).toEqual([]);
    refused(await realm.guest.api.post('/messages/render', { content: MATH_BOMB }), UNABLE);
  });

  it('renders the same kind of message under the cap', async () => {
    const { rendered } = ok(await realm.member.api.post('/messages/render', { content: '```math\n' + 'x^2\n\n'.repeat(300) }));
    expect((rendered as string).match(/class="katex-display"/g)).toHaveLength(300);
  });

  it('sends one just under the cap and delivers its event (past the bus’s 1 MiB, gzipped), and later ones after it', async () => {
    const queue = ok(await realm.other.api.post('/register', { event_types: ['message'], apply_markdown: true })).queue_id as string;
    // 991,200 characters of HTML: its event is past NATS's default max_payload unzipped.
    const near = await dm(realm.member, [realm.other], '```math\n' + 'x^2\n\n'.repeat(1200));
    const after = await dm(realm.member, [realm.other], 'and after it');
    const events = await eventsOf(realm.other, queue, 2);
    const delivered = events.filter((e) => e.type === 'message').map((e) => [e.message.id, (e.message.content as string).length]);
    expect(delivered).toEqual([
      [near, expect.any(Number)],
      [after, expect.any(Number)],
    ]);
    expect(delivered[0][1]).toBeGreaterThan(900_000);
  });
});

describe('channel links', () => {
  it('links the channels the sender can see, in a sent message and in a preview; not those hidden from them', async () => {
    const open = await createChannel([realm.member]);
    const hidden = await createChannel([realm.owner], { invite_only: true });
    const content = `see #**${open.name}**, #**${open.name}>plans** and #**${hidden.name}**`;
    const channelLink = `<a class="stream" data-stream-id="${open.id}" href="/#narrow/channel/${open.id}-${open.name.replace(/ /g, '-')}">#${open.name}</a>`;
    const id = await post(realm.member, open, 'links', content);
    const { rendered } = ok(await realm.member.api.post('/messages/render', { content }));
    for (const html of [(await messageOf(realm.member, id)).content, rendered]) {
      expect(html).toContain(channelLink);
      expect(html).toContain(`class="stream-topic" data-stream-id="${open.id}"`);
      expect(html).toContain(`#<strong>${hidden.name}</strong>`); // as Zulip: plain bold text
      expect(html).not.toContain(`data-stream-id="${hidden.id}"`);
    }
    // The owner sees the private channel, so their link to it is made.
    const ownerId = await post(realm.owner, open, 'links', `#**${hidden.name}**`);
    expect((await messageOf(realm.owner, ownerId)).content).toContain(`data-stream-id="${hidden.id}"`);
  });
});

describe('max_message_id', () => {
  const registered = async (user: TestUser, params: Params = { fetch_event_types: ['message'] }) => ok(await user.api.post('/register', params));

  it('register: -1 for a user who has received nothing', async () => {
    const fresh = await realm.addUser({ name: 'Fresh Reader' });
    expect((await registered(fresh)).max_message_id).toBe(-1);
  });

  it('register: the highest ID among the messages the user has received, not the public history they could read', async () => {
    const fresh = await realm.addUser({ name: 'Second Reader' });
    const dmId = await dm(realm.other, [fresh], 'hello newcomer');
    expect((await registered(fresh)).max_message_id).toBe(dmId);
    // A public channel's message the user never received does not count (the reference: "received").
    const c = await createChannel([realm.other]);
    await post(realm.other, c, 'unseen', 'not received');
    // Nor a direct message between others.
    await dm(realm.other, [realm.admin], 'not yours');
    expect((await registered(fresh)).max_message_id).toBe(dmId);
    expect((await registered(fresh, {})).max_message_id).toBe(dmId);
    // A channel message received counts.
    const joined = await createChannel([fresh]);
    const received = await post(realm.other, joined, 'seen', 'received');
    expect((await registered(fresh)).max_message_id).toBe(received);
  });

  it('register: present only when message is in fetch_event_types', async () => {
    expect(await registered(realm.member, { fetch_event_types: ['realm'] })).not.toHaveProperty('max_message_id');
  });

  it('GET /users/me: the deprecated max_message_id is the last message received', async () => {
    const fresh = await realm.addUser({ name: 'Another Reader' });
    const dmId = await dm(realm.other, [fresh], 'hello again');
    expect(ok(await fresh.api.get('/users/me')).max_message_id).toBe(dmId);
  });
});
