import { Api } from './support/api';
import { manage } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { eventually } from './support/eventually';
import { outageProxy, OutageProxy } from './support/tcp-proxy';
import { settle, TestUser } from './support/fixtures';

/**
 * The event path when processes fail: two events replicas and two gateways on real
 * PostgreSQL, NATS and Redis; a replica killed mid-stream; NATS unreachable for a while.
 * Each time the client, polling with its last_event_id, sees every event exactly once.
 */
jest.setTimeout(120_000);

const describeHere =
  process.env.PARLEY_TEST_REDIS_URL || process.env.CI === 'true'
    ? describeDistributed('events-distributed.test.ts')
    : (process.stderr.write('events-distributed.test.ts skipped: it needs REDIS_URL too\n'), describe.skip);

describeHere('events across replicas', () => {
  let cluster: Cluster;
  let nats: OutageProxy;
  let owner: Api;
  let viaSecond: Api;
  let targetId: number;

  beforeAll(async () => {
    const real = new URL(process.env.PARLEY_TEST_NATS_URL!);
    // The users service reaches NATS through a proxy the test can cut.
    nats = await outageProxy({ host: real.hostname, port: Number(real.port || 4222) });
    cluster = await startCluster({ events: 2, gateways: 2, envFor: (name) => (name === 'users' ? { NATS_URL: `nats://${nats.address}` } : {}) });
    const created = await manage(['create-realm', '--name', 'Replicated Org', '--owner-email', 'owner@rep.test', '--owner-name', 'Rep Owner'], { env: cluster.env });
    const creds = JSON.parse(created.stdout);
    owner = new Api(creds, cluster.gatewayUrls[0]);
    viaSecond = new Api(creds, cluster.gatewayUrls[1]);
    targetId = (await owner.post('/users', { email: 'target@rep.test', password: 'pw', full_name: 'Target' })).body.user_id;
    // Let that user's realm_user add event reach the queues before the tests register theirs.
    await settle({ api: owner } as TestUser);
  });
  afterAll(async () => {
    await cluster?.stop();
    await nats?.close();
  });

  const rename = (name: string) => owner.patch(`/users/${targetId}`, { full_name: name });

  /** Polls through the second gateway (events replica 2) until `count` events, acknowledging as it goes. */
  async function collect(queueId: string, count: number, timeoutMs = 40_000) {
    const seen: { id: number; person?: { full_name?: string } }[] = [];
    let last = -1;
    await eventually(async () => {
      const res = await viaSecond.get('/events', { queue_id: queueId, last_event_id: last, dont_block: true });
      expect(res.status).toBe(200);
      for (const e of res.body.events) {
        if (e.id > last) seen.push(e);
        last = Math.max(last, e.id);
      }
      expect(seen.length).toBeGreaterThanOrEqual(count);
    }, timeoutMs);
    return seen;
  }

  it('wakes a long poll held by one replica with an event another replica queued', async () => {
    const queue = (await owner.post('/register', { event_types: ['realm_user'] })).body; // made by replica 1
    const waiting = viaSecond.get('/events', { queue_id: queue.queue_id, last_event_id: -1 }); // held by replica 2
    await rename('Woken');
    const res = await waiting;
    expect(res.body.events).toEqual([{ id: 0, type: 'realm_user', op: 'update', person: { user_id: targetId, full_name: 'Woken' } }]);
  });

  it('delivers every event exactly once when an events replica is killed mid-stream', async () => {
    const queue = (await viaSecond.post('/register', { event_types: ['realm_user'] })).body;
    const names = Array.from({ length: 20 }, (_, i) => `Name ${i}`);
    for (const [i, name] of names.entries()) {
      if (i === 10) expect(await cluster.procs.get('events-1')!.stop('SIGKILL')).toBe('SIGKILL');
      expect((await rename(name)).status).toBe(200);
    }
    const events = await collect(queue.queue_id, names.length);
    expect(events.map((e) => e.id)).toEqual(names.map((_, i) => i));
    expect(events.map((e) => e.person?.full_name)).toEqual(names);
  });

  it('holds events in the outbox while NATS is unreachable and delivers them once it is back', async () => {
    const queue = (await viaSecond.post('/register', { event_types: ['realm_user'] })).body;
    await nats.cut();
    const names = ['During 1', 'During 2', 'During 3'];
    // The users service still answers: its changes and their events are in its database.
    for (const name of names) expect((await rename(name)).status).toBe(200);
    expect((await viaSecond.get('/events', { queue_id: queue.queue_id, dont_block: true })).body.events).toEqual([]);
    await nats.restore();
    const events = await collect(queue.queue_id, names.length);
    expect(events.map((e) => e.person?.full_name)).toEqual(names);
    // Nothing arrives twice, even after the relay's retries.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await viaSecond.get('/events', { queue_id: queue.queue_id, last_event_id: events.length - 1, dont_block: true })).body.events).toEqual([]);
  });
});
