import http from 'node:http';
import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { Api, basicAuth } from './support/api';
import { manageJson } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { eventually } from './support/eventually';
import { settle, TestUser } from './support/fixtures';

/**
 * 1,000 queues open at once, each with a client long-polling: one event wakes them all,
 * memory stays bounded (measured and printed, not asserted: tests check behaviour), and the
 * queues expire once nobody polls them. Distributed, so each process is measured alone.
 */
jest.setTimeout(180_000);

const QUEUES = 1000;
const describeHere =
  process.env.PARLEY_TEST_REDIS_URL || process.env.CI === 'true'
    ? describeDistributed('events-load.test.ts')
    : (process.stderr.write('events-load.test.ts skipped: it needs REDIS_URL too\n'), describe.skip);

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describeHere(`${QUEUES} long-polled queues`, () => {
  let cluster: Cluster;
  let creds: { email: string; api_key: string };
  const agent = new http.Agent({ keepAlive: true, maxSockets: QUEUES + 10 });

  beforeAll(async () => {
    cluster = await startCluster({
      // One user holds all the queues, polled over as many sockets from loopback: bounds raised.
      envFor: (name) =>
        name === 'events'
          ? {
              EVENT_QUEUE_IDLE_TIMEOUT_MS: '15000',
              EVENT_QUEUE_GC_INTERVAL_MS: '500',
              EVENT_QUEUES_PER_USER: String(QUEUES),
              // No heartbeat while the queues are registered and polled: each poll gets one event.
              EVENTS_HEARTBEAT_MIN_MS: '150000',
              EVENTS_HEARTBEAT_MAX_MS: '160000',
            }
          : name.startsWith('gateway')
            ? { MAX_CONNECTIONS_PER_IP: String(QUEUES * 2) }
            : {},
    });
    creds = await manageJson(['create-realm', '--name', 'Load Org', '--owner-email', 'load@load.test', '--owner-name', 'Load Owner'], { env: cluster.env });
  });
  afterAll(async () => {
    agent.destroy();
    await cluster?.stop();
  });

  function longPoll(queueId: string): Promise<{ status: number; body: { events?: unknown[] } }> {
    const url = new URL(`${cluster.gatewayUrls[0]}/api/v1/events?queue_id=${queueId}&last_event_id=-1`);
    return new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { authorization: basicAuth(creds) } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        })
        .on('error', reject);
    });
  }

  it('wakes every poll with one event, keeps memory bounded, and expires the queues', async () => {
    const pids = { gateway: cluster.procs.get('gateway-1')!.child.pid!, events: cluster.procs.get('events')!.child.pid! };
    const before = { gateway: rssMiB(pids.gateway), events: rssMiB(pids.events) };
    const api = new Api(creds, cluster.gatewayUrls[0]);
    await settle({ api } as TestUser); // the realm's own events reach the queues before ours exist
    // Each queue is polled as soon as it is registered, as a client does: registering them all
    // takes longer than the idle timeout on two busy cores, and a waiting poll keeps its queue.
    const queueIds: string[] = [];
    const polls: ReturnType<typeof longPoll>[] = [];
    const registering = Date.now();
    for (let i = 0; i < QUEUES; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, QUEUES - i) }, () => api.post('/register', { event_types: ['realm_user'], fetch_event_types: [] }, { contract: false })));
      for (const r of batch) {
        queueIds.push(r.body.queue_id);
        polls.push(longPoll(r.body.queue_id));
      }
    }
    const registerMs = Date.now() - registering;
    await new Promise((r) => setTimeout(r, 1000)); // let the last polls reach the events service
    const waiting = { gateway: rssMiB(pids.gateway), events: rssMiB(pids.events) };

    const started = Date.now();
    await api.post('/users', { email: 'wake@load.test', password: 'pw', full_name: 'Wake Everyone' });
    const results = await Promise.all(polls);
    const wakeMs = Date.now() - started;
    const odd = results.filter((r) => r.status !== 200 || r.body.events?.length !== 1);
    expect(odd.slice(0, 3)).toEqual([]);
    const after = { gateway: rssMiB(pids.gateway), events: rssMiB(pids.events) };

    // Nobody polls any more (watching through Redis, since a poll would keep a queue alive):
    // every queue expires, and Redis forgets them.
    const redis = new Redis(process.env.PARLEY_TEST_REDIS_URL!);
    const ns = cluster.env.PARLEY_BUS_NAMESPACE;
    await eventually(async () => expect(await redis.zcard(`parley:${ns}:idle`)).toBe(0), 40_000);
    const leftover = await redis.keys(`parley:${ns}:q:*`);
    redis.disconnect();
    expect(leftover).toEqual([]);
    const expired = await api.get('/events', { queue_id: queueIds[0], dont_block: true });
    expect(expired.body.code).toBe('BAD_EVENT_QUEUE_ID');

    process.stderr.write(
      `${QUEUES} queues: RSS MiB before/waiting/after — gateway ${before.gateway.toFixed(0)}/${waiting.gateway.toFixed(0)}/${after.gateway.toFixed(0)}, ` +
        `events ${before.events.toFixed(0)}/${waiting.events.toFixed(0)}/${after.events.toFixed(0)}; registered in ${registerMs} ms; one event woke all polls in ${wakeMs} ms\n`,
    );
  });
});
