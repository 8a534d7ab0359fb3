import { Role } from '@parley/common';
import { Api, baseUrl } from './support/api';
import { eventually } from './support/eventually';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';
import { loginCsrf, setCookies as cookiesSet } from './support/browser-session';
import { multipart, rawRequest, RawResponse } from './support/uploads';

/**
 * Browser sessions (spec, Authentication 2): POST /accounts/login sets an httpOnly session
 * cookie and a CSRF cookie; the upload endpoints, tus and file serving take the session
 * cookie (unsafe methods only with the CSRF token echoed in X-CSRFToken); every other
 * endpoint still wants Basic auth; POST /accounts/logout ends the session.
 */
let realm: TestRealm;
let alice: TestUser;
let host: string;
const PASSWORD = 'correct horse battery staple';
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Sessions realm');
  alice = await realm.addUser({ name: 'alice', password: PASSWORD });
  host = `${realm.subdomain}.${new URL(baseUrl()).host}`;
});
afterAll(closeFixtures);

/** The roles that log in with a password (bots have none). */
const ROLES: [string, number][] = [
  ['owner', Role.OWNER],
  ['administrator', Role.ADMINISTRATOR],
  ['moderator', Role.MODERATOR],
  ['member', Role.MEMBER],
  ['guest', Role.GUEST],
];

const form = (params: Record<string, string>) => Buffer.from(new URLSearchParams(params).toString());
const json = (res: RawResponse): Json => JSON.parse(res.body.toString('utf8'));

/** What a browser without a CSRF cookie gets from the login page: the pre-login token (its `csrftoken` cookie). */
async function preLoginToken(): Promise<string> {
  const page = await rawRequest('GET', '/login/', { headers: { host } });
  expect(page.status).toBe(200);
  return cookiesSet(page).csrftoken;
}

/**
 * POST /accounts/login on the realm's host as the web client's page posts it (the page's
 * pre-login CSRF token echoed), with `headers` added or replaced; the response and its cookies by name.
 */
async function login(username: string, password: string, headers: Record<string, string | undefined> = {}) {
  const token = await preLoginToken();
  const all = { host, 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${token}`, 'x-csrftoken': token, ...headers };
  const res = await rawRequest('POST', '/accounts/login', {
    body: form({ username, password }),
    headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  const setCookies = res.headers['set-cookie'] ?? [];
  const cookies = Object.fromEntries(
    setCookies.map((c) => {
      const [pair] = c.split(';');
      return [pair.slice(0, pair.indexOf('=')), { value: pair.slice(pair.indexOf('=') + 1), attributes: c }];
    }),
  );
  return { res, cookies, setCookies };
}

async function session(user = alice, password = PASSWORD) {
  const { cookies } = await login(user.email, password);
  return { sessionid: cookies.sessionid.value, csrftoken: cookies.csrftoken.value };
}

function upload(headers: Record<string, string>) {
  const { body, type } = multipart([{ filename: 'by-cookie.txt', content: 'cookie upload' }]);
  return rawRequest('POST', '/api/v1/user_uploads', { body, headers: { host, 'content-type': type, ...headers } });
}

/** A request of a browser holding a session: the cookies, and the CSRF token echoed on unsafe methods. */
function asBrowser(s: { sessionid: string; csrftoken: string }, method: string, path: string, params?: Record<string, string>) {
  return rawRequest(method, path, {
    headers: { host, cookie: `sessionid=${s.sessionid}; csrftoken=${s.csrftoken}`, 'x-csrftoken': s.csrftoken, ...(params && { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: params && form(params),
  });
}

const sessionEnded = { result: 'error', code: 'UNAUTHORIZED', msg: 'API authentication or user session required' };

describe('POST /accounts/login', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and a CSRF cookie the page can read', async () => {
    const { res, cookies } = await login(alice.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ result: 'success', msg: '', user_id: alice.user_id });
    expect(cookies.sessionid.value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(cookies.sessionid.attributes).toMatch(/; HttpOnly/);
    expect(cookies.sessionid.attributes).toMatch(/; SameSite=Lax/);
    expect(cookies.sessionid.attributes).toMatch(/; Path=\//);
    expect(cookies.sessionid.attributes).toMatch(/; Max-Age=1209600/);
    expect(cookies.csrftoken.attributes).not.toMatch(/HttpOnly/);
    expect(cookies.csrftoken.value).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('opens a new session each time', async () => {
    expect((await session()).sessionid).not.toBe((await session()).sessionid);
  });

  it('refuses a wrong password, an unknown user and a bot (401 AUTHENTICATION_FAILED), setting no cookie', async () => {
    const bot = await realm.addUser({ name: 'botty', bot: true, password: PASSWORD });
    for (const [username, password] of [
      [alice.email, 'wrong'],
      ['nobody@nowhere.test', PASSWORD],
      [bot.email, PASSWORD],
    ]) {
      const { res, setCookies } = await login(username, password);
      expect([res.status, json(res)]).toEqual([401, { result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' }]);
      expect(setCookies).toEqual([]);
    }
  });

  it('names a missing parameter', async () => {
    const res = await rawRequest('POST', '/accounts/login', { body: form({ username: alice.email }), headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() } });
    expect([res.status, json(res).code, json(res).msg]).toEqual([400, 'REQUEST_VARIABLE_MISSING', "Missing 'password' argument"]);
  });
});

describe('POST /accounts/login against login CSRF', () => {
  const refused = (msg: string) => ({ result: 'error', code: 'CSRF_FAILED', msg: `CSRF error: ${msg}` });

  it("refuses another site's form (Origin: http://evil.test, Sec-Fetch-Site: cross-site) with 403 CSRF_FAILED, before the password, setting no cookie", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' }, 'Origin checking failed - http://evil.test does not match any trusted origins.'],
      [{ origin: 'http://evil.test' }, 'Origin checking failed - http://evil.test does not match any trusted origins.'],
      [{ origin: 'null' }, 'Origin checking failed - null does not match any trusted origins.'],
      [{ origin: `http://other${host}` }, `Origin checking failed - http://other${host} does not match any trusted origins.`],
      [{ 'sec-fetch-site': 'cross-site' }, 'Cross-site request refused (Sec-Fetch-Site: cross-site).'],
    ];
    for (const [headers, msg] of cases) {
      const { res, setCookies } = await login(alice.email, PASSWORD, headers);
      expect([headers, res.status, json(res), setCookies]).toEqual([headers, 403, refused(msg), []]);
    }
  });

  it('refuses a login without the pre-login CSRF cookie, without its echo, or with another token', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ cookie: undefined }, 'CSRF cookie not set.'],
      [{ cookie: undefined, 'x-csrftoken': undefined }, 'CSRF cookie not set.'],
      [{ 'x-csrftoken': undefined }, 'CSRF token missing.'],
      [{ 'x-csrftoken': 'x'.repeat(32) }, 'CSRF token incorrect.'],
    ];
    for (const [headers, msg] of cases) {
      const { res, setCookies } = await login(alice.email, PASSWORD, headers);
      expect([res.status, json(res), setCookies]).toEqual([403, refused(msg), []]);
    }
  });

  it('logs in from its own page: the same Origin, or the token in the csrfmiddlewaretoken field; the session gets a token of its own', async () => {
    const { res, cookies } = await login(alice.email, PASSWORD, { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    const token = await preLoginToken();
    const viaField = await rawRequest('POST', '/accounts/login', {
      body: form({ username: alice.email, password: PASSWORD, csrfmiddlewaretoken: token }),
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${token}` },
    });
    expect([viaField.status, json(viaField)]).toEqual([200, { result: 'success', msg: '', user_id: alice.user_id }]);
    // Django rotates the token at login: the session's is new, and the pre-login one is no CSRF token of it.
    expect(cookies.csrftoken.value).not.toBe(token);
    const stale = await upload({ cookie: `sessionid=${cookiesSet(viaField).sessionid}; csrftoken=${token}`, 'x-csrftoken': token });
    expect([stale.status, json(stale).code]).toEqual([403, 'CSRF_FAILED']);
  });

  it("hands the page's token only to a browser without one", async () => {
    const page = await rawRequest('GET', '/login/', { headers: { host, cookie: 'csrftoken=already' } });
    expect([page.status, page.headers['set-cookie']]).toEqual([200, undefined]);
  });

  it('leaves API clients unchanged: POST /api/v1/fetch_api_key takes no cookie and sets none', async () => {
    const res = await rawRequest('POST', '/api/v1/fetch_api_key', {
      body: form({ username: alice.email, password: PASSWORD }),
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([res.status, json(res).api_key, res.headers['set-cookie']]).toEqual([200, alice.api_key, undefined]);
  });
});

describe('a session cookie', () => {
  it('uploads with the CSRF token echoed, and serves the file with the cookie alone', async () => {
    const { sessionid, csrftoken } = await session();
    const cookie = `sessionid=${sessionid}; csrftoken=${csrftoken}`;
    const res = await upload({ cookie, 'x-csrftoken': csrftoken });
    expect(res.status).toBe(200);
    const { url } = json(res);
    const file = await rawRequest('GET', url, { headers: { host, cookie: `sessionid=${sessionid}` } });
    expect([file.status, file.body.toString()]).toEqual([200, 'cookie upload']);
    // The upload is alice's, as Basic auth sees it.
    const mine = ok(await realm.member.api.as(alice).get('/attachments')).attachments.map((a: Json) => a.name);
    expect(mine).toContain('by-cookie.txt');
  });

  it("is refused on a Host naming another realm (the bare address names the root realm) with Zulip's 400", async () => {
    const { sessionid, csrftoken } = await session();
    const refusal = { result: 'error', code: 'BAD_REQUEST', msg: 'Account is not associated with this subdomain' };
    const file = (h: string) => rawRequest('GET', '/user_uploads/1/ab/cd/x.txt', { headers: { host: h, cookie: `sessionid=${sessionid}` } });
    for (const elsewhere of [new URL(baseUrl()).host, '127.0.0.1', `other${realm.subdomain}.${new URL(baseUrl()).host}`]) {
      const res = await file(elsewhere);
      expect([elsewhere, res.status, json(res)]).toEqual([elsewhere, 400, refusal]);
    }
    const unsafe = await rawRequest('POST', '/accounts/logout', { headers: { host: '127.0.0.1', cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken } });
    expect([unsafe.status, json(unsafe)]).toEqual([400, refusal]);
    // On its realm's Host the session still works (a missing file: 404, not a refusal).
    expect((await file(host)).status).toBe(404);
  });

  it('is refused for an unsafe method without the CSRF token, or with another one (403 CSRF_FAILED)', async () => {
    const { sessionid, csrftoken } = await session();
    const other = await session();
    const cases: [Record<string, string>, string][] = [
      [{ cookie: `sessionid=${sessionid}` }, 'CSRF error: CSRF cookie not set.'],
      [{ cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}` }, 'CSRF error: CSRF token missing.'],
      [{ cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}`, 'x-csrftoken': 'x'.repeat(32) }, 'CSRF error: CSRF token incorrect.'],
      // A consistent pair from another session does not do either: the token is bound to its session.
      [{ cookie: `sessionid=${sessionid}; csrftoken=${other.csrftoken}`, 'x-csrftoken': other.csrftoken }, 'CSRF error: CSRF token incorrect.'],
    ];
    for (const [headers, msg] of cases) {
      const res = await upload(headers);
      expect([res.status, json(res)]).toEqual([403, { result: 'error', code: 'CSRF_FAILED', msg }]);
    }
  });

  it('creates tus uploads with the CSRF token echoed', async () => {
    const { sessionid, csrftoken } = await session();
    const tus = { host, 'tus-resumable': '1.0.0', 'upload-length': '5', cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}` };
    expect((await rawRequest('POST', '/api/v1/tus', { headers: { ...tus, 'x-csrftoken': csrftoken } })).status).toBe(201);
    const refused = await rawRequest('POST', '/api/v1/tus', { headers: tus });
    expect([refused.status, json(refused).code]).toEqual([403, 'CSRF_FAILED']);
  });

  it('carries a whole tus upload as the web client sends it: unsafe methods need the CSRF token, HEAD does not', async () => {
    const { sessionid, csrftoken } = await session();
    const cookie = `sessionid=${sessionid}; csrftoken=${csrftoken}`;
    const headers = (extra: Record<string, string> = {}) => ({ host, cookie, 'tus-resumable': '1.0.0', ...extra });
    const patch = (location: string, offset: number, chunk: string, extra: Record<string, string> = {}) =>
      rawRequest('PATCH', location, {
        body: Buffer.from(chunk),
        headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length), ...extra }),
      });
    const csrfMissing = { result: 'error', code: 'CSRF_FAILED', msg: 'CSRF error: CSRF token missing.' };

    const metadata = `filename ${Buffer.from('hello.txt').toString('base64')}`;
    const created = await rawRequest('POST', '/api/v1/tus', { headers: headers({ 'upload-length': '10', 'upload-metadata': metadata, 'x-csrftoken': csrftoken }) });
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    const noCsrf = await patch(location, 0, 'hello');
    expect([noCsrf.status, json(noCsrf)]).toEqual([403, csrfMissing]);
    expect((await patch(location, 0, 'hello', { 'x-csrftoken': csrftoken })).status).toBe(204);
    // HEAD is safe: the session alone.
    const state = await rawRequest('HEAD', location, { headers: headers() });
    expect([state.status, state.headers['upload-offset']]).toEqual([200, '5']);
    const done = await patch(location, 5, 'world', { 'x-csrftoken': csrftoken });
    expect([done.status, json(done)]).toEqual([200, { url: expect.stringMatching(/^\/user_uploads\/.+\/hello\.txt$/), filename: 'hello.txt' }]);
    const file = await rawRequest('GET', json(done).url, { headers: { host, cookie } });
    expect([file.status, file.body.toString()]).toEqual([200, 'helloworld']);

    // Termination likewise.
    const other = (await rawRequest('POST', '/api/v1/tus', { headers: headers({ 'upload-length': '10', 'x-csrftoken': csrftoken }) })).headers.location!;
    const keep = await rawRequest('DELETE', other, { headers: headers() });
    expect([keep.status, json(keep)]).toEqual([403, csrfMissing]);
    expect((await rawRequest('DELETE', other, { headers: headers({ 'x-csrftoken': csrftoken }) })).status).toBe(204);
    expect((await rawRequest('HEAD', other, { headers: headers() })).status).toBe(404);
  });

  it('refuses tus with an ended session (401, the envelope), challenging as /json does so a browser shows no password prompt', async () => {
    for (const method of ['POST', 'HEAD', 'PATCH']) {
      const path = method === 'POST' ? '/api/v1/tus' : `/api/v1/tus/${'x'.repeat(32)}`;
      const res = await rawRequest(method, path, { headers: { host, 'tus-resumable': '1.0.0', 'upload-length': '5', cookie: 'sessionid=ended; csrftoken=t', 'x-csrftoken': 't' } });
      expect([method, res.status, res.headers['www-authenticate']]).toEqual([method, 401, 'Session realm="zulip"']);
      if (method !== 'HEAD') expect(json(res)).toEqual({ result: 'error', code: 'UNAUTHORIZED', msg: 'API authentication or user session required' });
    }
    // Without any credentials, the API's Basic challenge, as before.
    const none = await rawRequest('POST', '/api/v1/tus', { headers: { host, 'tus-resumable': '1.0.0', 'upload-length': '5' } });
    expect([none.status, none.headers['www-authenticate'], json(none).code]).toEqual([401, 'Basic realm="zulip"', 'UNAUTHORIZED']);
  });

  it('is not credentials for the rest of the API', async () => {
    const { sessionid } = await session();
    const res = await rawRequest('GET', '/api/v1/users/me', { headers: { host, cookie: `sessionid=${sessionid}` } });
    expect([res.status, json(res).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('is refused when unknown or forged', async () => {
    const res = await rawRequest('GET', '/user_uploads/1/ab/cd/x.txt', { headers: { host, cookie: 'sessionid=not-a-session' } });
    expect([res.status, json(res).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('stops working after POST /accounts/logout, which needs the CSRF token, clears the session and renews the token', async () => {
    const { sessionid, csrftoken } = await session();
    const cookie = `sessionid=${sessionid}; csrftoken=${csrftoken}`;
    const refused = await rawRequest('POST', '/accounts/logout', { headers: { host, cookie } });
    expect([refused.status, json(refused).code]).toEqual([403, 'CSRF_FAILED']);
    const res = await rawRequest('POST', '/accounts/logout', { headers: { host, cookie, 'x-csrftoken': csrftoken } });
    expect([res.status, json(res)]).toEqual([200, { result: 'success', msg: '' }]);
    // The page can log in again: a new pre-login token replaces the session's.
    expect(res.headers['set-cookie']).toEqual([expect.stringMatching(/^sessionid=; .*Max-Age=0/), expect.stringMatching(/^csrftoken=[A-Za-z0-9]{32}; .*Max-Age=31449600/)]);
    expect(cookiesSet(res).csrftoken).not.toBe(csrftoken);
    const after = await upload({ cookie, 'x-csrftoken': csrftoken });
    expect([after.status, json(after).code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('deactivation', () => {
  it.each(ROLES)('%s deactivated by an owner: its sessions end at once, and reactivation brings none back', async (_name, role) => {
    const user = await realm.addUser({ role, password: PASSWORD });
    const [a, b] = [await session(user), await session(user)];
    expect((await upload({ cookie: `sessionid=${a.sessionid}; csrftoken=${a.csrftoken}`, 'x-csrftoken': a.csrftoken })).status).toBe(200);
    ok(await realm.owner.api.delete(`/users/${user.user_id}`));
    // The gateways hear of it over the bus (users.auth.invalidate) and drop what they cached.
    await eventually(async () => {
      const res = await asBrowser(a, 'GET', '/json/users/me');
      expect([res.status, json(res)]).toEqual([401, sessionEnded]);
    });
    ok(await realm.owner.api.post(`/users/${user.user_id}/reactivate`));
    for (const s of [a, b]) {
      const res = await asBrowser(s, 'GET', '/json/users/me');
      expect([res.status, json(res)]).toEqual([401, sessionEnded]);
    }
    expect((await asBrowser(await session(user), 'GET', '/json/users/me')).status).toBe(200);
  });

  it('of oneself through a session (DELETE /json/users/me) ends every session of the user, that one too', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, password: PASSWORD });
    const [a, b] = [await session(user), await session(user)];
    expect((await asBrowser(a, 'GET', '/json/users/me')).status).toBe(200);
    const left = await asBrowser(b, 'DELETE', '/json/users/me');
    expect([left.status, json(left).result]).toEqual([200, 'success']);
    ok(await realm.owner.api.post(`/users/${user.user_id}/reactivate`));
    await eventually(async () => {
      for (const s of [a, b]) expect((await asBrowser(s, 'GET', '/json/users/me')).status).toBe(401);
    });
  });
});

describe("changing one's own password", () => {
  it.each(ROLES)('%s: ends the other sessions at once, keeps the one that changed it and the API key', async (_name, role) => {
    const user = await realm.addUser({ role, password: PASSWORD });
    const [a, b] = [await session(user), await session(user)];
    // Both stand, and the gateway has cached both.
    for (const s of [a, b]) expect((await asBrowser(s, 'GET', '/json/users/me')).status).toBe(200);
    const changed = await asBrowser(b, 'PATCH', '/json/settings', { old_password: PASSWORD, new_password: 'a-new-password' });
    expect([changed.status, json(changed).result]).toEqual([200, 'success']);
    // Every gateway drops what it cached on the users service's announcement (the cache keeps entries 30 s).
    await eventually(async () => {
      const res = await asBrowser(a, 'GET', '/json/users/me');
      expect([res.status, json(res)]).toEqual([401, sessionEnded]);
    });
    // B was asked again too, and stands; a new login with the new password stands.
    const me = await asBrowser(b, 'GET', '/json/users/me');
    expect([me.status, json(me).user_id]).toEqual([200, user.user_id]);
    expect((await asBrowser(await session(user, 'a-new-password'), 'GET', '/json/users/me')).status).toBe(200);
    // Zulip keeps the API key through a password change.
    expect(ok(await user.api.get('/users/me')).user_id).toBe(user.user_id);
    expect(ok(await new Api().post('/fetch_api_key', { username: user.email, password: 'a-new-password' }, { headers: { host } })).api_key).toBe(user.api_key);
  });

  it('through the API (no session to keep) ends every session', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, password: PASSWORD });
    const [a, b] = [await session(user), await session(user)];
    for (const s of [a, b]) expect((await asBrowser(s, 'GET', '/json/users/me')).status).toBe(200);
    ok(await user.api.patch('/settings', { old_password: PASSWORD, new_password: 'a-new-password' }));
    await eventually(async () => {
      for (const s of [a, b]) expect((await asBrowser(s, 'GET', '/json/users/me')).status).toBe(401);
    });
  });

  it('ends nothing when refused (a wrong old password), and a bot has no password to change', async () => {
    const user = await realm.addUser({ role: Role.MEMBER, password: PASSWORD });
    const a = await session(user);
    const b = await session(user);
    const refused = await asBrowser(b, 'PATCH', '/json/settings', { old_password: 'not-it', new_password: 'a-new-password' });
    expect([refused.status, json(refused).msg]).toEqual([400, 'Wrong password!']);
    expect((await asBrowser(a, 'GET', '/json/users/me')).status).toBe(200);
    const bot = await realm.bot.api.patch('/settings', { old_password: 'no-password-for-bots', new_password: 'a-new-password' }, { contract: 'envelope' });
    expect([bot.status, bot.body.msg]).toEqual([400, 'This endpoint does not accept bot requests.']);
  });
});
