import { Api } from './support/api';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';

/** GET /server_settings: unauthenticated, for the realm the Host names. */
let realm: TestRealm;
const host = () => new URL(process.env.PARLEY_TEST_URL!).host;

beforeAll(async () => {
  realm = await createTestRealm('Settings & Co');
});
afterAll(closeFixtures);

describe('GET /server_settings', () => {
  it('publishes the feature level under both names, the versions and the realm of the Host', async () => {
    const res = await new Api().get('/server_settings', {}, { headers: { host: `${realm.subdomain}.${host()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: 'success',
      zulip_feature_level: 420,
      service_feature_level: 420,
      zulip_version: '11.0',
      realm_name: 'Settings & Co',
      realm_url: `http://${realm.subdomain}.${host()}`,
      realm_uri: `http://${realm.subdomain}.${host()}`,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_web_public_access_enabled: false,
    });
    expect(res.body.authentication_methods.password).toBe(true);
  });

  // Zulip's schema of this response allows no field of its own: service_feature_level is the
  // one the spec asks for; Parley's release is its API description's version instead.
  it("adds no field of Parley's but service_feature_level; the release is in /api/v1/openapi.json", async () => {
    const res = await new Api().get('/server_settings', {}, { headers: { host: `${realm.subdomain}.${host()}` } });
    expect(res.body).not.toHaveProperty('parley_version');
    const description = await new Api().get('/openapi.json', {}, { contract: false });
    expect(description.body.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('needs no credentials and ignores bad ones', async () => {
    const res = await new Api({ email: 'x@example.test', api_key: 'nope' }).get('/server_settings');
    expect(res.status).toBe(200);
  });

  it('answers without realm fields for a subdomain no realm has', async () => {
    const res = await new Api().get('/server_settings', {}, { headers: { host: `nosuchrealm.${host()}` } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('realm_name');
    expect(res.body.zulip_feature_level).toBe(420);
  });
});
