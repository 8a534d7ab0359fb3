import { Role } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok, refused } from './support/responses';

/**
 * DELETE /users/me, Zulip's deactivate_user_own_backend: any account may leave, and takes the
 * bots it owns with it (do_deactivate_user's cascade), except the organization's only active
 * account and its only owner (CANNOT_DEACTIVATE_LAST_USER, with is_last_owner and entity).
 */
let realm: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('Leaving realm');
}, 60_000);
afterAll(closeFixtures);

type Json = Record<string, any>;

const ROLES: [string, { role: number; bot?: boolean }][] = [
  ['owner', { role: Role.OWNER }],
  ['administrator', { role: Role.ADMINISTRATOR }],
  ['moderator', { role: Role.MODERATOR }],
  ['member', { role: Role.MEMBER }],
  ['guest', { role: Role.GUEST }],
  ['bot', { role: Role.MEMBER, bot: true }],
];

const isActive = async (id: number) => ok(await realm.owner.api.get(`/users/${id}`)).user.is_active as boolean;

describe('DELETE /users/me', () => {
  it.each(ROLES)('lets a %s deactivate their own account, which then stops working', async (_name, opts) => {
    const user = await realm.addUser({ ...opts, name: 'Leaving' });
    ok(await user.api.delete('/users/me'));
    expect(await isActive(user.user_id)).toBe(false);
    const after = await user.api.get('/users/me');
    expect([after.status, after.body.code]).toEqual([401, 'USER_DEACTIVATED']);
  });

  it("tells the realm, and deactivates the bots the user owns (not other people's)", async () => {
    const user = await realm.addUser({ name: 'Bot keeper' });
    const mine = await realm.addUser({ bot: true, botOwner: user.user_id, name: 'Kept bot' });
    const another = await realm.addUser({ bot: true, botOwner: realm.member.user_id, name: 'Other bot' });
    const queue = ok(await realm.admin.api.post('/register', { event_types: ['realm_user', 'realm_bot'] })).queue_id as string;

    ok(await user.api.delete('/users/me'));

    expect(await isActive(mine.user_id)).toBe(false);
    expect(await isActive(another.user_id)).toBe(true);
    const bot = await mine.api.get('/users/me');
    expect([bot.status, bot.body.code]).toEqual([401, 'USER_DEACTIVATED']);
    const all = await eventsOf(realm.admin, queue, 3);
    // The bot's administrators hear it stopped (realm_bots stays true), as Zulip's do_deactivate_user.
    expect(all.filter((e: Json) => e.type === 'realm_bot')).toEqual([{ type: 'realm_bot', op: 'update', bot: { user_id: mine.user_id, is_active: false }, id: expect.any(Number) }]);
    const events = all.filter((e: Json) => e.type === 'realm_user');
    expect(events.map((e: Json) => e.person)).toEqual(
      expect.arrayContaining([
        { user_id: mine.user_id, is_active: false },
        { user_id: user.user_id, is_active: false },
      ]),
    );
  });

  it('refuses the only owner with CANNOT_DEACTIVATE_LAST_USER, and lets an owner go once another exists', async () => {
    const owners = ok(await realm.owner.api.get('/users')).members.filter((u: Json) => u.is_active && u.role === Role.OWNER && !u.is_bot);
    expect(owners.map((u: Json) => u.user_id)).toEqual([realm.owner.user_id]);
    const res = await realm.owner.api.delete('/users/me');
    refused(res, 'Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER', { is_last_owner: true, entity: 'organization owner' });
    expect(await isActive(realm.owner.user_id)).toBe(true);

    // An owner's bot with the owner role does not count as an owner.
    const ownerBot = await realm.addUser({ bot: true, role: Role.OWNER, name: 'Owner bot' });
    refused(await realm.owner.api.delete('/users/me'), 'Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER');
    expect(await isActive(ownerBot.user_id)).toBe(true);

    const second = await realm.addUser({ role: Role.OWNER, name: 'Second owner' });
    ok(await second.api.delete('/users/me'));
    refused(await realm.owner.api.delete('/users/me'), 'Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER');
  });

  it('refuses the only active account with is_last_owner false; system bots do not count', async () => {
    const alone = await createTestRealm('Alone realm');
    const others: TestUser[] = [alone.admin, alone.moderator, alone.member, alone.guest, alone.bot, alone.other];
    for (const u of others) ok(await alone.owner.api.delete(`/users/${u.user_id}`));
    refused(await alone.owner.api.delete('/users/me'), 'Cannot deactivate the only user.', 'CANNOT_DEACTIVATE_LAST_USER', { is_last_owner: false, entity: 'user' });

    // A bot is an account: with one left, the owner is the last owner, not the last user.
    const bot = await alone.addUser({ bot: true, name: 'Last bot' });
    refused(await alone.owner.api.delete('/users/me'), 'Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER', { is_last_owner: true });
    // and the bot, a member, may leave: the owner stays.
    ok(await bot.api.delete('/users/me'));
    refused(await alone.owner.api.delete('/users/me'), 'Cannot deactivate the only user.', 'CANNOT_DEACTIVATE_LAST_USER', { is_last_owner: false });
  }, 60_000);

  it('refuses two owners leaving at once from leaving the realm ownerless', async () => {
    const pair = await createTestRealm('Pair realm');
    const second = await pair.addUser({ role: Role.OWNER, name: 'Co-owner' });
    const [a, b] = await Promise.all([pair.owner.api.delete('/users/me'), second.api.delete('/users/me')]);
    const outcomes = [a, b].map((r) => r.body.code ?? 'ok').sort();
    expect(outcomes).toEqual(['CANNOT_DEACTIVATE_LAST_USER', 'ok']);
  }, 60_000);
});

describe('DELETE /users/{user_id} by an administrator', () => {
  it('and owners deactivating each other, or one another and themselves, at once leave one owner', async () => {
    for (const race of ['each other', 'another and themselves'] as const) {
      const pair = await createTestRealm(`Racing owners (${race})`);
      const second = await pair.addUser({ role: Role.OWNER, name: 'Racing owner' });
      const [a, b] = await Promise.all([
        pair.owner.api.delete(`/users/${second.user_id}`),
        race === 'each other' ? second.api.delete(`/users/${pair.owner.user_id}`) : pair.owner.api.delete('/users/me'),
      ]);
      expect([a, b].filter((r) => r.status === 200)).toHaveLength(1);
      const active = await Promise.all([pair.owner, second].map(async (u) => ok(await pair.admin.api.get(`/users/${u.user_id}`)).user.is_active as boolean));
      expect(active.filter(Boolean)).toHaveLength(1);
    }
  }, 60_000);

  it("deactivates the user's bots too, and reactivating the user leaves them deactivated, as Zulip", async () => {
    const user = await realm.addUser({ name: 'Removed' });
    const bot = await realm.addUser({ bot: true, botOwner: user.user_id, name: 'Removed bot' });
    ok(await realm.admin.api.delete(`/users/${user.user_id}`));
    expect(await isActive(bot.user_id)).toBe(false);
    ok(await realm.admin.api.post(`/users/${user.user_id}/reactivate`));
    expect(await isActive(user.user_id)).toBe(true);
    expect(await isActive(bot.user_id)).toBe(false);
  });

  it("keeps Zulip's message for the only owner there (BAD_REQUEST, no period)", async () => {
    refused(await realm.owner.api.delete(`/users/${realm.owner.user_id}`), 'Cannot deactivate the only organization owner');
  });
});
