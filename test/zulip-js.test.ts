import { assertMatchesContract } from './support/openapi';
import { closeFixtures, createTestRealm, ensureRootRealm, TestRealm } from './support/fixtures';

/**
 * A real Zulip client nobody here wrote (zulip-js, from npm) against Parley, unchanged:
 * it sends GET parameters in the query string and POST bodies as multipart/form-data.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const zulipInit: (config: Record<string, string>) => Promise<any> = require('zulip-js'); // eslint-disable-line @typescript-eslint/no-explicit-any

let realm: TestRealm;
beforeAll(async () => {
  realm = await createTestRealm('zulip-js realm');
});
afterAll(closeFixtures);

const site = () => process.env.PARLEY_TEST_URL!;

describe('zulip-js', () => {
  it('authenticates with an API key and reads users.me.getProfile()', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const profile = await client.users.me.getProfile();
    assertMatchesContract({ method: 'GET', path: '/users/me', status: 200, body: profile });
    expect(profile).toMatchObject({ result: 'success', user_id: realm.member.user_id, email: realm.member.email, full_name: 'Mia Member' });
  });

  it('logs in with a password (POST /fetch_api_key, multipart) and lists users', async () => {
    // The bare host is the root realm's (a subdomain of 127.0.0.1 would not resolve here).
    const root = await ensureRootRealm();
    const client = await zulipInit({ username: root.owner.email, password: 'root-password', realm: site() });
    expect(client.config.apiKey).toBe(root.owner.api_key);
    const person = await realm.addUser({ name: 'Js Person' });
    const users = await client.users.retrieve();
    assertMatchesContract({ method: 'GET', path: '/users', status: 200, body: users });
    const ids = users.members.map((u: { user_id: number }) => u.user_id);
    expect(ids).toContain(root.owner.user_id);
    expect(ids).not.toContain(person.user_id);
  });

  it('creates a user as the owner (POST /users, multipart) and reads server settings', async () => {
    const client = await zulipInit({ username: realm.owner.email, apiKey: realm.owner.api_key, realm: site() });
    const created = await client.users.create({ email: `zjs-${Date.now()}@example.test`, password: 'pw', full_name: 'Made By Js' });
    assertMatchesContract({ method: 'POST', path: '/users', status: 200, body: created });
    expect(created.user_id).toEqual(expect.any(Number));
    const settings = await client.server.settings();
    expect(settings).toMatchObject({ result: 'success', zulip_feature_level: 420 });
  });

  it('surfaces Parley\'s refusals as Zulip errors', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const refused = await client.users.create({ email: 'x@example.test', password: 'pw', full_name: 'X' });
    expect(refused).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
  });
});

describe('zulip-js event queues', () => {
  it('registers with queues.register, reads with events.retrieve and deregisters', async () => {
    const client = await zulipInit({ username: realm.member.email, apiKey: realm.member.api_key, realm: site() });
    const queue = await client.queues.register({ event_types: ['realm_user'] });
    assertMatchesContract({ method: 'POST', path: '/register', status: 200, body: queue });
    expect(queue).toMatchObject({ result: 'success', last_event_id: -1 });
    const target = await realm.addUser({ name: 'Seen By Js' });
    // events.retrieve long-polls: it returns as soon as the event is queued.
    const res = await client.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    assertMatchesContract({ method: 'GET', path: '/events', status: 200, body: res });
    expect(res.events).toEqual([expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: target.user_id }) })]);
    const gone = await client.queues.deregister({ queue_id: queue.queue_id });
    expect(gone).toMatchObject({ result: 'success' });
  });
});
