import http from 'node:http';
import type pg from 'pg';
import { Api, baseUrl } from './support/api';
import { manage, manageJson } from './support/cli';
import { eventually } from './support/eventually';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { testServicePool } from './support/service-pools';
import { linksOf, Mailbox, ReceivedMail } from './support/smtp';

/**
 * An email change confirmed by mail (Zulip's do_start_email_change_process and
 * confirm_email_change): PATCH /settings `email` mails a link to the new address, following
 * it changes the address, tells the realm, and mails a notice to the old address.
 */
let realm: TestRealm;
let pool: pg.Pool;
const mailbox = new Mailbox();
let n = 0;
const address = (what: string) => `${what}-${Date.now().toString(36)}-${n++}@mail-change.test`;

beforeAll(async () => {
  realm = await createTestRealm('Email change realm');
  pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
});
afterAll(async () => {
  await pool.end();
  await closeFixtures();
});

/** GETs a link from a mail: to the Parley under test, with the link's host as the Host (realm subdomains). */
function follow(link: string): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  // Not URL: WHATWG reads a host such as `sub.127.0.0.1:port` as a malformed IPv4 address.
  const [, host, path] = /^https?:\/\/([^/]+)(\/.*)$/.exec(link)!;
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl()), { method: 'GET', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const confirmLinkOf = (mail: ReceivedMail): string => {
  const link = linksOf(mail).find((l) => l.includes('/accounts/confirm_new_email/'));
  if (!link) throw new Error(`no confirmation link in: ${mail.parsed.text}`);
  return link;
};

/** How many mails were queued to the address (sent or not): refusals must queue none. */
async function mailsQueuedTo(to: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM mail_queue WHERE lower(to_address) = lower($1)', [to]);
  return Number(rows[0].n);
}

const me = async (user: TestUser) => (await user.api.get('/users/me')).body;

describe('PATCH /settings email', () => {
  it('mails a link to the new address; following it changes the email, tells the realm and mails the old address', async () => {
    const user = await realm.addUser({ name: 'Mover', password: 'mover-password' });
    const watcher = (await realm.member.api.post('/register', { event_types: ['realm_user'] })).body;
    const target = address('moved');

    expect((await user.api.patch('/settings', { email: ` ${target} ` })).status).toBe(200);
    expect((await me(user)).delivery_email).toBe(user.email);

    const mail = await mailbox.waitFor(target, { subject: /Verify your new email address/ });
    expect(mail.parsed.subject).toBe(`Verify your new email address for ${realm.host}`);
    expect(mail.parsed.text).toContain(`from ${user.email} to ${target}`);
    expect(mail.parsed.html).toContain('Confirm email change');
    // An account mail: no unsubscribe link.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    const link = confirmLinkOf(mail);
    expect(link).toMatch(new RegExp(`^http://${realm.host.replace(/\./g, '\\.')}/accounts/confirm_new_email/[A-Za-z0-9]{24}/$`));
    // Only the key's hash is stored.
    const key = /confirm_new_email\/([A-Za-z0-9]+)\//.exec(link)![1];
    const stored = await pool.query("SELECT to_jsonb(c)::text AS row FROM email_change_requests c WHERE token_hash = sha256(convert_to($1, 'UTF8'))", [key]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].row).not.toContain(key);

    const page = await follow(link);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.text).toContain('Email address updated');
    expect(page.text).toContain(`from ${user.email} to ${target}`);

    await eventually(async () => {
      const after = await new Api({ email: target, api_key: user.api_key, host: realm.host }).get('/users/me');
      expect(after.body.delivery_email).toBe(target);
    });
    const login = await new Api().post('/fetch_api_key', { username: target, password: 'mover-password' }, { headers: { host: realm.host } });
    expect(login.body).toMatchObject({ result: 'success', user_id: user.user_id });

    const notice = await mailbox.waitFor(user.email, { subject: /Email address changed/ });
    expect(notice.parsed.subject).toBe('Email address changed for Email change realm');
    expect(notice.parsed.text).toContain(`was recently changed to ${target}`);

    const events = await eventsOf(realm.member, watcher.queue_id, 1, ['update']);
    expect(events.map((e) => e.person)).toContainEqual({ user_id: user.user_id, delivery_email: target });

    // Single-use.
    const again = await follow(link);
    expect(again.status).toBe(404);
    expect(again.text).toContain('The confirmation link has expired or been deactivated.');
  });

  it("refuses with Zulip's errors, mailing nobody", async () => {
    const user = await realm.addUser({ name: 'Refused' });
    const gone = await realm.addUser({ name: 'Gone' });
    expect((await realm.owner.api.delete(`/users/${gone.user_id}`)).status).toBe(200);
    const cases: [string, string][] = [
      [realm.admin.email, 'Already has an account.'],
      [realm.admin.email.toUpperCase(), 'Already has an account.'],
      [gone.email, 'Account has been deactivated.'],
      ['not an email', 'Invalid address.'],
      ['', 'Invalid address.'],
    ];
    for (const [email, msg] of cases) {
      const res = await user.api.patch('/settings', { email });
      expect({ email, status: res.status, body: res.body }).toMatchObject({ email, status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg } });
    }
    // The same address in another case changes nothing and mails nobody.
    expect((await user.api.patch('/settings', { email: user.email.toUpperCase() })).status).toBe(200);
    for (const email of [realm.admin.email, gone.email, user.email, user.email.toUpperCase()]) expect(await mailsQueuedTo(email)).toBe(0);
    expect((await me(user)).delivery_email).toBe(user.email);
  });

  it("refuses every role but administrators when the realm disables email changes (Zulip's email_changes_disabled), and bots always", async () => {
    const local = await createTestRealm('Fixed emails realm');
    // Asked before the realm disables changes: the link is refused when followed after.
    const early = address('fixed-early');
    expect((await local.member.api.patch('/settings', { email: early })).status).toBe(200);
    const earlyLink = confirmLinkOf(await mailbox.waitFor(early));
    expect((await local.owner.api.patch('/realm', { email_changes_disabled: true }, { contract: 'envelope' })).status).toBe(200);
    for (const role of ['moderator', 'member', 'guest'] as const) {
      const target = address(`fixed-${role}`);
      const refused = await local[role].api.patch('/settings', { email: target });
      expect({ role, body: refused.body }).toMatchObject({ role, body: { result: 'error', code: 'BAD_REQUEST', msg: 'Email address changes are disabled in this organization.' } });
      expect(await mailsQueuedTo(target)).toBe(0);
    }
    const botTarget = address('fixed-bot');
    expect((await local.bot.api.patch('/settings', { email: botTarget })).body).toMatchObject({ result: 'error' });
    expect(await mailsQueuedTo(botTarget)).toBe(0);
    for (const role of ['owner', 'admin'] as const) {
      const target = address(`fixed-${role}`);
      expect((await local[role].api.patch('/settings', { email: target })).status).toBe(200);
      await mailbox.waitFor(target, { subject: /Verify your new email address/ });
    }
    const late = await follow(earlyLink);
    expect(late.status).toBe(400);
    expect(late.text).toContain('Email address changes are disabled in this organization.');
    expect((await me(local.member)).delivery_email).toBe(local.member.email);
  });

  it('refuses an address outside the domains of a realm restricted to its domains', async () => {
    const local = await createTestRealm('Restricted realm');
    expect((await local.owner.api.patch('/realm', { emails_restricted_to_domains: true }, { contract: 'envelope' })).status).toBe(200);
    const res = await local.member.api.patch('/settings', { email: address('outside') });
    expect(res.body).toMatchObject({ result: 'error', msg: 'Outside your domain.' });
    const plus = await local.member.api.patch('/settings', { email: `someone+tag-${n++}@mail-change.test` });
    expect(plus.body).toMatchObject({ result: 'error', msg: 'Email addresses containing + are not allowed.' });
  });

  it('revokes the earlier link when a new change is asked for, and limits requests as Zulip does (2 an hour)', async () => {
    const user = await realm.addUser({ name: 'Hesitant' });
    const [first, second, third] = [address('first'), address('second'), address('third')];
    expect((await user.api.patch('/settings', { email: first })).status).toBe(200);
    expect((await user.api.patch('/settings', { email: second })).status).toBe(200);
    const limited = await user.api.patch('/settings', { email: third }, { contract: false });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(limited.body['retry-after']).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBe(Math.ceil(limited.body['retry-after']));
    expect(await mailsQueuedTo(third)).toBe(0);

    const firstLink = confirmLinkOf(await mailbox.waitFor(first));
    const secondLink = confirmLinkOf(await mailbox.waitFor(second));
    const revoked = await follow(firstLink);
    expect(revoked.status).toBe(404);
    expect(revoked.text).toContain('The confirmation link has expired or been deactivated.');
    expect((await follow(secondLink)).status).toBe(200);
    await eventually(async () => expect((await new Api({ email: second, api_key: user.api_key, host: realm.host }).get('/users/me')).body.delivery_email).toBe(second));
  });

  it('refuses an expired, unknown or malformed link with a page, and one whose address was taken meanwhile', async () => {
    const user = await realm.addUser({ name: 'Late' });
    const target = address('late');
    expect((await user.api.patch('/settings', { email: target })).status).toBe(200);
    const link = confirmLinkOf(await mailbox.waitFor(target));
    // A day later (Zulip's CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS).
    await pool.query("UPDATE email_change_requests SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.user_id]);
    const expired = await follow(link);
    expect(expired.status).toBe(404);
    expect(expired.text).toContain('The confirmation link has expired or been deactivated.');

    const base = link.slice(0, link.indexOf('/accounts/'));
    const unknown = await follow(`${base}/accounts/confirm_new_email/${'a'.repeat(24)}/`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('We couldn&#39;t find your confirmation link in the system.');
    const malformed = await follow(`${base}/accounts/confirm_new_email/%3Cscript%3E/`);
    expect(malformed.status).toBe(404);
    expect(malformed.text).toContain('The confirmation link is malformed.');

    const taken = await realm.addUser({ name: 'Taken' });
    const contested = address('contested');
    expect((await taken.api.patch('/settings', { email: contested })).status).toBe(200);
    const contestedLink = confirmLinkOf(await mailbox.waitFor(contested));
    // Another user gets the address first (through the operator, here): the link then fails, and stays unused.
    const other = await realm.addUser({ name: 'First come' });
    expect((await other.api.patch('/settings', { email: contested.toUpperCase() })).status).toBe(200);
    const { pending } = await manageJson<{ pending: { id: number; user_id: number }[] }>(['email-changes', '--realm', realm.subdomain]);
    await manageJson(['confirm-email-change', '--id', String(pending.find((p) => p.user_id === other.user_id)!.id)]);
    const lost = await follow(contestedLink);
    expect(lost.status).toBe(400);
    expect(lost.text).toContain('Already has an account.');
    expect((await me(taken)).delivery_email).toBe(taken.email);
  });
});

describe('manage email-changes and confirm-email-change (servers without mail)', () => {
  it('lists live requests and confirms one by its ID, as following the link does', async () => {
    const user = await realm.addUser({ name: 'Operated' });
    const target = address('operated');
    expect((await user.api.patch('/settings', { email: target })).status).toBe(200);
    const { pending } = await manageJson<{ pending: { id: number; user_id: number; old_email: string; new_email: string; expires: string }[] }>(['email-changes', '--realm', realm.subdomain]);
    const mine = pending.find((p) => p.user_id === user.user_id)!;
    expect(mine).toMatchObject({ old_email: user.email, new_email: target });
    expect(Date.parse(mine.expires)).toBeGreaterThan(Date.now());
    expect(await manageJson(['confirm-email-change', '--id', String(mine.id)])).toMatchObject({ user_id: user.user_id, old_email: user.email, email: target });
    await eventually(async () => expect((await new Api({ email: target, api_key: user.api_key, host: realm.host }).get('/users/me')).body.delivery_email).toBe(target));
    await mailbox.waitFor(user.email, { subject: /Email address changed/ });
    const again = await manage(['confirm-email-change', '--id', String(mine.id)]);
    expect(again.stderr).toContain('The confirmation link has expired or been deactivated.');
    const link = confirmLinkOf(await mailbox.waitFor(target));
    expect((await follow(link)).status).toBe(404);
  });
});
