import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';

/**
 * Muted users: POST and DELETE /users/me/muted_users/{muted_user_id} for every role, Zulip's
 * refusals (zerver/views/muted_users.py: "Cannot mute self", "No such user", "User already
 * muted", "User is not muted"; bots and deactivated users may be muted), Parley's bound of
 * 1,000 per user, register's muted_users and the muted_users events to the muter's queues.
 */
type Json = Record<string, any>;

let realm: TestRealm;
let elsewhere: TestRealm;
let roles: [string, TestUser][];

beforeAll(async () => {
  realm = await createTestRealm('Muted users realm');
  elsewhere = await createTestRealm('Other muted users realm');
  roles = [
    ['owner', realm.owner],
    ['admin', realm.admin],
    ['moderator', realm.moderator],
    ['member', realm.member],
    ['guest', realm.guest],
    ['bot', realm.bot],
  ];
});
afterAll(closeFixtures);

const mute = (user: TestUser, id: number) => user.api.post(`/users/me/muted_users/${id}`);
const unmute = (user: TestUser, id: number) => user.api.delete(`/users/me/muted_users/${id}`);
const mutedOf = async (user: TestUser): Promise<Json[]> => ok(await user.api.post('/register', { fetch_event_types: ['muted_users'] })).muted_users;

describe('muted users', () => {
  it('every role mutes and unmutes another user, listed in register with the time of the mute', async () => {
    for (const [, user] of roles) {
      const before = Math.floor(Date.now() / 1000);
      ok(await mute(user, realm.other.user_id));
      const [entry, ...rest] = await mutedOf(user);
      expect(rest).toEqual([]);
      expect(entry.id).toBe(realm.other.user_id);
      expect(entry.timestamp).toBeGreaterThanOrEqual(before - 1);
      expect(entry.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
      ok(await unmute(user, realm.other.user_id));
      expect(await mutedOf(user)).toEqual([]);
    }
  });

  it('mutes bots and deactivated users (Zulip since feature level 188)', async () => {
    const gone = await realm.addUser({ name: 'Gone' });
    ok(await realm.owner.api.delete(`/users/${gone.user_id}`));
    ok(await mute(realm.member, realm.bot.user_id));
    ok(await mute(realm.member, gone.user_id));
    expect((await mutedOf(realm.member)).map((m) => m.id)).toEqual([realm.bot.user_id, gone.user_id]);
    ok(await unmute(realm.member, realm.bot.user_id));
    ok(await unmute(realm.member, gone.user_id));
  });

  it("refuses with Zulip's messages: oneself, no such user (another realm's too), twice, not muted", async () => {
    const user = realm.member;
    refused(await mute(user, user.user_id), 'Cannot mute self');
    refused(await mute(user, 999999999), 'No such user');
    refused(await mute(user, elsewhere.member.user_id), 'No such user');
    refused(await unmute(user, elsewhere.member.user_id), 'No such user');
    refused(await unmute(user, 999999999), 'No such user');
    refused(await unmute(user, realm.admin.user_id), 'User is not muted');
    ok(await mute(user, realm.admin.user_id));
    refused(await mute(user, realm.admin.user_id), 'User already muted');
    ok(await unmute(user, realm.admin.user_id));
    refused(await unmute(user, realm.admin.user_id), 'User is not muted');
    // A path that is not an ID is no route at all, as in Zulip's URL patterns.
    expect((await user.api.post('/users/me/muted_users/abc')).status).toBe(404);
  });

  it('is absent from register unless asked for, and muted_users events tell only the muter', async () => {
    const user = realm.moderator;
    expect(ok(await user.api.post('/register', {})).muted_users).toEqual([]);
    expect(ok(await user.api.post('/register', { fetch_event_types: ['realm'] })).muted_users).toBeUndefined();
    const queue = ok(await user.api.post('/register', { event_types: ['muted_users'] })).queue_id as string;
    const other = ok(await realm.other.api.post('/register', { event_types: ['muted_users'] })).queue_id as string;
    ok(await mute(user, realm.other.user_id));
    ok(await mute(user, realm.guest.user_id));
    ok(await unmute(user, realm.other.user_id));
    const events = (await eventsOf(user, queue, 3)).filter((e: Json) => e.type === 'muted_users');
    expect(events.map((e: Json) => e.muted_users.map((m: Json) => m.id))).toEqual([[realm.other.user_id], [realm.other.user_id, realm.guest.user_id], [realm.guest.user_id]]);
    expect(events[2].muted_users[0]).toEqual((await mutedOf(user))[0]);
    const theirs = ok(await realm.other.api.get('/events', { queue_id: other, last_event_id: -1, dont_block: true })).events as Json[];
    expect(theirs.filter((e) => e.type === 'muted_users')).toEqual([]);
    ok(await unmute(user, realm.guest.user_id));
  });
});
