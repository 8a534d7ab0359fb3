import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel as newChannel } from './support/channels';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';

/**
 * The deprecated bulk read-state endpoints, as Zulip's views/message_flags.py: POST
 * /mark_all_as_read ({complete}), /mark_stream_as_read and /mark_topic_as_read, for every
 * role, with their `update_message_flags` events and refusals. Every response and event is
 * checked against the reference.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let everyone: TestUser[];
let roles: TestUser[];

beforeAll(async () => {
  realm = await createTestRealm('Mark read realm');
  everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
});
afterAll(closeFixtures);

const createChannel = async (subscribers: TestUser[], params: Json = {}) => (await newChannel(realm.owner, subscribers, params)).id;

// Sent by an API client: the messages start unread for everyone but their sender.
const send = async (to: number, topic: string, by = realm.other) => ok(await by.api.post('/messages', { type: 'stream', to, topic, content: unique('unread ') })).id as number;
const dm = async (to: TestUser, by = realm.other) => ok(await by.api.post('/messages', { type: 'direct', to: JSON.stringify([to.user_id]), content: unique('dm ') })).id as number;

const flagsOf = async (user: TestUser, id: number): Promise<string[]> => ok(await user.api.get(`/messages/${id}`)).message.flags;
const isRead = async (user: TestUser, id: number) => (await flagsOf(user, id)).includes('read');
const register = async (user: TestUser) => ok(await user.api.post('/register', { event_types: ['update_message_flags'] })).queue_id as string;
const readEvents = async (user: TestUser, queue: string, count: number) => (await eventsOf(user, queue, count, ['add'])).filter((e) => e.type === 'update_message_flags').map(({ id: _id, ...e }) => e);

describe('POST /mark_all_as_read', () => {
  it('marks every unread message of the caller read, for every role, and answers complete: true', async () => {
    const channel = await createChannel(everyone);
    for (const user of roles) {
      const ids = [await send(channel, 'all'), await dm(user)];
      expect(await isRead(user, ids[0])).toBe(false);
      expect(ok(await user.api.post('/mark_all_as_read')).complete).toBe(true);
      for (const id of ids) expect(await isRead(user, id)).toBe(true);
    }
    // Only the caller's own copies: the others still have theirs unread.
    const id = await send(channel, 'all');
    ok(await realm.member.api.post('/mark_all_as_read'));
    expect(await isRead(realm.admin, id)).toBe(false);
    const unread = ok(await realm.member.api.post('/register', { fetch_event_types: ['message', 'update_message_flags'] })).unread_msgs;
    expect(unread.count).toBe(0);
  });

  it("tells the caller's queues with all: true and no message list (clients reload)", async () => {
    const queue = await register(realm.moderator);
    const other = await register(realm.admin);
    await dm(realm.moderator);
    ok(await realm.moderator.api.post('/mark_all_as_read'));
    expect(await readEvents(realm.moderator, queue, 1)).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true }]);
    const theirs = ok(await realm.admin.api.get('/events', { queue_id: other, last_event_id: -1, dont_block: true })).events as Json[];
    expect(theirs.filter((e) => e.type === 'update_message_flags')).toEqual([]);
  });
});

describe('POST /mark_stream_as_read', () => {
  it("marks the caller's unread messages of one channel read, for every role; not those elsewhere", async () => {
    const [channel, elsewhere] = [await createChannel(everyone), await createChannel(everyone)];
    for (const user of roles) {
      const here = [await send(channel, 'a'), await send(channel, 'b')];
      const there = await send(elsewhere, 'a');
      const direct = await dm(user);
      ok(await user.api.post('/mark_stream_as_read', { stream_id: channel }));
      for (const id of here) expect(await isRead(user, id)).toBe(true);
      expect([await isRead(user, there), await isRead(user, direct)]).toEqual([false, false]);
    }
  });

  it('sends the IDs it marked, and no event when there was nothing to mark', async () => {
    const channel = await createChannel(everyone);
    const ids = [await send(channel, 'x'), await send(channel, 'y')];
    const queue = await register(realm.member);
    ok(await realm.member.api.post('/mark_stream_as_read', { stream_id: channel }));
    ok(await realm.member.api.post('/mark_stream_as_read', { stream_id: channel }));
    await dm(realm.member);
    ok(await realm.member.api.post('/mark_all_as_read'));
    expect(await readEvents(realm.member, queue, 2)).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false },
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true },
    ]);
  });

  it('refuses channels the caller may not read, and nonexistent ones, with "Invalid channel ID"', async () => {
    const secret = await createChannel([realm.admin], { invite_only: true });
    const open = await createChannel([realm.admin]);
    refused(await realm.member.api.post('/mark_stream_as_read', { stream_id: secret }), 'Invalid channel ID');
    refused(await realm.member.api.post('/mark_stream_as_read', { stream_id: 999_999_999 }), 'Invalid channel ID');
    // A guest reads only the channels they are subscribed to.
    refused(await realm.guest.api.post('/mark_stream_as_read', { stream_id: open }), 'Invalid channel ID');
    // A member may read a public channel they are not subscribed to: nothing of theirs there.
    ok(await realm.member.api.post('/mark_stream_as_read', { stream_id: open }));
    refused(await realm.member.api.post('/mark_stream_as_read', {}), "Missing 'stream_id' argument", 'REQUEST_VARIABLE_MISSING');
    refused(await realm.member.api.post('/mark_stream_as_read', { stream_id: 'general' }), 'stream_id is not an integer');
  });
});

describe('POST /mark_topic_as_read', () => {
  it("marks the caller's unread messages of one topic read, whatever its case, for every role", async () => {
    const channel = await createChannel(everyone);
    for (const user of roles) {
      const topic = [await send(channel, 'Lunch'), await send(channel, 'LUNCH')];
      const other = await send(channel, 'Dinner');
      ok(await user.api.post('/mark_topic_as_read', { stream_id: channel, topic_name: 'lunch' }));
      for (const id of topic) expect(await isRead(user, id)).toBe(true);
      expect(await isRead(user, other)).toBe(false);
    }
  });

  it("takes the realm's name for the empty topic as the empty topic, and tells the caller", async () => {
    const channel = await createChannel(everyone);
    const empty = await send(channel, '');
    const named = await send(channel, 'named');
    const queue = await register(realm.member);
    const { realm_empty_topic_display_name: name } = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    ok(await realm.member.api.post('/mark_topic_as_read', { stream_id: channel, topic_name: name }));
    expect([await isRead(realm.member, empty), await isRead(realm.member, named)]).toEqual([true, false]);
    expect(await readEvents(realm.member, queue, 1)).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [empty], all: false }]);
  });

  it('refuses a topic the caller has no message of, and channels they may not read', async () => {
    const channel = await createChannel(everyone);
    await send(channel, 'exists');
    refused(await realm.member.api.post('/mark_topic_as_read', { stream_id: channel, topic_name: 'nothing here' }), "No such topic 'nothing here'");
    const secret = await createChannel([realm.admin], { invite_only: true });
    await send(secret, 'exists', realm.admin);
    refused(await realm.member.api.post('/mark_topic_as_read', { stream_id: secret, topic_name: 'exists' }), 'Invalid channel ID');
    refused(await realm.member.api.post('/mark_topic_as_read', { stream_id: channel }), "Missing 'topic_name' argument", 'REQUEST_VARIABLE_MISSING');
  });
});
