import pg from 'pg';
import { connect } from 'nats';
import { randomToken, SERVICES } from '@parley/common';
import { Api } from './support/api';
import { manage } from './support/cli';
import { eventually } from './support/eventually';
import { freePort, Proc, startProcess, waitFor } from './support/processes';

/**
 * Distributed mode: every service and the gateway as its own process (node <pkg>/dist/main.js),
 * configured by env, on real PostgreSQL and NATS. It needs those servers: on a machine
 * without them the test is skipped, saying so; in CI (CI=true) it must run.
 */
const natsUrl = process.env.PARLEY_TEST_NATS_URL;
const available = process.env.PARLEY_TEST_SOURCE !== 'embedded' && !!natsUrl;
if (!available && process.env.CI !== 'true') {
  process.stderr.write('distributed.test.ts skipped: it needs DATABASE_URL and NATS_URL (real servers)\n');
}
const describeReal = available || process.env.CI === 'true' ? describe : describe.skip;

jest.setTimeout(120_000);

describeReal('distributed mode', () => {
  const namespace = `dist${Date.now()}`;
  const procs: Partial<Record<string, Proc>> = {};
  let adminUrl: string;
  let dbName: string;
  let env: NodeJS.ProcessEnv;
  let gatewayUrl: string;
  const health: Record<string, number> = {};

  // The gateway and the users service print their spans, to follow one request across them.
  const tracing = { OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: '100' };
  const start = (name: string) => {
    const script = name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`;
    const traced = name === 'gateway' || name === 'users' ? tracing : {};
    procs[name] = startProcess(name, script, { ...env, ...traced, [`${name.toUpperCase()}_HEALTH_PORT`]: String(health[name]) });
    return procs[name]!;
  };
  const running = () => Object.values(procs).filter((p): p is Proc => !!p);

  beforeAll(async () => {
    if (!available) throw new Error('CI must provide DATABASE_URL and NATS_URL for the distributed test');
    adminUrl = process.env.PARLEY_TEST_DATABASE_URL!;
    dbName = `${new URL(adminUrl).pathname.slice(1)}_dist`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${dbName}`;
    const gatewayPort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    env = {
      PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl.toString(), NATS_URL: natsUrl, REDIS_URL: process.env.PARLEY_TEST_REDIS_URL || undefined,
      PARLEY_SECRET: randomToken(48), PARLEY_BUS_NAMESPACE: namespace, PARLEY_DATA_DIR: '/nonexistent-unused',
      PORT: String(gatewayPort), EXTERNAL_HOST: `127.0.0.1:${gatewayPort}`, GRPC_DEADLINE_MS: '3000',
    };
    for (const s of SERVICES) {
      env[`${s.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${await freePort()}`;
      health[s] = await freePort();
    }
    // Users first: the other services are independent of it at start, the gateway is not.
    for (const s of SERVICES) start(s);
    for (const s of SERVICES) await waitFor(`http://127.0.0.1:${health[s]}/readyz`, running());
    start('gateway');
    await waitFor(`${gatewayUrl}/readyz`, running());
  });

  afterAll(async () => {
    await Promise.all(running().map((p) => p.stop('SIGKILL')));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    const nc = await connect({ servers: natsUrl });
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(`${namespace.toUpperCase()}_`)) await jsm.streams.delete(info.config.name);
    }
    await nc.close();
  });

  let owner: { email: string; api_key: string; user_id: number };

  it('serves the CLI\'s realm through the gateway process', async () => {
    const res = await manage(['create-realm', '--name', 'Distributed Org', '--owner-email', 'owner@dist.test', '--owner-name', 'Dist Owner'], { env });
    expect(res.stderr).not.toMatch(/error/);
    owner = JSON.parse(res.stdout);
    const me = await new Api(owner, gatewayUrl).get('/users/me');
    expect(me.body).toMatchObject({ user_id: owner.user_id, full_name: 'Dist Owner' });
    const settings = await new Api(undefined, gatewayUrl).get('/server_settings');
    expect(settings.body.realm_name).toBe('Distributed Org');
  });

  it('carries one trace from the gateway\'s HTTP request into the users service', async () => {
    // The console exporter prints one object per span; a span's trace id and name are in it.
    const spans = (text: string) => text.split(/\n(?=\{)/).map((block) => ({
      traceId: /traceId: '([0-9a-f]{32})'/.exec(block)?.[1],
      name: /\n {2}name: '([^']+)'/.exec(block)?.[1] ?? '',
    })).filter((s) => s.traceId);
    await new Api(owner, gatewayUrl).get('/users/me');
    await eventually(async () => {
      const served = spans(procs.users!.output()).filter((s) => s.name.endsWith('Users/GetOwnUser'));
      const gatewayTraces = new Set(spans(procs.gateway!.output()).map((s) => s.traceId));
      expect(served.some((s) => gatewayTraces.has(s.traceId))).toBe(true);
    }, 10_000);
  });

  it('drops the gateway\'s cached authentication when the users service deactivates someone (over NATS)', async () => {
    const api = new Api(owner, gatewayUrl);
    const created = await api.post('/users', { email: 'member@dist.test', password: 'pw', full_name: 'Dist Member' });
    const key = await new Api(undefined, gatewayUrl).post('/fetch_api_key', { username: 'member@dist.test', password: 'pw' });
    const member = new Api({ email: 'member@dist.test', api_key: key.body.api_key }, gatewayUrl);
    expect((await member.get('/users/me')).status).toBe(200); // now cached in the gateway
    expect((await api.delete(`/users/${created.body.user_id}`)).status).toBe(200);
    await eventually(async () => expect((await member.get('/users/me')).body.code).toBe('USER_DEACTIVATED'));
  });

  it('answers 503 while the users service is down, and recovers when it is back', async () => {
    expect(await procs.users!.stop('SIGKILL')).toBe('SIGKILL');
    const down = await new Api(owner, gatewayUrl).get('/users/me');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ result: 'error', code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${gatewayUrl}/readyz`)).status).toBe(503);
    start('users');
    await waitFor(`http://127.0.0.1:${health.users}/readyz`, running());
    await eventually(async () => expect((await new Api(owner, gatewayUrl).get('/users/me')).status).toBe(200), 15_000);
  });

  it('stops every process gracefully on SIGTERM', async () => {
    for (const p of running()) {
      const started = Date.now();
      expect([p.name, await p.stop('SIGTERM')]).toEqual([p.name, 0]);
      process.stderr.write(`${p.name} stopped in ${Date.now() - started} ms\n`);
    }
  });
});
