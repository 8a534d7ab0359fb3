import { Role } from '@parley/common';
import { Api, realmHost } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { usersDb, closeUsersDb } from './support/users-db';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { rawRequest } from './support/uploads';
import { loginCsrf } from './support/browser-session';
import { linksOf, Mailbox } from './support/smtp';

/**
 * Reusable invitation links (issue #31): Zulip's POST /invites/multiuse, GET /invites and
 * DELETE /invites/multiuse/{invite_id}, and Parley's anonymous sign-up through a link
 * (GET /invites/link/{key}, POST /invites/link/{key}/accept, bound to the Host's realm), which
 * mails a confirmation (issue #42) followed through POST /invites/confirm/{key}.
 */
type Json = Record<string, any>;
const envelope = { contract: 'envelope' as const };

let realm: TestRealm;
let other: TestRealm;
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

beforeAll(async () => {
  [realm, other] = [await createTestRealm('Invites realm'), await createTestRealm('Other invites realm')];
}, 60_000);
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

const keyOf = (link: string) => /\/join\/([^/]+)\/$/.exec(link)![1];
/** No credentials, on a realm's Host. */
const anonymous = (r: TestRealm = realm) => ({
  get: (path: string) => new Api().get(path, {}, { ...envelope, headers: { host: r.host } }),
  post: (path: string, params: Json) => new Api().post(path, params, { ...envelope, headers: { host: r.host } }),
});
const newLink = async (user: TestUser = realm.owner, params: Json = {}) => ok(await user.api.post('/invites/multiuse', params)).invite_link as string;
const listed = async (user: TestUser) => ok(await user.api.get('/invites')).invites as Json[];
const idOf = async (link: string, user: TestUser = realm.owner) => (await listed(user)).find((i) => i.link_url === link)!.id as number;
const signUp = (link: string, params: Json = {}, r: TestRealm = realm) => anonymous(r).post(`/invites/link/${keyOf(link)}/accept`, { email: `${unique('new')}@${r.subdomain}.test`, ...params });
/** The key of the confirmation link mailed to `email`. */
const mailedKey = async (email: string) => {
  const link = linksOf(await new Mailbox().waitFor(email, { subject: /Activate your Parley account/ })).find((l) => l.includes('/accounts/do_confirm/'))!;
  return /\/accounts\/do_confirm\/([A-Za-z0-9]{32})\/$/.exec(link)![1];
};
/** Signs up through a link: asks with the address, follows the mailed link, gives a name and password. */
const join = async (link: string, params: Json = {}, r: TestRealm = realm) => {
  const email = params.email ?? `${unique('new')}@${r.subdomain}.test`;
  ok(await signUp(link, { email }, r));
  return anonymous(r).post(`/invites/confirm/${await mailedKey(email)}`, { full_name: params.full_name ?? 'New Person', password: params.password ?? 'new-password' });
};

describe('POST /invites/multiuse', () => {
  it("gives a link on the realm's URL, listed with Zulip's fields", async () => {
    const before = Math.floor(Date.now() / 1000);
    const link = await newLink(realm.admin, { invite_expires_in_minutes: 60, invite_as: Role.MODERATOR });
    expect(link).toMatch(new RegExp(`^https?://${realmHost(realm.subdomain)!.replace(/\./g, '\\.')}/join/[A-Za-z0-9]{32}/$`));
    const invite = (await listed(realm.admin)).find((i) => i.link_url === link)!;
    expect(invite).toEqual({
      id: expect.any(Number),
      invited_by_user_id: realm.admin.user_id,
      invited: expect.any(Number),
      expiry_date: expect.any(Number),
      invited_as: Role.MODERATOR,
      is_multiuse: true,
      link_url: link,
    });
    expect(invite.invited).toBeGreaterThanOrEqual(before - 5);
    expect(invite.expiry_date - invite.invited).toBeGreaterThanOrEqual(3600 - 2);
    expect(invite.expiry_date - invite.invited).toBeLessThanOrEqual(3600 + 2);
  });

  it('defaults to ten days and a member; null never expires', async () => {
    const link = await newLink();
    const invite = (await listed(realm.owner)).find((i) => i.link_url === link)!;
    expect([invite.invited_as, invite.expiry_date - invite.invited]).toEqual([Role.MEMBER, 10 * 24 * 3600]);
    const forever = await newLink(realm.owner, { invite_expires_in_minutes: null });
    expect((await listed(realm.owner)).find((i) => i.link_url === forever)!.expiry_date).toBeNull();
  });

  it('gives a different, unguessable key each time', async () => {
    const [a, b] = [keyOf(await newLink()), keyOf(await newLink())];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('refuses by role as Zulip does (create_multiuse_invite_group: administrators by default)', async () => {
    refused(await realm.moderator.api.post('/invites/multiuse', {}), 'Insufficient permission');
    refused(await realm.member.api.post('/invites/multiuse', {}), 'Insufficient permission');
    refused(await realm.guest.api.post('/invites/multiuse', {}), 'Not allowed for guest users');
    refused(await realm.bot.api.post('/invites/multiuse', {}), 'This endpoint does not accept bot requests.');
    refused(await realm.admin.api.post('/invites/multiuse', { invite_as: Role.OWNER }), 'Must be an organization owner');
    ok(await realm.owner.api.post('/invites/multiuse', { invite_as: Role.OWNER }));
    ok(await realm.admin.api.post('/invites/multiuse', { invite_as: Role.ADMINISTRATOR }));
  });

  it('lets members create links when the realm says so, but not for roles above theirs', async () => {
    const r = await createTestRealm('Member links');
    const groups = ok(await r.owner.api.get('/user_groups')).user_groups as Json[];
    const members = groups.find((g) => g.name === 'role:members')!.id as number;
    ok(await r.owner.api.patch('/realm', { create_multiuse_invite_group: JSON.stringify({ new: members }) }, envelope));
    ok(await r.member.api.post('/invites/multiuse', { invite_as: Role.MEMBER }));
    ok(await r.member.api.post('/invites/multiuse', { invite_as: Role.GUEST }));
    refused(await r.member.api.post('/invites/multiuse', { invite_as: Role.MODERATOR }), 'Must be an organization administrator');
    refused(await r.moderator.api.post('/invites/multiuse', { invite_as: Role.ADMINISTRATOR }), 'Must be an organization administrator');
    refused(await r.guest.api.post('/invites/multiuse', {}), 'Not allowed for guest users');
  });

  it('keeps at most 1,000 live links per realm', async () => {
    const r = await createTestRealm('Many links');
    // 999 live links written directly (their keys are never used), then the 1,000th through the API.
    await usersDb().pool.query(
      `INSERT INTO multiuse_invites (realm_id, referred_by, key_hash, key_sealed, invited_as)
       SELECT $1::int, $2::int, decode(md5($1::int || '-' || i), 'hex'), 'unused', 400 FROM generate_series(1, 999) AS i`,
      [r.realm_id, r.admin.user_id],
    );
    const last = await newLink(r.owner);
    refused(await r.owner.api.post('/invites/multiuse', {}), 'This organization has 1000 live invitation links, the most it may have; revoke some first.');
    expect(last).toMatch(/\/join\//);
    // Its ID from the table: GET /invites cannot show the written links (their keys are not sealed).
    const { rows } = await usersDb().pool.query<{ id: number }>("SELECT id FROM multiuse_invites WHERE realm_id = $1 AND key_sealed <> 'unused'", [r.realm_id]);
    ok(await r.owner.api.delete(`/invites/multiuse/${rows[0].id}`));
    ok(await r.owner.api.post('/invites/multiuse', {}));
    // Expired links do not count.
    await usersDb().pool.query("UPDATE multiuse_invites SET expires_at = now() - interval '1 minute' WHERE realm_id = $1 AND key_sealed = 'unused'", [r.realm_id]);
    ok(await r.owner.api.post('/invites/multiuse', {}));
  });

  it('refuses bad parameters with clear errors', async () => {
    refused(await realm.owner.api.post('/invites/multiuse', { invite_as: 500 }), 'Invalid invite_as');
    refused(await realm.owner.api.post('/invites/multiuse', { invite_expires_in_minutes: 0 }), 'invite_expires_in_minutes must be between 1 and 5256000, or null');
    refused(await realm.owner.api.post('/invites/multiuse', { invite_expires_in_minutes: 5256001 }), 'invite_expires_in_minutes must be between 1 and 5256000, or null');
    refused(await realm.owner.api.post('/invites/multiuse', { invite_expires_in_minutes: '"soon"' }), 'invite_expires_in_minutes is not an integer');
    refused(await realm.owner.api.post('/invites/multiuse', { invite_expires_in_minutes: '{' }), 'Argument "invite_expires_in_minutes" is not valid JSON.');
    refused(await realm.owner.api.post('/invites/multiuse', { stream_ids: '["x"]' }), 'stream_ids[0] is not an integer');
  });

  it("refuses channels the caller cannot reach, and another realm's", async () => {
    const secret = ok(await realm.owner.api.post('/channels/create', { name: unique('Secret'), subscribers: [realm.owner.user_id], invite_only: true })).id as number;
    refused(await realm.admin.api.post('/invites/multiuse', { stream_ids: [secret] }), `Invalid channel ID ${secret}. No invites were sent.`);
    const theirs = ok(await other.owner.api.post('/channels/create', { name: unique('Theirs'), subscribers: [other.owner.user_id] })).id as number;
    refused(await realm.owner.api.post('/invites/multiuse', { stream_ids: [theirs] }), `Invalid channel ID ${theirs}. No invites were sent.`);
    refused(await realm.owner.api.post('/invites/multiuse', { stream_ids: [999999999] }), 'Invalid channel ID 999999999. No invites were sent.');
  });

  it('refuses a channel a member may not add subscribers to, unless it is a default channel', async () => {
    const r = await createTestRealm('Channel rights');
    const groups = ok(await r.owner.api.get('/user_groups')).user_groups as Json[];
    const id = (name: string) => groups.find((g) => g.name === name)!.id as number;
    ok(
      await r.owner.api.patch(
        '/realm',
        { create_multiuse_invite_group: JSON.stringify({ new: id('role:members') }), can_add_subscribers_group: JSON.stringify({ new: id('role:administrators') }) },
        envelope,
      ),
    );
    const plain = ok(await r.owner.api.post('/channels/create', { name: unique('Plain'), subscribers: [r.member.user_id] })).id as number;
    const lobby = ok(await r.owner.api.post('/channels/create', { name: unique('Lobby'), subscribers: [r.member.user_id] })).id as number;
    ok(await r.owner.api.post('/default_streams', { stream_id: lobby }));
    refused(await r.member.api.post('/invites/multiuse', { stream_ids: [plain] }), 'You do not have permission to subscribe other users to channels.');
    ok(await r.member.api.post('/invites/multiuse', { stream_ids: [lobby] }));
    ok(await r.admin.api.post('/invites/multiuse', { stream_ids: [plain] }));
  });
});

describe('invites_changed events', () => {
  it("tell the realm's administrators and the link's creator, nobody else", async () => {
    const r = await createTestRealm('Invite events');
    const groups = ok(await r.owner.api.get('/user_groups')).user_groups as Json[];
    ok(await r.owner.api.patch('/realm', { create_multiuse_invite_group: JSON.stringify({ new: groups.find((g) => g.name === 'role:members')!.id }) }, envelope));
    const queues = new Map<TestUser, string>();
    for (const user of [r.admin, r.member, r.other, r.moderator]) queues.set(user, ok(await user.api.post('/register', { event_types: JSON.stringify(['invites_changed']) })).queue_id as string);
    const link = await newLink(r.member);
    ok(await r.admin.api.delete(`/invites/multiuse/${await idOf(link, r.admin)}`));
    const seen = async (user: TestUser) =>
      (ok(await user.api.get('/events', { queue_id: queues.get(user)!, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type === 'invites_changed').length;
    await eventually(async () => expect([await seen(r.admin), await seen(r.member)]).toEqual([2, 2]));
    expect([await seen(r.other), await seen(r.moderator)]).toEqual([0, 0]);
  });
});

describe('GET /invites', () => {
  it('shows administrators every live link and others their own', async () => {
    const r = await createTestRealm('Listing');
    const groups = ok(await r.owner.api.get('/user_groups')).user_groups as Json[];
    ok(await r.owner.api.patch('/realm', { create_multiuse_invite_group: JSON.stringify({ new: groups.find((g) => g.name === 'role:members')!.id }) }, envelope));
    const mine = await newLink(r.member);
    const owners = await newLink(r.owner);
    expect((await listed(r.member)).map((i) => i.link_url)).toEqual([mine]);
    expect((await listed(r.other)).map((i) => i.link_url)).toEqual([]);
    expect((await listed(r.admin)).map((i) => i.link_url)).toEqual([mine, owners]);
    refused(await r.guest.api.get('/invites'), 'Not allowed for guest users');
    refused(await r.bot.api.get('/invites'), 'This endpoint does not accept bot requests.');
  });

  it('leaves out expired and revoked links, and those of a deactivated creator', async () => {
    const r = await createTestRealm('Listing 2');
    const expired = await newLink(r.owner, { invite_expires_in_minutes: 5 });
    const revoked = await newLink(r.owner);
    const live = await newLink(r.owner);
    await usersDb().pool.query("UPDATE multiuse_invites SET expires_at = now() - interval '1 minute' WHERE id = $1", [await idOf(expired, r.owner)]);
    ok(await r.owner.api.delete(`/invites/multiuse/${await idOf(revoked, r.owner)}`));
    const fromAdmin = await newLink(r.admin);
    expect((await listed(r.owner)).map((i) => i.link_url)).toEqual([live, fromAdmin]);
    ok(await r.owner.api.delete(`/users/${r.admin.user_id}`));
    expect((await listed(r.owner)).map((i) => i.link_url)).toEqual([live]);
    refused(await anonymous(r).get(`/invites/link/${keyOf(fromAdmin)}`), 'Invalid or expired invitation link');
  });
});

describe('DELETE /invites/multiuse/{invite_id}', () => {
  it("lets its creator or an administrator revoke it (an owner's owner link: owners only)", async () => {
    const r = await createTestRealm('Revoking');
    const groups = ok(await r.owner.api.get('/user_groups')).user_groups as Json[];
    ok(await r.owner.api.patch('/realm', { create_multiuse_invite_group: JSON.stringify({ new: groups.find((g) => g.name === 'role:members')!.id }) }, envelope));
    const members = await idOf(await newLink(r.member), r.owner);
    refused(await r.other.api.delete(`/invites/multiuse/${members}`), 'Must be an organization administrator');
    refused(await r.moderator.api.delete(`/invites/multiuse/${members}`), 'Must be an organization administrator');
    refused(await r.guest.api.delete(`/invites/multiuse/${members}`), 'Not allowed for guest users');
    refused(await r.bot.api.delete(`/invites/multiuse/${members}`), 'This endpoint does not accept bot requests.');
    ok(await r.member.api.delete(`/invites/multiuse/${members}`));
    refused(await r.member.api.delete(`/invites/multiuse/${members}`), 'Invitation has already been revoked');
    const ownerLink = await idOf(await newLink(r.owner, { invite_as: Role.OWNER }), r.owner);
    refused(await r.admin.api.delete(`/invites/multiuse/${ownerLink}`), 'Must be an organization owner');
    const adminLink = await idOf(await newLink(r.owner, { invite_as: Role.ADMINISTRATOR }), r.owner);
    ok(await r.admin.api.delete(`/invites/multiuse/${adminLink}`));
    ok(await r.owner.api.delete(`/invites/multiuse/${ownerLink}`));
    refused(await r.owner.api.delete('/invites/multiuse/999999999'), 'No such invitation');
  });

  it("reads another realm's link as missing", async () => {
    const theirs = await idOf(await newLink(other.owner), other.owner);
    refused(await realm.owner.api.delete(`/invites/multiuse/${theirs}`), 'No such invitation');
    expect((await listed(other.owner)).some((i) => i.id === theirs)).toBe(true);
  });
});

describe('signing up through a link', () => {
  it('describes the link for the sign-up page', async () => {
    const link = await newLink(realm.owner, { invite_as: Role.GUEST });
    const res = ok(await anonymous().get(`/invites/link/${keyOf(link)}`));
    expect(res).toEqual({
      result: 'success',
      msg: '',
      realm_name: 'Invites realm',
      realm_url: expect.stringContaining(realm.subdomain),
      realm_icon: expect.any(String),
      invited_as: Role.GUEST,
      expired: false,
    });
  });

  it("creates the user with the link's role and channels, who can then log in; the link stays valid", async () => {
    const chosen = ok(await realm.owner.api.post('/channels/create', { name: unique('Chosen'), subscribers: [realm.owner.user_id], invite_only: true })).id as number;
    const lobby = ok(await realm.owner.api.post('/channels/create', { name: unique('Lobby'), subscribers: [realm.owner.user_id] })).id as number;
    ok(await realm.owner.api.post('/default_streams', { stream_id: lobby }));
    const link = await newLink(realm.owner, { invite_as: Role.MODERATOR, stream_ids: [chosen] });
    const email = `${unique('joiner')}@${realm.subdomain}.test`;
    const joined = ok(await join(link, { email, full_name: '  Jo Joiner ', password: 'joiner-password' }));
    expect(joined).toEqual({ result: 'success', msg: '', user_id: expect.any(Number), email: expect.any(String), api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    const api = new Api({ email: joined.email, api_key: joined.api_key, host: realm.host });
    const me = ok(await api.get('/users/me'));
    expect([me.user_id, me.full_name, me.role, me.delivery_email ?? email]).toEqual([joined.user_id, 'Jo Joiner', Role.MODERATOR, email]);
    // The link's channel, and not the default one (include_realm_default_subscriptions is false).
    await eventually(async () => {
      const subs = (ok(await api.get('/users/me/subscriptions')).subscriptions as Json[]).map((s) => s.stream_id);
      expect(subs).toEqual([chosen]);
    });
    // Logs in with the password.
    const key = ok(await new Api().post('/fetch_api_key', { username: email, password: 'joiner-password' }, { headers: { host: realm.host } }));
    expect([key.api_key, key.user_id]).toEqual([joined.api_key, joined.user_id]);
    const login = await rawRequest('POST', '/accounts/login', {
      body: Buffer.from(new URLSearchParams({ username: email, password: 'joiner-password' }).toString()),
      headers: { host: realm.host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
    });
    expect([login.status, JSON.parse(login.body.toString('utf8')).user_id]).toEqual([200, joined.user_id]);
    // Reusable: a second person joins through it too.
    ok(await join(link));
    expect((await listed(realm.owner)).some((i) => i.link_url === link)).toBe(true);
  });

  it('subscribes to the default channels too when the link says so', async () => {
    const r = await createTestRealm('Defaults');
    const chosen = ok(await r.owner.api.post('/channels/create', { name: unique('Chosen'), subscribers: [r.owner.user_id] })).id as number;
    const lobby = ok(await r.owner.api.post('/channels/create', { name: unique('Lobby'), subscribers: [r.owner.user_id] })).id as number;
    ok(await r.owner.api.post('/default_streams', { stream_id: lobby }));
    const joined = ok(await join(await newLink(r.owner, { stream_ids: [chosen], include_realm_default_subscriptions: true }), {}, r));
    const api = new Api({ email: joined.email, api_key: joined.api_key, host: r.host });
    await eventually(async () => {
      const subs = (ok(await api.get('/users/me/subscriptions')).subscriptions as Json[]).map((s) => s.stream_id).sort((x, y) => x - y);
      expect(subs).toEqual([chosen, lobby].sort((x, y) => x - y));
    });
    expect(ok(await api.get('/users/me')).role).toBe(Role.MEMBER);
  });

  it("is served under /json too, for the web client's sign-up page (no session needed)", async () => {
    const link = await newLink(realm.owner);
    const described = await rawRequest('GET', `/json/invites/link/${keyOf(link)}`, { headers: { host: realm.host } });
    expect([described.status, JSON.parse(described.body.toString('utf8')).realm_name]).toEqual([200, 'Invites realm']);
    const email = `${unique('web')}@${realm.subdomain}.test`;
    const form = { host: realm.host, 'content-type': 'application/x-www-form-urlencoded' };
    const asked = await rawRequest('POST', `/json/invites/link/${keyOf(link)}/accept`, { headers: form, body: Buffer.from(new URLSearchParams({ email }).toString()) });
    expect([asked.status, JSON.parse(asked.body.toString('utf8')).result]).toEqual([200, 'success']);
    const key = await mailedKey(email);
    const page = await rawRequest('GET', `/json/invites/confirm/${key}`, { headers: { host: realm.host } });
    expect([page.status, JSON.parse(page.body.toString('utf8')).email]).toEqual([200, email]);
    const joined = await rawRequest('POST', `/json/invites/confirm/${key}`, {
      headers: form,
      body: Buffer.from(new URLSearchParams({ full_name: 'Web Joiner', password: 'web-password' }).toString()),
    });
    expect([joined.status, JSON.parse(joined.body.toString('utf8')).result]).toEqual([200, 'success']);
  });

  it("refuses a key on another realm's Host, and unknown, revoked or expired links", async () => {
    const link = await newLink(realm.owner);
    refused(await anonymous(other).get(`/invites/link/${keyOf(link)}`), 'Invalid or expired invitation link');
    refused(await signUp(link, {}, other), 'Invalid or expired invitation link');
    refused(await anonymous().get('/invites/link/NoSuchKey0123456789abcdefghijklm'), 'Invalid or expired invitation link');
    refused(await anonymous().get('/invites/link/short'), 'Invalid or expired invitation link');
    const revoked = await newLink(realm.owner);
    ok(await realm.owner.api.delete(`/invites/multiuse/${await idOf(revoked)}`));
    refused(await anonymous().get(`/invites/link/${keyOf(revoked)}`), 'Invalid or expired invitation link');
    refused(await signUp(revoked), 'Invalid or expired invitation link');
    const expired = await newLink(realm.owner, { invite_expires_in_minutes: 1 });
    await usersDb().pool.query("UPDATE multiuse_invites SET expires_at = now() - interval '1 second' WHERE id = $1", [await idOf(expired)]);
    refused(await anonymous().get(`/invites/link/${keyOf(expired)}`), 'Invalid or expired invitation link');
    refused(await signUp(expired), 'Invalid or expired invitation link');
    // The link itself still works on its own realm's Host.
    ok(await anonymous().get(`/invites/link/${keyOf(link)}`));
  });

  it('refuses bad input with clear 400 errors and creates nobody', async () => {
    const link = await newLink(realm.owner);
    const count = async () => (ok(await realm.owner.api.get('/users')).members as Json[]).length;
    const before = await count();
    const accept = `/invites/link/${keyOf(link)}/accept`;
    const missing = await anonymous().post(accept, {});
    expect([missing.status, missing.body.code, missing.body.var_name]).toEqual([400, 'REQUEST_VARIABLE_MISSING', 'email']);
    refused(await signUp(link, { email: 'not-an-email' }), 'Enter a valid email address.');
    const email = `${unique('bad')}@${realm.subdomain}.test`;
    ok(await signUp(link, { email }));
    const confirm = `/invites/confirm/${await mailedKey(email)}`;
    const answer = (params: Json) => anonymous().post(confirm, { full_name: 'New Person', password: 'new-password', ...params });
    refused(await answer({ full_name: '   ' }), 'Name too short!');
    refused(await answer({ full_name: 'a'.repeat(101) }), 'Name too long!');
    refused(await answer({ full_name: 'Bad*Name' }), 'Invalid characters in name!');
    refused(await answer({ password: '' }), 'Password cannot be empty');
    refused(await answer({ password: 'short' }), 'The password is too weak.');
    const noPassword = await anonymous().post(confirm, { full_name: 'New Person' });
    expect([noPassword.status, noPassword.body.var_name]).toEqual([400, 'password']);
    expect(await count()).toBe(before);
    // Still usable after the refusals.
    ok(await answer({}));
    expect(await count()).toBe(before + 1);
  });
});
