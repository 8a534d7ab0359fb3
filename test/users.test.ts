import { Role } from '@parley/common';
import { Api, type Params } from './support/api';
import { manage } from './support/cli';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/** GET/POST/PATCH/DELETE /users..., POST /fetch_api_key: every rule and refusal, per role. */
let realm: TestRealm;
let elsewhere: TestRealm;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const NON_ADMINS: RoleName[] = ['moderator', 'member', 'guest', 'bot'];
const ROLES: RoleName[] = ['owner', 'admin', ...NON_ADMINS];

beforeAll(async () => {
  realm = await createTestRealm('Users realm');
  elsewhere = await createTestRealm('Another realm');
});
afterAll(closeFixtures);

describe('GET /users/me', () => {
  it("returns the caller's own profile with max_message_id", async () => {
    const res = await realm.admin.api.get('/users/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: 'success',
      user_id: realm.admin.user_id,
      email: realm.admin.email,
      delivery_email: realm.admin.email,
      full_name: 'Ada Admin',
      role: Role.ADMINISTRATOR,
      is_admin: true,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      is_active: true,
      profile_data: {},
      max_message_id: -1,
    });
    expect(typeof res.body.avatar_url).toBe('string');
    expect(new Date(res.body.date_joined).getTime()).toBeGreaterThan(0);
  });

  it('describes each role with its flags', async () => {
    const expected: Record<RoleName, [number, boolean, boolean, boolean]> = {
      owner: [100, true, true, false],
      admin: [200, true, false, false],
      moderator: [300, false, false, false],
      member: [400, false, false, false],
      guest: [600, false, false, true],
      bot: [400, false, false, false],
    };
    for (const [name, [role, isAdmin, isOwner, isGuest]] of Object.entries(expected)) {
      const res = await realm[name as RoleName].api.get('/users/me');
      expect({ name, role: res.body.role, admin: res.body.is_admin, owner: res.body.is_owner, guest: res.body.is_guest }).toEqual({ name, role, admin: isAdmin, owner: isOwner, guest: isGuest });
    }
  });
});

// Zulip's format_user_row: a bot's own user has bot_type and bot_owner_id, a person's neither
// (the reference's schema of GET /users/me, which allows no other field, has none of them).
describe('GET /users/me: bot fields', () => {
  it.each(ROLES)("are in the %s's own user only if it is a bot", async (role) => {
    const res = await realm[role].api.get('/users/me');
    expect(res.status).toBe(200);
    const fields = { bot_type: res.body.bot_type, bot_owner_id: res.body.bot_owner_id };
    if (role === 'bot') expect(fields).toEqual({ bot_type: 1, bot_owner_id: realm.owner.user_id });
    else expect([Object.hasOwn(res.body, 'bot_type'), Object.hasOwn(res.body, 'bot_owner_id')]).toEqual([false, false]);
  });
});

describe('GET /users/{user_id}', () => {
  it("returns another user, with Parley's default avatar URL even under client_gravatar (ENABLE_GRAVATAR is off)", async () => {
    const res = await realm.member.api.get(`/users/${realm.admin.user_id}`);
    expect(res.status).toBe(200);
    const avatar = /^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=1$/;
    expect(res.body.user).toMatchObject({ user_id: realm.admin.user_id, full_name: 'Ada Admin', avatar_url: expect.stringMatching(avatar), bot_type: null, bot_owner_id: null });
    expect(res.body.user).not.toHaveProperty('profile_data');
    const withUrl = await realm.member.api.get(`/users/${realm.admin.user_id}`, { client_gravatar: false, include_custom_profile_fields: true });
    expect(withUrl.body.user.avatar_url).toBe(res.body.user.avatar_url);
    expect(withUrl.body.user.profile_data).toEqual({});
  });

  it('describes bots with their type and owner, and no profile data', async () => {
    const res = await realm.member.api.get(`/users/${realm.bot.user_id}`, { include_custom_profile_fields: true });
    expect(res.body.user).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: realm.owner.user_id });
    expect(res.body.user).not.toHaveProperty('profile_data');
  });

  it("refuses an unknown user, and another realm's user alike", async () => {
    for (const id of [999999, elsewhere.member.user_id]) {
      const res = await realm.member.api.get(`/users/${id}`, {}, { contract: false });
      // The reference documents no 400 for this path; the envelope is checked here.
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
    }
  });

  it('refuses a non-boolean client_gravatar naming the parameter', async () => {
    const res = await realm.member.api.get(`/users/${realm.admin.user_id}`, { client_gravatar: 'maybe' }, { contract: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringContaining('client_gravatar') });
  });

  it('does not route a non-numeric ID', async () => {
    const res = await realm.member.api.get('/users/abc', {}, { contract: false });
    expect(res.status).toBe(404);
  });
});

describe('GET /users/{email}', () => {
  const byEmail = (caller: TestUser, email: string, params = {}) => caller.api.get(`/users/${encodeURIComponent(email)}`, params);
  const NO_SUCH_USER = [400, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' }];

  it.each(ROLES)('gives the %s the user a real email names, as by ID, bots and deactivated users too', async (role) => {
    const gone = await realm.addUser({ name: 'Gone By Email' });
    expect((await realm.admin.api.delete(`/users/${gone.user_id}`)).status).toBe(200);
    for (const target of [realm.admin, realm.bot, gone]) {
      const [res, byId] = [
        await byEmail(realm[role], target.email, { include_custom_profile_fields: true }),
        await realm[role].api.get(`/users/${target.user_id}`, { include_custom_profile_fields: true }),
      ];
      expect([res.status, res.body]).toEqual([200, byId.body]);
      expect(res.body.user.user_id).toBe(target.user_id);
    }
  });

  it('reads the address without regard to case or surrounding spaces (as Zulip)', async () => {
    for (const email of [realm.admin.email.toUpperCase(), ` ${realm.admin.email} `]) {
      const res = await byEmail(realm.member, email);
      expect([res.status, res.body.user?.user_id]).toEqual([200, realm.admin.user_id]);
    }
  });

  // Zulip's access_user_by_email: a real email finds a user only for the roles their
  // email_address_visibility lets see it (no exception for oneself); the user{id}@ stand-in,
  // which everyone sees, finds anyone.
  describe('and email_address_visibility', () => {
    const VISIBILITIES = { members: 2, moderators: 5, admins: 3, nobody: 4 } as const;
    const SEEN_BY: Record<RoleName, (keyof typeof VISIBILITIES)[]> = {
      owner: ['members', 'moderators', 'admins'],
      admin: ['members', 'moderators', 'admins'],
      moderator: ['members', 'moderators'],
      member: ['members'],
      bot: ['members'],
      guest: [],
    };
    const hidden = {} as Record<keyof typeof VISIBILITIES, TestUser & { standIn: string }>;
    beforeAll(async () => {
      for (const [name, visibility] of Object.entries(VISIBILITIES) as [keyof typeof VISIBILITIES, number][]) {
        const user = await realm.addUser({ name: `Hidden From ${name}` });
        expect((await user.api.patch('/settings', { email_address_visibility: visibility })).status).toBe(200);
        const standIn = (await realm.owner.api.get(`/users/${user.user_id}`)).body.user.email as string;
        expect(standIn).toMatch(new RegExp(`^user${user.user_id}@`));
        hidden[name] = { ...user, standIn };
      }
    });

    it.each(ROLES)('finds a hidden real email only for the roles it is shown to: %s', async (role) => {
      for (const name of Object.keys(VISIBILITIES) as (keyof typeof VISIBILITIES)[]) {
        const res = await byEmail(realm[role], hidden[name].email);
        if (SEEN_BY[role].includes(name)) expect([name, res.status, res.body.user.user_id, res.body.user.delivery_email]).toEqual([name, 200, hidden[name].user_id, hidden[name].email]);
        else expect([name, res.status, res.body]).toEqual([name, ...NO_SUCH_USER]);
      }
    });

    it.each(ROLES)('finds anyone by the user{id}@ stand-in: %s', async (role) => {
      for (const name of Object.keys(VISIBILITIES) as (keyof typeof VISIBILITIES)[]) {
        const res = await byEmail(realm[role], hidden[name].standIn);
        expect([name, res.status, res.body.user?.user_id, res.body.user?.email]).toEqual([name, 200, hidden[name].user_id, hidden[name].standIn]);
      }
    });

    it('makes no exception for the caller: a hidden address of their own reads as no such user (as Zulip)', async () => {
      const { nobody } = hidden;
      const res = await byEmail(nobody, nobody.email);
      expect([res.status, res.body]).toEqual(NO_SUCH_USER);
      expect((await byEmail(nobody, nobody.standIn)).body.user.user_id).toBe(nobody.user_id);
    });
  });

  it("refuses an unknown address, another realm's user and another realm's stand-in alike", async () => {
    // The stand-in's domain (FAKE_EMAIL_DOMAIN), read from a user whose real email nobody sees.
    const probe = await realm.addUser({ name: 'Stand-in Probe' });
    expect((await probe.api.patch('/settings', { email_address_visibility: 4 })).status).toBe(200);
    const domain = ((await realm.owner.api.get(`/users/${probe.user_id}`)).body.user.email as string).split('@')[1];
    const elsewhereStandIn = `user${elsewhere.member.user_id}@${domain}`;
    for (const email of ['nobody@nowhere.test', elsewhere.member.email, elsewhereStandIn, `user99999999@${domain}`, 'a@b@c']) {
      const res = await byEmail(realm.admin, email);
      expect([email, res.status, res.body]).toEqual([email, ...NO_SUCH_USER]);
    }
  });

  it('sends an ID to GET /users/{user_id} and me to GET /users/me', async () => {
    expect((await realm.member.api.get(`/users/${realm.admin.user_id}`)).body.user.user_id).toBe(realm.admin.user_id);
    expect((await realm.member.api.get('/users/me')).body.user_id).toBe(realm.member.user_id);
  });
});

describe('GET /users', () => {
  it("lists the realm's users, active and deactivated, and nobody else's", async () => {
    const gone = await realm.addUser({ name: 'Gone Soon' });
    await realm.admin.api.delete(`/users/${gone.user_id}`);
    const res = await realm.guest.api.get('/users');
    expect(res.status).toBe(200);
    const ids = res.body.members.map((u: { user_id: number }) => u.user_id);
    for (const u of [realm.owner, realm.admin, realm.member, realm.guest, realm.bot, gone]) expect(ids).toContain(u.user_id);
    expect(ids).not.toContain(elsewhere.member.user_id);
    expect(res.body.members.find((u: { user_id: number }) => u.user_id === gone.user_id).is_active).toBe(false);
  });

  it('filters by user_ids and refuses a malformed list', async () => {
    const res = await realm.member.api.get('/users', { user_ids: [realm.admin.user_id, realm.guest.user_id] });
    expect(res.body.members.map((u: { user_id: number }) => u.user_id).sort()).toEqual([realm.admin.user_id, realm.guest.user_id].sort());
    for (const bad of ['[1,"x"]', 'not json', '{"a":1}']) {
      const refused = await realm.member.api.get('/users', { user_ids: bad }, { contract: false });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('BAD_REQUEST');
      expect(refused.body.msg).toContain('user_ids');
    }
  });
});

describe('POST /users', () => {
  const newUser = (tag: string) => ({ email: `${tag}-${Date.now()}@example.test`, password: 'secret-pw', full_name: `New ${tag}` });

  it('lets the owner made with the realm (the server grants it can_create_users) create a member who can then log in', async () => {
    const params = newUser('created');
    const res = await realm.owner.api.post('/users', params);
    expect(res.status).toBe(200);
    expect(res.body.user_id).toEqual(expect.any(Number));
    const key = await new Api().post(
      '/fetch_api_key',
      { username: params.email, password: params.password },
      {
        headers: { host: `${realm.subdomain}.${new URL(process.env.PARLEY_TEST_URL!).host}` },
      },
    );
    expect(key.body).toMatchObject({ user_id: res.body.user_id, email: params.email });
    const me = await new Api({ email: params.email, api_key: key.body.api_key, host: realm.host }).get('/users/me');
    expect(me.body).toMatchObject({ role: Role.MEMBER, full_name: params.full_name });
  });

  it.each(['admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])('refuses %s without can_create_users', async (role) => {
    const res = await realm[role].api.post('/users', newUser(role));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
  });

  it('refuses another owner, who lacks the grant, and lets a member who holds it (the grant decides, not the role)', async () => {
    const secondOwner = await realm.addUser({ role: Role.OWNER, name: 'Second Owner' });
    expect((await secondOwner.api.post('/users', newUser('owner2'))).body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
    const granted = await realm.addUser({ role: Role.MEMBER, name: 'Granted Member' });
    expect((await manage(['grant', '--realm', realm.subdomain, '--email', granted.email, 'can_create_users'])).code).toBe(0);
    expect((await granted.api.post('/users', newUser('granted'))).status).toBe(200);
  });

  it('refuses a used email, an invalid email and an invalid name', async () => {
    const dup = await realm.owner.api.post('/users', { ...newUser('dup'), email: realm.member.email.toUpperCase() });
    expect(dup.body).toMatchObject({ code: 'BAD_REQUEST', msg: `Email '${realm.member.email.toUpperCase()}' already in use` });
    const invalid = await realm.owner.api.post('/users', { ...newUser('x'), email: 'not-an-email' });
    expect(invalid.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Invalid email 'not-an-email'" });
    const name = await realm.owner.api.post('/users', { ...newUser('y'), full_name: 'Bad *name*' });
    expect(name.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid characters in name!' });
  });

  it('names a missing parameter with REQUEST_VARIABLE_MISSING', async () => {
    const res = await realm.owner.api.post('/users', { email: 'x@example.test', full_name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'password' argument", var_name: 'password' });
  });

  it('refuses NUL characters in a parameter', async () => {
    const res = await realm.owner.api.post('/users', { ...newUser('nul'), full_name: 'Nul\u0000Name' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('full_name contains NULL (0x00) characters.');
  });
});

describe('PATCH /users/{user_id}', () => {
  let target: TestUser;
  beforeEach(async () => {
    target = await realm.addUser({ name: 'Target Person' });
  });

  it('lets an administrator change a name and a role', async () => {
    const res = await realm.admin.api.patch(`/users/${target.user_id}`, { full_name: 'Renamed Person', role: Role.MODERATOR });
    expect(res.status).toBe(200);
    const user = await realm.member.api.get(`/users/${target.user_id}`);
    expect(user.body.user).toMatchObject({ full_name: 'Renamed Person', role: Role.MODERATOR });
  });

  it.each(NON_ADMINS)('refuses %s: Must be an organization administrator', async (role) => {
    const res = await realm[role].api.patch(`/users/${target.user_id}`, { full_name: 'Nope' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
  });

  it('lets only owners grant or remove ownership', async () => {
    const byAdmin = await realm.admin.api.patch(`/users/${target.user_id}`, { role: Role.OWNER });
    expect(byAdmin.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization owner' });
    const byOwner = await realm.owner.api.patch(`/users/${target.user_id}`, { role: Role.OWNER });
    expect(byOwner.status).toBe(200);
    const demoteByAdmin = await realm.admin.api.patch(`/users/${target.user_id}`, { role: Role.MEMBER });
    expect(demoteByAdmin.body.msg).toBe('Must be an organization owner');
    const demoteByOwner = await realm.owner.api.patch(`/users/${target.user_id}`, { role: Role.MEMBER });
    expect(demoteByOwner.status).toBe(200);
  });

  it('keeps at least one owner', async () => {
    const solo = await createTestRealm('Solo owner');
    const res = await solo.owner.api.patch(`/users/${solo.owner.user_id}`, { role: Role.ADMINISTRATOR });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'The owner permission cannot be removed from the only organization owner.' });
  });

  it('refuses an invalid role, a non-integer role, and a bad name', async () => {
    expect((await realm.owner.api.patch(`/users/${target.user_id}`, { role: 250 })).body.msg).toBe('Invalid role');
    expect((await realm.owner.api.patch(`/users/${target.user_id}`, { role: 'admin' })).body.msg).toBe('role is not an integer');
    expect((await realm.owner.api.patch(`/users/${target.user_id}`, { full_name: '   ' })).body.msg).toBe('Name too short!');
    expect((await realm.owner.api.patch(`/users/${target.user_id}`, { full_name: 'x'.repeat(101) })).body.msg).toBe('Name too long!');
  });

  it("refuses another realm's user as nonexistent", async () => {
    const res = await realm.admin.api.patch(`/users/${elsewhere.member.user_id}`, { full_name: 'Hijack' });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    const still = await elsewhere.member.api.get('/users/me');
    expect(still.body.full_name).toBe('Mia Member');
  });
});

describe('PATCH /users/{email}', () => {
  let target: TestUser;
  beforeEach(async () => {
    target = await realm.addUser({ name: 'Email Target' });
  });
  const patch = (caller: TestUser, email: string, params: Params) => caller.api.patch(`/users/${encodeURIComponent(email)}`, params);
  const nameOf = async (user: TestUser) => (await realm.owner.api.get(`/users/${user.user_id}`)).body.user.full_name as string;

  it.each(['owner', 'admin'] as const)('lets the %s change a name and a role by the real email, as by ID', async (role) => {
    const res = await patch(realm[role], target.email, { full_name: 'Renamed By Email', role: Role.MODERATOR });
    expect([res.status, res.body]).toEqual([200, { result: 'success', msg: '' }]);
    expect((await realm.member.api.get(`/users/${target.user_id}`)).body.user).toMatchObject({ full_name: 'Renamed By Email', role: Role.MODERATOR });
  });

  it('finds by the user{id}@ stand-in a user whose real email administrators may not see', async () => {
    expect((await target.api.patch('/settings', { email_address_visibility: 4 })).status).toBe(200); // nobody
    const standIn = (await realm.admin.api.get(`/users/${target.user_id}`)).body.user.email as string;
    const hidden = await patch(realm.admin, target.email, { full_name: 'Not Found' });
    expect([hidden.status, hidden.body]).toEqual([400, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' }]);
    expect((await patch(realm.admin, standIn, { full_name: 'Found By Stand-in' })).status).toBe(200);
    expect(await nameOf(target)).toBe('Found By Stand-in');
  });

  it.each(NON_ADMINS)('refuses the %s with "Must be an organization administrator", known address or not', async (role) => {
    for (const email of [target.email, 'nobody@nowhere.test']) {
      const res = await patch(realm[role], email, { full_name: 'Nope' });
      expect([email, res.status, res.body]).toEqual([email, 400, { result: 'error', msg: 'Must be an organization administrator', code: 'BAD_REQUEST' }]);
    }
    expect(await nameOf(target)).toBe('Email Target');
  });

  it('applies the rules of PATCH /users/{user_id}: only owners grant ownership', async () => {
    const res = await patch(realm.admin, target.email, { role: Role.OWNER });
    expect([res.status, res.body.msg]).toEqual([400, 'Must be an organization owner']);
    expect((await patch(realm.owner, target.email, { full_name: ' ' })).body.msg).toBe('Name too short!');
  });

  it("refuses another realm's user as an unknown one, and changes nothing there", async () => {
    for (const email of [elsewhere.member.email, 'nobody@nowhere.test']) {
      const res = await patch(realm.admin, email, { full_name: 'Hijack' });
      expect([email, res.status, res.body.msg]).toEqual([email, 400, 'No such user']);
    }
    expect((await elsewhere.member.api.get('/users/me')).body.full_name).toBe('Mia Member');
  });
});

describe('DELETE /users/{user_id} and POST /users/{user_id}/reactivate', () => {
  it('lets an administrator deactivate and reactivate a member', async () => {
    const target = await realm.addUser({ name: 'Toggle Person' });
    expect((await realm.admin.api.delete(`/users/${target.user_id}`)).status).toBe(200);
    const again = await realm.admin.api.delete(`/users/${target.user_id}`);
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is already deactivated' });
    expect((await realm.admin.api.post(`/users/${target.user_id}/reactivate`)).status).toBe(200);
    const active = await realm.admin.api.post(`/users/${target.user_id}/reactivate`, {}, { contract: false });
    expect(active.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is already active' });
    expect((await target.api.get('/users/me')).status).toBe(200);
  });

  it.each(NON_ADMINS)('refuses %s', async (role) => {
    const res = await realm[role].api.delete(`/users/${realm.other.user_id}`);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
    const re = await realm[role].api.post(`/users/${realm.other.user_id}/reactivate`, {}, { contract: false });
    expect(re.body.msg).toBe('Must be an organization administrator');
  });

  it('lets only owners deactivate an owner, and never the last one', async () => {
    const second = await realm.addUser({ role: Role.OWNER, name: 'Second Owner' });
    expect((await realm.admin.api.delete(`/users/${second.user_id}`)).body.msg).toBe('Must be an organization owner');
    expect((await realm.owner.api.delete(`/users/${second.user_id}`)).status).toBe(200);
    const solo = await createTestRealm('Solo owner 2');
    expect((await solo.owner.api.delete(`/users/${solo.owner.user_id}`)).body.msg).toBe('Cannot deactivate the only organization owner');
  });
});

describe('POST /fetch_api_key', () => {
  const hostOf = (r: TestRealm) => ({ headers: { host: `${r.subdomain}.${new URL(process.env.PARLEY_TEST_URL!).host}` } });

  it('returns the same key for the right password, and nothing for a wrong one', async () => {
    const user = await realm.addUser({ name: 'Password Person', password: 'correct horse' });
    const ok = await new Api().post('/fetch_api_key', { username: user.email, password: 'correct horse' }, hostOf(realm));
    expect(ok.body).toEqual({ result: 'success', msg: '', api_key: user.api_key, email: user.email, user_id: user.user_id });
    for (const [username, password] of [
      [user.email, 'wrong'],
      ['nobody@example.test', 'correct horse'],
    ]) {
      const res = await new Api().post('/fetch_api_key', { username, password }, { ...hostOf(realm), contract: false });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
    }
  });

  it("looks the user up in the Host's realm only, answering as Zulip does for an account elsewhere", async () => {
    const user = await realm.addUser({ name: 'Homebody', password: 'correct horse' });
    // Zulip's InvalidSubdomainError (get_api_key_fetch_authenticate_failure), whatever the password.
    const invalid = { result: 'error', code: 'NONEXISTENT_SUBDOMAIN', msg: 'Invalid subdomain' };
    const atRoot = { headers: { host: new URL(process.env.PARLEY_TEST_URL!).host } };
    for (const [where, opts] of [
      ['root', atRoot],
      ['another realm', hostOf(elsewhere)],
      ['a bare IP', { headers: { host: '127.0.0.1' } }],
    ] as const) {
      for (const password of ['correct horse', 'wrong']) {
        const res = await new Api().post('/fetch_api_key', { username: user.email, password }, { ...opts, contract: false });
        expect([where, res.status, res.body]).toEqual([where, 404, invalid]);
      }
    }
    // A Host naming no realm at all gets the same answer.
    const nowhere = await new Api().post('/fetch_api_key', { username: user.email, password: 'correct horse' }, { headers: { host: `nosuchrealm.${atRoot.headers.host}` }, contract: false });
    expect([nowhere.status, nowhere.body]).toEqual([404, invalid]);
    // The realm's own Host works.
    expect((await new Api().post('/fetch_api_key', { username: user.email, password: 'correct horse' }, hostOf(realm))).body.api_key).toBe(user.api_key);
  });

  it('refuses a deactivated user with USER_DEACTIVATED', async () => {
    const user = await realm.addUser({ name: 'Leaving Person', password: 'pw' });
    await realm.admin.api.delete(`/users/${user.user_id}`);
    const res = await new Api().post('/fetch_api_key', { username: user.email, password: 'pw' }, { ...hostOf(realm), contract: false });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('USER_DEACTIVATED');
  });

  it('needs both parameters', async () => {
    const res = await new Api().post('/fetch_api_key', { username: 'x@example.test' }, { contract: false });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'password' });
  });
});

describe('email visibility', () => {
  it("shows the real email only to the roles the user's setting allows, in reads and in events", async () => {
    const local = await createTestRealm('Private emails');
    await local.admin.api.patch('/realm/user_settings_defaults', { email_address_visibility: 3 }); // administrators only
    const adminQueue = (await local.admin.api.post('/register', { event_types: ['realm_user'] })).body;
    const memberQueue = (await local.member.api.post('/register', { event_types: ['realm_user'] })).body;
    const hidden = await local.addUser({ name: 'Hidden Email' });
    const placeholder = expect.stringMatching(new RegExp(`^user${hidden.user_id}@`));
    const asMember = (await local.member.api.get(`/users/${hidden.user_id}`)).body.user;
    expect(asMember).toMatchObject({ email: placeholder, delivery_email: null });
    const asAdmin = (await local.admin.api.get(`/users/${hidden.user_id}`)).body.user;
    expect(asAdmin).toMatchObject({ email: placeholder, delivery_email: hidden.email });
    const asModerator = (await local.moderator.api.get(`/users/${hidden.user_id}`)).body.user;
    expect(asModerator.delivery_email).toBeNull();
    // The user still logs in with the real email (or the placeholder).
    expect((await hidden.api.get('/users/me')).body).toMatchObject({ delivery_email: hidden.email, email: placeholder });
    const [forAdmin] = await eventsOf(local.admin, adminQueue.queue_id, 1, ['add']);
    const [forMember] = await eventsOf(local.member, memberQueue.queue_id, 1, ['add']);
    expect(forAdmin.person).toMatchObject({ user_id: hidden.user_id, delivery_email: hidden.email, email: placeholder });
    expect(forMember.person).toMatchObject({ user_id: hidden.user_id, delivery_email: null, email: placeholder });
  });
});
