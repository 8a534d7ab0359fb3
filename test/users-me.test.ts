import { Role } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';

/**
 * GET /users/me answers from what the users service keeps between requests (the caller's
 * profile, and max_message_id, which the messages service owns; ADR 0011). Every change must
 * show in the very next request, for every role: these tests change something and ask at once,
 * several times over, so that an answer kept past its change fails them.
 */
let realm: TestRealm;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as const;
const ROUNDS = 4;
/** The profile-field routes, which the reference documents differently (see profile-fields.test.ts). */
const UNDOCUMENTED = { contract: false };

beforeAll(async () => {
  realm = await createTestRealm('Users me realm');
}, 60_000);
afterAll(closeFixtures);

const me = async (user: TestUser) => ok(await user.api.get('/users/me'));

async function channel(subscribers: TestUser[]): Promise<{ id: number; name: string }> {
  const name = unique('Me channel');
  const { id } = ok(
    await realm.owner.api.post('/channels/create', {
      name,
      subscribers: subscribers.map((u) => u.user_id),
      send_new_subscription_messages: false,
    }),
  );
  return { id: id as number, name };
}

const post = async (from: TestUser, to: { id: number }, content = 'hello') => ok(await from.api.post('/messages', { type: 'stream', to: to.id, topic: 'me', content })).id as number;

const dm = async (from: TestUser, to: TestUser, content = 'hello') => ok(await from.api.post('/messages', { type: 'direct', to: [to.user_id], content })).id as number;

describe('GET /users/me: the profile', () => {
  it.each(ROLES)("shows %s's name change at once, each time", async (role) => {
    const user = realm[role];
    await me(user);
    for (let i = 0; i < ROUNDS; i++) {
      const name = unique(`Renamed ${role}`);
      // A bot may not change its own settings: an administrator renames it.
      if (role === 'bot') ok(await realm.admin.api.patch(`/users/${user.user_id}`, { full_name: name }));
      else ok(await user.api.patch('/settings', { full_name: name }));
      expect((await me(user)).full_name).toBe(name);
    }
  });

  it('shows a role changed by the owner at once, each time', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, name: 'Promoted Person' });
    const roles = [Role.ADMINISTRATOR, Role.MODERATOR, Role.GUEST, Role.MEMBER];
    for (const role of [...roles, ...roles]) {
      await me(user);
      ok(await realm.owner.api.patch(`/users/${user.user_id}`, { role }));
      expect(await me(user)).toMatchObject({ role, is_admin: role <= Role.ADMINISTRATOR, is_guest: role === Role.GUEST });
    }
  });

  it('shows profile values as they are set, cleared and their field deleted', async () => {
    const user = realm.member;
    const { id: field } = ok(await realm.owner.api.post('/realm/profile_fields', { name: unique('Desk'), field_type: 1 }, UNDOCUMENTED));
    for (let i = 0; i < ROUNDS; i++) {
      const value = unique('desk');
      ok(await user.api.patch('/users/me/profile_data', { data: [{ id: field, value }] }, UNDOCUMENTED));
      expect((await me(user)).profile_data[String(field)]).toMatchObject({ value });
    }
    ok(await realm.owner.api.delete(`/realm/profile_fields/${field}`, {}, UNDOCUMENTED));
    expect((await me(user)).profile_data).not.toHaveProperty(String(field));
  });

  it('shows the email the user lets others see, as the visibility changes', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, name: 'Private Person' });
    for (let i = 0; i < ROUNDS; i++) {
      ok(await user.api.patch('/settings', { email_address_visibility: 5 }));
      expect((await me(user)).email).toBe(`user${user.user_id}@${(await me(user)).email.split('@')[1]}`);
      expect((await me(user)).delivery_email).toBe(user.email);
      ok(await user.api.patch('/settings', { email_address_visibility: 1 }));
      expect((await me(user)).email).toBe(user.email);
    }
  });

  it("answers each user with their own profile, never another's", async () => {
    const answers = await Promise.all(ROLES.map((role) => me(realm[role])));
    expect(answers.map((a) => a.user_id)).toEqual(ROLES.map((role) => realm[role].user_id));
  });
});

describe('GET /users/me: max_message_id', () => {
  it.each(ROLES)('counts a direct message to %s at once, each time', async (role) => {
    const user = realm[role];
    const sender = role === 'member' ? realm.other : realm.member;
    await me(user);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await dm(sender, user);
      expect((await me(user)).max_message_id).toBe(id);
      // The sender received it too.
      expect((await me(sender)).max_message_id).toBe(id);
    }
  });

  it('counts channel messages for their subscribers only', async () => {
    const reader = await realm.addUser({ role: Role.MEMBER, name: 'Channel Reader' });
    const outsider = await realm.addUser({ role: Role.MEMBER, name: 'Channel Outsider' });
    const before = (await me(outsider)).max_message_id;
    const c = await channel([realm.owner, reader]);
    await me(reader);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await post(realm.owner, c);
      expect((await me(reader)).max_message_id).toBe(id);
      expect((await me(outsider)).max_message_id).toBe(before);
    }
  });

  it('goes back down when the newest message received is deleted', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, name: 'Deletion Reader' });
    const first = await dm(realm.owner, user, 'stays');
    const second = await dm(realm.owner, user, 'goes');
    expect((await me(user)).max_message_id).toBe(second);
    ok(await realm.owner.api.delete(`/messages/${second}`));
    expect((await me(user)).max_message_id).toBe(first);
  });

  it("counts a public channel's message the user read without receiving, once starred (a historical copy)", async () => {
    const user = await realm.addUser({ role: Role.MEMBER, name: 'Historical Reader' });
    const received = await dm(realm.owner, user);
    const c = await channel([realm.owner]);
    const unseen = await post(realm.owner, c, 'not received');
    expect((await me(user)).max_message_id).toBe(received);
    ok(await user.api.post('/messages/flags', { messages: [unseen], op: 'add', flag: 'starred' }));
    expect((await me(user)).max_message_id).toBe(unseen);
  });
});
