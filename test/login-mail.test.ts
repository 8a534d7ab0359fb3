import type pg from 'pg';
import { Api } from './support/api';
import { form, loginCsrf } from './support/browser-session';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { testServicePool } from './support/service-pools';
import { Mailbox, headersOf } from './support/smtp';
import { rawRequest } from './support/uploads';

/**
 * Zulip's new-login mail (zerver/signals.py email_on_new_login): a password login through a
 * browser session or POST /fetch_api_key mails the user when, in their timezone, and from what
 * device, unless `enable_login_emails` is off or the account is under a minute old.
 */
let realm: TestRealm;
let pool: pg.Pool;
const mailbox = new Mailbox();
const PASSWORD = 'login-mail-password';
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

beforeAll(async () => {
  realm = await createTestRealm('Login mail realm');
  pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
});
afterAll(async () => {
  await pool.end();
  await closeFixtures();
});

/** A user whose account is older than Zulip's JUST_CREATED_THRESHOLD (a minute). */
async function oldUser(name: string): Promise<TestUser> {
  const user = await realm.addUser({ name, password: PASSWORD });
  await pool.query("UPDATE users SET date_joined = now() - interval '2 minutes' WHERE id = $1", [user.user_id]);
  return user;
}

const fetchApiKey = (user: TestUser, userAgent: string, password = PASSWORD) =>
  new Api().post('/fetch_api_key', { username: user.email, password }, { headers: { host: realm.host, 'user-agent': userAgent }, contract: password === PASSWORD });

async function loginMailsOf(user: TestUser): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM mail_queue WHERE kind = 'login' AND user_id = $1", [user.user_id]);
  return Number(rows[0].n);
}

describe('the new-login mail', () => {
  it('follows POST /fetch_api_key: the time in the user’s zone, the device, the address, and an unsubscribe link', async () => {
    const user = await oldUser('Traveller');
    expect((await user.api.patch('/settings', { timezone: 'Asia/Kolkata', twenty_four_hour_time: true })).status).toBe(200);
    expect((await fetchApiKey(user, CHROME_ON_LINUX)).status).toBe(200);

    const mail = await mailbox.waitFor(user.email, { subject: /New login/ });
    expect(mail.parsed.subject).toBe('New login from Chrome on Linux');
    const text = mail.parsed.text!;
    expect(text).toContain(`Organization: http://${realm.host}`);
    expect(text).toContain(`Email: ${user.email}`);
    // India has one zone, UTC+5:30, all year: the hour and minute are the user's.
    const time = /Time: (\w+), (\w+) (\d\d), (\d{4}) at (\d\d):(\d\d) (\S+)/.exec(text)!;
    expect(time).not.toBeNull();
    expect(time[7]).toBe('GMT+5:30');
    const ist = new Date(Date.now() + 5.5 * 3600_000);
    const minutes = Number(time[5]) * 60 + Number(time[6]);
    const expected = ist.getUTCHours() * 60 + ist.getUTCMinutes();
    expect(Math.min(Math.abs(minutes - expected), 1440 - Math.abs(minutes - expected))).toBeLessThanOrEqual(2);
    expect(text).toContain('Device: Chrome on Linux.');
    expect(text).toMatch(/IP address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    // A notification mail: the one-click unsubscribe of kind `login`.
    const headers = headersOf(mail);
    expect(headers).toMatch(new RegExp(`\nList-Unsubscribe: <http://${realm.host.replace(/\./g, '\\.')}/accounts/unsubscribe/login/${user.user_id}\\.[A-Za-z0-9_-]+>`));
    expect(headers).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('follows a browser login (POST /accounts/login), in 12-hour time and UTC when the user set no zone', async () => {
    const user = await oldUser('Browser user');
    const res = await rawRequest('POST', '/accounts/login', {
      body: form({ username: user.email, password: PASSWORD }),
      headers: { host: realm.host, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': FIREFOX_ON_WINDOWS, ...loginCsrf() },
    });
    expect(res.status).toBe(200);
    const mail = await mailbox.waitFor(user.email, { subject: /New login/ });
    expect(mail.parsed.subject).toBe('New login from Firefox on Windows');
    expect(mail.parsed.text).toMatch(/Time: \w+, \w+ \d\d, \d{4} at \d\d:\d\d(AM|PM) UTC/);
  });

  it('is not sent when the user turned enable_login_emails off, for a failed login, or within a minute of sign-up', async () => {
    const quiet = await oldUser('Quiet');
    expect((await quiet.api.patch('/settings', { enable_login_emails: false })).status).toBe(200);
    expect((await fetchApiKey(quiet, CHROME_ON_LINUX)).status).toBe(200);
    expect(await loginMailsOf(quiet)).toBe(0);

    const failed = await oldUser('Mistyped');
    expect((await fetchApiKey(failed, CHROME_ON_LINUX, 'wrong-password')).status).toBe(401);
    expect(await loginMailsOf(failed)).toBe(0);

    const fresh = await realm.addUser({ name: 'Newcomer', password: PASSWORD });
    expect((await fetchApiKey(fresh, CHROME_ON_LINUX)).status).toBe(200);
    expect(await loginMailsOf(fresh)).toBe(0);

    // The same user, a while later, is told (the mail is queued before the login answers).
    await pool.query("UPDATE users SET date_joined = now() - interval '2 minutes' WHERE id = $1", [fresh.user_id]);
    expect((await fetchApiKey(fresh, 'curl/8.0')).status).toBe(200);
    expect(await loginMailsOf(fresh)).toBe(1);
    const mail = await mailbox.waitFor(fresh.email, { subject: /New login/ });
    expect(mail.parsed.subject).toBe('New login from An unknown browser on an unknown operating system');
  });
});
