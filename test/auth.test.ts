import http from 'node:http';
import { Api, basicAuth, Credentials } from './support/api';
import { rawRequest } from './support/uploads';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventually } from './support/eventually';
import { manageJson } from './support/cli';
import { OwnParley, startOwnParley } from './support/own-parley';

/** The gateway's authentication and envelope, end to end over HTTP. */
let realm: TestRealm;
const anonymous = () => new Api();

beforeAll(async () => {
  realm = await createTestRealm();
});
afterAll(closeFixtures);

describe('Basic authentication', () => {
  it('accepts the email and API key of a person and of a bot', async () => {
    const me = await realm.member.api.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ result: 'success', msg: '', user_id: realm.member.user_id });
    const bot = await realm.bot.api.get('/users/me');
    expect(bot.body).toMatchObject({ user_id: realm.bot.user_id, is_bot: true });
  });

  it('matches the email case-insensitively', async () => {
    const res = await anonymous()
      .as({ ...realm.member, email: realm.member.email.toUpperCase() })
      .get('/users/me');
    expect(res.status).toBe(200);
  });

  it('answers 401 UNAUTHORIZED without credentials', async () => {
    const res = await anonymous().get('/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ result: 'error', msg: 'API authentication or user session required', code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('answers 401 UNAUTHORIZED for a malformed Authorization header', async () => {
    for (const header of ['Bearer abc', 'Basic', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const res = await anonymous().get('/users/me', {}, { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it("answers 401 INVALID_API_KEY for a wrong key, a malformed key, and another user's email", async () => {
    const wrongKey = await anonymous()
      .as({ email: realm.member.email, api_key: 'x'.repeat(32) })
      .get('/users/me');
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toMatchObject({ code: 'INVALID_API_KEY', msg: 'Invalid API key' });
    const malformed = await anonymous().as({ email: realm.member.email, api_key: 'short' }).get('/users/me');
    expect(malformed.body.code).toBe('INVALID_API_KEY');
    const otherEmail = await anonymous().as({ email: realm.admin.email, api_key: realm.member.api_key }).get('/users/me');
    expect(otherEmail.status).toBe(401);
    expect(otherEmail.body.code).toBe('INVALID_API_KEY');
  });

  it("refuses a key used at another realm's subdomain", async () => {
    const host = new URL(process.env.PARLEY_TEST_URL!).host;
    const res = await realm.member.api.get('/users/me', {}, { headers: { host: `elsewhere.${host}` } });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Account is not associated with this subdomain');
    const own = await realm.member.api.get('/users/me', {}, { headers: { host: `${realm.subdomain}.${host}` } });
    expect(own.status).toBe(200);
  });

  it('binds a request to the realm its Host names: the bare address, an IP or an unknown host name the root realm', async () => {
    // Zulip's validate_account_and_subdomain, answered as json_unauthorized.
    const refusal = { result: 'error', code: 'UNAUTHORIZED', msg: 'Account is not associated with this subdomain' };
    const address = new URL(process.env.PARLEY_TEST_URL!).host;
    for (const host of [address, `127.0.0.1`, `[::1]:${new URL(process.env.PARLEY_TEST_URL!).port}`, 'proxy.example.test']) {
      const res = await realm.member.api.get('/users/me', {}, { headers: { host } });
      expect([host, res.status, res.body]).toEqual([host, 401, refusal]);
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    }
    // A bot's key too, and a request with parameters (refused before they are read).
    const bot = await realm.bot.api.post('/messages', { type: 'stream', to: 'general', topic: 't', content: 'x' }, { headers: { host: address }, contract: false });
    expect([bot.status, bot.body]).toEqual([401, refusal]);
    // The realm's own Host (which the fixtures send) works.
    expect((await realm.member.api.get('/users/me')).status).toBe(200);
  });

  it('wants the port EXTERNAL_HOST names, when it names one: the realm on another port is the root realm', async () => {
    // The run's Parley has EXTERNAL_HOST 127.0.0.1:<port>, as Zulip with a port in EXTERNAL_HOST.
    const refusal = { result: 'error', code: 'UNAUTHORIZED', msg: 'Account is not associated with this subdomain' };
    const res = await realm.member.api.get('/users/me', {}, { headers: { host: `${realm.subdomain}.127.0.0.1:1` } });
    expect([res.status, res.body]).toEqual([401, refusal]);
  });

  it('answers 401 USER_DEACTIVATED once the user is deactivated, also after a cached success', async () => {
    const victim = await realm.addUser({ name: 'Short Lived' });
    expect((await victim.api.get('/users/me')).status).toBe(200);
    expect((await realm.admin.api.delete(`/users/${victim.user_id}`)).status).toBe(200);
    await eventually(async () => {
      const res = await victim.api.get('/users/me');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    });
  });
});

describe('EXTERNAL_HOST without a port', () => {
  // A Parley of its own: the run's names a port in EXTERNAL_HOST (its address), and the matching
  // of Hosts to realms is what this configuration changes.
  let own: OwnParley;
  let alpha: Credentials;
  let beta: Credentials;
  const ALPHA = 'alpha.parley.test';
  const refusal = { result: 'error', code: 'UNAUTHORIZED', msg: 'Account is not associated with this subdomain' };

  beforeAll(async () => {
    own = await startOwnParley('hosts', { EXTERNAL_HOST: 'parley.test' });
    const realmOf = (sub: string) =>
      manageJson<{ email: string; api_key: string }>(['create-realm', '--name', sub, '--subdomain', sub, '--owner-email', `boss@${sub}.test`, '--owner-name', 'Boss', '--no-initial-channels'], {
        env: { ...own.env, LOG_LEVEL: 'warn' },
      });
    [alpha, beta] = await Promise.all([realmOf('alpha'), realmOf('beta')]);
  }, 120_000);
  afterAll(() => own?.stop());

  /** GET /users/me on this Parley with the given Host and credentials. */
  function me(host: string, creds: Credentials): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${own.url}/api/v1/users/me`, { headers: { host, authorization: basicAuth(creds) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      });
      req.on('error', reject);
    });
  }

  it("serves a realm at its subdomain whatever the Host's port, or none, as Zulip does", async () => {
    for (const host of [ALPHA, `${ALPHA}:443`, `${ALPHA}:9991`, `${ALPHA}:${new URL(own.url).port}`, 'ALPHA.Parley.Test:9992']) {
      const res = await me(host, alpha);
      expect([host, res.status, res.body.email]).toEqual([host, 200, alpha.email]);
    }
  });

  it("still refuses realm B's key on realm A's host, on any port, and both on the bare host", async () => {
    for (const host of [ALPHA, `${ALPHA}:9991`, `${ALPHA}:9992`]) expect([host, await me(host, beta)]).toEqual([host, { status: 401, body: refusal }]);
    expect((await me('beta.parley.test:9992', beta)).status).toBe(200);
    for (const host of ['parley.test', 'parley.test:9991', '127.0.0.1:9991', 'alpha.parley.test.evil.test:9991']) {
      expect([host, await me(host, alpha)]).toEqual([host, { status: 401, body: refusal }]);
    }
  });
});

describe('the envelope', () => {
  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await realm.member.api.get('/no/such/endpoint', {}, { contract: false });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ result: 'error', code: 'NOT_FOUND' });
  });

  it('answers a known path with the wrong method with 405', async () => {
    // The reference documents no 405: checked here by hand.
    const res = await realm.member.api.request('PUT', '/users/me', undefined, { contract: false });
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('lists parameters the route does not take in ignored_parameters_unsupported', async () => {
    const res = await realm.member.api.get('/users/me', { colour: 'blue', zeta: 1 });
    expect(res.body.ignored_parameters_unsupported).toEqual(['colour', 'zeta']);
    const plain = await realm.member.api.get('/users/me');
    expect(plain.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('does not count `client` as an ignored parameter', async () => {
    const res = await realm.member.api.get('/users/me', { client: 'test-suite' });
    expect(res.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('refuses an oversized body with a 413 envelope', async () => {
    const big = 'x'.repeat(11 * 1024 * 1024);
    const res = await realm.member.api.request('POST', '/users', new URLSearchParams({ email: 'a@b.c', full_name: big, password: 'p' }), { contract: false });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('reads parameters from multipart bodies (as zulip-js sends them)', async () => {
    const form = new FormData();
    form.set('client_gravatar', 'false');
    form.set('extra', 'yes');
    const res = await realm.member.api.request('GET', `/users/${realm.admin.user_id}`, undefined);
    expect(res.status).toBe(200);
    // fetch may not set Host (the realm's), so the body fetch would send goes out over node:http.
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const multipart = await rawRequest('DELETE', `/api/v1/users/${realm.admin.user_id}`, {
      creds: realm.member,
      body: bytes,
      headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(bytes.length) },
    });
    const body = JSON.parse(multipart.body.toString());
    // The member may not deactivate anyone: the refusal proves the route was reached and parsed.
    expect(multipart.status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
  });

  it('reads parameters from the query string of a POST and lets the body win', async () => {
    const res = await realm.owner.api.request('PATCH', `/users/${realm.other.user_id}?full_name=From%20Query`, new URLSearchParams({ full_name: 'From Body' }));
    expect(res.status).toBe(200);
    const user = await realm.owner.api.get(`/users/${realm.other.user_id}`);
    expect(user.body.user.full_name).toBe('From Body');
  });
});
