import { Api, ApiResponse, encodeParams } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { OwnParley, startOwnParley } from './support/own-parley';
import { rawRequest } from './support/uploads';
import { contractProblems } from './support/openapi';
import { ok } from './support/responses';
import { loginCsrf } from './support/browser-session';

jest.setTimeout(90_000);

/**
 * Rate limits, end to end, on a Parley of this test's own (all-in-one in its own process, on
 * its own database; every other suite runs with RATE_LIMIT_ENABLED=false) with low limits:
 * 5 requests / 60 s per user, 4 / 60 s per IP (6 for avatars and emoji images), 3 failed logins per account (or per normalised username), 2 password-reset mails per address and 3 per client address. The gateway
 * trusts one proxy hop, so each test names its own client IP in X-Forwarded-For.
 */
let own: OwnParley;
let url: string;
let realm: TestRealm;
/** The run's shared system under test (limits off), for the check that it never limits. */
const sharedUrl = process.env.PARLEY_TEST_URL;
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  own = await startOwnParley('rate-limits', {
    REDIS_URL: process.env.PARLEY_TEST_REDIS_URL || undefined,
    PARLEY_BUS_NAMESPACE: `rl${Date.now()}${process.pid}`,
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_USER: '5/60',
    RATE_LIMIT_ANONYMOUS: '4/60',
    RATE_LIMIT_IMAGES: '6/60',
    RATE_LIMIT_LOGIN: '3/1800',
    RATE_LIMIT_PASSWORD_RESET: '2/3600',
    RATE_LIMIT_MAIL_BY_IP: '3/86400',
    RATE_LIMIT_PROXY_HOPS: '1',
  });
  url = own.url;
  own.adopt();
  realm = await createTestRealm('Rate limits realm');
});

afterAll(async () => {
  await closeFixtures();
  await own?.stop();
});

/** A request with no contract check (429 is checked by hand below), from a given client IP. */
const opts = (ip: string) => ({ contract: false as const, headers: { 'x-forwarded-for': ip } });
/** The same, on the realm's own host (password logins need it). */
const realmOpts = (ip: string) => ({ contract: false as const, headers: { 'x-forwarded-for': ip, host: `${realm.subdomain}.${new URL(url).host}` } });

function limits(res: ApiResponse) {
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

/** Zulip's RateLimitedError, exactly. */
function expectRateLimited(res: ApiResponse, limit: number): void {
  expect(res.status).toBe(429);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'msg', 'result', 'retry-after']);
  expect(res.body).toMatchObject({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT' });
  const retry = res.body['retry-after'];
  expect(typeof retry).toBe('number');
  expect(retry).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBe(Math.max(1, Math.ceil(retry)));
  expect(limits(res)).toMatchObject({ limit, remaining: 0 });
  const now = Date.now() / 1000;
  expect(limits(res).reset).toBeGreaterThanOrEqual(Math.floor(now));
  expect(limits(res).reset).toBeLessThanOrEqual(Math.ceil(now + retry) + 1);
  expect(contractProblems({ method: 'GET', path: '/users/me', status: 429, body: res.body })).toEqual([]);
}

/** POST /accounts/login on the realm's host, from a new address. */
async function browserLogin(username: string, password: string): Promise<ApiResponse> {
  const res = await rawRequest('POST', '/accounts/login', {
    body: Buffer.from(encodeParams({ username, password }).toString()),
    headers: { ...realmOpts(newIp()).headers, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() },
  });
  return { status: res.status, headers: res.headers, body: JSON.parse(res.body.toString()) };
}

async function freshUser(password?: string): Promise<TestUser> {
  return realm.addUser({ password });
}

it("counts a user's requests down in the headers and refuses the 6th with Zulip's 429", async () => {
  const user = await freshUser();
  const ip = newIp();
  const remaining: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await user.api.get('/users/me', {}, opts(ip));
    expect(res.status).toBe(200);
    expect(limits(res).limit).toBe(5);
    expect(limits(res).reset).toBeGreaterThan(Date.now() / 1000);
    remaining.push(limits(res).remaining);
  }
  expect(remaining).toEqual([4, 3, 2, 1, 0]);
  expectRateLimited(await user.api.get('/users/me', {}, opts(ip)), 5);
  // Errors count and carry the headers too.
  expectRateLimited(await user.api.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0 }, opts(ip)), 5);
  // Another user (from the same address) is not affected.
  const other = await freshUser();
  const res = await other.api.get('/users/me', {}, opts(ip));
  expect(res.status).toBe(200);
  expect(limits(res)).toMatchObject({ limit: 5, remaining: 4 });
});

it('an error response carries the headers, and counts', async () => {
  const user = await freshUser();
  const res = await user.api.get('/users/999999999', {}, opts(newIp()));
  expect(res.status).toBe(400);
  expect(limits(res)).toMatchObject({ limit: 5, remaining: 4 });
});

it('limits requests without credentials per IP address', async () => {
  const ip = newIp();
  const api = new Api(undefined, url);
  const remaining: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await api.get('/server_settings', {}, opts(ip));
    expect(res.status).toBe(200);
    remaining.push(limits(res).remaining);
  }
  expect(remaining).toEqual([3, 2, 1, 0]);
  expectRateLimited(await api.get('/server_settings', {}, opts(ip)), 4);
  // Bad credentials count against the address too, and are refused once it is over.
  const bad = new Api({ email: realm.member.email, api_key: 'wrong' }, url);
  expectRateLimited(await bad.get('/users/me', {}, opts(ip)), 4);
  // Another address is not affected; an authenticated user from this one neither.
  expect((await api.get('/server_settings', {}, opts(newIp()))).status).toBe(200);
  expect((await (await freshUser()).api.get('/users/me', {}, opts(ip))).status).toBe(200);
});

it('counts avatars per IP address in a bucket of their own, apart from the API', async () => {
  const avatar = new URL(ok(await realm.member.api.get('/users/me', {}, { contract: false, headers: { 'x-forwarded-for': newIp() } })).avatar_url, url).pathname;
  expect(avatar).toMatch(/^\/user_avatars\//);
  const get = (ip: string) => rawRequest('GET', avatar, { headers: { 'x-forwarded-for': ip } });
  // An address that used up its API budget still loads avatars, up to their own limit.
  const busy = newIp();
  const api = new Api(undefined, url);
  for (let i = 0; i < 4; i++) expect((await api.get('/server_settings', {}, opts(busy))).status).toBe(200);
  expectRateLimited(await api.get('/server_settings', {}, opts(busy)), 4);
  for (let i = 0; i < 6; i++) {
    const res = await get(busy);
    expect([res.status, limits({ status: res.status, headers: res.headers, body: {} })]).toEqual([200, expect.objectContaining({ limit: 6, remaining: 5 - i })]);
  }
  const refused = await get(busy);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body.toString())).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT' });
  // And avatars do not use up the API's budget.
  const fresh = newIp();
  for (let i = 0; i < 6; i++) expect((await get(fresh)).status).toBe(200);
  expect(limits(await api.get('/server_settings', {}, opts(fresh)))).toMatchObject({ limit: 4, remaining: 3 });
});

it("refuses a username's logins after 3 failures, before the password is checked; successes do not count", async () => {
  const user = await freshUser('right-password');
  const api = new Api(undefined, url);
  const fetchKey = (password: string) => api.post('/fetch_api_key', { username: user.email, password }, realmOpts(newIp()));
  // A success does not count.
  for (let i = 0; i < 4; i++) expect((await fetchKey('right-password')).status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const res = await fetchKey('wrong-password');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTHENTICATION_FAILED');
  }
  // The 4th attempt is refused, whatever the password, from any address.
  expectRateLimited(await fetchKey('right-password'), 3);
  expectRateLimited(await fetchKey('wrong-password'), 3);
  // The browser login shares the rule.
  const login = await browserLogin(user.email, 'right-password');
  expect(login.status).toBe(429);
  expect(login.body).toMatchObject({ code: 'RATE_LIMIT_HIT' });
  // Another username is not affected; the locked-out user's API key still works.
  const second = await freshUser('pw-2');
  expect((await api.post('/fetch_api_key', { username: second.email, password: 'pw-2' }, realmOpts(newIp()))).status).toBe(200);
  expect((await user.api.get('/users/me', {}, opts(newIp()))).status).toBe(200);
});

it('limits password-reset mails per address, from any client address, whatever the spelling, alike for an address with no account', async () => {
  const user = await freshUser();
  const api = new Api(undefined, url);
  const ask = (email: string) => api.post('/password_reset', { email }, realmOpts(newIp()));
  for (let i = 0; i < 2; i++) expect((await ask(user.email)).status).toBe(200);
  expectRateLimited(await ask(user.email.toUpperCase()), 2);
  expectRateLimited(await ask(user.email), 2);
  // An address with no account is limited the same way, so the refusal tells nothing.
  const nobody = `nobody-${Date.now()}@${realm.subdomain}.test`;
  for (let i = 0; i < 2; i++) expect((await ask(nobody)).status).toBe(200);
  expectRateLimited(await ask(nobody), 2);
  // Another address is not affected.
  expect((await ask((await freshUser()).email)).status).toBe(200);
});

it('limits password-reset mails per client address, whatever the addresses asked for', async () => {
  const api = new Api(undefined, url);
  const ip = newIp();
  const ask = async () => api.post('/password_reset', { email: (await freshUser()).email }, realmOpts(ip));
  for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
  expectRateLimited(await ask(), 3);
  // Another client is not affected.
  expect((await api.post('/password_reset', { email: (await freshUser()).email }, realmOpts(newIp()))).status).toBe(200);
});

it('counts failed browser logins per username too', async () => {
  const user = await freshUser('pw-3');
  expect((await browserLogin(user.email, 'pw-3')).status).toBe(200);
  for (let i = 0; i < 3; i++) expect((await browserLogin(user.email, 'nope')).status).toBe(401);
  const refused = await browserLogin(user.email, 'pw-3');
  expectRateLimited(refused, 3);
});

/** Spellings of one email that JavaScript's toLowerCase() keeps apart but the lookup may not. */
function spellings(email: string) {
  const [local, domain] = email.split('@');
  const fullWidth = [...local].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
  return {
    mixed: `${local.toUpperCase()}@${domain.toUpperCase()}`,
    dotted: `${local.replace(/i/g, '\u0130')}@${domain}`, // İ: PostgreSQL's lower() gives i, JavaScript's i + U+0307
    kelvin: `${local.replace(/k/g, '\u212a')}@${domain}`, // the Kelvin sign: lower() and NFKC give k
    fullWidth: `${fullWidth}@${domain}`, // ｋｉｋｉ: NFKC gives kiki
  };
}

let kikis = 0;
/** A user whose email has both an i and a k, to spell it with İ and the Kelvin sign. */
const kikiUser = (password: string) => realm.addUser({ password, local: `kiki${++kikis}` });

const attempts = {
  '/fetch_api_key': (username: string, password: string) => new Api(undefined, url).post('/fetch_api_key', { username, password }, realmOpts(newIp())),
  '/accounts/login': browserLogin,
};

describe.each(Object.keys(attempts) as (keyof typeof attempts)[])('%s counts failed logins per account, whatever the spelling', (endpoint) => {
  const attempt = attempts[endpoint];

  it("failures under other spellings use up the account's attempts", async () => {
    const user = await kikiUser('kiki-pw');
    const spelled = spellings(user.email);
    for (const name of [spelled.dotted, spelled.kelvin, spelled.fullWidth]) {
      const res = await attempt(name, 'wrong');
      expect([res.status, res.body.code]).toEqual([401, 'AUTHENTICATION_FAILED']);
    }
    expectRateLimited(await attempt(user.email, 'kiki-pw'), 3);
  });

  it('a locked account refuses the right password under every spelling', async () => {
    const user = await kikiUser('kiki-pw');
    const spelled = spellings(user.email);
    // These spellings name the account (the lookup folds them): each logs in while it is open.
    for (const name of [spelled.mixed, spelled.dotted, spelled.kelvin]) expect((await attempt(name, 'kiki-pw')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong')).status).toBe(401);
    for (const name of [user.email, ...Object.values(spelled)]) expectRateLimited(await attempt(name, 'kiki-pw'), 3);
  });

  it('limits a username that names no account, whatever its case or width', async () => {
    const name = `nobody${++kikis}@${realm.subdomain}.test`;
    const spelled = spellings(name);
    for (const each of [name, spelled.mixed, spelled.fullWidth]) expect((await attempt(each, 'wrong')).status).toBe(401);
    expectRateLimited(await attempt(name, 'wrong'), 3);
    // Another unknown username is not affected.
    expect((await attempt(`other-${name}`, 'wrong')).status).toBe(401);
  });
});

it('long polls are neither counted nor refused', async () => {
  const user = await freshUser();
  const ip = newIp();
  const reg = await user.api.post('/register', { event_types: ['message'] }, opts(ip));
  expect(reg.status).toBe(200);
  const poll = () => user.api.get('/events', { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id, dont_block: true }, opts(ip));
  // Polling does not use up the budget...
  for (let i = 0; i < 8; i++) {
    const res = await poll();
    expect(res.status).toBe(200);
    expect(limits(res)).toMatchObject({ limit: 5, remaining: 4 });
  }
  // ...and the user's other traffic using it up does not starve the poll.
  for (let i = 0; i < 4; i++) expect((await user.api.get('/users/me', {}, opts(ip))).status).toBe(200);
  expectRateLimited(await user.api.get('/users/me', {}, opts(ip)), 5);
  const res = await poll();
  expect(res.status).toBe(200);
  expect(res.body.result).toBe('success');
  expect(limits(res)).toMatchObject({ limit: 5, remaining: 0 });
});

it('file routes carry the headers and count against the user', async () => {
  const user = await freshUser();
  const res = await rawRequest('GET', `/user_uploads/${realm.realm_id}/ab/missing.txt`, { creds: user, headers: { 'x-forwarded-for': newIp() } });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(limits({ status: res.status, headers: res.headers, body: {} })).toMatchObject({ limit: 5, remaining: 4 });
  const next = await user.api.get('/users/me', {}, opts(newIp()));
  expect(limits(next)).toMatchObject({ limit: 5, remaining: 3 });
});

it('with RATE_LIMIT_ENABLED=false (the shared test system) nothing is limited and no headers are sent', async () => {
  const api = new Api(undefined, sharedUrl);
  for (let i = 0; i < 110; i++) {
    const res = await api.get('/server_settings', {}, { contract: false });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  }
  for (let i = 0; i < 7; i++) {
    const res = await api.post('/fetch_api_key', { username: 'nobody@nowhere.test', password: 'wrong' }, { contract: false });
    // The bare address names the root realm: 404 NONEXISTENT_SUBDOMAIN while no suite has made one.
    expect(['AUTHENTICATION_FAILED', 'NONEXISTENT_SUBDOMAIN']).toContain(res.body.code);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  }
});
