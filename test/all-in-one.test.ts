import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api } from './support/api';
import { manage } from './support/cli';
import { freePort } from '@parley/common';
import { Proc, startProcess, waitFor } from './support/processes';
import { eventually } from './support/eventually';

/**
 * `npm start` as on a fresh machine: no DATABASE_URL, NATS_URL or REDIS_URL, so Parley runs
 * on embedded PostgreSQL with its data in PARLEY_DATA_DIR; the CLI, run beside it, reaches
 * the same database; a restart keeps data and the server secret.
 */
jest.setTimeout(120_000);

let dataDir: string;
let env: NodeJS.ProcessEnv;
let server: Proc | undefined;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-aio-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the `postgres` user when we are root
  const port = await freePort();
  env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), PARLEY_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false' };
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<void> {
  server = startProcess('all-in-one', 'services/runner/dist/all-in-one.js', env);
  await waitFor(`${url}/api/v1/server_settings`, [server], 90_000);
}

it('serves, creates a realm from the CLI, and keeps it across a restart', async () => {
  await start();
  const settings = await new Api(undefined, url).get('/server_settings');
  expect(settings.body.zulip_feature_level).toBe(420);
  expect(settings.body).not.toHaveProperty('realm_name'); // first start creates nothing but the schema

  const created = await manage(['create-realm', '--name', 'Fresh Org', '--owner-email', 'boss@fresh.test', '--owner-name', 'Fresh Boss'], { env });
  expect(created.stderr).not.toContain('error');
  const creds = JSON.parse(created.stdout);
  // The default EXTERNAL_HOST is localhost:PORT: the printed site is reachable as it is.
  expect(creds.site).toBe(`http://localhost:${env.PORT}`);
  const me = await new Api({ email: creds.email, api_key: creds.api_key }, creds.site).get('/users/me');
  expect(me.body).toMatchObject({ user_id: creds.user_id, full_name: 'Fresh Boss', role: 100 });
  // The new organization's channels follow (the channels service hears of the owner), as in Zulip.
  const owner = new Api({ email: creds.email, api_key: creds.api_key }, creds.site);
  const subscribed = async (api: Api) => ((await api.get('/users/me/subscriptions')).body.subscriptions as { name: string }[]).map((c) => c.name).sort();
  await eventually(async () => expect(await subscribed(owner)).toEqual(['general', 'Parley', 'sandbox'].sort()));
  // A realm on a subdomain: http://sub.localhost:PORT (browsers and curl resolve *.localhost to
  // loopback; node does not, so its Host goes as a header to the same address).
  // This one without them (--no-initial-channels): an operator's own design.
  const sub = JSON.parse(
    (await manage(['create-realm', '--name', 'Sub Org', '--subdomain', 'sub', '--owner-email', 'boss@sub.test', '--owner-name', 'Sub Boss', '--no-initial-channels'], { env })).stdout,
  );
  expect(sub.site).toBe(`http://sub.localhost:${env.PORT}`);
  const subMe = await new Api({ email: sub.email, api_key: sub.api_key, host: new URL(sub.site).host }, url).get('/users/me');
  expect(subMe.body).toMatchObject({ user_id: sub.user_id, full_name: 'Sub Boss' });
  expect((await new Api({ email: sub.email, api_key: sub.api_key }, url).get('/users/me', {}, { contract: false })).status).toBe(401);

  expect(await server!.stop()).toBe(0);
  // Made while Parley is stopped: its channels come once it starts (the bus is held until every
  // service has subscribed, so the first relay's announcements are not lost).
  const offline = JSON.parse((await manage(['create-realm', '--name', 'Night Org', '--subdomain', 'night', '--owner-email', 'boss@night.test', '--owner-name', 'Night Boss'], { env })).stdout);
  await start();
  const nightOwner = new Api({ email: offline.email, api_key: offline.api_key, host: new URL(offline.site).host }, url);
  await eventually(async () => expect(await subscribed(nightOwner)).toEqual(['general', 'Parley', 'sandbox'].sort()));
  const again = await new Api({ email: creds.email, api_key: creds.api_key }, url).get('/users/me');
  expect(again.status).toBe(200);
  // Long after its owner was announced, the realm made without channels has none.
  const subOwner = new Api({ email: sub.email, api_key: sub.api_key, host: new URL(sub.site).host }, url);
  expect((await subOwner.get('/streams')).body.streams).toEqual([]);
  expect((await new Api(undefined, url).get('/server_settings')).body.realm_name).toBe('Fresh Org');
});

it('serves /healthz and /readyz', async () => {
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
});
