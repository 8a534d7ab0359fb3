import { Role } from '@parley/common';
import { closeFixtures, createTestRealm, settle, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';

/**
 * POST /register lists the realm's people (realm_users, realm_non_active_users) and their
 * presences from what the users service keeps per realm (services/users/src/domain/
 * realm-people.ts), each user's JSON made once per way of showing it. These tests hold it to
 * what GET /users, which reads afresh, shows the same viewer: for every role, with the people
 * kept after other roles' registers, and right after each kind of change, several times over.
 */
let realm: TestRealm;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as const;
const ROUNDS = 3;
/** The profile-field routes, which the reference documents differently (see profile-fields.test.ts). */
const UNDOCUMENTED = { contract: false };
/** Zulip's email_address_visibility values: everyone, members, administrators, nobody, moderators. */
const VISIBILITIES = [1, 2, 3, 4, 5];

type Person = { user_id: number; is_active: boolean } & Record<string, unknown>;

let field: number;
/** One user for each email visibility, each with a profile value. */
const shy: TestUser[] = [];
/** Users of the tests below, made before them (see beforeAll). */
let fresh: Record<'role' | 'going' | 'visibility' | 'present' | 'presentThenGone' | 'bot', TestUser>;

beforeAll(async () => {
  realm = await createTestRealm('Register people realm');
  ({ id: field } = ok(await realm.owner.api.post('/realm/profile_fields', { name: 'Office', field_type: 1 }, UNDOCUMENTED)));
  for (const visibility of VISIBILITIES) {
    const user = await realm.addUser({ role: Role.MEMBER, name: `Visibility ${visibility}` });
    ok(await user.api.patch('/settings', { email_address_visibility: visibility }));
    ok(await user.api.patch('/users/me/profile_data', { data: [{ id: field, value: `room ${visibility}` }] }, UNDOCUMENTED));
    shy.push(user);
  }
  const gone = await realm.addUser({ role: Role.MEMBER, name: 'Gone Person' });
  ok(await realm.admin.api.delete(`/users/${gone.user_id}`));
  fresh = {
    role: await realm.addUser({ role: Role.MEMBER, name: 'Role Person' }),
    going: await realm.addUser({ role: Role.MEMBER, name: 'Coming And Going' }),
    visibility: await realm.addUser({ role: Role.MEMBER, name: 'Changing Visibility' }),
    present: await realm.addUser({ role: Role.MEMBER, name: 'Sometimes Present' }),
    presentThenGone: await realm.addUser({ role: Role.MEMBER, name: 'Present Then Gone' }),
    bot: await realm.addUser({ role: Role.MEMBER, name: 'New Bot', bot: true }),
  };
  // The fixtures write users straight to the database, and their announcements go out after:
  // wait for them, as a client of the API never has to.
  await settle(realm.owner);
}, 60_000);
afterAll(closeFixtures);

/** Register's people as `user` sees them, by user ID; the queue is deleted again. */
async function registered(user: TestUser, params: Record<string, unknown> = {}) {
  const state = ok(await user.api.post('/register', { fetch_event_types: ['realm_user', 'presence'], ...params }));
  ok(await user.api.delete('/events', { queue_id: state.queue_id }));
  const people = new Map<number, Person>();
  for (const p of [...state.realm_users, ...state.realm_non_active_users] as Person[]) people.set(p.user_id, p);
  return { state, people };
}

/** GET /users as `user` sees it, by user ID. */
async function listed(user: TestUser, clientGravatar: boolean) {
  const { members } = ok(await user.api.get('/users', { client_gravatar: clientGravatar, include_custom_profile_fields: true }));
  return new Map((members as Person[]).map((p) => [p.user_id, p]));
}

async function expectSameAsListed(user: TestUser, clientGravatar: boolean) {
  const { state, people } = await registered(user, { client_gravatar: clientGravatar });
  expect(people).toEqual(await listed(user, clientGravatar));
  expect((state.realm_users as Person[]).every((p) => p.is_active)).toBe(true);
  expect((state.realm_non_active_users as Person[]).every((p) => !p.is_active)).toBe(true);
}

describe("POST /register: the realm's people", () => {
  it.each(
    ROLES.flatMap(
      (role) =>
        [
          [role, true],
          [role, false],
        ] as const,
    ),
  )('shows %s (client_gravatar %s) what GET /users shows them, after the other roles registered', async (role, clientGravatar) => {
    // The roles that see the most and the least first, so that what they were shown is kept.
    for (const other of ['owner', 'guest'] as const) await registered(realm[other], { client_gravatar: clientGravatar });
    await expectSameAsListed(realm[role], clientGravatar);
  });

  it('hides the emails each visibility hides from each role, whatever was shown before', async () => {
    const seen = async (viewer: TestUser) => (await registered(viewer)).people;
    const [owner, moderator, member, guest] = await Promise.all([seen(realm.owner), seen(realm.moderator), seen(realm.member), seen(realm.guest)]);
    const delivery = (people: Map<number, Person>) => shy.map((u) => people.get(u.user_id)!.delivery_email);
    // everyone, members, administrators, nobody, moderators
    expect(delivery(owner)).toEqual(shy.map((u, i) => (i === 3 ? null : u.email)));
    expect(delivery(moderator)).toEqual(shy.map((u, i) => ([0, 1, 4].includes(i) ? u.email : null)));
    expect(delivery(member)).toEqual(shy.map((u, i) => ([0, 1].includes(i) ? u.email : null)));
    expect(delivery(guest)).toEqual(shy.map((u, i) => (i === 0 ? u.email : null)));
    // Each user sees their own, whatever the visibility.
    for (const user of shy) expect((await seen(user)).get(user.user_id)!.delivery_email).toBe(user.email);
  });

  it('shows a name change at once, each time', async () => {
    const user = shy[1];
    for (let i = 0; i < ROUNDS; i++) {
      await registered(realm.member);
      const name = unique('Renamed');
      ok(await user.api.patch('/settings', { full_name: name }));
      expect((await registered(realm.member)).people.get(user.user_id)).toMatchObject({ full_name: name });
    }
  });

  it('shows a role change at once, each time', async () => {
    const user = fresh.role;
    for (const role of [Role.ADMINISTRATOR, Role.GUEST, Role.MODERATOR, Role.MEMBER]) {
      await registered(realm.guest);
      ok(await realm.owner.api.patch(`/users/${user.user_id}`, { role }));
      expect((await registered(realm.guest)).people.get(user.user_id)).toMatchObject({ role, is_admin: role === Role.ADMINISTRATOR, is_guest: role === Role.GUEST });
    }
  });

  it('moves a user between the active and deactivated lists at once, each time', async () => {
    const user = fresh.going;
    const where = async () => {
      const { state } = await registered(realm.moderator);
      const ids = (list: Person[]) => list.map((p) => p.user_id);
      return { active: ids(state.realm_users).includes(user.user_id), deactivated: ids(state.realm_non_active_users).includes(user.user_id) };
    };
    for (let i = 0; i < ROUNDS; i++) {
      expect(await where()).toEqual({ active: true, deactivated: false });
      ok(await realm.admin.api.delete(`/users/${user.user_id}`));
      expect(await where()).toEqual({ active: false, deactivated: true });
      ok(await realm.admin.api.post(`/users/${user.user_id}/reactivate`));
    }
  });

  it('shows an email as its visibility changes, at once, each time', async () => {
    const user = fresh.visibility;
    for (let i = 0; i < ROUNDS; i++) {
      await registered(realm.member);
      ok(await user.api.patch('/settings', { email_address_visibility: 3 }));
      expect((await registered(realm.member)).people.get(user.user_id)).toMatchObject({ delivery_email: null });
      ok(await user.api.patch('/settings', { email_address_visibility: 1 }));
      expect((await registered(realm.member)).people.get(user.user_id)).toMatchObject({ delivery_email: user.email, email: user.email });
    }
  });

  it('shows profile values as they are set, and their field deleted, at once', async () => {
    const user = shy[0];
    const { id: desk } = ok(await realm.owner.api.post('/realm/profile_fields', { name: unique('Desk'), field_type: 1 }, UNDOCUMENTED));
    for (let i = 0; i < ROUNDS; i++) {
      await registered(realm.admin);
      const value = unique('desk');
      ok(await user.api.patch('/users/me/profile_data', { data: [{ id: desk, value }] }, UNDOCUMENTED));
      expect((await registered(realm.admin)).people.get(user.user_id)!.profile_data).toMatchObject({ [String(desk)]: { value } });
    }
    ok(await realm.owner.api.delete(`/realm/profile_fields/${desk}`, {}, UNDOCUMENTED));
    expect((await registered(realm.admin)).people.get(user.user_id)!.profile_data).not.toHaveProperty(String(desk));
  });

  it('lists a user at once when an owner creates them, and a bot without profile fields', async () => {
    await registered(realm.guest);
    const { user_id: userId } = ok(await realm.owner.api.post('/users', { email: `${unique('new').replace(' ', '')}@example.test`, password: 'pw', full_name: 'Newcomer' }));
    const { people } = await registered(realm.guest);
    expect(people.get(userId)).toMatchObject({ full_name: 'Newcomer', is_bot: false, profile_data: {} });
    expect(people.get(fresh.bot.user_id)).toMatchObject({ full_name: 'New Bot', is_bot: true });
    expect(people.get(fresh.bot.user_id)).not.toHaveProperty('profile_data');
  });
});

describe('POST /register and GET /realm/presence: whose presence shows', () => {
  it('stops and starts showing a user as they turn presence off and on, at once, each time', async () => {
    const user = fresh.present;
    ok(await user.api.post('/users/me/presence', { status: 'active' }));
    const shown = async () => {
      const { state } = await registered(realm.member, { slim_presence: true });
      const legacy = ok(await realm.member.api.get('/realm/presence')).presences as Record<string, unknown>;
      // GET /realm/presence names users by the email others may see: the real one or user<ID>@….
      const named = Object.keys(legacy).some((email) => email === user.email || email.startsWith(`user${user.user_id}@`));
      return { register: String(user.user_id) in state.presences, realmPresence: named };
    };
    for (let i = 0; i < ROUNDS; i++) {
      expect(await shown()).toEqual({ register: true, realmPresence: true });
      ok(await user.api.patch('/settings', { presence_enabled: false }));
      expect(await shown()).toEqual({ register: false, realmPresence: false });
      ok(await user.api.patch('/settings', { presence_enabled: true }));
    }
  });

  it("stops showing a deactivated user's presence at once", async () => {
    const user = fresh.presentThenGone;
    ok(await user.api.post('/users/me/presence', { status: 'active' }));
    expect(String(user.user_id) in (await registered(realm.owner, { slim_presence: true })).state.presences).toBe(true);
    ok(await realm.admin.api.delete(`/users/${user.user_id}`));
    expect(String(user.user_id) in (await registered(realm.owner, { slim_presence: true })).state.presences).toBe(false);
  });
});
