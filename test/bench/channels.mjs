/**
 * Channel benchmark (`npm run bench:channels`): how fast, and at what memory, Parley answers the
 * channel operations of issue #5, measured from outside as a client sees them.
 *
 * It starts Parley all-in-one as a child process on a fresh data folder (and a fresh
 * database when DATABASE_URL names a server), creates a realm with the management CLI and
 * 200 members through the REST API, then times, one request at a time after a short
 * warm-up: creating channels, subscribing 200 users at once, reading subscriptions with
 * subscribers, listing channels, changing a description, and the internal GetAccess RPC
 * the messages service will call before every message (sequential and 8 in flight). It
 * prints a Markdown table of throughput and latency percentiles, the server's memory (RSS)
 * at three points and the bench's own. No assertions: it is a measurement, not a test.
 *
 * Why: every request crosses gateway → channels → users over gRPC, and every hop costs CPU
 * (shared/NOTES.md: ~180 µs per grpc-js unary call); these numbers show where that adds up.
 * Beside latency it reports the server's CPU time per operation (from /proc), which stays
 * steady when other work shares the machine and latencies do not.
 *
 * Plain Node 20 ESM; it reuses the built services/common/dist (run `npm run -s build` first).
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { adminQuery, manage, memoryOf, prepareEnvironment, ROOT, sleep, spawnServer } from './lib.mjs';

const require = createRequire(join(ROOT, 'services/common/package.json'));
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const { callMetadata, sign } = require(join(ROOT, 'services/common/dist/index.js'));

const MEMBERS = 200;
const PASSWORD = 'bench-password-1234';

const log = (msg) => process.stderr.write(`bench: ${msg}\n`);

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const MS_PER_TICK = 10;

/** CPU time (user + system) of a process so far, in clock ticks. */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the server is idle (its event relay and consumers caught up): < 5% of a core for 300 ms. */
async function settle(pid, maxMs = 10_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const before = cpuTicks(pid);
    await sleep(300);
    if (((cpuTicks(pid) - before) * MS_PER_TICK) / 300 < 0.05) return;
  }
}

/** TCP ports a process listens on: its socket inodes matched against /proc/<pid>/net/tcp{,6}. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  const ports = new Set();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && inodes.has(cols[9])) ports.add(parseInt(cols[1].split(':').pop(), 16)); // 0A: LISTEN
    }
  }
  return [...ports];
}

// ---------------------------------------------------------------- clients: CLI, REST, gRPC

/** Zulip parameters: form-encoded, lists and objects as JSON. */
const encode = (params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

/** A REST client for one user (HTTP Basic email:api_key); throws on anything but success. */
function restClient(baseUrl, email, apiKey) {
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  return async (method, path, params = {}) => {
    const query = method === 'GET' ? `?${encode(params)}` : '';
    const res = await fetch(`${baseUrl}/api/v1${path}${query}`, {
      method,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : encode(params),
    });
    const body = await res.json();
    if (res.status !== 200 || body.result !== 'success') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
}

let ChannelsClient;
/** The grpc-js client class of protos/parley/channels/v1/channels.proto, loaded once. */
function channelsService() {
  ChannelsClient ??= grpc.loadPackageDefinition(
    protoLoader.loadSync('parley/channels/v1/channels.proto', {
      keepCase: true,
      longs: Number,
      enums: String,
      defaults: true,
      oneofs: true,
      includeDirs: [join(ROOT, 'protos')],
    }),
  ).parley.channels.v1.Channels;
  return ChannelsClient;
}

function unary(client, method, request, metadata, deadlineMs = 5000) {
  return new Promise((resolve, reject) => client[method](request, metadata, { deadline: Date.now() + deadlineMs }, (err, reply) => (err ? reject(err) : resolve(reply))));
}

/**
 * The channels service's gRPC address. all-in-one hands every service a fresh free port
 * (startSystem overrides <SERVICE>_GRPC_ADDR), so when the address we set does not answer,
 * the child's listening ports are asked for the Channels service's Health RPC.
 */
async function findChannelsAddr(pid, configured, gatewayPort) {
  const candidates = [
    configured,
    ...listeningPorts(pid)
      .filter((p) => p !== gatewayPort)
      .map((p) => `127.0.0.1:${p}`),
  ];
  const answers = await Promise.all(
    candidates.map(async (addr) => {
      const client = new (channelsService())(addr, grpc.credentials.createInsecure());
      try {
        return (await unary(client, 'Health', {}, new grpc.Metadata(), 1500)).service === 'channels';
      } catch {
        return false; // another service (UNIMPLEMENTED), or an HTTP health port
      } finally {
        client.close();
      }
    }),
  );
  const found = candidates.find((_, i) => answers[i]);
  if (!found) throw new Error('no listening port of the server answers as the channels service');
  return { addr: found, configuredHonoured: found === configured };
}

// ---------------------------------------------------------------- setup

/** A realm (owner by the CLI), 200 members by POST /users, and API keys for two of them. */
async function setUp(server, env) {
  const owner = await manage(env, ['create-realm', '--name', 'Bench', '--owner-email', 'owner@bench.test', '--owner-name', 'Bench Owner', '--no-initial-channels']);
  const asOwner = restClient(server.url, owner.email, owner.api_key);
  const emails = Array.from({ length: MEMBERS }, (_, i) => `member${i}@bench.test`);
  // Four at a time: each POST /users hashes a password (scrypt), which is not what we measure.
  const memberIds = await inParallel(emails, 4, async (email, i) => (await asOwner('POST', '/users', { email, password: PASSWORD, full_name: `Member ${i}` })).user_id);
  const login = async (email) => {
    const reply = await fetch(`${server.url}/api/v1/fetch_api_key`, { method: 'POST', body: encode({ username: email, password: PASSWORD }) }).then((r) => r.json());
    if (!reply.api_key) throw new Error(`POST /fetch_api_key for ${email}: ${JSON.stringify(reply)}`);
    return restClient(server.url, email, reply.api_key);
  };
  return {
    realmId: owner.realm_id,
    asOwner,
    memberIds,
    // The reader is the member of GetAccess; the warmer creates the warm-up channels, so the
    // owner ends up in exactly 200 channels.
    reader: { user_id: memberIds[0], email: emails[0] },
    asWarmer: await login(emails[1]),
  };
}

async function inParallel(items, width, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- measuring

/** Runs `op(i)` n times (`concurrency` in flight) after `warmup` runs of `warm(i)`; latencies in ms. */
async function measure(name, { n, concurrency = 1, warmup = 5, warm, op, pid }) {
  await settle(pid);
  log(`${name}: warm-up ${warmup}, then ${n}${concurrency > 1 ? ` (${concurrency} concurrent)` : ''}`);
  for (let i = 0; i < warmup; i++) await (warm ?? op)(i);
  const latencies = [];
  const cpuBefore = cpuTicks(pid);
  const started = performance.now();
  await inParallel(
    Array.from({ length: n }, (_, i) => i),
    concurrency,
    async (i) => {
      const t = performance.now();
      await op(i);
      latencies.push(performance.now() - t);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  const cpuMsPerOp = ((cpuTicks(pid) - cpuBefore) * MS_PER_TICK) / n;
  return { name, n, concurrency, opsPerSec: n / seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), cpuMsPerOp };
}

/** The operations, in an order where each finds what the previous ones made. */
async function runMeasurements(server, env, s) {
  const { asOwner, asWarmer, memberIds } = s;
  const pid = server.pid;
  const results = [];
  results.push(
    await measure('POST /users/me/subscriptions (create 1 public channel)', {
      n: 200,
      pid,
      warm: (i) => asWarmer('POST', '/users/me/subscriptions', { subscriptions: [{ name: `warm-up ${i}` }] }),
      op: (i) => asOwner('POST', '/users/me/subscriptions', { subscriptions: [{ name: `bench ${i}`, description: `Channel ${i}` }] }),
    }),
  );
  const ids = Object.fromEntries((await asOwner('GET', '/streams')).streams.map((c) => [c.name, c.stream_id]));
  results.push(
    await measure(`POST /users/me/subscriptions (${memberIds.length} principals, 1 channel)`, {
      n: 20,
      warmup: 2,
      pid,
      warm: (i) => asOwner('POST', '/users/me/subscriptions', { subscriptions: [{ name: `warm-up ${i}` }], principals: memberIds }),
      op: (i) => asOwner('POST', '/users/me/subscriptions', { subscriptions: [{ name: `bench ${i}` }], principals: memberIds }),
    }),
  );
  results.push(
    await measure('GET /users/me/subscriptions?include_subscribers=true (200 channels)', {
      n: 100,
      pid,
      op: () => asOwner('GET', '/users/me/subscriptions', { include_subscribers: true }),
    }),
  );
  results.push(await measure(`GET /streams (${Object.keys(ids).length} channels)`, { n: 100, pid, op: () => asOwner('GET', '/streams') }));
  results.push(
    await measure('PATCH /streams/{id} (description)', {
      n: 100,
      pid,
      warm: (i) => asOwner('PATCH', `/streams/${ids[`warm-up ${i}`]}`, { description: `Warm ${i}` }),
      op: (i) => asOwner('PATCH', `/streams/${ids[`bench ${100 + i}`]}`, { description: `Changed ${i}` }),
    }),
  );
  results.push(...(await measureGetAccess(server, env, s, ids['bench 0'])));
  return results;
}

/** channels.GetAccess straight over gRPC, as the messages service will call it, for a subscribed member. */
async function measureGetAccess(server, env, s, streamId) {
  const { addr, configuredHonoured } = await findChannelsAddr(server.pid, env.CHANNELS_GRPC_ADDR, Number(env.PORT));
  if (!configuredHonoured) log(`CHANNELS_GRPC_ADDR=${env.CHANNELS_GRPC_ADDR} is not used by all-in-one; found channels at ${addr}`);
  const client = new (channelsService())(addr, grpc.credentials.createInsecure());
  const caller = { realm_id: s.realmId, user_id: s.reader.user_id, role: 400, is_bot: false, email: s.reader.email };
  const metadata = callMetadata(env.PARLEY_SECRET, { caller, client: 'bench', host: `127.0.0.1:${env.PORT}` });
  const op = async () => {
    const reply = await unary(client, 'GetAccess', { stream_id: streamId }, metadata);
    if (!reply.found || !reply.post) throw new Error(`GetAccess: unexpected reply ${JSON.stringify(reply)}`);
  };
  try {
    return [
      await measure('gRPC channels.GetAccess (member, sequential)', { n: 1000, warmup: 100, op, pid: server.pid }),
      await measure('gRPC channels.GetAccess (member, 8 concurrent)', { n: 1000, warmup: 100, concurrency: 8, op, pid: server.pid }),
    ];
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------- report

const fixed = (x, digits = 1) => x.toFixed(digits);

function report({ results, memory, env, pgVersion, load, seconds }) {
  const lines = [
    `Parley channel benchmark, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0].model.trim()}), ` +
      `${fixed(os.totalmem() / 1024 ** 3, 0)} GiB, Node ${process.version}`,
    `Database: ${env.DATABASE_URL ? `PostgreSQL at ${new URL(env.DATABASE_URL).host} (fresh database)` : 'embedded PostgreSQL'} ${pgVersion}; ` +
      `bus: ${env.NATS_URL ? 'NATS JetStream' : 'in-process'}; queues and presence: ${env.REDIS_URL ? 'Redis' : 'in memory'}`,
    '',
    `Load average (1 min) of the machine: ${fixed(load.start, 2)} at the start, ${fixed(load.end, 2)} at the end.`,
    '',
    '| Operation | N | ops/s | p50 ms | p95 ms | p99 ms | server CPU ms/op |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.n} | ${fixed(r.opsPerSec)} | ${fixed(r.p50, 2)} | ${fixed(r.p95, 2)} | ${fixed(r.p99, 2)} | ${fixed(r.cpuMsPerOp, 2)} |`),
    '',
    '| Memory (MiB) | RSS |',
    '|---|---:|',
    `| Server after start | ${fixed(memory.start.rss)} |`,
    `| Server after setup (realm, ${MEMBERS} members) | ${fixed(memory.setup.rss)} |`,
    `| Server at the end | ${fixed(memory.end.rss)} (peak ${fixed(memory.end.peak)}) |`,
    `| Bench process at the end | ${fixed(memory.bench.rss)} (peak ${fixed(memory.bench.peak)}) |`,
    '',
    `Total run time: ${fixed(seconds, 0)} s. Server RSS and CPU are the Parley process's only, without PostgreSQL's.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function postgresVersion(env) {
  // Embedded: the superuser password is derived from the secret, as services/runner does.
  const url = env.DATABASE_URL ?? `postgres://postgres:${encodeURIComponent(sign(env.PARLEY_SECRET, 'db-password', 'embedded-superuser'))}@127.0.0.1:${env.EMBEDDED_PG_PORT}/postgres`;
  const [{ server_version: version }] = await adminQuery(url, 'SHOW server_version').catch(() => [{ server_version: '?' }]);
  return version.split(' ')[0];
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const load = { start: os.loadavg()[0] };
  const { env, cleanup: removeData } = await prepareEnvironment();
  let server;
  let stopping;
  const stopAll = () =>
    (stopping ??= (async () => {
      await server?.stop();
      await removeData();
    })());
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll().finally(() => process.exit(130)));
  try {
    log(`starting Parley on port ${env.PORT} (${env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PostgreSQL'})`);
    server = spawnServer(env);
    await server.ready();
    const memory = { start: memoryOf(server.pid) };
    log(`setting up a realm and ${MEMBERS} members`);
    const setup = await setUp(server, env);
    await settle(server.pid);
    memory.setup = memoryOf(server.pid);
    const results = await runMeasurements(server, env, setup);
    memory.end = memoryOf(server.pid);
    memory.bench = memoryOf(process.pid);
    const pgVersion = await postgresVersion(env);
    load.end = os.loadavg()[0];
    report({ results, memory, env, pgVersion, load, seconds: (performance.now() - started) / 1000 });
  } catch (err) {
    if (server && !stopping) process.stderr.write(`--- server output (tail)\n${server.output()}\n`); // not after Ctrl-C
    throw err;
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exit(1);
});
