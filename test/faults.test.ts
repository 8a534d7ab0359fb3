import pg from 'pg';
import { Api, ApiResponse } from './support/api';
import { manageJson } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { FaultServer, startPrivateNats, startPrivatePostgres, startPrivateRedis } from './support/fault-servers';
import { OwnParley, startOwnParley } from './support/own-parley';
import { waitFor } from './support/processes';

/**
 * Faults, each a real server process stopped and started again under a running Parley.
 * (a)–(c): Parley all-in-one (its own process) on a PostgreSQL, a NATS and a Redis of this
 * test's own (test/support/fault-servers.ts), never the machine's shared ones. (d): Parley
 * distributed, one process per service, and one of them killed (then frozen).
 *
 * No timing is asserted beyond bounds that tell an answer from a hang; the figures measured
 * (requests during an outage, 503s, recovery times, 503 latency) are logged.
 */
jest.setTimeout(150_000);

type Json = Record<string, any>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (what: string, figures: Json) => process.stdout.write(`[faults] ${what}: ${JSON.stringify(figures)}\n`);

/** The promise's value, or a failure naming a hang when it takes longer than `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Zulip's error envelope with a 503: what a client may retry. */
const isUnavailableEnvelope = (res: ApiResponse) =>
  res.status === 503 && res.body.result === 'error' && typeof res.body.code === 'string' && res.body.code !== '' && typeof res.body.msg === 'string' && res.body.msg !== '';

/** Polls a queue (dont_block) from its last event until `done` holds for what it has seen; returns every event seen. */
async function collect(api: Api, queueId: string, done: (events: Json[]) => boolean, timeoutMs: number): Promise<Json[]> {
  const events: Json[] = [];
  let last = -1;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await within(30_000, 'GET /events', api.get('/events', { queue_id: queueId, last_event_id: last, dont_block: true }, { contract: 'envelope' }));
    if (res.status === 200) {
      for (const e of res.body.events as Json[]) if (e.id > last) events.push(e);
      last = Math.max(last, ...events.map((e) => e.id as number));
    }
    if (done(events)) return events;
    if (Date.now() > deadline)
      throw new Error(`events not all delivered in ${timeoutMs} ms; last reply ${res.status} ${JSON.stringify(res.body).slice(0, 300)}; seen ${JSON.stringify(events).slice(0, 500)}`);
    await sleep(200);
  }
}

const messageIds = (events: Json[]) => events.filter((e) => e.type === 'message').map((e) => e.message.id as number);
const dm = (from: TestUser, to: TestUser, content: string) => from.api.post('/messages', { type: 'direct', to: [to.user_id], content }, { contract: 'envelope' });

describe('faults of PostgreSQL, NATS and Redis under Parley all-in-one', () => {
  let postgres: FaultServer;
  let nats: FaultServer;
  let redis: FaultServer;
  let own: OwnParley;
  let realm: TestRealm;

  beforeAll(async () => {
    [postgres, nats, redis] = await Promise.all([startPrivatePostgres(), startPrivateNats(), startPrivateRedis()]);
    own = await startOwnParley(
      'faults',
      {
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        PARLEY_BUS_NAMESPACE: `faults${process.pid}`,
        // Every request authenticates with the users service (no cache in the gateway), and the
        // rate limiter counts in Redis: the paths a Redis outage must not break.
        AUTH_CACHE_TTL_MS: '0',
        RATE_LIMIT_ENABLED: 'true',
        RATE_LIMIT_USER: '1000000/60',
        RATE_LIMIT_ANONYMOUS: '1000000/60',
      },
      { adminDatabaseUrl: postgres.url, keepChars: 5_000_000 },
    );
    own.adopt();
    realm = await createTestRealm('Faults realm');
  }, 120_000);

  afterAll(async () => {
    await closeFixtures();
    // Parley's database lives on the private PostgreSQL: start it if a failed test left it down.
    if (postgres && !postgres.running()) await postgres.start().catch(() => undefined);
    await own?.stop();
    await Promise.all([postgres?.close(), nats?.close(), redis?.close()]);
  });

  /** Rows of the messages service's outbox not yet published to NATS. */
  const unsentOutboxRows = async () => {
    const client = new pg.Client({ connectionString: own.env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query('SELECT count(*) AS n FROM messages.outbox WHERE sent_at IS NULL')).rows[0].n);
    } finally {
      await client.end();
    }
  };
  /** The error lines of Parley's log (pino level 50+), for a failure's message. */
  const errorsLogged = () =>
    own.server
      .output()
      .split('\n')
      .filter((l) => /"level":(5|6)0/.test(l))
      .slice(-10);
  const alive = () => expect([own.server.child.exitCode, own.server.child.signalCode]).toEqual([null, null]);

  it('(a) loses no acknowledged write while PostgreSQL restarts, answers 503 meanwhile, and recovers by itself', async () => {
    const { owner, member } = realm;
    const queue = (await member.api.post('/register', { event_types: ['message'] })).body;
    const acked = new Map<number, string>();
    const failures: { status: number | string; body: unknown }[] = [];
    const latencies: number[] = [];
    let requests = 0;
    let oks = 0;
    let writing = true;
    let lastOkAt = 0;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const content = `write ${w}.${i}`;
        const started = Date.now();
        requests++;
        try {
          const res = await within(30_000, `POST /messages (${content})`, dm(owner, member, content));
          latencies.push(Date.now() - started);
          if (res.status === 200) {
            oks++;
            acked.set(res.body.id as number, content);
            lastOkAt = Math.max(lastOkAt, started);
          } else {
            failures.push({ status: res.status, body: res.body });
            await sleep(100);
          }
        } catch (err) {
          failures.push({ status: 'no answer', body: String(err) });
        }
      }
    };
    /** Stops PostgreSQL with the signal for 3 s, starts it again; the time until a write sent after that succeeds. */
    const restart = async (signal: NodeJS.Signals) => {
      await postgres.stop(signal);
      await sleep(3_000);
      await postgres.start();
      const back = Date.now();
      const deadline = back + 60_000;
      while (lastOkAt < back) {
        if (Date.now() > deadline) {
          throw new Error(
            `no write succeeded within 60 s of PostgreSQL's return (${signal}); failures: ${JSON.stringify(failures.slice(-3))}; ` +
              `Parley's exit: ${JSON.stringify([own.server.child.exitCode, own.server.child.signalCode])}; its errors: ${errorsLogged().join('\n')}`,
          );
        }
        await sleep(20);
      }
      return Date.now() - back;
    };

    const writers = [1, 2, 3].map(writer);
    await sleep(1_500);
    const beforeFault = acked.size;
    const fastRecovery = await restart('SIGINT'); // fast shutdown: sessions cut, then refused
    await sleep(1_500);
    const immediateRecovery = await restart('SIGQUIT'); // immediate shutdown: crash recovery from the WAL on start
    await sleep(1_500);
    writing = false;
    await Promise.all(writers);

    log('(a) PostgreSQL restarted twice during writes', {
      requests,
      acknowledged: acked.size,
      acknowledgedBeforeFault: beforeFault,
      failed: failures.length,
      failedWith503: failures.filter((f) => typeof f.status === 'number' && f.status === 503).length,
      recoveryMsAfterFastShutdown: fastRecovery,
      recoveryMsAfterImmediateShutdown: immediateRecovery,
      maxLatencyMs: Math.max(...latencies),
    });
    // Every failure is a 503 envelope: no 500, no other status, no request left unanswered.
    const unexpected = failures.filter((f) => !isUnavailableEnvelope(f as ApiResponse));
    if (unexpected.length) log("(a) Parley's errors", { errors: errorsLogged() });
    expect(unexpected).toEqual([]);
    expect(failures.length).toBeGreaterThan(0); // the outages were seen
    expect(acked.size).toBe(oks); // no id acknowledged twice
    alive();

    // Every acknowledged write is there, as written.
    for (const [id, content] of acked) {
      const res = await owner.api.get(`/messages/${id}`, { apply_markdown: false });
      expect([id, res.status, res.body.message?.content]).toEqual([id, 200, content]);
    }
    // And its event reached the recipient's queue once: the outbox relay came back too.
    const collecting = Date.now();
    const events = await collect(member.api, queue.queue_id, (seen) => [...acked.keys()].every((id) => messageIds(seen).includes(id)), 60_000);
    expect(new Set(messageIds(events)).size).toBe(messageIds(events).length);
    log('(a) events', { messageEvents: messageIds(events).length, allDeliveredMsAfterWritesEnded: Date.now() - collecting });
  });

  it('(b) holds events in the outbox while NATS is down for 30 s and delivers each once after', async () => {
    const { owner, member } = realm;
    const queue = (await member.api.post('/register', { event_types: ['message'] })).body;
    await nats.stop('SIGTERM');
    const down = Date.now();
    const sent: number[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = Date.now();
      const res = await within(30_000, 'POST /messages with NATS down', dm(owner, member, `while NATS is down ${i}`));
      latencies.push(Date.now() - started);
      expect([res.status, res.body.msg]).toEqual([200, '']);
      sent.push(res.body.id);
      await sleep(Math.max(0, down + (i + 1) * 5_000 - Date.now()));
    }
    // Their events wait in the messages service's outbox, unsent; the queue still answers.
    expect(await unsentOutboxRows()).toBeGreaterThanOrEqual(sent.length);
    const meanwhile = await within(30_000, 'GET /events with NATS down', member.api.get('/events', { queue_id: queue.queue_id, dont_block: true }));
    expect(meanwhile.status).toBe(200);
    await sleep(Math.max(0, down + 30_000 - Date.now()));
    await nats.start();
    const back = Date.now();
    const events = await collect(member.api, queue.queue_id, (seen) => sent.every((id) => messageIds(seen).includes(id)), 90_000);
    const deliveredAfterMs = Date.now() - back;
    // A message sent now comes after any late duplicate of the earlier ones (one ordered consumer).
    const marker = await dm(owner, member, 'after NATS came back');
    expect(marker.status).toBe(200);
    const all = await collect(member.api, queue.queue_id, (seen) => messageIds(seen).includes(marker.body.id), 60_000);
    const before = new Set(events.map((e) => e.id));
    const merged = [...events, ...all.filter((e) => !before.has(e.id))];
    log('(b) NATS down 30 s', { sentWhileDown: sent.length, maxSendLatencyMs: Math.max(...latencies), outageMs: back - down, allDeliveredMsAfterNatsReturned: deliveredAfterMs });
    expect(messageIds(merged)).toEqual([...sent, marker.body.id]);
    expect(await unsentOutboxRows()).toBe(0);
    alive();
  });

  it('(c) keeps authenticating without Redis, answers 503 for queues meanwhile, and lets clients re-register after it returns empty', async () => {
    const { owner, member } = realm;
    const old = (await member.api.post('/register', { event_types: ['message'] })).body;
    await redis.stop('SIGTERM');
    const latencies: Record<string, number> = {};
    const timed = async (what: string, p: Promise<ApiResponse>) => {
      const started = Date.now();
      const res = await within(30_000, what, p);
      latencies[what] = Date.now() - started;
      return res;
    };
    // Authentication (the users service, on PostgreSQL) and sending need no Redis.
    for (let i = 0; i < 3; i++) expect((await timed('GET /users/me', member.api.get('/users/me'))).status).toBe(200);
    const sentWhileDown = await timed('POST /messages', dm(owner, member, 'while Redis is down'));
    expect([sentWhileDown.status, sentWhileDown.body.msg]).toEqual([200, '']);
    // Event queues live in Redis: their endpoints answer 503, not 500 and not a hang.
    const register = await timed('POST /register', member.api.post('/register', { event_types: ['message'] }, { contract: 'envelope' }));
    const poll = await timed('GET /events', member.api.get('/events', { queue_id: old.queue_id, dont_block: true }, { contract: 'envelope' }));
    expect(isUnavailableEnvelope(register)).toBe(true);
    expect(isUnavailableEnvelope(poll)).toBe(true);
    alive();

    await redis.start(); // empty: no persistence
    const back = Date.now();
    // The old queue is gone: the client is told so, and registers again.
    const lost = await within(30_000, 'GET /events', member.api.get('/events', { queue_id: old.queue_id, dont_block: true }));
    expect([lost.status, lost.body.code]).toEqual([400, 'BAD_EVENT_QUEUE_ID']);
    let fresh: ApiResponse | undefined;
    for (const deadline = Date.now() + 30_000; !fresh || fresh.status !== 200; await sleep(200)) {
      fresh = await within(30_000, 'POST /register', member.api.post('/register', { event_types: ['message'] }, { contract: 'envelope' }));
      if (Date.now() > deadline) break;
    }
    expect(fresh.status).toBe(200);
    const registeredAfterMs = Date.now() - back;
    // The new queue gets what is sent from now on.
    const after = await dm(owner, member, 'after Redis came back');
    expect(after.status).toBe(200);
    const events = await collect(member.api, fresh.body.queue_id, (seen) => messageIds(seen).includes(after.body.id), 90_000);
    // The message sent while Redis was down may reach the new queue too, if its event's redelivery
    // comes after the registration (events are not filtered by the queue's creation): logged, not asserted.
    log('(c) Redis down', {
      latenciesWhileDownMs: latencies,
      registeredAgainMsAfterRedisReturned: registeredAfterMs,
      newEventMsAfterRedisReturned: Date.now() - back,
      newQueueAlsoGotTheMessageSentWhileDown: messageIds(events).includes(sentWhileDown.body.id),
    });
    expect(messageIds(events).filter((id) => id === after.body.id)).toEqual([after.body.id]);
    alive();
  });
});

describeDistributed('faults.test.ts')('a service process killed, frozen or held up under Parley distributed', () => {
  let postgres: FaultServer;
  let cluster: Cluster;
  let owner: Api;
  let memberId: number;
  /** A write must begin within this (GRPC_DEADLINE_MS)… */
  const deadlineMs = 2_000;
  /** …and one begun in time is waited for this much longer (GRPC_COMMIT_GRACE_MS). */
  const graceMs = 8_000;

  beforeAll(async () => {
    // Its own PostgreSQL too: the machine's may run short of connection slots under parallel runs.
    postgres = await startPrivatePostgres();
    cluster = await startCluster({ adminDatabaseUrl: postgres.url, envFor: () => ({ GRPC_DEADLINE_MS: String(deadlineMs), GRPC_COMMIT_GRACE_MS: String(graceMs) }) });
    const creds = await manageJson(['create-realm', '--name', 'Fault Org', '--owner-email', 'owner@fault.test', '--owner-name', 'Fault Owner'], { env: cluster.env });
    owner = new Api(creds, cluster.gatewayUrls[0]);
    memberId = (await owner.post('/users', { email: 'member@fault.test', password: 'member-pw', full_name: 'Fault Member' })).body.user_id;
  }, 120_000);
  afterAll(async () => {
    const messages = cluster?.procs.get('messages');
    if (messages?.child.exitCode === null) messages.child.kill('SIGCONT');
    await cluster?.stop();
    await postgres?.close();
  });

  const send = (content: string) => owner.post('/messages', { type: 'direct', to: [memberId], content }, { contract: 'envelope' });
  /** The reply and how long it took; a bound well past the deadline tells a 503 from a hang. */
  const timedSend = async (content: string) => {
    const started = Date.now();
    const res = await within(deadlineMs + graceMs + 10_000, 'POST /messages', send(content));
    return { res, ms: Date.now() - started };
  };
  /** Sends until one succeeds; the time it took. */
  const recovery = async () => {
    const started = Date.now();
    for (;;) {
      const { res } = await timedSend('recovered?');
      if (res.status === 200) return Date.now() - started;
      expect(isUnavailableEnvelope(res)).toBe(true);
      if (Date.now() - started > 30_000) throw new Error("the gateway did not recover within 30 s of the service's return");
      await sleep(100);
    }
  };

  /** The owner's newest direct messages' contents (to the member). */
  const sentContents = async () =>
    (
      (await owner.get('/messages', { anchor: 'newest', num_before: 20, num_after: 0, narrow: JSON.stringify([{ operator: 'dm', operand: [memberId] }]), apply_markdown: false })).body
        .messages as Json[]
    ).map((m) => m.content as string);
  /** A connection to the cluster's database as its administrator, for the locks a test holds. */
  const adminClient = async () => {
    const client = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
    await client.connect();
    return client;
  };

  it('(d) answers 503 at once for a killed service and by the gRPC deadline for a frozen one, and recovers when it returns', async () => {
    expect((await send('before')).status).toBe(200);

    // Killed: its port refuses connections.
    expect(await cluster.procs.get('messages')!.stop('SIGKILL')).toBe('SIGKILL');
    const killed = await timedSend('to a killed service');
    expect(isUnavailableEnvelope(killed.res)).toBe(true);
    expect(killed.res.body.code).toBe('SERVICE_UNAVAILABLE');
    // What does not need the messages service answers meanwhile.
    expect((await owner.get(`/users/${memberId}`)).status).toBe(200);
    const gateway = cluster.procs.get('gateway-1')!;
    expect(gateway.child.exitCode).toBeNull();
    cluster.start('messages');
    await waitFor(cluster.healthUrl('messages'), [...cluster.procs.values()]);
    const afterRestart = await recovery();

    // Frozen (SIGSTOP): connections stay open and nothing answers; only the deadline ends the call.
    const frozenProc = cluster.procs.get('messages')!;
    frozenProc.child.kill('SIGSTOP');
    const frozen = await timedSend('to a frozen service');
    frozenProc.child.kill('SIGCONT');
    expect(isUnavailableEnvelope(frozen.res)).toBe(true);
    expect(frozen.res.body.code).toBe('SERVICE_UNAVAILABLE');
    const afterThaw = await recovery();
    // The frozen service read the send once thawed, long after its write deadline: refused,
    // never stored, so the 503 the client got was the truth (ADR 0027).
    expect(await sentContents()).not.toContain('to a frozen service');

    log('(d) messages service killed / frozen', {
      grpcDeadlineMs: deadlineMs,
      killed503Ms: killed.ms,
      killedBody: killed.res.body,
      frozen503Ms: frozen.ms,
      recoveryMsAfterRestart: afterRestart,
      recoveryMsAfterThaw: afterThaw,
    });
    expect(gateway.child.exitCode).toBeNull();
  });

  it('(e) answers a write held up in its transaction past the deadline with its outcome, and refuses one that could not begin in time, storing nothing', async () => {
    // Held in its transaction: an edit waits for the message's row, locked by the test.
    const id = (await send('to be edited')).body.id as number;
    const holder = await adminClient();
    let heldMs: number;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM messages.messages WHERE id = $1 FOR UPDATE', [id]);
      const started = Date.now();
      const edit = owner.patch(`/messages/${id}`, { content: 'edited while held' });
      await sleep(deadlineMs * 2);
      await holder.query('COMMIT');
      const res = await within(graceMs + 10_000, 'PATCH /messages', edit);
      heldMs = Date.now() - started;
      expect([res.status, res.body.result]).toEqual([200, 'success']);
    } finally {
      await holder.end();
    }
    expect(heldMs).toBeGreaterThan(deadlineMs);
    expect(await sentContents()).toContain('edited while held');

    // Held before it could write: a first message to someone new waits for its recipient row,
    // locked by the test, past its write deadline.
    const newcomer = (await owner.post('/users', { email: `newcomer${Date.now()}@fault.test`, password: 'newcomer-pw', full_name: 'Fault Newcomer' })).body.user_id as number;
    const locker = await adminClient();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE messages.recipients IN ACCESS EXCLUSIVE MODE');
      const late = owner.post('/messages', { type: 'direct', to: [newcomer], content: 'too late to write' }, { contract: 'envelope' });
      await sleep(deadlineMs * 2);
      await locker.query('ROLLBACK');
      const res = await within(graceMs + 10_000, 'POST /messages', late);
      expect(isUnavailableEnvelope(res)).toBe(true);
      expect(res.body.msg).toContain('nothing was changed');
    } finally {
      await locker.end();
    }
    const withNewcomer = await owner.get('/messages', { anchor: 'newest', num_before: 5, num_after: 0, narrow: JSON.stringify([{ operator: 'dm', operand: [newcomer] }]) });
    expect(withNewcomer.body.messages).toEqual([]);
    // Its retry goes through, once.
    expect((await owner.post('/messages', { type: 'direct', to: [newcomer], content: 'too late to write' })).status).toBe(200);
    log('(e) writes held up', { deadlineMs, graceMs, editAnsweredAfterMs: heldMs });
  });
});
