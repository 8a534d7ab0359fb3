import { connect } from 'nats';
import { ownsStream, redisKeyPrefix } from '@parley/common';
import { Api } from './support/api';
import { manage, manageJson } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { eventually } from './support/eventually';
import { keysUnder } from './support/redis';
import { waitFor } from './support/processes';

/**
 * Distributed mode: every service and the gateway as its own process (node <pkg>/dist/main.js),
 * configured by env, on real PostgreSQL and NATS.
 */
jest.setTimeout(120_000);

describeDistributed('distributed.test.ts')('distributed mode', () => {
  let cluster: Cluster;
  let gatewayUrl: string;
  let owner: { email: string; api_key: string; user_id: number };

  beforeAll(async () => {
    // The gateway and the users service print their spans, to follow one request across them.
    const tracing = { OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: '100' };
    cluster = await startCluster({ envFor: (name) => (['gateway-1', 'users', 'events'].includes(name) ? tracing : {}) });
    gatewayUrl = cluster.gatewayUrls[0];
  });
  afterAll(() => cluster?.stop());

  const proc = (name: string) => cluster.procs.get(name)!;

  it("serves the CLI's realm through the gateway process", async () => {
    const res = await manage(['create-realm', '--name', 'Distributed Org', '--owner-email', 'owner@dist.test', '--owner-name', 'Dist Owner'], { env: cluster.env });
    expect(res.stderr).not.toMatch(/error/);
    owner = JSON.parse(res.stdout);
    const me = await new Api(owner, gatewayUrl).get('/users/me');
    expect(me.body).toMatchObject({ user_id: owner.user_id, full_name: 'Dist Owner' });
    const settings = await new Api(undefined, gatewayUrl).get('/server_settings');
    expect(settings.body.realm_name).toBe('Distributed Org');
  });

  // The console exporter prints one object per span; a span's trace id and name are in it.
  const spans = (text: string) =>
    text
      .split(/\n(?=\{)/)
      .map((block) => ({
        traceId: /traceId: '([0-9a-f]{32})'/.exec(block)?.[1],
        name: /\n {2}name: '([^']+)'/.exec(block)?.[1] ?? '',
      }))
      .filter((s) => s.traceId);

  it("carries one trace from the gateway's HTTP request into the users service", async () => {
    await new Api(owner, gatewayUrl).get('/users/me');
    await eventually(async () => {
      const served = spans(proc('users').output()).filter((s) => s.name.endsWith('Users/GetOwnUser'));
      const gatewayTraces = new Set(spans(proc('gateway-1').output()).map((s) => s.traceId));
      expect(served.some((s) => gatewayTraces.has(s.traceId))).toBe(true);
    }, 10_000);
  });

  it("carries the trace through NATS: the events service consumes the change in the request's trace", async () => {
    const before = new Set(spans(proc('gateway-1').output()).map((s) => s.traceId));
    // The users service writes the change and its realm_user event (outbox → NATS → events).
    expect((await new Api(owner, gatewayUrl).patch('/settings', { full_name: 'Traced Owner' })).status).toBe(200);
    await eventually(async () => {
      const requestTraces = new Set(
        spans(proc('gateway-1').output())
          .map((s) => s.traceId)
          .filter((t) => !before.has(t)),
      );
      const consumed = spans(proc('events').output()).filter((s) => /^consume \S*users\.client_event$/.test(s.name));
      expect(consumed.some((s) => requestTraces.has(s.traceId))).toBe(true);
    }, 10_000);
  });

  it("drops the gateway's cached authentication when the users service deactivates someone (over NATS)", async () => {
    const api = new Api(owner, gatewayUrl);
    const created = await api.post('/users', { email: 'member@dist.test', password: 'pw', full_name: 'Dist Member' });
    const key = await new Api(undefined, gatewayUrl).post('/fetch_api_key', { username: 'member@dist.test', password: 'pw' });
    const member = new Api({ email: 'member@dist.test', api_key: key.body.api_key }, gatewayUrl);
    expect((await member.get('/users/me')).status).toBe(200); // now cached in the gateway
    expect((await api.delete(`/users/${created.body.user_id}`)).status).toBe(200);
    await eventually(async () => expect((await member.get('/users/me')).body.code).toBe('USER_DEACTIVATED'));
  });

  it('holds a realm change for the very next send in the messages process (its kept policy is dropped over NATS first)', async () => {
    // gateway-1 traces its calls: this subscribe is also the call to the channels service that
    // broke with tracing on (an RPC named GetChannel; see grpc/protos.test.ts).
    const api = new Api(owner, gatewayUrl);
    expect((await api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'read your writes' }]) })).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const disabled = i % 2 === 0;
      expect((await api.patch('/realm', { topics_policy: disabled ? 'disable_empty_topic' : 'allow_empty_topic' }, { contract: 'envelope' })).status).toBe(200);
      // Twice: the first send of a round may fetch the policy, the second is answered from what was kept.
      for (const attempt of [1, 2]) {
        const sent = await api.post('/messages', { type: 'stream', to: 'read your writes', topic: '', content: `round ${i}.${attempt}` });
        expect([i, attempt, sent.status]).toEqual([i, attempt, disabled ? 400 : 200]);
      }
    }
  });

  it('answers 503 while the users service is down, and recovers when it is back', async () => {
    expect(await proc('users').stop('SIGKILL')).toBe('SIGKILL');
    const down = await new Api(owner, gatewayUrl).get('/users/me');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ result: 'error', code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${gatewayUrl}/readyz`)).status).toBe(503);
    cluster.start('users');
    await waitFor(cluster.healthUrl('users'), [proc('users')]);
    await eventually(async () => expect((await new Api(owner, gatewayUrl).get('/users/me')).status).toBe(200), 15_000);
  });

  it('stops every process gracefully on SIGTERM', async () => {
    for (const p of cluster.procs.values()) expect([p.name, await p.stop('SIGTERM')]).toEqual([p.name, 0]);
  });

  it('then removes its bus namespace with the CLI: streams, consumers and Redis keys', async () => {
    const ns = cluster.env.PARLEY_BUS_NAMESPACE!;
    const NS = ns.toUpperCase();
    const removed = await manageJson(['remove-bus-namespace', '--namespace', ns], { env: cluster.env });
    // The four services that own a schema each made their stream; the events service (and the
    // others reading a stream) their durable consumers on them.
    expect(removed).toMatchObject({ namespace: ns, streams: [`${NS}_CHANNELS`, `${NS}_MESSAGES`, `${NS}_UPLOADS`, `${NS}_USERS`] });
    expect(removed.consumers).toEqual(expect.arrayContaining([`${NS}_USERS/${ns}_events`, `${NS}_USERS/${ns}_channels`, `${NS}_MESSAGES/${ns}_messages`]));
    expect(removed.redis_keys).toEqual(cluster.env.REDIS_URL ? expect.any(Number) : null);
    const nc = await connect({ servers: cluster.env.NATS_URL! });
    const left: string[] = [];
    let others = 0;
    for await (const info of (await nc.jetstreamManager()).streams.list()) {
      if (ownsStream(info.config, ns)) left.push(info.config.name);
      else if (ownsStream(info.config, process.env.PARLEY_BUS_NAMESPACE!)) others++;
    }
    await nc.close();
    expect(left).toEqual([]);
    // The run's own namespace (the all-in-one Parley the other tests use) keeps its streams.
    expect(others).toBeGreaterThan(0);
    if (cluster.env.REDIS_URL) expect(await keysUnder(cluster.env.REDIS_URL, redisKeyPrefix(ns))).toEqual([]);
  });
});
