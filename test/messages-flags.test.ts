import { ApiResponse, Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { closeUsersDb, usersDb } from './support/users-db';

/**
 * Personal message flags and message deletion, over HTTP:
 * - POST /messages/flags: read, starred and collapsed added and removed (the response lists
 *   exactly the messages that changed), derived flags refused, unknown flags and operations
 *   refused, messages the user may not read refused with nothing changed, `historical` copies
 *   of messages the user never received, marking unread skipping unsubscribed channels, and
 *   the update_message_flags events (to the user only, with message_details when marking unread).
 * - DELETE /messages/{message_id}: the realm's can_delete_any_message_group and
 *   can_delete_own_message_group for each role, the channel's can_delete_*_message_group,
 *   bot owners, message_content_delete_limit_seconds, invisible messages, and the
 *   delete_message events with exactly who receives them.
 * - GET /messages narrows that read flags (is:starred, is:unread, is:mentioned).
 * Messages and rules follow Zulip's server where the reference gives none
 * (zerver/actions/message_flags.py, zerver/actions/message_delete.py,
 * zerver/lib/message.py: validate_can_delete_message, event_recipient_ids_for_action_on_messages).
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot' | 'other';
type Json = Record<string, any>;

/** Defaults throughout, except the time-limit tests (which restore it). */
let realm: TestRealm;
let sys: Record<string, number>;
/** A realm whose can_delete_own_message_group is role:administrators. */
let strict: TestRealm;
let strictSys: Record<string, number>;
/** Another realm: its messages are invisible to everyone above. */
let foreign: TestRealm;
let foreignMessage: number;

/** Channels of `realm`: everyone subscribed; private (member not subscribed); public that member never joined. */
let general: number;
let secret: number;
let lurk: number;

let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const byId = (a: number, b: number) => a - b;
const ALL: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot', 'other'];
const NOT_EDITABLE = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned', 'has_alert_word', 'historical'];
const NONEXISTENT = 999_999_999;

function ok(res: ApiResponse): Json {
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body;
}

function refused(res: ApiResponse, msg: string, code = 'BAD_REQUEST', status = 400): void {
  expect([res.status, res.body.result, res.body.code, res.body.msg]).toEqual([status, 'error', code, msg]);
}

const idsOf = (r: TestRealm, ...names: RoleName[]) => names.map((name) => r[name].user_id);

/** POST /channels/create by the owner; `subscribers` are subscribed. */
async function createChannel(r: TestRealm, subscribers: number[], params: Params = {}): Promise<number> {
  return ok(await r.owner.api.post('/channels/create', { name: unique('Channel'), subscribers, ...params })).id;
}

const send = async (user: TestUser, channelId: number, topic: string, content = 'hello', opts = {}): Promise<number> =>
  ok(await user.api.post('/messages', { type: 'stream', to: channelId, topic, content }, opts)).id;

const sendDm = async (user: TestUser, to: TestUser[], content = 'psst'): Promise<number> => ok(await user.api.post('/messages', { type: 'direct', to: to.map((u) => u.user_id), content })).id;

const mention = (user: TestUser) => `@**${user.full_name}|${user.user_id}**`;

const flag = (user: TestUser, op: string, name: string, messages: number[]) => user.api.post('/messages/flags', { messages, op, flag: name });

/** The user's flags on a message, sorted, read with GET /messages/{id}. */
const flagsOf = async (user: TestUser, id: number): Promise<string[]> => [...ok(await user.api.get(`/messages/${id}`)).message.flags].sort();

/** The IDs of the messages of a narrow the user sees (the newest 1000). */
const narrowed = async (user: TestUser, narrow: Json[]): Promise<number[]> =>
  ok(await user.api.get('/messages', { anchor: 'newest', num_before: 1000, num_after: 0, narrow })).messages.map((m: Json) => m.id);

const inChannel = (id: number, ...terms: Json[]) => [{ operator: 'channel', operand: id }, ...terms];
const is = (operand: string, negated = false) => ({ operator: 'is', operand, ...(negated && { negated }) });

async function patchRealm(r: TestRealm, params: Params): Promise<void> {
  ok(await r.owner.api.patch('/realm', params, { contract: 'envelope' }));
}

async function subscribe(user: TestUser, channelId: number): Promise<void> {
  const name = ok(await user.api.get(`/streams/${channelId}`)).stream.name;
  ok(await user.api.post('/users/me/subscriptions', { subscriptions: [{ name }] }));
}

async function unsubscribe(user: TestUser, channelId: number): Promise<void> {
  const name = ok(await user.api.get(`/streams/${channelId}`)).stream.name;
  ok(await user.api.delete('/users/me/subscriptions', { subscriptions: [name] }));
}

// ---- events ----

const EVENT_TYPES = ['message', 'update_message_flags', 'delete_message'];

const register = async (user: TestUser, capabilities: Json = { bulk_message_deletion: true }): Promise<string> =>
  ok(await user.api.post('/register', { event_types: EVENT_TYPES, client_capabilities: capabilities })).queue_id;

const allEvents = async (user: TestUser, queueId: string): Promise<Json[]> => ok(await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).events;

/** Whether an event is about any of these messages. */
const about = (e: Json, ids: number[]): boolean => [e.message_id, ...(e.message_ids ?? []), ...(e.messages ?? []), e.message?.id].some((id) => ids.includes(id));

/** The queue's events of a type about the messages, once there are at least `count`. */
async function eventsAbout(user: TestUser, queueId: string, type: string, ids: number[], count: number): Promise<Json[]> {
  let found: Json[] = [];
  await eventually(async () => {
    found = (await allEvents(user, queueId)).filter((e) => e.type === type && about(e, ids));
    expect(found.length).toBeGreaterThanOrEqual(count);
  });
  return found;
}

/**
 * To show a user got no event of a type about some messages: a later message they do receive
 * (a direct message from the owner), then their events so far. The messages service's events
 * reach each queue in order.
 */
async function eventsBeforeMarker(r: TestRealm, user: TestUser, queueId: string, type: string, ids: number[]): Promise<Json[]> {
  const marker = await sendDm(r.owner, [user], 'marker');
  await eventsAbout(user, queueId, 'message', [marker], 1);
  return (await allEvents(user, queueId)).filter((e) => e.type === type && about(e, ids));
}

beforeAll(async () => {
  [realm, strict, foreign] = await Promise.all([createTestRealm('Flags realm'), createTestRealm('Strict deletion realm'), createTestRealm('Foreign flags realm')]);
  [sys, strictSys] = await Promise.all([systemGroupIds(realm.realm_id), systemGroupIds(strict.realm_id)]);
  [general, secret, lurk] = await Promise.all([
    createChannel(realm, idsOf(realm, ...ALL)),
    createChannel(realm, idsOf(realm, 'owner', 'other'), { invite_only: true }),
    createChannel(realm, idsOf(realm, 'other')),
  ]);
  const foreignChannel = await createChannel(foreign, idsOf(foreign, 'owner', 'member'));
  foreignMessage = await send(foreign.owner, foreignChannel, 'elsewhere', 'not yours');
});
afterAll(async () => {
  await closeUsersDb();
  await closeFixtures();
});

// ---------------------------------------------------------------------------------------

describe('POST /messages/flags: read, starred and collapsed', () => {
  it('adds and removes starred, listing exactly the messages whose flag changed', async () => {
    const topic = unique('stars');
    const [a, b] = [await send(realm.other, general, topic), await send(realm.other, general, topic)];
    expect(await flagsOf(realm.member, a)).toEqual([]);
    expect(ok(await flag(realm.member, 'add', 'starred', [a, b])).messages).toEqual([a, b]);
    expect(ok(await flag(realm.member, 'add', 'starred', [a, b])).messages).toEqual([]);
    expect(await flagsOf(realm.member, a)).toEqual(['starred']);
    expect(await narrowed(realm.member, inChannel(general, is('starred')))).toEqual(expect.arrayContaining([a, b]));
    expect(ok(await flag(realm.member, 'remove', 'starred', [a])).messages).toEqual([a]);
    expect(ok(await flag(realm.member, 'remove', 'starred', [a])).messages).toEqual([]);
    expect(await flagsOf(realm.member, a)).toEqual([]);
    expect(await flagsOf(realm.member, b)).toEqual(['starred']);
    const starred = await narrowed(realm.member, inChannel(general, is('starred')));
    expect(starred).toContain(b);
    expect(starred).not.toContain(a);
    // Another user's flags are their own.
    expect(await flagsOf(realm.other, b)).toEqual([]);
  });

  it('adds and removes read: messages start unread for their recipients', async () => {
    const topic = unique('reading');
    const id = await send(realm.other, general, topic);
    expect(await flagsOf(realm.member, id)).toEqual([]);
    expect(await narrowed(realm.member, inChannel(general, is('unread')))).toContain(id);
    expect(ok(await flag(realm.member, 'add', 'read', [id])).messages).toEqual([id]);
    expect(ok(await flag(realm.member, 'add', 'read', [id])).messages).toEqual([]);
    expect(await flagsOf(realm.member, id)).toEqual(['read']);
    expect(await narrowed(realm.member, inChannel(general, is('unread')))).not.toContain(id);
    const unread = ok(await flag(realm.member, 'remove', 'read', [id]));
    expect(unread).toEqual({ result: 'success', msg: '', messages: [id], ignored_because_not_subscribed_channels: [] });
    expect(ok(await flag(realm.member, 'remove', 'read', [id])).messages).toEqual([]);
    expect(await flagsOf(realm.member, id)).toEqual([]);
    expect(await narrowed(realm.member, inChannel(general, is('unread')))).toContain(id);
  });

  it('adds and removes collapsed', async () => {
    const id = await send(realm.other, general, unique('collapsing'));
    expect(ok(await flag(realm.member, 'add', 'collapsed', [id])).messages).toEqual([id]);
    expect(await flagsOf(realm.member, id)).toEqual(['collapsed']);
    expect(ok(await flag(realm.member, 'add', 'collapsed', [id])).messages).toEqual([]);
    expect(ok(await flag(realm.member, 'remove', 'collapsed', [id])).messages).toEqual([id]);
    expect(await flagsOf(realm.member, id)).toEqual([]);
  });

  it('lists only the changed messages of a mixed request, each once', async () => {
    const topic = unique('mixed');
    const [a, b, c] = [await send(realm.other, general, topic), await send(realm.other, general, topic), await send(realm.other, general, topic)];
    ok(await flag(realm.member, 'add', 'starred', [b]));
    const body = ok(await flag(realm.member, 'add', 'starred', [c, b, a, c]));
    expect([...body.messages].sort(byId)).toEqual([a, c]);
    expect(body).not.toHaveProperty('ignored_because_not_subscribed_channels');
    expect(await flagsOf(realm.member, a)).toEqual(['starred']);
    expect(await flagsOf(realm.member, c)).toEqual(['starred']);
    expect(ok(await flag(realm.member, 'add', 'starred', [])).messages).toEqual([]);
  });

  it("flags the user's own messages and direct messages", async () => {
    // The test client is an API client: its own messages start unread (Zulip's heuristic).
    const own = await send(realm.member, general, unique('own'));
    expect(await flagsOf(realm.member, own)).toEqual([]);
    const fromUi = await send(realm.member, general, unique('own'), 'typed', { headers: { 'user-agent': 'ZulipMobile/27.1' } });
    expect(await flagsOf(realm.member, fromUi)).toEqual(['read']);
    const dm = await sendDm(realm.other, [realm.member]);
    expect(ok(await flag(realm.member, 'add', 'starred', [own, dm])).messages).toEqual([own, dm].sort(byId));
    expect(await flagsOf(realm.member, dm)).toEqual(['starred']);
    expect(await flagsOf(realm.other, dm)).toEqual([]);
  });
});

describe('POST /messages/flags: refusals', () => {
  let target: number;
  beforeAll(async () => {
    target = await send(realm.other, general, unique('refusals'));
  });

  it.each(NOT_EDITABLE)('refuses to change the derived flag %s', async (name) => {
    refused(await flag(realm.member, 'add', name, [target]), `Flag not editable: '${name}'`);
    refused(await flag(realm.member, 'remove', name, [target]), `Flag not editable: '${name}'`);
    expect(await flagsOf(realm.member, target)).toEqual([]);
  });

  it('refuses an unknown flag and an unknown operation', async () => {
    refused(await flag(realm.member, 'add', 'shiny', [target]), "Invalid flag: 'shiny'");
    refused(await flag(realm.member, 'add', 'is_private', [target]), "Invalid flag: 'is_private'");
    refused(await flag(realm.member, 'toggle', 'starred', [target]), "Invalid message flag operation: 'toggle'");
    refused(await flag(realm.member, 'ADD', 'starred', [target]), "Invalid message flag operation: 'ADD'");
    expect(await flagsOf(realm.member, target)).toEqual([]);
  });

  it('checks the flag before the operation, as Zulip', async () => {
    refused(await flag(realm.member, 'toggle', 'shiny', [target]), "Invalid flag: 'shiny'");
    refused(await flag(realm.member, 'toggle', 'mentioned', [target]), "Flag not editable: 'mentioned'");
  });

  it.each([
    ['a message of a private channel the user is not subscribed to', async () => send(realm.other, secret, 'hidden')],
    ['a message of another realm', async () => foreignMessage],
    ['a direct message between others', async () => sendDm(realm.admin, [realm.other])],
    ['a message that does not exist', async () => NONEXISTENT],
  ])('refuses %s ("Invalid message(s)") and changes nothing', async (_what, make) => {
    const hidden = await make();
    const mine = await send(realm.other, general, unique('alongside'));
    refused(await flag(realm.member, 'add', 'starred', [mine, hidden]), 'Invalid message(s)');
    refused(await flag(realm.member, 'add', 'collapsed', [hidden]), 'Invalid message(s)');
    expect(await flagsOf(realm.member, mine)).toEqual([]);
    refused(await realm.member.api.get(`/messages/${hidden}`), 'Invalid message(s)');
  });

  it("refuses a private channel's message sent before the user joined when history is protected", async () => {
    const vault = await createChannel(realm, idsOf(realm, 'owner', 'other'), { invite_only: true, history_public_to_subscribers: false });
    const before = await send(realm.other, vault, 'before');
    ok(await realm.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: ok(await realm.owner.api.get(`/streams/${vault}`)).stream.name }], principals: [realm.member.user_id] }));
    const after = await send(realm.other, vault, 'after');
    refused(await flag(realm.member, 'add', 'starred', [before]), 'Invalid message(s)');
    expect(ok(await flag(realm.member, 'add', 'starred', [after])).messages).toEqual([after]);
  });

  it("refuses a guest a public channel's message when not subscribed (guests read only their channels)", async () => {
    const id = await send(realm.other, lurk, unique('no guests'));
    refused(await flag(realm.guest, 'add', 'starred', [id]), 'Invalid message(s)');
    refused(await realm.guest.api.get(`/messages/${id}`), 'Invalid message(s)');
  });
});

describe('POST /messages/flags: historical copies', () => {
  it("stars a public channel's message the user never received: a historical copy", async () => {
    const topic = unique('history');
    const id = await send(realm.other, lurk, topic);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read']);
    expect(await narrowed(realm.member, [is('starred')])).not.toContain(id);
    expect(ok(await flag(realm.member, 'add', 'starred', [id])).messages).toEqual([id]);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read', 'starred']);
    expect(ok(await flag(realm.member, 'add', 'starred', [id])).messages).toEqual([]);
    expect(await narrowed(realm.member, [is('starred')])).toContain(id);
    expect(await narrowed(realm.member, inChannel(lurk, is('starred')))).toEqual([id]);
    // A historical copy reads as read: never unread in a channel the user is not in.
    expect(await narrowed(realm.member, [is('unread')])).not.toContain(id);
    expect(ok(await flag(realm.member, 'remove', 'starred', [id])).messages).toEqual([id]);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read']);
    // Collapsing one works the same way.
    const other = await send(realm.other, lurk, topic);
    expect(ok(await flag(realm.member, 'add', 'collapsed', [other])).messages).toEqual([other]);
    expect(await flagsOf(realm.member, other)).toEqual(['collapsed', 'historical', 'read']);
  });

  it('stars a message of a private channel with shared history sent before the user joined', async () => {
    const shared = await createChannel(realm, idsOf(realm, 'owner', 'other'), { invite_only: true, history_public_to_subscribers: true });
    const id = await send(realm.other, shared, 'earlier');
    ok(await realm.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: ok(await realm.owner.api.get(`/streams/${shared}`)).stream.name }], principals: [realm.member.user_id] }));
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read']);
    expect(ok(await flag(realm.member, 'add', 'starred', [id])).messages).toEqual([id]);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read', 'starred']);
  });

  it('changes nothing when marking read, or unstarring, a message the user never received (Zulip: no copy needed)', async () => {
    const id = await send(realm.other, lurk, unique('already read'));
    // A message without a copy already reads as read+historical: nothing changes.
    expect(ok(await flag(realm.member, 'add', 'read', [id])).messages).toEqual([]);
    expect(ok(await flag(realm.member, 'remove', 'starred', [id])).messages).toEqual([]);
    expect(ok(await flag(realm.member, 'remove', 'collapsed', [id])).messages).toEqual([]);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read']);
  });

  it('marks unread a message of a subscribed channel sent before the user joined (a historical, unread copy)', async () => {
    const joined = await createChannel(realm, idsOf(realm, 'other'));
    const id = await send(realm.other, joined, 'before you came');
    await subscribe(realm.member, joined);
    expect(await flagsOf(realm.member, id)).toEqual(['historical', 'read']);
    const body = ok(await flag(realm.member, 'remove', 'read', [id]));
    expect(body).toEqual({ result: 'success', msg: '', messages: [id], ignored_because_not_subscribed_channels: [] });
    expect(await flagsOf(realm.member, id)).toEqual(['historical']);
    expect(await narrowed(realm.member, inChannel(joined, is('unread')))).toEqual([id]);
  });
});

describe('POST /messages/flags: marking unread skips channels the user is not subscribed to', () => {
  it('skips the messages of unsubscribed channels, lists those channels, and marks the rest unread', async () => {
    const [left, alsoLeft] = [await createChannel(realm, idsOf(realm, 'member', 'other')), await createChannel(realm, idsOf(realm, 'member', 'other'))];
    const inLeft = await send(realm.other, left, 'left behind');
    const inAlsoLeft = await send(realm.other, alsoLeft, 'also left behind');
    const inGeneral = await send(realm.other, general, unique('still here'));
    const dm = await sendDm(realm.other, [realm.member]);
    const neverReceived = await send(realm.other, lurk, unique('never'));
    await unsubscribe(realm.member, left);
    await unsubscribe(realm.member, alsoLeft);
    const all = [inLeft, inAlsoLeft, inGeneral, dm];
    expect([...ok(await flag(realm.member, 'add', 'read', all)).messages].sort(byId)).toEqual([...all].sort(byId));

    const body = ok(await flag(realm.member, 'remove', 'read', [inLeft, inGeneral, dm, inAlsoLeft, neverReceived]));
    expect([...body.messages].sort(byId)).toEqual([inGeneral, dm].sort(byId));
    expect([...body.ignored_because_not_subscribed_channels].sort(byId)).toEqual([left, alsoLeft, lurk].sort(byId));
    expect(await flagsOf(realm.member, inLeft)).toEqual(['read']);
    expect(await flagsOf(realm.member, inAlsoLeft)).toEqual(['read']);
    expect(await flagsOf(realm.member, neverReceived)).toEqual(['historical', 'read']);
    expect(await flagsOf(realm.member, inGeneral)).toEqual([]);
    expect(await flagsOf(realm.member, dm)).toEqual([]);
    const unread = await narrowed(realm.member, [is('unread')]);
    expect(unread).toEqual(expect.arrayContaining([inGeneral, dm]));
    expect(unread).not.toContain(inLeft);
  });

  it('reports the field only for remove/read', async () => {
    const id = await send(realm.other, general, unique('field'));
    expect(ok(await flag(realm.member, 'add', 'read', [id]))).not.toHaveProperty('ignored_because_not_subscribed_channels');
    expect(ok(await flag(realm.member, 'add', 'starred', [id]))).not.toHaveProperty('ignored_because_not_subscribed_channels');
    expect(ok(await flag(realm.member, 'remove', 'starred', [id]))).not.toHaveProperty('ignored_because_not_subscribed_channels');
    expect(ok(await flag(realm.member, 'remove', 'read', [id])).ignored_because_not_subscribed_channels).toEqual([]);
  });
});

describe('POST /messages/flags: update_message_flags events', () => {
  it('tells the user (only) what was starred and unstarred', async () => {
    const [memberQueue, otherQueue] = [await register(realm.member), await register(realm.other)];
    const topic = unique('starred events');
    const [a, b] = [await send(realm.other, general, topic), await send(realm.other, general, topic)];
    ok(await flag(realm.member, 'add', 'starred', [b, a]));
    ok(await flag(realm.member, 'remove', 'starred', [a]));
    const events = await eventsAbout(realm.member, memberQueue, 'update_message_flags', [a, b], 2);
    expect(events).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [a, b].sort(byId), all: false, id: expect.any(Number) },
      { type: 'update_message_flags', op: 'remove', operation: 'remove', flag: 'starred', messages: [a], all: false, id: expect.any(Number) },
    ]);
    expect(await eventsBeforeMarker(realm, realm.other, otherQueue, 'update_message_flags', [a, b])).toEqual([]);
  });

  it('tells the user what was read, without message details', async () => {
    const queue = await register(realm.member);
    const id = await send(realm.other, general, unique('read events'));
    ok(await flag(realm.member, 'add', 'read', [id]));
    expect(await eventsAbout(realm.member, queue, 'update_message_flags', [id], 1)).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [id], all: false, id: expect.any(Number) },
    ]);
  });

  it('details each message marked unread: channel and topic, or the other participants; mentioned when mentioned', async () => {
    const queue = await register(realm.member);
    const topic = unique('unread details');
    const plain = await send(realm.other, general, topic, 'nothing for you');
    const mentioning = await send(realm.other, general, topic, `hi ${mention(realm.member)}`);
    const wildcard = await send(realm.other, general, topic, 'hi @**all**');
    const direct = await sendDm(realm.other, [realm.member]);
    const group = await sendDm(realm.other, [realm.member, realm.guest]);
    const self = await sendDm(realm.member, [realm.member], 'note to self');
    const all = [plain, mentioning, wildcard, direct, group, self];
    ok(await flag(realm.member, 'add', 'read', all));
    expect([...ok(await flag(realm.member, 'remove', 'read', all)).messages].sort(byId)).toEqual([...all].sort(byId));
    const [, removed] = await eventsAbout(realm.member, queue, 'update_message_flags', all, 2);
    expect(removed).toEqual({
      type: 'update_message_flags',
      op: 'remove',
      operation: 'remove',
      flag: 'read',
      messages: [...all].sort(byId),
      all: false,
      id: expect.any(Number),
      message_details: {
        [plain]: { type: 'stream', stream_id: general, topic },
        [mentioning]: { type: 'stream', stream_id: general, topic, mentioned: true },
        [wildcard]: { type: 'stream', stream_id: general, topic, mentioned: true },
        [direct]: { type: 'private', user_ids: [realm.other.user_id] },
        [group]: { type: 'private', user_ids: idsOf(realm, 'guest', 'other').sort(byId) },
        [self]: { type: 'private', user_ids: [] },
      },
    });
  });

  it('sends no message details when removing other flags', async () => {
    const queue = await register(realm.member);
    const id = await send(realm.other, general, unique('no details'));
    ok(await flag(realm.member, 'add', 'collapsed', [id]));
    ok(await flag(realm.member, 'remove', 'collapsed', [id]));
    const [, removed] = await eventsAbout(realm.member, queue, 'update_message_flags', [id], 2);
    expect(removed).toEqual({ type: 'update_message_flags', op: 'remove', operation: 'remove', flag: 'collapsed', messages: [id], all: false, id: expect.any(Number) });
  });
});

describe('GET /messages: narrows on flags', () => {
  let channel: number;
  let ids: Record<'mentioned' | 'plain' | 'wildcard' | 'later', number>;

  beforeAll(async () => {
    channel = await createChannel(realm, idsOf(realm, 'member', 'other', 'moderator'));
    const topic = 'flag narrows';
    ids = {
      mentioned: await send(realm.other, channel, topic, `look ${mention(realm.member)}`),
      plain: await send(realm.other, channel, topic, 'plain'),
      wildcard: await send(realm.other, channel, topic, 'everyone: @**channel**'),
      later: await send(realm.other, channel, topic, 'later'),
    };
    ok(await flag(realm.member, 'add', 'read', [ids.mentioned, ids.plain]));
    ok(await flag(realm.member, 'add', 'starred', [ids.plain, ids.later]));
  });

  it("is:unread, is:starred, is:mentioned and their negations follow the user's flags", async () => {
    expect(await narrowed(realm.member, inChannel(channel, is('unread')))).toEqual([ids.wildcard, ids.later]);
    expect(await narrowed(realm.member, inChannel(channel, is('unread', true)))).toEqual([ids.mentioned, ids.plain]);
    expect(await narrowed(realm.member, inChannel(channel, is('starred')))).toEqual([ids.plain, ids.later]);
    expect(await narrowed(realm.member, inChannel(channel, is('starred', true)))).toEqual([ids.mentioned, ids.wildcard]);
    expect(await narrowed(realm.member, inChannel(channel, is('mentioned')))).toEqual([ids.mentioned, ids.wildcard]);
    expect(await narrowed(realm.member, inChannel(channel, is('starred'), is('unread')))).toEqual([ids.later]);
  });

  it("follows later changes, and each user's own flags", async () => {
    ok(await flag(realm.member, 'remove', 'read', [ids.mentioned]));
    ok(await flag(realm.member, 'remove', 'starred', [ids.later]));
    expect(await narrowed(realm.member, inChannel(channel, is('unread')))).toEqual([ids.mentioned, ids.wildcard, ids.later]);
    expect(await narrowed(realm.member, inChannel(channel, is('starred')))).toEqual([ids.plain]);
    // The moderator: nothing starred, everything unread, only the channel wildcard mentions them.
    expect(await narrowed(realm.moderator, inChannel(channel, is('starred')))).toEqual([]);
    expect(await narrowed(realm.moderator, inChannel(channel, is('unread')))).toEqual(Object.values(ids));
    expect(await narrowed(realm.moderator, inChannel(channel, is('mentioned')))).toEqual([ids.wildcard]);
  });

  it("shows each message with the user's flags", async () => {
    const messages = ok(await realm.member.api.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow: inChannel(channel) })).messages as Json[];
    expect(Object.fromEntries(messages.map((m) => [m.id, [...m.flags].sort()]))).toEqual({
      [ids.mentioned]: ['mentioned'],
      [ids.plain]: ['read', 'starred'],
      [ids.wildcard]: ['stream_wildcard_mentioned', 'wildcard_mentioned'],
      [ids.later]: [],
    });
  });
});

// ---------------------------------------------------------------------------------------

describe("DELETE /messages/{message_id}: others' messages (realm can_delete_any_message_group, default role:administrators)", () => {
  it.each(['owner', 'admin'] as RoleName[])("%s deletes anyone's message", async (role) => {
    const topic = unique('deleted by admins');
    const id = await send(realm.member, general, topic);
    const kept = await send(realm.member, general, topic);
    expect(ok(await realm[role].api.delete(`/messages/${id}`))).toEqual({ result: 'success', msg: '' });
    refused(await realm[role].api.get(`/messages/${id}`), 'Invalid message(s)');
    refused(await realm.member.api.get(`/messages/${id}`), 'Invalid message(s)');
    refused(await realm.other.api.get(`/messages/${id}`), 'Invalid message(s)');
    const narrow = [...inChannel(general), { operator: 'topic', operand: topic }];
    expect(await narrowed(realm.member, narrow)).toEqual([kept]);
    expect(await narrowed(realm.other, narrow)).toEqual([kept]);
    refused(await flag(realm.member, 'add', 'starred', [id]), 'Invalid message(s)');
    refused(await realm[role].api.delete(`/messages/${id}`), 'Invalid message(s)');
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])("refuses %s someone else's message", async (role) => {
    const id = await send(realm.other, general, unique('not yours'));
    refused(await realm[role].api.delete(`/messages/${id}`), "You don't have permission to delete this message");
    expect(ok(await realm[role].api.get(`/messages/${id}`)).message.id).toBe(id);
  });

  it("refuses a member another's direct message they received", async () => {
    const id = await sendDm(realm.other, [realm.member]);
    refused(await realm.member.api.delete(`/messages/${id}`), "You don't have permission to delete this message");
    expect(ok(await realm.member.api.get(`/messages/${id}`)).message.id).toBe(id);
  });
});

describe('DELETE /messages/{message_id}: own messages (realm can_delete_own_message_group, default role:everyone)', () => {
  it.each(ALL)('%s deletes their own channel message', async (role) => {
    const id = await send(realm[role], general, unique('mine'));
    ok(await realm[role].api.delete(`/messages/${id}`));
    refused(await realm[role].api.get(`/messages/${id}`), 'Invalid message(s)');
    refused(await realm.other.api.get(`/messages/${id}`), 'Invalid message(s)');
  });

  it('deletes a direct message by its sender', async () => {
    const id = await sendDm(realm.member, [realm.other]);
    const kept = await sendDm(realm.member, [realm.other], 'kept');
    ok(await realm.member.api.delete(`/messages/${id}`));
    refused(await realm.member.api.get(`/messages/${id}`), 'Invalid message(s)');
    refused(await realm.other.api.get(`/messages/${id}`), 'Invalid message(s)');
    const narrow = [{ operator: 'dm', operand: [realm.member.user_id] }];
    const seen = await narrowed(realm.other, narrow);
    expect(seen).toContain(kept);
    expect(seen).not.toContain(id);
  });

  it("lets a bot's owner delete the bot's messages (Zulip: sent by them or by their bots), not other members", async () => {
    const helper = await realm.addUser({ name: 'Mia Helper Bot', bot: true });
    await usersDb().pool.query('UPDATE users SET bot_owner_id = $1 WHERE id = $2', [realm.member.user_id, helper.user_id]);
    ok(await realm.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: ok(await realm.owner.api.get(`/streams/${general}`)).stream.name }], principals: [helper.user_id] }));
    const [a, b] = [await send(helper, general, unique('bot said')), await send(helper, general, unique('bot said'))];
    refused(await realm.other.api.delete(`/messages/${a}`), "You don't have permission to delete this message");
    ok(await realm.member.api.delete(`/messages/${a}`));
    refused(await realm.other.api.get(`/messages/${a}`), 'Invalid message(s)');
    ok(await helper.api.delete(`/messages/${b}`));
  });
});

describe('DELETE /messages/{message_id}: invisible messages', () => {
  it.each([
    ['a message that does not exist', async () => NONEXISTENT],
    ['a message of another realm', async () => foreignMessage],
    ['a direct message between others', async () => sendDm(realm.member, [realm.other])],
    ['a message of a private channel the administrator is not subscribed to', async () => send(realm.other, secret, 'secret')],
  ])('refuses %s to an administrator: "Invalid message(s)"', async (_what, make) => {
    const id = await make();
    refused(await realm.admin.api.delete(`/messages/${id}`), 'Invalid message(s)');
    if (id !== NONEXISTENT && id !== foreignMessage) expect(ok(await realm.other.api.get(`/messages/${id}`)).message.id).toBe(id);
  });

  it("refuses deleting a message of an archived channel (Zulip: no modifying archived channels' messages)", async () => {
    const archived = await createChannel(realm, idsOf(realm, 'owner', 'member'));
    const id = await send(realm.member, archived, 'soon archived');
    ok(await realm.owner.api.delete(`/streams/${archived}`));
    refused(await realm.owner.api.delete(`/messages/${id}`), 'Invalid message(s)');
    refused(await realm.member.api.delete(`/messages/${id}`), 'Invalid message(s)');
  });
});

describe('DELETE /messages/{message_id}: realm and channel permissions (can_delete_own_message_group = role:administrators)', () => {
  let plain: number;
  let ownGrant: number;
  let anyGrant: number;

  beforeAll(async () => {
    await patchRealm(strict, { can_delete_own_message_group: { new: strictSys['role:administrators'] } });
    const everyone = idsOf(strict, ...ALL);
    [plain, ownGrant, anyGrant] = [await createChannel(strict, everyone), await createChannel(strict, everyone), await createChannel(strict, everyone)];
    ok(await strict.owner.api.patch(`/streams/${ownGrant}`, { can_delete_own_message_group: { new: strictSys['role:members'] } }));
    ok(await strict.owner.api.patch(`/streams/${anyGrant}`, { can_delete_any_message_group: { new: strictSys['role:moderators'] } }));
    const settings = ok(await strict.owner.api.get(`/streams/${anyGrant}`)).stream;
    expect(settings.can_delete_any_message_group).toBe(strictSys['role:moderators']);
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses %s deleting their own message', async (role) => {
    const id = await send(strict[role], plain, unique('own'));
    refused(await strict[role].api.delete(`/messages/${id}`), "You don't have permission to delete this message");
    expect(ok(await strict[role].api.get(`/messages/${id}`)).message.id).toBe(id);
  });

  it('refuses a member deleting their own direct message', async () => {
    const id = await sendDm(strict.member, [strict.other]);
    refused(await strict.member.api.delete(`/messages/${id}`), "You don't have permission to delete this message");
  });

  it.each(['owner', 'admin'] as RoleName[])("%s still deletes their own and others' messages", async (role) => {
    const [own, others] = [await send(strict[role], plain, unique('own')), await send(strict.member, plain, unique('theirs'))];
    ok(await strict[role].api.delete(`/messages/${own}`));
    ok(await strict[role].api.delete(`/messages/${others}`));
  });

  it("the channel's can_delete_own_message_group lets its members delete their own messages there only", async () => {
    const [here, there] = [await send(strict.member, ownGrant, unique('granted')), await send(strict.member, plain, unique('not granted'))];
    ok(await strict.member.api.delete(`/messages/${here}`));
    refused(await strict.member.api.get(`/messages/${here}`), 'Invalid message(s)');
    refused(await strict.member.api.delete(`/messages/${there}`), "You don't have permission to delete this message");
    // role:members leaves out guests; and it is about one's own messages only.
    const guests = await send(strict.guest, ownGrant, unique('guest'));
    refused(await strict.guest.api.delete(`/messages/${guests}`), "You don't have permission to delete this message");
    const others = await send(strict.other, ownGrant, unique('other'));
    refused(await strict.member.api.delete(`/messages/${others}`), "You don't have permission to delete this message");
    ok(await strict.other.api.delete(`/messages/${others}`));
  });

  it("the channel's can_delete_any_message_group lets its members delete anyone's message there only", async () => {
    const [here, there] = [await send(strict.member, anyGrant, unique('granted')), await send(strict.member, plain, unique('not granted'))];
    refused(await strict.member.api.delete(`/messages/${here}`), "You don't have permission to delete this message");
    refused(await strict.moderator.api.delete(`/messages/${there}`), "You don't have permission to delete this message");
    ok(await strict.moderator.api.delete(`/messages/${here}`));
    refused(await strict.member.api.get(`/messages/${here}`), 'Invalid message(s)');
    // Deleting any includes one's own.
    const own = await send(strict.moderator, anyGrant, unique('own'));
    ok(await strict.moderator.api.delete(`/messages/${own}`));
  });
});

describe('DELETE /messages/{message_id}: message_content_delete_limit_seconds', () => {
  let anyGrant: number;
  beforeAll(async () => {
    anyGrant = await createChannel(realm, idsOf(realm, ...ALL));
    ok(await realm.owner.api.patch(`/streams/${anyGrant}`, { can_delete_any_message_group: { new: sys['role:moderators'] } }));
  });
  afterAll(async () => {
    await patchRealm(realm, { message_content_delete_limit_seconds: 'unlimited' });
  });

  /** Waits (polling the clock, not asserting on it) until the message is more than `seconds` old. */
  async function waitUntilOlderThan(id: number, seconds: number): Promise<void> {
    const sentAt: number = ok(await realm.other.api.get(`/messages/${id}`)).message.timestamp;
    // timestamp is whole seconds, rounded down: one more second covers the fraction.
    await eventually(async () => expect(Date.now() / 1000).toBeGreaterThan(sentAt + 1 + seconds + 0.5), (seconds + 10) * 1000);
  }

  it('lets a member delete their own message within the limit', async () => {
    await patchRealm(realm, { message_content_delete_limit_seconds: 3600 });
    const id = await send(realm.member, general, unique('quick'));
    ok(await realm.member.api.delete(`/messages/${id}`));
  });

  it("refuses a member their own message past the limit; an administrator, or the channel's can_delete_any_message_group, may still", async () => {
    await patchRealm(realm, { message_content_delete_limit_seconds: 1 });
    const topic = unique('too late');
    const [first, second, third, dm] = [
      await send(realm.member, general, topic),
      await send(realm.member, general, topic),
      await send(realm.member, anyGrant, topic),
      await sendDm(realm.member, [realm.other]),
    ];
    const adminsOwn = await send(realm.admin, general, topic);
    await waitUntilOlderThan(dm, 1);
    for (const id of [first, third, dm]) refused(await realm.member.api.delete(`/messages/${id}`), 'The time limit for deleting this message has passed');
    ok(await realm.admin.api.delete(`/messages/${first}`));
    ok(await realm.owner.api.delete(`/messages/${second}`));
    ok(await realm.admin.api.delete(`/messages/${adminsOwn}`));
    ok(await realm.moderator.api.delete(`/messages/${third}`));
    refused(await realm.member.api.get(`/messages/${first}`), 'Invalid message(s)');
    expect(ok(await realm.member.api.get(`/messages/${dm}`)).message.id).toBe(dm);
  });
});

describe('DELETE /messages/{message_id}: delete_message events', () => {
  it('tells the sender, the subscribers and a former subscriber of a public channel; not others', async () => {
    const channel = await createChannel(realm, idsOf(realm, 'member', 'other', 'moderator'));
    const topic = unique('doomed').toLowerCase();
    const id = await send(realm.member, channel, topic);
    await unsubscribe(realm.moderator, channel);
    const told: RoleName[] = ['member', 'other', 'moderator'];
    const untold: RoleName[] = ['guest', 'owner'];
    const queues = Object.fromEntries(await Promise.all([...told, ...untold].map(async (role) => [role, await register(realm[role])])));
    ok(await realm.member.api.delete(`/messages/${id}`));
    for (const role of told) {
      expect(await eventsAbout(realm[role], queues[role], 'delete_message', [id], 1)).toEqual([
        expect.objectContaining({ type: 'delete_message', message_type: 'stream', stream_id: channel, topic, message_ids: [id] }),
      ]);
    }
    for (const role of untold) expect(await eventsBeforeMarker(realm, realm[role], queues[role], 'delete_message', [id])).toEqual([]);
  });

  it('tells a subscriber who joined after the message was sent (Zulip: every current subscriber)', async () => {
    const channel = await createChannel(realm, idsOf(realm, 'member'));
    const id = await send(realm.member, channel, 'before the bot came');
    await subscribe(realm.bot, channel);
    const queue = await register(realm.bot);
    ok(await realm.member.api.delete(`/messages/${id}`));
    expect(await eventsAbout(realm.bot, queue, 'delete_message', [id], 1)).toEqual([
      expect.objectContaining({ type: 'delete_message', message_type: 'stream', stream_id: channel, message_ids: [id] }),
    ]);
  });

  it('tells the administrator who deleted it without being subscribed (Zulip: always the acting user)', async () => {
    const channel = await createChannel(realm, idsOf(realm, 'member'));
    const id = await send(realm.member, channel, 'admin will delete');
    const queue = await register(realm.admin);
    ok(await realm.admin.api.delete(`/messages/${id}`));
    expect(await eventsAbout(realm.admin, queue, 'delete_message', [id], 1)).toEqual([
      expect.objectContaining({ type: 'delete_message', message_type: 'stream', stream_id: channel, message_ids: [id] }),
    ]);
  });

  it('does not tell a former subscriber of a private channel with protected history', async () => {
    const channel = await createChannel(realm, idsOf(realm, 'owner', 'member', 'other'), { invite_only: true, history_public_to_subscribers: false });
    const id = await send(realm.member, channel, 'private matter');
    await unsubscribe(realm.other, channel);
    const [memberQueue, otherQueue] = [await register(realm.member), await register(realm.other)];
    ok(await realm.member.api.delete(`/messages/${id}`));
    expect(await eventsAbout(realm.member, memberQueue, 'delete_message', [id], 1)).toHaveLength(1);
    expect(await eventsBeforeMarker(realm, realm.other, otherQueue, 'delete_message', [id])).toEqual([]);
  });

  it("tells a direct message's participants, and nobody else", async () => {
    const id = await sendDm(realm.member, [realm.other, realm.guest], 'group secret');
    const told: RoleName[] = ['member', 'other', 'guest'];
    const queues = Object.fromEntries(await Promise.all([...told, 'admin' as RoleName].map(async (role) => [role, await register(realm[role])])));
    ok(await realm.member.api.delete(`/messages/${id}`));
    for (const role of told) {
      const [event] = await eventsAbout(realm[role], queues[role], 'delete_message', [id], 1);
      expect(event).toEqual(expect.objectContaining({ type: 'delete_message', message_type: 'private', message_ids: [id] }));
      expect(event).not.toHaveProperty('stream_id');
      expect(event).not.toHaveProperty('topic');
    }
    expect(await eventsBeforeMarker(realm, realm.admin, queues.admin, 'delete_message', [id])).toEqual([]);
  });

  it('sends message_ids to clients with bulk_message_deletion, message_id to the others', async () => {
    const channel = await createChannel(realm, idsOf(realm, 'member', 'other'));
    const topic = 'capabilities';
    const id = await send(realm.member, channel, topic);
    const [bulk, single] = [await register(realm.other, { bulk_message_deletion: true }), await register(realm.other, {})];
    ok(await realm.member.api.delete(`/messages/${id}`));
    expect(await eventsAbout(realm.other, bulk, 'delete_message', [id], 1)).toEqual([
      { type: 'delete_message', message_type: 'stream', stream_id: channel, topic, message_ids: [id], id: expect.any(Number) },
    ]);
    expect(await eventsAbout(realm.other, single, 'delete_message', [id], 1)).toEqual([
      { type: 'delete_message', message_type: 'stream', stream_id: channel, topic, message_id: id, id: expect.any(Number) },
    ]);
  });
});
