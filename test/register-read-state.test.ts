import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { unique } from './support/route-samples';

/**
 * Register's `starred_messages` and `recent_private_conversations` (Zulip's zerver/lib/
 * events.py): present exactly when asked for, for every role, only the user's own, and kept
 * current by the events clients already get (`update_message_flags` for stars, `message` for
 * direct messages): a stale state with the events applied equals a fresh fetch.
 */
type Json = Record<string, any>;
interface Conversation {
  max_message_id: number;
  user_ids: number[];
}

let realm: TestRealm;
let roles: TestUser[];
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Register read state realm');
  roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
  channel = ok(
    await realm.owner.api.post('/channels/create', {
      name: unique('Stars '),
      subscribers: [...roles, realm.other].map((u) => u.user_id),
      send_new_subscription_messages: false,
    }),
  ).id as number;
});
afterAll(closeFixtures);

const send = async (by: TestUser, to = channel) => ok(await by.api.post('/messages', { type: 'stream', to, topic: 'stars', content: unique('star me ') })).id as number;
const dm = async (by: TestUser, to: TestUser[]) => ok(await by.api.post('/messages', { type: 'direct', to: JSON.stringify(to.map((u) => u.user_id)), content: unique('dm ') })).id as number;
const star = async (user: TestUser, ids: number[], op = 'add') => ok(await user.api.post('/messages/flags', { messages: ids, op, flag: 'starred' }));
const state = async (user: TestUser, types = ['starred_messages', 'recent_private_conversations']) => ok(await user.api.post('/register', { fetch_event_types: types }));
const ids = (...users: TestUser[]) => users.map((u) => u.user_id).sort((a, b) => a - b);

/** What a client does with the events (Zulip's apply_event for these two keys). */
function apply(starred: number[], recent: Conversation[], me: number, events: Json[]): { starred: number[]; recent: Conversation[] } {
  let stars = new Set(starred);
  let conversations = recent.map((c) => ({ ...c }));
  for (const e of events) {
    if (e.type === 'update_message_flags' && e.flag === 'starred') {
      stars = new Set(e.op === 'add' ? [...stars, ...e.messages] : [...stars].filter((id) => !e.messages.includes(id)));
    } else if (e.type === 'message' && e.message.type === 'private') {
      const others = (e.message.display_recipient as Json[])
        .map((r) => r.id as number)
        .filter((id) => id !== me)
        .sort((a, b) => a - b);
      const found = conversations.find((c) => JSON.stringify(c.user_ids) === JSON.stringify(others));
      if (found) found.max_message_id = Math.max(found.max_message_id, e.message.id);
      else conversations.push({ max_message_id: e.message.id, user_ids: others });
    }
  }
  conversations = conversations.sort((a, b) => b.max_message_id - a.max_message_id);
  return { starred: [...stars].sort((a, b) => a - b), recent: conversations };
}

describe('starred_messages', () => {
  it("lists each role's own starred messages, ascending, once they star them", async () => {
    const [first, second] = [await send(realm.other), await send(realm.other)];
    for (const user of roles) {
      const before = (await state(user)).starred_messages as number[];
      await star(user, [second, first]);
      expect((await state(user)).starred_messages).toEqual([...before, first, second].sort((a, b) => a - b));
    }
    // Someone else's stars are not the user's.
    expect((await state(realm.other)).starred_messages).toEqual([]);
  });

  it('includes a public channel message the user never received, and drops unstarred ones', async () => {
    const open = ok(await realm.owner.api.post('/channels/create', { name: unique('Open '), subscribers: [realm.other.user_id] })).id as number;
    const theirs = await send(realm.other, open);
    const mine = await send(realm.other);
    await star(realm.admin, [theirs, mine]);
    await star(realm.admin, [mine], 'remove');
    expect((await state(realm.admin)).starred_messages).toEqual(expect.arrayContaining([theirs]));
    expect((await state(realm.admin)).starred_messages).not.toContain(mine);
  });

  it('is kept current by update_message_flags events', async () => {
    const user = realm.moderator;
    const stale = await state(user);
    const queue = ok(await user.api.post('/register', { event_types: ['update_message_flags'] })).queue_id as string;
    const [a, b] = [await send(realm.other), await send(realm.other)];
    await star(user, [a, b]);
    await star(user, [a], 'remove');
    const events = (await eventsOf(user, queue, 2, ['add', 'remove'])).filter((e) => e.flag === 'starred');
    expect(apply(stale.starred_messages, [], user.user_id, events).starred).toEqual((await state(user)).starred_messages);
  });
});

describe('recent_private_conversations', () => {
  it("lists each role's conversations, newest first, by the other participants (none for oneself)", async () => {
    for (const user of roles) {
      const self = await dm(user, [user]);
      const pair = await dm(realm.other, [user]);
      const third = realm.admin.user_id === user.user_id ? realm.moderator : realm.admin;
      const group = await dm(user, [realm.other, third]);
      const [newest, ...rest] = (await state(user)).recent_private_conversations as Conversation[];
      expect(newest).toEqual({ max_message_id: group, user_ids: ids(realm.other, third) });
      expect(rest).toEqual(
        expect.arrayContaining([
          { max_message_id: pair, user_ids: [realm.other.user_id] },
          { max_message_id: self, user_ids: [] },
        ]),
      );
      const maxima = [newest, ...rest].map((c) => c.max_message_id);
      expect(maxima).toEqual([...maxima].sort((x, y) => y - x));
    }
  });

  it("holds one entry per conversation with its newest message, and nothing of others' conversations", async () => {
    const [a, b] = [await realm.addUser({}), await realm.addUser({})];
    await dm(a, [b]);
    const later = await dm(b, [a]);
    expect((await state(a)).recent_private_conversations).toEqual([{ max_message_id: later, user_ids: [b.user_id] }]);
    expect((await state(realm.guest)).recent_private_conversations).not.toContainEqual({ max_message_id: later, user_ids: [b.user_id] });
  });

  it('is kept current by message events', async () => {
    const user = realm.member;
    const stale = await state(user);
    const queue = ok(await user.api.post('/register', { event_types: ['message'] })).queue_id as string;
    await dm(realm.other, [user]);
    await dm(user, [realm.bot, realm.other]);
    await dm(user, [user]);
    await send(realm.other);
    const events = (await eventsOf(user, queue, 4)).filter((e) => e.type === 'message');
    expect(apply([], stale.recent_private_conversations, user.user_id, events).recent).toEqual((await state(user)).recent_private_conversations);
  });
});

describe('which keys register returns', () => {
  it('returns each key only when asked for, and both when every type is', async () => {
    const only = await state(realm.member, ['starred_messages']);
    expect(['starred_messages' in only, 'recent_private_conversations' in only]).toEqual([true, false]);
    const neither = await state(realm.member, ['message']);
    expect(['starred_messages' in neither, 'recent_private_conversations' in neither]).toEqual([false, false]);
    const all = ok(await realm.member.api.post('/register', {}));
    expect(['starred_messages' in all, 'recent_private_conversations' in all]).toEqual([true, true]);
  });
});
