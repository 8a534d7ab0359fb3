import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';
import { multipart, rawRequest, RawResponse } from './support/uploads';
import { loginCsrf } from './support/browser-session';

/**
 * Zulip's web-app prefix: /json/… takes the same routes as /api/v1/… (one route table) with a
 * browser's session cookie (unsafe methods with the CSRF token echoed in X-CSRFToken) instead
 * of HTTP Basic credentials, which it refuses, as Zulip's authenticated_json_view does.
 */
let realm: TestRealm;
let alice: TestUser;
const PASSWORD = 'correct horse battery staple';
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Json prefix realm');
  alice = await realm.addUser({ name: 'alice', password: PASSWORD });
});
afterAll(closeFixtures);

const json = (res: RawResponse): Json => JSON.parse(res.body.toString('utf8'));
const form = (params: Record<string, string>) => Buffer.from(new URLSearchParams(params).toString());

/** A browser's session on alice's realm: the cookie header, and the CSRF token it echoes. */
async function browser(user = alice) {
  const res = await rawRequest('POST', '/accounts/login', {
    body: form({ username: user.email, password: PASSWORD }),
    headers: { host: realm.host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
  });
  expect(res.status).toBe(200);
  const cookies = Object.fromEntries((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0].split('=') as [string, string]));
  const cookie = `sessionid=${cookies.sessionid}; csrftoken=${cookies.csrftoken}`;
  const request = (method: string, path: string, params?: Record<string, string>, extra: Record<string, string> = {}) =>
    rawRequest(method, path, {
      headers: { host: realm.host, cookie, 'x-csrftoken': cookies.csrftoken, ...(params && { 'content-type': 'application/x-www-form-urlencoded' }), ...extra },
      body: params && form(params),
    });
  return { cookie, csrftoken: cookies.csrftoken, request };
}

describe('/json/…', () => {
  it("answers as /api/v1 does, for the session's user", async () => {
    const { request } = await browser();
    const viaSession = await request('GET', '/json/users/me');
    expect(viaSession.status).toBe(200);
    const viaApi = ok(await alice.api.get('/users/me'));
    expect(json(viaSession)).toEqual(viaApi);
  });

  it('sends a message with the CSRF token echoed, seen through the API', async () => {
    const { request } = await browser();
    const channel = (await realm.admin.api.post('/channels/create', { name: 'From the browser', subscribers: [alice.user_id] })).body.id as number;
    const sent = await request('POST', '/json/messages', { type: 'stream', to: String(channel), topic: 'web', content: 'Hello from **the web**' });
    expect([sent.status, json(sent).result]).toEqual([200, 'success']);
    const message = ok(await alice.api.get(`/messages/${json(sent).id}`)).message;
    expect([message.sender_id, message.content]).toEqual([alice.user_id, '<p>Hello from <strong>the web</strong></p>']);
  });

  it('refuses an unsafe method without the CSRF token (403 CSRF_FAILED), and sends nothing', async () => {
    const { cookie } = await browser();
    const res = await rawRequest('POST', '/json/users/me/status', {
      headers: { host: realm.host, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ status_text: 'forged' }),
    });
    expect([res.status, json(res)]).toEqual([403, { result: 'error', code: 'CSRF_FAILED', msg: 'CSRF error: CSRF token missing.' }]);
    expect(ok(await alice.api.get(`/users/${alice.user_id}/status`)).status.status_text ?? '').not.toBe('forged');
  });

  it("refuses what the session's user may not do, as /api/v1 refuses it, and changes nothing", async () => {
    const { request } = await browser();
    const params = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };
    const viaSession = await request('POST', '/json/realm/filters', params);
    const viaApi = await alice.api.post('/realm/filters', params);
    expect(viaApi.status).toBeGreaterThanOrEqual(400);
    expect([viaSession.status, json(viaSession)]).toEqual([viaApi.status, viaApi.body]);
    expect(ok(await alice.api.get('/realm/linkifiers')).linkifiers).toEqual([]);
    const missing = await request('GET', '/json/messages/999999999');
    expect([missing.status, json(missing).code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('refuses HTTP Basic credentials and no credentials with 401 UNAUTHORIZED', async () => {
    const basic = await rawRequest('GET', '/json/users/me', { creds: alice });
    expect([basic.status, json(basic).code]).toEqual([401, 'UNAUTHORIZED']);
    const none = await rawRequest('GET', '/json/users/me', { headers: { host: realm.host } });
    expect([none.status, json(none).code]).toEqual([401, 'UNAUTHORIZED']);
    // A scheme browsers do not know, as Zulip's: a Basic challenge would make the browser show
    // its own password prompt (and hold the page's request) instead of letting the page log in.
    expect([basic.headers['www-authenticate'], none.headers['www-authenticate']]).toEqual(['Session realm="zulip"', 'Session realm="zulip"']);
    const api = await rawRequest('GET', '/api/v1/users/me', { headers: { host: realm.host } });
    expect([api.status, api.headers['www-authenticate']]).toEqual([401, 'Basic realm="zulip"']);
  });

  it('answers an unknown path with 404 and a wrong method with 405, as /api/v1 does', async () => {
    const { request } = await browser();
    const missing = await request('GET', '/json/no_such_endpoint');
    expect([missing.status, json(missing).code]).toEqual([404, 'NOT_FOUND']);
    const method = await request('DELETE', '/json/users/me/subscriptions/properties');
    expect(method.status).toBe(405);
  });

  it('uploads a file to /json/user_uploads with the session, not with Basic credentials', async () => {
    const { cookie, csrftoken } = await browser();
    const { body, type } = multipart([{ filename: 'web.txt', content: 'from the web' }]);
    const res = await rawRequest('POST', '/json/user_uploads', { body, headers: { host: realm.host, cookie, 'x-csrftoken': csrftoken, 'content-type': type } });
    expect(res.status).toBe(200);
    const file = await rawRequest('GET', json(res).url, { headers: { host: realm.host, cookie } });
    expect([file.status, file.body.toString()]).toEqual([200, 'from the web']);
    const again = multipart([{ filename: 'basic.txt', content: 'x' }]);
    const basic = await rawRequest('POST', '/json/user_uploads', { creds: alice, body: again.body, headers: { 'content-type': again.type } });
    expect([basic.status, json(basic).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('stops working once the session is logged out', async () => {
    const { request } = await browser();
    expect((await request('GET', '/json/users/me')).status).toBe(200);
    expect((await request('POST', '/accounts/logout')).status).toBe(200);
    const after = await request('GET', '/json/users/me');
    expect([after.status, json(after).code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
