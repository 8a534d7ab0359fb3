import { Role } from '@parley/common';
import { Api } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { usersDb, closeUsersDb } from './support/users-db';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { manage } from './support/cli';
import { linksOf, Mailbox, type ReceivedMail } from './support/smtp';

/**
 * Email invitations (issue #42): Zulip's POST /invites, GET /invites, DELETE /invites/{id},
 * POST /invites/{id}/resend, each valid invitee mailed a link to /accounts/do_confirm/<key>/
 * that Parley's GET/POST /invites/confirm/{key} serve; and the confirmed sign-up through a
 * reusable link (POST /invites/link/{key}/accept mails; the account exists only once confirmed).
 */
type Json = Record<string, any>;
const envelope = { contract: 'envelope' as const };

let realm: TestRealm;
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
const address = (r: TestRealm = realm, prefix = 'invitee') => `${unique(prefix)}@${r.subdomain}.test`;

beforeAll(async () => {
  realm = await createTestRealm('Mail invites realm');
}, 60_000);
afterAll(async () => {
  await closeFixtures();
  await closeUsersDb();
});

const anonymous = (r: TestRealm = realm) => ({
  get: (path: string) => new Api().get(path, {}, { ...envelope, headers: { host: r.host } }),
  post: (path: string, params: Json) => new Api().post(path, params, { ...envelope, headers: { host: r.host } }),
});
const invite = (user: TestUser, emails: string, params: Json = {}) => user.api.post('/invites', { invitee_emails: emails, stream_ids: [], ...params });
const listed = async (user: TestUser) => ok(await user.api.get('/invites')).invites as Json[];
const idOf = async (email: string, user: TestUser = realm.owner) => (await listed(user)).find((i) => i.email === email)!.id as number;
const confirmLinks = (mail: ReceivedMail) => linksOf(mail).filter((l) => l.includes('/accounts/do_confirm/'));
const keyIn = (mail: ReceivedMail) => /\/accounts\/do_confirm\/([A-Za-z0-9]{32})\/$/.exec(confirmLinks(mail)[0])![1];
const mails = (email: string) => new Mailbox().to(email);
/** Follows a mailed link: the page's description, then the form's answer. */
const accept = (key: string, r: TestRealm = realm, params: Json = {}) => anonymous(r).post(`/invites/confirm/${key}`, { full_name: 'Ivy Invitee', password: 'invitee-password', ...params });
const userByEmail = async (r: TestRealm, email: string) =>
  (await usersDb().pool.query('SELECT id, role, is_active FROM users WHERE realm_id = $1 AND lower(delivery_email) = lower($2)', [r.realm_id, email])).rows[0];
const memberGroup = async (r: TestRealm) => (ok(await r.owner.api.get('/user_groups')).user_groups as Json[]).find((g) => g.name === 'role:members')!.id as number;

describe('POST /invites', () => {
  it("mails each invitee a link that opens sign-up with the address proven; following it over HTTP ends with an account of the invitation's role and channels", async () => {
    const chosen = ok(await realm.owner.api.post('/channels/create', { name: unique('Chosen'), subscribers: [realm.owner.user_id, realm.admin.user_id], invite_only: true })).id as number;
    const [a, b] = [address(), address()];
    ok(await invite(realm.admin, `${a}, Bea <${b}>\n`, { invite_as: Role.MODERATOR, stream_ids: [chosen], invite_expires_in_minutes: 120 }));
    const mail = await new Mailbox().waitFor(a);
    expect(mail.parsed.subject).toBe('Ada Admin has invited you to join Mail invites realm');
    expect(mail.parsed.text).toContain('Ada Admin (');
    expect(confirmLinks(mail)).toEqual([expect.stringMatching(new RegExp(`^https?://${realm.host.replace(/\./g, '\\.')}/accounts/do_confirm/[A-Za-z0-9]{32}/$`))]);
    expect(mail.parsed.html).toContain(confirmLinks(mail)[0]);
    await new Mailbox().waitFor(b);
    const key = keyIn(mail);
    // Listed with Zulip's fields for email invitations.
    const row = (await listed(realm.admin)).find((i) => i.email === a)!;
    expect(row).toEqual({
      id: expect.any(Number),
      invited_by_user_id: realm.admin.user_id,
      invited: expect.any(Number),
      expiry_date: expect.any(Number),
      invited_as: Role.MODERATOR,
      email: a,
      notify_referrer_on_join: true,
      is_multiuse: false,
    });
    expect(row.expiry_date - row.invited).toBeGreaterThanOrEqual(7200 - 2);
    expect(row.expiry_date - row.invited).toBeLessThanOrEqual(7200 + 2);
    // The page the link opens.
    const page = ok(await anonymous().get(`/invites/confirm/${key}`));
    expect(page).toEqual({
      result: 'success',
      msg: '',
      realm_name: 'Mail invites realm',
      realm_url: expect.stringContaining(realm.subdomain),
      realm_icon: expect.any(String),
      email: a,
      invited_as: Role.MODERATOR,
      is_invitation: true,
    });
    expect(await userByEmail(realm, a)).toBeUndefined();
    const joined = ok(await accept(key));
    const api = new Api({ email: joined.email, api_key: joined.api_key, host: realm.host });
    const me = ok(await api.get('/users/me'));
    expect([me.full_name, me.role, me.delivery_email ?? a]).toEqual(['Ivy Invitee', Role.MODERATOR, a]);
    await eventually(async () => expect((ok(await api.get('/users/me/subscriptions')).subscriptions as Json[]).map((s) => s.stream_id)).toEqual([chosen]));
    const login = ok(await new Api().post('/fetch_api_key', { username: a, password: 'invitee-password' }, { headers: { host: realm.host } }));
    expect(login.user_id).toBe(joined.user_id);
    // Used: the link is no longer valid, and the invitation is no longer listed.
    refused(await anonymous().get(`/invites/confirm/${key}`), 'Invalid or expired confirmation link');
    refused(await accept(key), 'Invalid or expired confirmation link');
    expect((await listed(realm.admin)).some((i) => i.email === a)).toBe(false);
    expect((await listed(realm.admin)).some((i) => i.email === b)).toBe(true);
  });

  it('lets roles invite as Zulip does (can_invite_users_group: members by default)', async () => {
    const r = await createTestRealm('Invite roles');
    for (const user of [r.owner, r.admin, r.moderator, r.member]) ok(await invite(user, address(r)));
    refused(await invite(r.guest, address(r)), 'Not allowed for guest users');
    refused(await invite(r.bot, address(r)), 'This endpoint does not accept bot requests.');
    // Roles above a member need an administrator; an owner needs an owner.
    refused(await invite(r.member, address(r), { invite_as: Role.MODERATOR }), 'Must be an organization administrator');
    refused(await invite(r.moderator, address(r), { invite_as: Role.ADMINISTRATOR }), 'Must be an organization administrator');
    refused(await invite(r.admin, address(r), { invite_as: Role.OWNER }), 'Must be an organization owner');
    ok(await invite(r.member, address(r), { invite_as: Role.GUEST }));
    ok(await invite(r.admin, address(r), { invite_as: Role.ADMINISTRATOR }));
    ok(await invite(r.owner, address(r), { invite_as: Role.OWNER }));
    // Restricted to administrators: the others are refused.
    const admins = (ok(await r.owner.api.get('/user_groups')).user_groups as Json[]).find((g) => g.name === 'role:administrators')!.id as number;
    ok(await r.owner.api.patch('/realm', { can_invite_users_group: JSON.stringify({ new: admins }) }, envelope));
    refused(await invite(r.member, address(r)), 'Insufficient permission');
    refused(await invite(r.moderator, address(r)), 'Insufficient permission');
    ok(await invite(r.admin, address(r)));
  });

  it("refuses every address when one is invalid, naming each with Zulip's reasons, and sends nothing", async () => {
    const r = await createTestRealm('Invalid invites');
    const good = address(r);
    const deactivated = await r.addUser({ name: 'Dee Gone' });
    ok(await r.owner.api.delete(`/users/${deactivated.user_id}`));
    const res = await invite(r.admin, [good, 'not-an-address', r.member.email, deactivated.email].join(','));
    refused(res, "Some emails did not validate, so we didn't send any invitations.", 'INVITATION_FAILED', {
      errors: [
        ['not-an-address', 'Invalid address.', false],
        [r.member.email, 'Already has an account.', false],
        [deactivated.email, 'Account has been deactivated.', true],
      ],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expect(await listed(r.admin)).toEqual([]);
    // Only existing accounts: nobody invited.
    refused(await invite(r.admin, `${r.member.email}\n${r.moderator.email}`), "We weren't able to invite anyone.", 'INVITATION_FAILED', {
      errors: [
        [r.member.email, 'Already has an account.', false],
        [r.moderator.email, 'Already has an account.', false],
      ],
      sent_invitations: false,
    });
    // Some existing: the others invited, and the skipped named.
    refused(
      await invite(r.admin, `${good},${r.member.email}`),
      "Some of those addresses are already using Parley, so we didn't send them an invitation. We did send invitations to everyone else!",
      'INVITATION_FAILED',
      { errors: [[r.member.email, 'Already has an account.', false]], sent_invitations: true, daily_limit_reached: false },
    );
    expect((await listed(r.admin)).map((i) => i.email)).toEqual([good]);
    await new Mailbox().waitFor(good);
    expect(await mails(r.member.email)).toEqual([]);
  });

  it('refuses addresses outside the domains of a realm restricted to its domains', async () => {
    const r = await createTestRealm('Restricted');
    ok(await r.owner.api.patch('/realm', { emails_restricted_to_domains: true }, envelope));
    const outside = address(r);
    refused(await invite(r.owner, outside), "Some emails did not validate, so we didn't send any invitations.", 'INVITATION_FAILED', {
      errors: [[outside, 'Outside your domain.', false]],
      sent_invitations: false,
    });
  });

  it('refuses bad parameters with clear errors', async () => {
    refused(await invite(realm.owner, ''), 'You must specify at least one email address.');
    refused(await invite(realm.owner, ' , \n'), 'You must specify at least one email address.');
    const missing = await realm.owner.api.post('/invites', { invitee_emails: address() }, envelope);
    expect([missing.status, missing.body.code, missing.body.var_name]).toEqual([400, 'REQUEST_VARIABLE_MISSING', 'stream_ids']);
    refused(await invite(realm.owner, address(), { invite_as: 500 }), 'Invalid invite_as');
    refused(await invite(realm.owner, address(), { invite_expires_in_minutes: 0 }), 'invite_expires_in_minutes must be between 1 and 5256000, or null');
    refused(await invite(realm.owner, address(), { stream_ids: [999999999] }), 'Invalid channel ID 999999999. No invites were sent.');
    refused(await invite(realm.owner, address(), { group_ids: [999999999] }), 'Invalid user group');
    refused(await invite(realm.owner, address(), { group_ids: [await memberGroup(realm)] }), 'Invalid user group');
  });

  it('allows a second invitation to an invited address (as Zulip); joining through one revokes the other', async () => {
    const r = await createTestRealm('Twice invited');
    const email = address(r);
    ok(await invite(r.admin, email));
    ok(await invite(r.member, email));
    expect((await listed(r.admin)).filter((i) => i.email === email).map((i) => i.invited_by_user_id)).toEqual([r.admin.user_id, r.member.user_id]);
    await eventually(async () => expect(await mails(email)).toHaveLength(2));
    const [first, second] = await mails(email);
    ok(await accept(keyIn(second), r));
    refused(await accept(keyIn(first), r), 'Invalid or expired confirmation link');
    expect((await listed(r.admin)).some((i) => i.email === email)).toBe(false);
  });

  it("adds the invitee to the invitation's groups", async () => {
    const r = await createTestRealm('Invite groups');
    const group = ok(await r.owner.api.post('/user_groups/create', { name: unique('Crew'), description: 'crew', members: [r.owner.user_id] })).group_id as number;
    const email = address(r);
    ok(await invite(r.owner, email, { group_ids: [group] }));
    const joined = ok(await accept(keyIn(await new Mailbox().waitFor(email)), r));
    const members = ok(await r.owner.api.get(`/user_groups/${group}/members`)).members as number[];
    expect(members).toContain(joined.user_id);
    refused(await invite(r.member, address(r), { group_ids: [group] }), 'Insufficient permission');
  });

  it('stops at 100 invitation mails a day per realm, with daily_limit_reached', async () => {
    const r = await createTestRealm('Daily limit');
    const batch = Array.from({ length: 60 }, () => address(r));
    ok(await invite(r.owner, batch.join(',')));
    const more = Array.from({ length: 41 }, () => address(r));
    const limit = 'To protect users, Parley limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';
    refused(await invite(r.owner, more.join(',')), limit, 'INVITATION_FAILED', { errors: [], sent_invitations: false, daily_limit_reached: true });
    ok(await invite(r.owner, more.slice(0, 40).join(',')));
    const id = await idOf(batch[0], r.owner);
    refused(await r.owner.api.post(`/invites/${id}/resend`, {}), limit);
  }, 60_000);

  it('is refused in a deactivated realm, whose links die too', async () => {
    const r = await createTestRealm('Deactivated invites');
    const email = address(r);
    ok(await invite(r.owner, email));
    const key = keyIn(await new Mailbox().waitFor(email));
    expect((await manage(['deactivate-realm', '--realm', r.subdomain])).code).toBe(0);
    await eventually(async () => {
      const res = await invite(r.owner, address(r));
      expect([res.status, res.body.code]).toEqual([401, 'REALM_DEACTIVATED']);
    });
    refused(await anonymous(r).get(`/invites/confirm/${key}`), 'Invalid or expired confirmation link');
    refused(await accept(key, r), 'Invalid or expired confirmation link');
    expect(await userByEmail(r, email)).toBeUndefined();
  });
});

describe('notify_referrer_on_join', () => {
  it('has the Notification Bot tell the inviter when the invitee joins, and only when asked', async () => {
    const r = await createTestRealm('Referrer told');
    const [told, silent] = [address(r), address(r)];
    ok(await invite(r.member, told));
    ok(await invite(r.member, silent, { notify_referrer_on_join: false }));
    const joined = ok(await accept(keyIn(await new Mailbox().waitFor(told)), r, { full_name: 'Tess Told' }));
    ok(await accept(keyIn(await new Mailbox().waitFor(silent)), r, { full_name: 'Sid Silent' }));
    const botMessages = async () =>
      (
        ok(await r.member.api.get('/messages', { anchor: 'newest', num_before: 20, num_after: 0, narrow: JSON.stringify([{ operator: 'is', operand: 'dm' }]), apply_markdown: false }))
          .messages as Json[]
      ).filter((m) => m.sender_email.startsWith('notification-bot'));
    await eventually(async () => expect((await botMessages()).map((m) => m.content)).toEqual([`@_**Tess Told|${joined.user_id}** accepted your invitation to join Referrer told!`]));
  });
});

describe('GET /invites', () => {
  it('lists email invitations and links together: administrators all, others their own', async () => {
    const r = await createTestRealm('Both kinds');
    const [mine, admins] = [address(r), address(r)];
    ok(await invite(r.member, mine));
    ok(await invite(r.admin, admins));
    const link = ok(await r.owner.api.post('/invites/multiuse', {})).invite_link as string;
    expect((await listed(r.member)).map((i) => i.email)).toEqual([mine]);
    expect((await listed(r.moderator)).map((i) => i.email)).toEqual([]);
    const all = await listed(r.admin);
    expect(all.map((i) => [i.is_multiuse, i.email ?? i.link_url])).toEqual([
      [false, mine],
      [false, admins],
      [true, link],
    ]);
    refused(await r.guest.api.get('/invites'), 'Not allowed for guest users');
    // A deactivated sender's invitations stop working.
    const key = keyIn(await new Mailbox().waitFor(mine));
    ok(await r.owner.api.delete(`/users/${r.member.user_id}`));
    expect((await listed(r.admin)).map((i) => i.email ?? i.link_url)).toEqual([admins, link]);
    refused(await accept(key, r), 'Invalid or expired confirmation link');
  });
});

describe('DELETE /invites/{invite_id} and POST /invites/{invite_id}/resend', () => {
  it('lets the sender or an administrator (an owner for an owner invitation) revoke; the link dies', async () => {
    const r = await createTestRealm('Revoke mail invites');
    const email = address(r);
    ok(await invite(r.member, email));
    const id = await idOf(email, r.admin);
    refused(await r.other.api.delete(`/invites/${id}`), 'Must be an organization administrator');
    refused(await r.moderator.api.delete(`/invites/${id}`), 'Must be an organization administrator');
    refused(await r.guest.api.delete(`/invites/${id}`), 'Not allowed for guest users');
    refused(await r.bot.api.delete(`/invites/${id}`), 'This endpoint does not accept bot requests.');
    const key = keyIn(await new Mailbox().waitFor(email));
    ok(await r.member.api.delete(`/invites/${id}`));
    refused(await r.member.api.delete(`/invites/${id}`), 'No such invitation');
    refused(await anonymous(r).get(`/invites/confirm/${key}`), 'Invalid or expired confirmation link');
    refused(await accept(key, r), 'Invalid or expired confirmation link');
    expect(await userByEmail(r, email)).toBeUndefined();
    // An owner invitation: owners only (besides its sender).
    const ownerInvite = address(r);
    ok(await invite(r.owner, ownerInvite, { invite_as: Role.OWNER }));
    const ownerId = await idOf(ownerInvite, r.owner);
    refused(await r.admin.api.delete(`/invites/${ownerId}`), 'Must be an organization owner');
    refused(await r.admin.api.post(`/invites/${ownerId}/resend`, {}), 'Must be an organization owner');
    const adminInvite = address(r);
    ok(await invite(r.owner, adminInvite));
    ok(await r.admin.api.delete(`/invites/${await idOf(adminInvite, r.owner)}`));
    refused(await r.owner.api.delete('/invites/999999999'), 'No such invitation');
    refused(await r.owner.api.post('/invites/999999999/resend', {}), 'No such invitation');
    // Another realm's invitation reads as missing; a link's ID is not an email invitation's.
    refused(await realm.owner.api.delete(`/invites/${ownerId}`), 'No such invitation');
  });

  it('resends a new mail whose link works (the first one no longer does)', async () => {
    const r = await createTestRealm('Resend');
    const email = address(r);
    ok(await invite(r.member, email));
    const id = await idOf(email, r.member);
    refused(await r.other.api.post(`/invites/${id}/resend`, {}), 'Must be an organization administrator');
    refused(await r.guest.api.post(`/invites/${id}/resend`, {}), 'Not allowed for guest users');
    const queue = ok(await r.member.api.post('/register', { event_types: JSON.stringify(['invites_changed']) })).queue_id as string;
    await eventually(async () => expect(await mails(email)).toHaveLength(1));
    ok(await r.member.api.post(`/invites/${id}/resend`, {}));
    await eventually(async () => expect(await mails(email)).toHaveLength(2));
    ok(await r.admin.api.post(`/invites/${id}/resend`, {}));
    await eventually(async () => expect(await mails(email)).toHaveLength(3));
    const sent = await mails(email);
    expect(sent.map((m) => m.parsed.subject)).toEqual(Array(3).fill('Mia Member has invited you to join Resend'));
    const keys = sent.map(keyIn);
    expect(new Set(keys).size).toBe(3);
    refused(await accept(keys[0], r), 'Invalid or expired confirmation link');
    ok(await accept(keys[2], r));
    refused(await r.member.api.post(`/invites/${id}/resend`, {}), 'No such invitation');
    await eventually(async () => {
      const events = ok(await r.member.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[];
      expect(events.filter((e) => e.type === 'invites_changed').length).toBeGreaterThanOrEqual(3);
    });
  });
});

describe('confirmed sign-up through a reusable link', () => {
  const newLink = async (r: TestRealm, params: Json = {}) => ok(await r.owner.api.post('/invites/multiuse', params)).invite_link as string;
  const keyOfLink = (link: string) => /\/join\/([^/]+)\/$/.exec(link)![1];
  const ask = (r: TestRealm, link: string, email: string) => anonymous(r).post(`/invites/link/${keyOfLink(link)}/accept`, { email });

  it('mails a confirmation; the account exists only once the mailed link is followed', async () => {
    const r = await createTestRealm('Confirmed sign-up');
    const link = await newLink(r, { invite_as: Role.GUEST });
    const email = address(r, 'joiner');
    expect(ok(await ask(r, link, email))).toEqual({ result: 'success', msg: '' });
    const mail = await new Mailbox().waitFor(email);
    expect(mail.parsed.subject).toBe('Activate your Parley account');
    expect(await userByEmail(r, email)).toBeUndefined();
    const key = keyIn(mail);
    expect(ok(await anonymous(r).get(`/invites/confirm/${key}`))).toMatchObject({ email, invited_as: Role.GUEST, is_invitation: false });
    expect(await userByEmail(r, email)).toBeUndefined();
    // Not in GET /invites: only invitations with a sender are.
    expect((await listed(r.owner)).some((i) => i.email === email)).toBe(false);
    const joined = ok(await accept(key, r));
    expect(await userByEmail(r, email)).toMatchObject({ id: joined.user_id, role: Role.GUEST, is_active: true });
    refused(await accept(key, r), 'Invalid or expired confirmation link');
  });

  it('answers the same for an address with an account, which gets a mail saying so and no confirmation', async () => {
    const r = await createTestRealm('Account exists');
    const link = await newLink(r);
    const fresh = address(r);
    const [forNew, forExisting] = [await ask(r, link, fresh), await ask(r, link, r.member.email)];
    expect([forExisting.status, forExisting.body]).toEqual([forNew.status, forNew.body]);
    const mail = await new Mailbox().waitFor(r.member.email);
    expect(mail.parsed.subject).toBe('You already have an account in Account exists');
    expect(mail.parsed.text).toContain('/login/');
    expect(mail.parsed.text).toContain('/accounts/password/reset/');
    expect(confirmLinks(mail)).toEqual([]);
    await new Mailbox().waitFor(fresh);
    expect(await mails(r.member.email)).toHaveLength(1);
  });

  it("refuses a malformed address and, in a realm restricted to its domains, with Zulip's error", async () => {
    const r = await createTestRealm('Sign-up refusals');
    const link = await newLink(r);
    refused(await ask(r, link, 'nope'), 'Enter a valid email address.');
    ok(await r.owner.api.patch('/realm', { emails_restricted_to_domains: true }, envelope));
    const email = address(r);
    refused(await ask(r, link, email), `Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`);
  });

  it('dies with its link: a pending confirmation of a revoked link makes no account', async () => {
    const r = await createTestRealm('Link revoked');
    const link = await newLink(r);
    const email = address(r);
    ok(await ask(r, link, email));
    const key = keyIn(await new Mailbox().waitFor(email));
    const id = (await listed(r.owner)).find((i) => i.link_url === link)!.id as number;
    ok(await r.owner.api.delete(`/invites/multiuse/${id}`));
    refused(await accept(key, r), 'Invalid or expired confirmation link');
    refused(await anonymous(r).get('/invites/confirm/short'), 'Invalid or expired confirmation link');
    expect(await userByEmail(r, email)).toBeUndefined();
  });
});
