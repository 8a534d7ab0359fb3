import { Api } from './support/api';
import { browserLogin } from './support/browser-session';
import { manage } from './support/cli';
import { eventually } from './support/eventually';
import { closeFixtures, ensureRootRealm } from './support/fixtures';

afterAll(closeFixtures);

/** The management CLI's contract: one JSON line per command, errors on stderr with exit 1. */
const host = () => new URL(process.env.PARLEY_TEST_URL!).host;
const sub = `cli${Date.now().toString(36)}`;

/**
 * The credentials a CLI line prints, used at its `site` (requests are bound to the realm their
 * Host names). Sent as a Host header: the test system's EXTERNAL_HOST is its IP address, and
 * `sub.127.0.0.1` names no address (nor parses as a URL); with the default EXTERNAL_HOST,
 * `localhost:9991`, the site `http://sub.localhost:9991` is reachable as it is.
 */
const atSite = (out: Record<string, any>) => ({ email: out.email, api_key: out.api_key, host: out.site.replace(/^https?:\/\//, '') });

function oneJsonLine(stdout: string): Record<string, any> {
  const lines = stdout.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('manage create-realm', () => {
  it('refuses a second root realm with a message on stderr and nothing on stdout', async () => {
    await ensureRootRealm();
    const res = await manage(['create-realm', '--name', 'Again', '--owner-email', 'again@example.test', '--owner-name', 'Again'], { viaNpm: true });
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('A root realm already exists');
  });

  it('creates a realm on a subdomain through npm, printing credentials that authenticate', async () => {
    const res = await manage(['create-realm', '--name', 'Npm Org', '--subdomain', `${sub}npm`, '--owner-email', 'npm-owner@example.test', '--owner-name', 'Npm Owner'], { viaNpm: true });
    expect(res.code).toBe(0);
    const out = oneJsonLine(res.stdout);
    expect(Object.keys(out).sort()).toEqual(['api_key', 'email', 'realm_id', 'site', 'subdomain', 'user_id']);
    expect(out).toMatchObject({ subdomain: `${sub}npm`, email: 'npm-owner@example.test' });
    expect(out.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(out.site).toBe(`http://${sub}npm.${host()}`);
    const me = await new Api(atSite(out)).get('/users/me');
    expect(me.body).toMatchObject({ user_id: out.user_id, role: 100, full_name: 'Npm Owner' });
    // Another host (the bare address names the root realm) refuses the realm's credentials, as Zulip does.
    const elsewhere = await new Api({ email: out.email, api_key: out.api_key }).get('/users/me', {}, { contract: false });
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([401, 'Account is not associated with this subdomain']);
  });

  it('creates a realm on a subdomain, with its owner password', async () => {
    const res = await manage(['create-realm', '--name', 'Sub Org', '--subdomain', sub, '--owner-email', `owner@${sub}.test`, '--owner-name', 'Sub Owner', '--owner-password', 'pw-sub']);
    expect(res.code).toBe(0);
    const out = oneJsonLine(res.stdout);
    expect(out).toMatchObject({ subdomain: sub, site: `http://${sub}.${host()}` });
    const key = await new Api().post('/fetch_api_key', { username: `owner@${sub}.test`, password: 'pw-sub' }, { headers: { host: `${sub}.${host()}` } });
    expect(key.body.api_key).toBe(out.api_key);
  });

  it('refuses missing options, bad subdomains and unknown commands', async () => {
    const missing = await manage(['create-realm', '--name', 'X']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('--owner-email is required');
    const bad = await manage(['create-realm', '--name', 'X', '--subdomain', 'Bad_Sub', '--owner-email', 'x@x.test', '--owner-name', 'X']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Subdomains may contain only');
    const unknown = await manage(['explode']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('usage: manage');
  });
});

describe('manage create-user', () => {
  it.each([
    ['owner', 100],
    ['administrator', 200],
    ['moderator', 300],
    ['member', 400],
    ['guest', 600],
  ])('creates a %s', async (role, value) => {
    const res = await manage(['create-user', '--realm', sub, '--email', `made-${role}@${sub}.test`, '--name', `A ${role}`, '--role', role]);
    expect(res.code).toBe(0);
    const out = oneJsonLine(res.stdout);
    expect(Object.keys(out).sort()).toEqual(['api_key', 'email', 'site', 'user_id']);
    expect(out.site).toBe(`http://${sub}.${host()}`);
    const me = await new Api(atSite(out)).get('/users/me');
    expect(me.body).toMatchObject({ user_id: out.user_id, role: value, is_bot: false });
  });

  it('creates a bot owned by the realm owner', async () => {
    const out = oneJsonLine((await manage(['create-user', '--realm', sub, '--email', `bot@${sub}.test`, '--name', 'Some Bot', '--bot'])).stdout);
    const user = await new Api(atSite(out)).get(`/users/${out.user_id}`);
    expect(user.body.user).toMatchObject({ is_bot: true, bot_type: 1 });
    expect(user.body.user.bot_owner_id).toEqual(expect.any(Number));
  });

  it('creates a user in the root realm with --realm ""', async () => {
    await ensureRootRealm();
    const res = await manage(['create-user', '--realm', '', '--email', 'rooted@example.test', '--name', 'Rooted', '--password', 'pw']);
    expect(res.code).toBe(0);
    expect(oneJsonLine(res.stdout).site).toBe(`http://${host()}`);
    const key = await new Api().post('/fetch_api_key', { username: 'rooted@example.test', password: 'pw' });
    expect(key.body.user_id).toBe(oneJsonLine(res.stdout).user_id);
  });

  it('refuses an unknown role, an unknown realm and a duplicate email', async () => {
    const role = await manage(['create-user', '--realm', sub, '--email', `r@${sub}.test`, '--name', 'R', '--role', 'emperor']);
    expect(role.stderr).toContain('--role must be one of');
    const realm = await manage(['create-user', '--realm', 'nosuchrealm', '--email', 'r@x.test', '--name', 'R']);
    expect(realm.stderr).toContain("No realm with subdomain 'nosuchrealm'");
    const dup = await manage(['create-user', '--realm', sub, '--email', `owner@${sub}.test`, '--name', 'Dup']);
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toContain('already in use');
  });
});

describe('manage reset-password', () => {
  it("sets a user's password (the API key stays)", async () => {
    const made = oneJsonLine((await manage(['create-user', '--realm', sub, '--email', `forgot@${sub}.test`, '--name', 'Forgot', '--password', 'old-password'])).stdout);
    const res = await manage(['reset-password', '--realm', sub, '--email', `FORGOT@${sub}.test`, '--password', 'new-password']);
    expect(res.code).toBe(0);
    expect(oneJsonLine(res.stdout)).toEqual({ user_id: made.user_id, email: `forgot@${sub}.test`, password_reset: true });
    const opts = { headers: { host: `${sub}.${host()}` } };
    expect((await new Api().post('/fetch_api_key', { username: `forgot@${sub}.test`, password: 'old-password' }, { ...opts, contract: false })).status).toBe(401);
    const key = await new Api().post('/fetch_api_key', { username: `forgot@${sub}.test`, password: 'new-password' }, opts);
    expect([key.status, key.body.api_key]).toEqual([200, made.api_key]);
  });

  it('refuses a weak password, an unknown user, a bot and a missing password', async () => {
    const weak = await manage(['reset-password', '--realm', sub, '--email', `forgot@${sub}.test`, '--password', 'abc']);
    expect([weak.code, weak.stderr]).toEqual([1, 'error: The password is too weak.\n']);
    const unknown = await manage(['reset-password', '--realm', sub, '--email', `nobody@${sub}.test`, '--password', 'new-password']);
    expect([unknown.code, unknown.stderr]).toEqual([1, `error: No user with email 'nobody@${sub}.test' in realm '${sub}'\n`]);
    const bot = await manage(['reset-password', '--realm', sub, '--email', `bot@${sub}.test`, '--password', 'new-password']);
    expect([bot.code, bot.stderr]).toEqual([1, 'error: Bots have no password\n']);
    const missing = await manage(['reset-password', '--realm', sub, '--email', `forgot@${sub}.test`]);
    expect([missing.code, missing.stderr]).toEqual([1, 'error: --password is required\n']);
  });
});

describe('manage grant, deactivate-realm and reactivate-realm', () => {
  it('grants can_create_users to an administrator', async () => {
    const admin = oneJsonLine((await manage(['create-user', '--realm', sub, '--email', `granted@${sub}.test`, '--name', 'Granted', '--role', 'administrator'])).stdout);
    const api = new Api(atSite(admin));
    const before = await api.post('/users', { email: `made1@${sub}.test`, password: 'p', full_name: 'Made One' });
    expect(before.body.msg).toBe('User not authorized to create users');
    const grant = await manage(['grant', '--realm', sub, '--email', admin.email, 'can_create_users']);
    expect(oneJsonLine(grant.stdout)).toEqual({ user_id: admin.user_id, granted: 'can_create_users' });
    const after = await api.post('/users', { email: `made2@${sub}.test`, password: 'p', full_name: 'Made Two' });
    expect(after.status).toBe(200);
    const unknown = await manage(['grant', '--realm', sub, '--email', admin.email, 'can_do_anything']);
    expect(unknown.stderr).toContain('grant takes one permission');
  });

  it("deactivates a realm (401 REALM_DEACTIVATED for its users) and reactivates it, without its users' sessions", async () => {
    const user = oneJsonLine((await manage(['create-user', '--realm', sub, '--email', `realmy@${sub}.test`, '--name', 'Realmy', '--password', 'realmy-password'])).stdout);
    const api = new Api(atSite(user));
    expect((await api.get('/users/me')).status).toBe(200);
    const browser = await browserLogin(atSite(user).host, user.email, 'realmy-password');
    expect((await browser.request('GET', '/json/users/me')).status).toBe(200);
    expect((await manage(['deactivate-realm', '--realm', sub])).code).toBe(0);
    await eventually(async () => {
      const res = await api.get('/users/me');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('REALM_DEACTIVATED');
    });
    expect((await manage(['reactivate-realm', '--realm', sub])).code).toBe(0);
    await eventually(async () => expect((await api.get('/users/me')).status).toBe(200));
    // The API key works again, as in Zulip; the browser session ended for good (delete_realm_user_sessions).
    const session = await browser.request('GET', '/json/users/me');
    expect([session.status, JSON.parse(session.body.toString('utf8')).code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
