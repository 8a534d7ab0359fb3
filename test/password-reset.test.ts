import type pg from 'pg';
import { sha256 } from '@parley/common';
import { Api, ApiResponse } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { rawRequest } from './support/uploads';
import { loginCsrf } from './support/browser-session';
import { linksOf, Mailbox, ReceivedMail } from './support/smtp';
import { testServicePool } from './support/service-pools';

/**
 * Password reset by mail (issue #42; Zulip's /accounts/password/reset/), through HTTP against
 * the run's real SMTP server: POST /password_reset answers the same whatever the address,
 * and mails either a single-use link or a note that there is no account; the link sets a new
 * password once, ends the user's browser sessions, and is refused used, expired or stale.
 * The per-address rate limit is in rate-limits.test.ts (this Parley runs without limits).
 */
jest.setTimeout(60_000);

let realm: TestRealm;
let other: TestRealm;
let pool: pg.Pool;
const mailbox = () => new Mailbox();
const anon = new Api(undefined);
const envelope = { contract: 'envelope' as const };

beforeAll(async () => {
  [realm, other] = [await createTestRealm('Reset realm'), await createTestRealm('Other reset realm')];
  pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await closeFixtures();
});

/** No credentials, on a realm's Host; Parley's own endpoints, so Parley's description is the contract. */
const on = (r: TestRealm) => ({ ...envelope, headers: { host: r.host } });
const ask = (r: TestRealm, email: string) => anon.post('/password_reset', { email }, on(r));
const check = (r: TestRealm, token: string, opts: object = {}) => anon.get(`/password_reset/${token}`, {}, { ...on(r), ...opts });
const reset = (r: TestRealm, token: string, password: string, opts: object = {}) => anon.post(`/password_reset/${token}`, { new_password: password }, { ...on(r), ...opts });

/** The reset link in a mail, and its token. */
function linkOf(mail: ReceivedMail, r: TestRealm): { url: string; token: string } {
  const url = linksOf(mail).find((l) => l.includes('/accounts/password/reset/'))!;
  expect(url).toMatch(new RegExp(`^http://${r.host.replace(/\./g, '\\.')}/accounts/password/reset/[A-Za-z0-9]{32}/$`));
  return { url, token: /reset\/([A-Za-z0-9]+)\/$/.exec(url)![1] };
}

/** Asks for a reset and reads the link that arrives. */
async function mailedToken(r: TestRealm, user: TestUser): Promise<string> {
  const before = (await mailbox().to(user.email)).length;
  ok(await ask(r, user.email));
  let mails: ReceivedMail[] = [];
  await eventually(async () => {
    mails = await mailbox().to(user.email);
    expect(mails.length).toBe(before + 1);
  }, 15_000);
  return linkOf(mails[mails.length - 1], r).token;
}

const form = (params: Record<string, string>) => Buffer.from(new URLSearchParams(params).toString());
async function browserLogin(r: TestRealm, email: string, password: string): Promise<{ status: number; cookie: string }> {
  const res = await rawRequest('POST', '/accounts/login', {
    body: form({ username: email, password }),
    headers: { host: r.host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
  });
  const cookies = Object.fromEntries((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0].split('=') as [string, string]));
  return { status: res.status, cookie: `sessionid=${cookies.sessionid}; csrftoken=${cookies.csrftoken}` };
}
const viaSession = async (r: TestRealm, cookie: string) => (await rawRequest('GET', '/json/users/me', { headers: { host: r.host, cookie } })).status;
const fetchKey = (r: TestRealm, email: string, password: string) => anon.post('/fetch_api_key', { username: email, password }, { headers: { host: r.host }, contract: false });

/** What the mail queue holds for an address (the mail is queued in the request's transaction). */
async function queuedFor(address: string): Promise<{ kind: string }[]> {
  const { rows } = await pool.query<{ kind: string }>('SELECT kind FROM mail_queue WHERE lower(to_address) = lower($1) ORDER BY id', [address]);
  return rows;
}

/** The whole answer, as a client sees it: the same for every address. */
const answer = (res: ApiResponse) => ({ status: res.status, body: res.body });

describe('asking for a reset', () => {
  it('mails an active account a link to its realm, with HTML and text parts', async () => {
    const user = await realm.addUser({ name: 'Forgetful Fay', password: 'old-password' });
    const res = await ask(realm, user.email);
    expect(answer(res)).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    const mail = await mailbox().waitFor(user.email, { subject: /Password reset request for Reset realm/ });
    expect(mail.parsed.to).toMatchObject({ value: [{ address: user.email, name: 'Forgetful Fay' }] });
    expect(mail.parsed.text).toContain(`for the account ${user.email} in Reset realm`);
    expect(mail.parsed.text).toContain('within 24 hours');
    const { url } = linkOf(mail, realm);
    // The HTML part has the same link, as a button.
    expect(mail.parsed.html).toContain(`href="${url}"`);
    expect(mail.parsed.html).toContain('Reset password');
    // An account mail: no unsubscribe.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    // The token is stored only as its SHA-256.
    const token = linkOf(mail, realm).token;
    const { rows } = await pool.query('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [user.user_id]);
    expect(rows).toEqual([{ token_hash: sha256(token) }]);
  });

  it('answers an unknown address the same, and mails it that it has no account here (naming the realms where it has one)', async () => {
    const known = await realm.addUser({ name: 'Known' });
    const knownAnswer = answer(await ask(realm, known.email));
    const unknown = `nobody-${Date.now()}@reset.test`;
    expect(answer(await ask(realm, unknown))).toEqual(knownAnswer);
    const mail = await mailbox().waitFor(unknown, { subject: /Password reset request for Reset realm/ });
    expect(mail.parsed.text).toContain(`asked for a password reset for ${unknown} in Reset realm`);
    expect(mail.parsed.text).toContain('there is no account with that address in this organization');
    expect(linksOf(mail).some((l) => l.includes('/accounts/password/reset/'))).toBe(false);
    expect(mail.parsed.html).toContain('no account with that address');
    expect(await queuedFor(unknown)).toEqual([{ kind: 'password_reset_unknown' }]);

    // An account of another realm, asked on this one: no link, but the mail names its realm.
    const elsewhere = await other.addUser({ name: 'Elsewhere' });
    expect(answer(await ask(realm, elsewhere.email))).toEqual(knownAnswer);
    const note = await mailbox().waitFor(elsewhere.email, { subject: /Reset realm/ });
    expect(note.parsed.text).toContain('no account with that address in this organization');
    expect(note.parsed.text).toContain(`Other reset realm: http://${other.host}`);
    expect(linksOf(note).some((l) => l.includes('/accounts/password/reset/'))).toBe(false);
  });

  it('tells a deactivated user that the account is deactivated, and sends no link', async () => {
    const user = await realm.addUser({ name: 'Gone' });
    ok(await realm.owner.api.delete(`/users/${user.user_id}`));
    ok(await ask(realm, user.email));
    const mail = await mailbox().waitFor(user.email, { subject: /Password reset/ });
    expect(mail.parsed.text).toContain('that account has been deactivated');
    expect(linksOf(mail).some((l) => l.includes('/accounts/password/reset/'))).toBe(false);
    expect(await queuedFor(user.email)).toEqual([{ kind: 'password_reset_unknown' }]);
  });

  it('gives a bot no link (bots have no password)', async () => {
    const bot = await realm.addUser({ name: 'Botty', bot: true });
    ok(await ask(realm, bot.email));
    const mail = await mailbox().waitFor(bot.email, { subject: /Password reset/ });
    expect(mail.parsed.text).toContain('no account with that address in this organization');
    expect(await queuedFor(bot.email)).toEqual([{ kind: 'password_reset_unknown' }]);
    const { rows } = await pool.query('SELECT 1 FROM password_reset_tokens WHERE user_id = $1', [bot.user_id]);
    expect(rows).toEqual([]);
  });

  it('finds the account whatever the case of the address, and mails its own address', async () => {
    const user = await realm.addUser({ name: 'Casey' });
    ok(await ask(realm, `  ${user.email.toUpperCase()} `));
    const mail = await mailbox().waitFor(user.email, { subject: /Password reset/ });
    linkOf(mail, realm);
    expect(await queuedFor(user.email)).toEqual([{ kind: 'password_reset' }]);
  });

  it('sends nothing for a deactivated realm, with the same answer', async () => {
    const closing = await createTestRealm('Closing reset realm');
    const user = await closing.addUser({ name: 'Closed' });
    const unknown = `nobody-closed-${Date.now()}@reset.test`;
    await pool.query('UPDATE realms SET deactivated = true WHERE id = $1', [closing.realm_id]);
    const knownAnswer = answer(await ask(closing, user.email));
    expect(knownAnswer).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(answer(await ask(closing, unknown))).toEqual(knownAnswer);
    expect(await queuedFor(user.email)).toEqual([]);
    expect(await queuedFor(unknown)).toEqual([]);
  });

  it("refuses a malformed address with Zulip's error, and sends nothing", async () => {
    for (const bad of ['not-an-address', '', 'a@', '@b.test']) {
      refused(await ask(realm, bad), `Invalid email '${bad}'`);
      expect(await queuedFor(bad)).toEqual([]);
    }
  });
});

describe('using the link', () => {
  it('describes the link, sets the password once, ends every browser session, and logs in with the new one', async () => {
    const user = await realm.addUser({ name: 'Resetting Rae', password: 'old-password' });
    const first = await browserLogin(realm, user.email, 'old-password');
    const second = await browserLogin(realm, user.email, 'old-password');
    expect(await viaSession(realm, first.cookie)).toBe(200);
    const token = await mailedToken(realm, user);

    expect(ok(await check(realm, token))).toMatchObject({ email: user.email, full_name: 'Resetting Rae', realm_name: 'Reset realm' });
    expect(ok(await reset(realm, token, 'brand-new-password'))).toMatchObject({ email: user.email });

    // Every browser session ended; the old password no longer works, the new one does; the API key stays.
    await eventually(async () => {
      expect(await viaSession(realm, first.cookie)).toBe(401);
      expect(await viaSession(realm, second.cookie)).toBe(401);
    });
    expect((await fetchKey(realm, user.email, 'old-password')).status).toBe(401);
    expect(ok(await fetchKey(realm, user.email, 'brand-new-password')).api_key).toBe(user.api_key);
    const fresh = await browserLogin(realm, user.email, 'brand-new-password');
    expect(await viaSession(realm, fresh.cookie)).toBe(200);
    ok(await user.api.get('/users/me'));

    // Used: refused both ways, and the password stays.
    refused(await check(realm, token), 'This password reset link has already been used. Ask for a new one.');
    refused(await reset(realm, token, 'third-password'), 'This password reset link has already been used. Ask for a new one.');
    expect((await fetchKey(realm, user.email, 'third-password')).status).toBe(401);
  });

  it('refuses an expired link (24 hours)', async () => {
    const user = await realm.addUser({ name: 'Late', password: 'old-password' });
    const token = await mailedToken(realm, user);
    const { rows } = await pool.query<{ hours: number }>(`SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM password_reset_tokens WHERE token_hash = $1`, [
      sha256(token),
    ]);
    expect(rows).toEqual([{ hours: 24 }]);
    await pool.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    refused(await check(realm, token), 'This password reset link has expired. Ask for a new one.');
    refused(await reset(realm, token, 'brand-new-password'), 'This password reset link has expired. Ask for a new one.');
    expect((await fetchKey(realm, user.email, 'brand-new-password')).status).toBe(401);
    ok(await fetchKey(realm, user.email, 'old-password'));
  });

  it('keeps older links working when asked again, and ends them all once one is used or the password changes', async () => {
    const user = await realm.addUser({ name: 'Twice', password: 'old-password' });
    const older = await mailedToken(realm, user);
    const newer = await mailedToken(realm, user);
    expect(older).not.toBe(newer);
    ok(await check(realm, older));
    ok(await reset(realm, newer, 'second-password'));
    const stale = 'This password reset link is no longer valid: the password was changed since. Ask for a new one.';
    refused(await check(realm, older), stale);
    refused(await reset(realm, older, 'third-password'), stale);

    // A password changed in the settings ends an outstanding link too.
    const third = await mailedToken(realm, user);
    ok(await user.api.patch('/settings', { old_password: 'second-password', new_password: 'settings-password' }));
    refused(await reset(realm, third, 'fourth-password'), stale);
    ok(await fetchKey(realm, user.email, 'settings-password'));
  });

  it("refuses unknown and malformed tokens, another realm's link, a weak password, and a user deactivated since", async () => {
    const user = await realm.addUser({ name: 'Careful', password: 'old-password' });
    const token = await mailedToken(realm, user);
    for (const bad of ['A'.repeat(32), 'short', `${token}x`]) {
      refused(await check(realm, bad), 'Invalid password reset link');
      refused(await reset(realm, bad, 'brand-new-password'), 'Invalid password reset link');
    }
    // The link is its realm's only.
    refused(await check(other, token), 'Invalid password reset link');
    refused(await reset(other, token, 'brand-new-password'), 'Invalid password reset link');
    // PATCH /settings's rules (6 to 100 characters); the link stays usable.
    refused(await reset(realm, token, 'short'), 'The password is too weak.');
    refused(await reset(realm, token, 'x'.repeat(101)), 'The password is too weak.');
    refused(await reset(realm, token, ''), 'Password cannot be empty');
    ok(await check(realm, token));
    // Deactivated since the mail: the link no longer works.
    ok(await realm.owner.api.delete(`/users/${user.user_id}`));
    refused(await check(realm, token), 'Invalid password reset link');
    refused(await reset(realm, token, 'brand-new-password'), 'Invalid password reset link');
  });

  it('uses a link once when two requests race for it', async () => {
    const user = await realm.addUser({ name: 'Racer', password: 'old-password' });
    const token = await mailedToken(realm, user);
    const results = await Promise.all([reset(realm, token, 'racer-one-password'), reset(realm, token, 'racer-two-password')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.msg).toBe('This password reset link has already been used. Ask for a new one.');
  });
});
