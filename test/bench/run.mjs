/**
 * Performance benchmark (`npm run bench`, issue #12): Parley's hot paths side by side with
 * the ceilings of its own building blocks, on this machine's PostgreSQL, NATS and Redis, in
 * the same run, rounds interleaved (C1 S1 C2 … C1 S1 C2 …), ratios computed inside each
 * round. It asserts nothing: it reports, and says which of the issue's targets are met.
 *
 *   node test/bench/run.mjs [--quick] [--rounds N] [--duration S] [--distributed] [--only KEYS] [--profile]
 *
 * --quick: the small seed (120 users, 20,000 messages), 1 round, 2 s per measurement, 1,000
 * queues in S8; for developing the bench, not for figures. See test/bench/README.md.
 *
 * Processes: Parley all-in-one (or six processes with --distributed); C1 (c1-http.mjs); C2, C3 N=10, C3 N=<everyone> (stack.mjs);
 * C4 and the load generator (load.mjs, autocannon) and S4's long-pollers each in a process
 * started per measurement. All on 127.0.0.1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT, sleep, spawnServer } from './lib.mjs';
import { spawnDistributed } from './distributed.mjs';
import { SERVERS, basic, cleanupBus, common, cpuMs, log, parleyEnv, median, query, restClient, runNode, settle, spread, startNode } from './harness.mjs';
import { PROFILES, apiKeys, cloneSeed, ensureSeed } from './seed.mjs';
import { httpEntries } from './scenarios/http.mjs';
import { MEMORY_SETTLE_MS, measureMemory } from './scenarios/s8-memory.mjs';
import { explainFetch, scanCounts, scansPerRequest } from './scenarios/plans.mjs';
import { SCHEMA_SQL } from './ceilings/send-tx.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const { freePort } = require(join(ROOT, 'services/common/dist/index.js'));
const HERE = join(ROOT, 'test/bench');

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const QUICK = flag('--quick');
const profile = QUICK ? PROFILES.quick : PROFILES.full;
const ROUNDS = option('--rounds', QUICK ? 1 : 3);
const DURATION = option('--duration', QUICK ? 2 : 5);
const S4_MS = QUICK ? 4000 : 8000;
const S8_QUEUES = QUICK ? 1000 : 10_000;
const ONLY = argv.includes('--only') ? new Set(argv[argv.indexOf('--only') + 1].split(',')) : null;
const PROFILE = flag('--profile');
const DISTRIBUTED = flag('--distributed');
/** The run's bound: no round starts when it would end past this (seeding not counted). */
const BUDGET_MS = (QUICK ? 5 : 9) * 60_000;
/** S4's shape; --s4-rate and --s4-receivers change it to look at latency without load. */
const S4_RECEIVERS = option('--s4-receivers', 100);
const S4_RATE = option('--s4-rate', 20);
/** The measurements that read user1's seeded messages and flags (see restoreSeededState). */
const SEEDED_STATE = new Set(['S5_topic', 'S5_search', 'S6', 'S7']);

const { database: ADMIN_URL, nats: NATS_URL, redis: REDIS_URL } = SERVERS;

const TARGETS = [
  { key: 'S1', text: 'req/s ≥ 0.8 × C2', value: (s) => s.ratios['S1/C2'], ok: (x) => x >= 0.8, fmt: (x) => `${x.toFixed(3)} × C2` },
  { key: 'S2', text: 'sends/s ≥ 0.6 × C3 (N=10)', value: (s) => s.ratios['S2/C3_10'], ok: (x) => x >= 0.6, fmt: (x) => `${x.toFixed(3)} × C3` },
  { key: 'S2', text: 'p99 ≤ 50 ms at half the max rate', value: (s) => s.m.S2_half?.p99, ok: (x) => x <= 50, fmt: (x) => `${x.toFixed(0)} ms` },
  {
    key: 'S3',
    text: '≥ 50 sends/s (1,000 subscribers)',
    value: (s) => s.m.S3?.rps,
    ok: (x) => x >= 50,
    fmt: (x) => `${x.toFixed(1)}/s`,
    note: QUICK ? `quick seed: ${PROFILES.quick.users} subscribers, not 1,000` : undefined,
  },
  { key: 'S4', text: 'p99 send→receipt ≤ 50 ms', value: (s) => s.m.S4?.p99, ok: (x) => x <= 50, fmt: (x) => `${x.toFixed(0)} ms` },
  { key: 'S5', text: 'p99 ≤ 20 ms (topic narrow)', value: (s) => s.m.S5_topic?.p99, ok: (x) => x <= 20, fmt: (x) => `${x.toFixed(0)} ms` },
  { key: 'S5', text: 'p99 ≤ 100 ms (search)', value: (s) => s.m.S5_search?.p99, ok: (x) => x <= 100, fmt: (x) => `${x.toFixed(0)} ms` },
  { key: 'S6', text: 'p99 ≤ 50 ms', value: (s) => s.m.S6?.p99, ok: (x) => x <= 50, fmt: (x) => `${x.toFixed(0)} ms` },
  { key: 'S7', text: 'p99 ≤ 100 ms', value: (s) => s.m.S7?.p99, ok: (x) => x <= 100, fmt: (x) => `${x.toFixed(0)} ms` },
  { key: 'T1', text: 'p99 ≤ 20 ms', value: (s) => s.m.T1?.p99, ok: (x) => x <= 20, fmt: (x) => `${x.toFixed(0)} ms` },
  // A reaction is the send chain's shape (one gRPC call, one transaction, one event): held to S2's share of that ceiling.
  { key: 'R1', text: 'reactions/s ≥ 0.6 × C3 (N=10)', value: (s) => s.ratios['R1/C3_10'], ok: (x) => x >= 0.6, fmt: (x, s) => `${x.toFixed(3)} × C3 (${(s.ratios['R1/C2'] ?? NaN).toFixed(3)} × C2)` },
  {
    key: 'L1',
    text: 'render ≤ 100 ms (10,000 characters, 22 linkifiers, 2 catastrophic on backtracking engines; p99)',
    value: (s) => s.m.L1?.p99,
    ok: (x) => x <= 100,
    fmt: (x) => `${x.toFixed(0)} ms`,
  },
];

// ---------------------------------------------------------------- measuring

/** One measurement of one entry against its process: the load, and that process's CPU. */
async function measureHttp(entry, pid, round) {
  await settle(pid);
  const cpu0 = cpuMs(pid);
  const r = await runNode(join(HERE, 'load.mjs'), entry.config(round), { timeoutMs: 120_000 });
  const cpu = cpuMs(pid) - cpu0;
  const result = {
    rps: r.rps,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    ok: r.ok,
    failed: r.non2xx + r.errors + r.timeouts,
    statuses: r.statuses,
    cpuMsPerOp: r.ok ? cpu / r.ok : NaN,
  };
  if (result.failed) {
    result.firstErrors = r.firstErrors;
    log(`  ${entry.key}: ${result.failed} failed requests ${JSON.stringify(r.statuses)} ${JSON.stringify(r.firstErrors).slice(0, 300)}`);
  }
  return result;
}

async function measureC4(n, ctx) {
  const r = await runNode(join(HERE, 'ceilings/c4-pg.mjs'), { databaseUrl: ctx.runUrl, n, concurrency: 10, durationMs: DURATION * 1000 });
  return { rps: r.opsPerSec, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, ok: r.ops, failed: 0, cpuMsPerOp: r.cpuMs / r.ops };
}

/**
 * S5's index use: 100 requests, then PostgreSQL's scan counters. A backend flushes its
 * statistics when idle, at the latest after 10 s (PostgreSQL 15), hence the wait.
 */
async function measureScans(entry, ctx) {
  await settle(ctx.parleyPids);
  const before = await scanCounts(ctx.runUrl);
  const r = await runNode(join(HERE, 'load.mjs'), { ...entry.config({}), durationSec: undefined, amount: 100 }, { timeoutMs: 120_000 });
  await sleep(10_500);
  return scansPerRequest(ctx.runUrl, before, r.ok);
}

async function measureS4(ctx) {
  await settle(ctx.parleyPids);
  const hundred = ctx.channels.find((c) => c.name === 'hundred');
  const receivers = hundred.subscribers.slice(0, S4_RECEIVERS).map((id) => ctx.userById[id]);
  const r = await runNode(
    join(HERE, 'scenarios/s4-longpoll.mjs'),
    {
      url: ctx.parleyUrl,
      receivers,
      sender: ctx.users.user1,
      channelId: hundred.id,
      rate: S4_RATE,
      durationMs: S4_MS,
      pids: ctx.parleyPids,
    },
    { timeoutMs: 120_000 },
  );
  if (r.received < r.expected) log(`  S4: ${r.expected - r.received} of ${r.expected} deliveries missing; [message, receivers that got it]: ${JSON.stringify(r.incomplete)}`);
  log(`  S4: ${r.polls} polls answered (${r.emptyPolls} empty) for ${r.received} deliveries`);
  return {
    rps: r.deliveriesPerSec,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    ok: r.received,
    failed: r.expected - r.received + r.errors,
    sent: r.sent,
    receivers: receivers.length,
    sendP99: r.sendLatency.p99,
    polls: r.polls,
    emptyPolls: r.emptyPolls,
    cpuMsPerOp: r.sent ? r.serverCpuMs / r.sent : NaN,
  };
}

/** L1: the renderer alone, in a process of its own (scenarios/l1-linkifiers.mjs); req/s = renders/s. */
async function measureL1() {
  const r = await runNode(join(HERE, 'scenarios/l1-linkifiers.mjs'), { renders: QUICK ? 20 : 60 }, { timeoutMs: 120_000 });
  log(`  L1: first render ${r.coldMs.toFixed(0)} ms (compiling the patterns), ${r.links} links in ${r.length} characters`);
  const total = r.latency.p50 * r.renders;
  return { rps: (1000 * r.renders) / total, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, ok: r.renders, failed: 0, cpuMsPerOp: r.cpuMs / (r.renders + 1) };
}

/** L2: the renderer on what people write (scenarios/l2-rich.mjs), `typical` or `largest`. */
async function measureL2(kind) {
  const r = await runNode(join(HERE, 'scenarios/l2-rich.mjs'), { kind, renders: QUICK ? 20 : 60 }, { timeoutMs: 120_000 });
  log(`  L2 ${kind}: first render ${r.coldMs.toFixed(0)} ms, ${r.length} characters into ${r.htmlLength}`);
  const total = r.latency.p50 * r.renders;
  return { rps: (1000 * r.renders) / total, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, ok: r.renders, failed: 0, cpuMsPerOp: r.cpuMs / (r.renders + 1) };
}

/** P1: thumbnailing an uploaded image (scenarios/p1-thumbnails.mjs), `photo` or `screenshot`; req/s = images/s at p50. */
async function measureP1(kind) {
  const r = await runNode(join(HERE, 'scenarios/p1-thumbnails.mjs'), { kind, runs: QUICK ? 3 : 10 }, { timeoutMs: 180_000 });
  log(`  P1 ${kind}: first ${r.coldMs.toFixed(0)} ms, ${(r.bytes / 1024 / 1024).toFixed(1)} MiB source`);
  return { rps: 1000 / r.latency.p50, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, ok: r.runs, failed: 0, cpuMsPerOp: r.cpuMs / (r.runs + 1) };
}

// ---------------------------------------------------------------- report

const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const range = (s, d = 0) => (s.min === s.max ? f(s.median, d) : `${f(s.median, d)} (${f(s.min, d)}–${f(s.max, d)})`);

function summarize(rounds, keys) {
  const m = {};
  for (const key of keys) {
    const runs = rounds.map((r) => r[key]).filter(Boolean);
    if (!runs.length) continue;
    m[key] = {
      rps: median(runs.map((x) => x.rps)),
      rpsSpread: spread(runs.map((x) => x.rps)),
      p50: median(runs.map((x) => x.p50)),
      p99: median(runs.map((x) => x.p99)),
      p99Spread: spread(runs.map((x) => x.p99)),
      cpuMsPerOp: median(runs.map((x) => x.cpuMsPerOp)),
      failed: runs.reduce((a, x) => a + (x.failed || 0), 0),
    };
  }
  return m;
}

const RATIOS = [
  ['S1/C2', 'S1', 'C2'],
  ['S2/C3_10', 'S2', 'C3_10'],
  ['S3/C3_1000', 'S3', 'C3_1000'],
  ['C2/C1', 'C2', 'C1'],
  ['C3_10/C1', 'C3_10', 'C1'],
  ['C3_10/C4_10', 'C3_10', 'C4_10'],
  ['S1/C1', 'S1', 'C1'],
  ['R1/C2', 'R1', 'C2'],
  ['R1/C3_10', 'R1', 'C3_10'],
];

function report({ info, labels, rounds, summary, ratioSpreads, memory, scans, plans, seconds }) {
  const L = [];
  L.push(`# Parley benchmark ${info.date}${QUICK ? ' (--quick: small seed, 1 round, short runs; not for figures)' : ''}`);
  L.push('');
  L.push(`Machine: ${info.cpus} × ${info.cpuModel}, ${info.memGiB} GiB, ${info.os}, Node ${info.node}; load average ${f(info.loadStart, 2)} at the start, ${f(info.loadEnd, 2)} at the end.`);
  L.push(`Parley ${info.mode}; PostgreSQL ${info.postgres} at ${info.pgHost}, NATS JetStream ${info.nats}, Redis ${info.redis}; commit ${info.commit}. Seed: ${info.seed}.`);
  if (info.roundsCut) L.push(`**Rounds cut short:** ${info.roundsCut}.`);
  L.push(
    `${rounds.length} round(s), ${DURATION} s per measurement, interleaved; medians, (min–max) over rounds. Load generator: autocannon in its own process; 10 connections for throughput rows, 1 for latency rows (S5–S7); latencies from autocannon have 1 ms resolution. CPU ms/op: the serving process only (${DISTRIBUTED ? 'for Parley the sum of its six processes' : 'Parley all-in-one is one process'}; not PostgreSQL, NATS, Redis or the load generator).`,
  );
  L.push('');
  L.push('| Measurement | req/s | p50 ms | p99 ms | CPU ms/op | failed |');
  L.push('|---|---:|---:|---:|---:|---:|');
  for (const [key, label] of labels) {
    const s = summary[key];
    if (!s) continue;
    L.push(`| ${label} | ${range(s.rpsSpread, s.rps < 100 ? 1 : 0)} | ${f(s.p50, s.p50 < 10 ? 1 : 0)} | ${range(s.p99Spread)} | ${f(s.cpuMsPerOp, 2)} | ${s.failed} |`);
  }
  L.push('');
  L.push('| Ratio (inside each round) | median | min–max |');
  L.push('|---|---:|---:|');
  for (const [name] of RATIOS) {
    const s = ratioSpreads[name];
    if (s && Number.isFinite(s.median)) L.push(`| ${name.replace(/_1000/g, ' (everyone)').replace(/_10/g, ' N=10')} | ${f(s.median, 3)} | ${f(s.min, 3)}–${f(s.max, 3)} |`);
  }
  L.push('');
  L.push('| Target | measured | met? |');
  L.push('|---|---:|:---:|');
  const state = { m: summary, ratios: Object.fromEntries(Object.entries(ratioSpreads).map(([k, v]) => [k, v.median])) };
  const verdicts = [];
  for (const t of TARGETS) {
    const x = t.value(state);
    const met = Number.isFinite(x) ? t.ok(x) : null;
    verdicts.push({ scenario: t.key, target: t.text, value: x, met });
    L.push(`| ${t.key}: ${t.text}${t.note ? ` (${t.note})` : ''} | ${Number.isFinite(x) ? t.fmt(x, state) : '–'} | ${met === null ? '–' : met ? 'yes' : 'no'} |`);
  }
  if (memory) {
    const q = memory.queues;
    const parleyNames = Object.keys(memory.parleyIdle);
    const idleTotal = parleyNames.reduce((a, k) => a + memory.parleyIdle[k], 0);
    if (DISTRIBUTED) {
      for (const name of parleyNames) {
        const limit = name === 'gateway' ? 150 : 120;
        const x = memory.parleyIdle[name];
        verdicts.push({ scenario: 'S8', target: `idle RSS of ${name} ≤ ${limit} MiB`, value: x, met: x <= limit });
        L.push(`| S8: idle RSS of ${name} ≤ ${limit} MiB | ${f(x)} MiB | ${x <= limit ? 'yes' : 'no'} |`);
      }
    } else {
      verdicts.push({ scenario: 'S8', target: 'idle RSS ≤ 150 MiB gateway + 5 × 120 MiB services (all-in-one: one process, 750 MiB)', value: idleTotal, met: idleTotal <= 750 });
      L.push(`| S8: idle RSS (all-in-one is one process: gateway + 5 services ≤ 150 + 5 × 120 = 750 MiB; --distributed checks each) | ${f(idleTotal)} MiB | ${idleTotal <= 750 ? 'yes' : 'no'} |`);
    }
    verdicts.push({ scenario: 'S8', target: `${S8_QUEUES} queues ≤ 100 MiB more in total`, value: q.totalDeltaMiB, met: q.totalDeltaMiB <= 100 });
    L.push(
      `| S8: ${S8_QUEUES.toLocaleString('en')} idle queues ≤ 100 MiB more (RSS + Redis)${QUICK ? ' (quick: 1,000 queues)' : ''} | ${q.totalDeltaMiB >= 0 ? '+' : ''}${f(q.totalDeltaMiB, 1)} MiB | ${q.totalDeltaMiB <= 100 ? 'yes' : 'no'} |`,
    );
    L.push('');
    L.push('| S8 memory | MiB |');
    L.push('|---|---:|');
    for (const [name, rss] of Object.entries(memory.idle)) L.push(`| idle RSS, ${name} | ${f(rss, 1)} |`);
    L.push(
      `| Parley RSS${DISTRIBUTED ? ' (all processes)' : ''}: settled → with ${q.registered} queues, settled (${MEMORY_SETTLE_MS / 1000} s after the registrations) | ${f(q.rssBefore, 1)} → ${f(q.rssAfter, 1)} (${q.rssDelta >= 0 ? '+' : ''}${f(q.rssDelta, 1)}) |`,
    );
    L.push(`| Parley RSS right after the registrations (the heap before V8 gives it back) | ${f(q.rssBurst, 1)} (${q.rssBurst - q.rssBefore >= 0 ? '+' : ''}${f(q.rssBurst - q.rssBefore, 1)}) |`);
    L.push(
      `| Redis, this run's keys | ${q.redisBefore ? `${f(q.redisBefore.bytes / 1024 ** 2, 1)} → ${f(q.redisAfter.bytes / 1024 ** 2, 1)} (+${f(q.redisDeltaMiB, 1)}; ${q.redisAfter.keys} keys)` : 'no Redis'} |`,
    );
    L.push(`| Registering them (10 connections) | ${f(q.registerRate)} queues/s, ${q.failed} failed |`);
  }
  if (scans && Object.keys(scans).length) {
    L.push('');
    L.push('S5 index use: scans per request counted by PostgreSQL (pg_stat_user_indexes / pg_stat_user_tables, messages schema) over 100 requests after the rounds:');
    for (const [key, s] of Object.entries(scans)) {
      const idx =
        Object.entries(s.indexScans)
          .map(([k, n]) => `${k} ×${f(n, 1)}`)
          .join(', ') || 'none';
      const seq =
        Object.entries(s.seqScans)
          .map(([k, n]) => `${k} ×${f(n, 1)}`)
          .join(', ') || 'none';
      L.push(`- ${key}: index scans ${idx}; sequential scans ${seq}`);
    }
  }
  for (const [key, list] of Object.entries(plans ?? {})) {
    // The window query (the 50 before the anchor) is the one that matters; all are in the JSON.
    L.push('');
    L.push(`${key}: EXPLAIN (ANALYZE, BUFFERS) of the window query Parley builds (all ${list.length} statements of the fetch are in the JSON):`);
    L.push('```');
    L.push(...list[0].plan);
    L.push('```');
  }
  L.push('');
  L.push(`Total ${f(seconds)} s.`);
  process.stdout.write(`${L.join('\n')}\n`);
  return verdicts;
}

// ---------------------------------------------------------------- set-up and clean-up

function sh(cmd, args) {
  try {
    return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '?';
  }
}

async function main() {
  let started = performance.now();
  const stamp = `${Date.now()}`;
  const namespace = `bench${stamp}`;
  const info = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0].model.trim(),
    memGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadStart: os.loadavg()[0],
    commit: sh('git', ['rev-parse', '--short', 'HEAD']),
    pgHost: new URL(ADMIN_URL).host,
    mode: DISTRIBUTED ? 'distributed' : 'all-in-one',
    quick: QUICK,
    rounds: ROUNDS,
    durationSec: DURATION,
  };
  info.postgres = (await query(ADMIN_URL, 'SHOW server_version'))[0].server_version.split(' ')[0];
  ({ nats: info.nats, redis: info.redis } = await cleanupBus(namespace));

  const meta = await ensureSeed(ADMIN_URL, profile);
  started = performance.now(); // the bound counts from here: seeding happens once
  info.seed = `${profile.database}: ${meta.users.length} users, ${meta.channels.length} channels, ${meta.messageCount} messages, ${meta.userMessageRows} user-message rows`;

  const processes = [];
  const runDb = `parley_bench_${stamp}`;
  let stopping;
  let cleanupData;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const p of processes.reverse()) await p.stop().catch(() => undefined);
      await query(ADMIN_URL, `DROP DATABASE IF EXISTS ${runDb} WITH (FORCE)`).catch(() => undefined);
      await common.dropServiceRoles(ADMIN_URL, runDb, common.SERVICES).catch(() => undefined);
      await cleanupBus(namespace).catch(() => undefined);
      cleanupData?.();
    })());
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll().finally(() => process.exit(130)));
  // A hard stop: the bench never runs past its bound, whatever hangs.
  const hardStop = setTimeout(
    () => {
      log('time limit reached, stopping');
      stopAll().finally(() => process.exit(2));
    },
    BUDGET_MS + 3 * 60_000,
  );
  hardStop.unref();

  let parley;
  try {
    log(`cloning the seed into ${runDb}`);
    const runUrl = await cloneSeed(ADMIN_URL, profile, runDb);
    await query(runUrl, SCHEMA_SQL);
    let env;
    const nodeArgs = [];
    ({ env, cleanup: cleanupData } = await parleyEnv({ databaseUrl: runUrl, secret: meta.secret, namespace, natsUrl: NATS_URL, redisUrl: REDIS_URL }));
    if (PROFILE) {
      // V8's CPU profile of Parley, written when it stops: summarize with profile-top.mjs.
      const dir = join(ROOT, 'bench/results/profiles');
      mkdirSync(dir, { recursive: true });
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=parley-${stamp}.cpuprofile`);
      log(`profiling Parley into ${dir}/parley-${stamp}.cpuprofile`);
    }
    log(`starting Parley ${DISTRIBUTED ? 'distributed (5 services + gateway)' : 'all-in-one'} on port ${env.PORT}`);
    parley = DISTRIBUTED ? await spawnDistributed(env, nodeArgs) : spawnServer(env, nodeArgs);
    const parleyStarted = performance.now();
    processes.push(parley);
    await parley.ready();
    const parleyUrl = parley.url;
    // Parley's processes by name (one, all-in-one) and their pids for CPU and idleness.
    const parleyProcs = DISTRIBUTED ? { ...parley.pids } : { parley: parley.pid };
    const parleyPids = Object.values(parleyProcs);

    const keys = await apiKeys(runUrl, meta.secret);
    const userById = Object.fromEntries(meta.users.map((u) => [u.id, { id: u.id, email: u.email, key: keys[u.email] }]));
    const user1 = userById[meta.users[1].id];
    const asUser1 = restClient(parleyUrl, user1.email, user1.key);
    const flagIds = (await query(runUrl, 'SELECT message_id FROM messages.user_messages WHERE user_id = $1 ORDER BY message_id DESC LIMIT 1000', [user1.id])).map((r) => Number(r.message_id));
    const user1Subscriptions = (await asUser1('GET', '/users/me/subscriptions')).subscriptions.length;
    // A message stays unread for its sender unless a human's client sent it (Zulip's
    // read_by_sender default), so the load generator's sends (warm-up, S2, S3, S4) pile up in
    // user1's unread messages, which S7's register returns: 3,689 in the seed, about twice that
    // after one round's sends, and S7's p50 with them (35 → 46 ms). And S6 leaves the unread
    // index full of row versions that register's unread query steps over until a vacuum. S5–S7
    // measure the seeded state: before each, what the sends added (past the seed's messages) and
    // S6's messages are marked read, and user_messages is vacuumed, as the seed was.
    const seedMaxId = Number((await query(runUrl, 'SELECT max(id) AS id FROM messages.messages'))[0].id);
    const restoreSeededState = async () => {
      let marked = 0;
      for (let anchor = seedMaxId + 1; ;) {
        const r = await asUser1('POST', '/messages/flags/narrow', { anchor, include_anchor: true, num_before: 0, num_after: 5000, narrow: [], op: 'add', flag: 'read' });
        marked += r.updated_count;
        if (r.found_newest || r.last_processed_id === null) break;
        anchor = r.last_processed_id + 1;
      }
      await asUser1('POST', '/messages/flags', { messages: flagIds, op: 'add', flag: 'read' });
      const t0 = performance.now();
      await query(runUrl, 'VACUUM messages.user_messages');
      log(`  seeded state: ${marked} of user1's messages from the sends marked read; user_messages vacuumed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };

    // The ceilings, each in a process of its own, started once and idle when not measured.
    const ports = { c1: await freePort(), c2: await freePort(), c3_10: await freePort(), c3_1000: await freePort() };
    const everyone = meta.channels.find((c) => c.name === 'everyone');
    const c1 = startNode(join(HERE, 'ceilings/c1-http.mjs'), String(ports.c1));
    const stack = (mode, port, n) => startNode(join(HERE, 'ceilings/stack.mjs'), { mode, port, grpcPort: 0, n, databaseUrl: runUrl, natsUrl: NATS_URL, namespace: `${namespace}_${mode}x${n}` });
    const c2 = stack('c2', ports.c2, 0);
    const c3a = stack('c3', ports.c3_10, 10);
    const c3b = stack('c3', ports.c3_1000, everyone.subscribers.length);
    processes.push(c1, c2, c3a, c3b);
    await Promise.all([c1, c2, c3a, c3b].map((p) => p.ready()));
    const pids = { parley: parleyPids, c1: c1.pid, c2: c2.pid, c3_10: c3a.pid, c3_1000: c3b.pid };

    const ctx = {
      parleyUrl,
      runUrl,
      parley,
      parleyPids,
      userById,
      channels: meta.channels.map((c) => ({ ...c, subscribers: c.subscribers })),
      words: meta.words,
      durationSec: DURATION,
      flagIds,
      user1Subscriptions,
      users: { user1 },
      c1Url: `http://127.0.0.1:${ports.c1}`,
      c2Url: `http://127.0.0.1:${ports.c2}`,
      c3_10Url: `http://127.0.0.1:${ports.c3_10}`,
      c3_1000Url: `http://127.0.0.1:${ports.c3_1000}`,
    };
    const entries = httpEntries({ ...ctx, channels: meta.channels.map((c) => ({ ...c, subscribers: c.subscribers.length })) });
    // Sanity: every Parley scenario answers success once before any load.
    await asUser1('GET', '/users/me');

    // Warm-up: every HTTP target briefly, so JIT and connection pools are warm in round 1.
    log('warm-up');
    for (const e of entries.filter((x) => ['C1', 'S1', 'C2', 'C3_10', 'S2', 'C3_1000', 'S3'].includes(x.key) && (!ONLY || ONLY.has(x.key)))) {
      await runNode(join(HERE, 'load.mjs'), { ...e.config({}), durationSec: 1 });
    }

    const order = [
      ...entries
        .filter((e) => e.key !== 'S5_topic' && e.key !== 'S5_search' && e.key !== 'S6' && e.key !== 'S7')
        .map((e) => ({ key: e.key, label: e.label, run: (round) => measureHttp(e, pids[e.target], round, ctx) })),
      { key: 'C4_10', label: 'C4 the C3 transaction from a pg Pool, N=10 (10 in flight)', run: () => measureC4(10, ctx) },
      { key: 'C4_1000', label: `C4 the C3 transaction from a pg Pool, N=${everyone.subscribers.length}`, run: () => measureC4(everyone.subscribers.length, ctx) },
      ...entries.filter((e) => ['S5_topic', 'S5_search', 'S6', 'S7'].includes(e.key)).map((e) => ({ key: e.key, label: e.label, run: (round) => measureHttp(e, pids[e.target], round, ctx) })),
      { key: 'S4', label: `S4 send → event, ${S4_RECEIVERS} long-polling users, ${S4_RATE} sends/s (req/s = deliveries/s; CPU per send)`, run: () => measureS4(ctx) },
      { key: 'L1', label: 'L1 render a 10,000-character message against 22 linkifiers, in-process (req/s = renders/s at p50)', run: () => measureL1() },
      { key: 'L2_typical', label: 'L2 render a typical message (emphasis, link, emoji, a 4-line code block), in-process', run: () => measureL2('typical') },
      { key: 'L2_largest', label: 'L2 render a 10,000-character message of math, code, emoji, spoilers, in-process', run: () => measureL2('largest') },
      { key: 'P1_photo', label: 'P1 thumbnail a 12-megapixel JPEG upload (its 3 still formats), in-process', run: () => measureP1('photo') },
      { key: 'P1_screenshot', label: 'P1 thumbnail a 1920x1080 PNG upload (its 3 still formats), in-process', run: () => measureP1('screenshot') },
    ];
    const rounds = [];
    const ratioRuns = {};
    const measured = ONLY ? order.filter((o) => ONLY.has(o.key)) : order;
    const roundsStart = performance.now();
    if (PROFILE) log(`profile: the rounds start ${((roundsStart - parleyStarted) / 1000).toFixed(1)} s into it (profile-top.mjs FILE N ${Math.floor((roundsStart - parleyStarted) / 1000)})`);
    for (let r = 0; r < ROUNDS; r++) {
      const perRound = r ? (performance.now() - roundsStart) / r : 0;
      // After the rounds: S5's scans and plans (under a minute) and S8 (its two waits for the heap, and the registrations).
      if (r && performance.now() - started + perRound + 60_000 + 2 * MEMORY_SETTLE_MS > BUDGET_MS) {
        log(`stopping after ${r} round(s): another would pass the ${BUDGET_MS / 60_000}-minute bound`);
        info.roundsCut = `${r} of ${ROUNDS} rounds: the machine was too slow for more within the bound`;
        break;
      }
      const round = {};
      for (const item of measured) {
        if (SEEDED_STATE.has(item.key)) await restoreSeededState();
        log(`round ${r + 1}/${ROUNDS}: ${item.key}`);
        round[item.key] = await item.run(round);
      }
      for (const [name, a, b] of RATIOS) if (round[a] && round[b]) (ratioRuns[name] ??= []).push(round[a].rps / round[b].rps);
      rounds.push(round);
    }

    const scans = {};
    // S5's index use and plans, on the seeded state too (the last round's S6 and S4 came after its S5).
    if (measured.some((item) => item.key.startsWith('S5'))) {
      await restoreSeededState();
      // The restore's own scans (marking the rounds' sends read) reach the counters when its
      // backends flush, up to 10 s later: before the first window opens, not inside it.
      await sleep(10_500);
    }
    for (const e of entries.filter((x) => x.key.startsWith('S5') && (!ONLY || ONLY.has(x.key)))) {
      log(`S5 index use: ${e.key}`);
      scans[e.key] = await measureScans(e, ctx);
    }

    // EXPLAIN ANALYZE of the SQL Parley builds for S5's two narrows (scenarios/plans.mjs).
    const channel3 = meta.channels.find((c) => c.name === 'channel 3');
    const plans = {};
    for (const [key, narrow] of [
      [
        'S5_topic',
        [
          { operator: 'channel', operand: channel3.id },
          { operator: 'topic', operand: 'topic 7' },
        ],
      ],
      ['S5_search', [{ operator: 'search', operand: meta.words[100] }]],
    ]) {
      if (ONLY && !ONLY.has(key)) continue;
      plans[key] = await explainFetch(runUrl, { meta, user: user1, request: { anchor: 'newest', num_before: 50, num_after: 0, narrow: JSON.stringify(narrow) } }).catch((err) => [
        { sql: '', plan: [`EXPLAIN failed: ${err.message}`] },
      ]);
    }

    log('S8 memory');
    const memory =
      ONLY && !ONLY.has('S8')
        ? null
        : await measureMemory({
            processes: { ...parleyProcs, c1: c1.pid, c2: c2.pid, c3_10: c3a.pid, c3_1000: c3b.pid },
            parleyProcs,
            parleyUrl,
            user: { authorization: basic(user1.email, user1.key) },
            queues: S8_QUEUES,
            redisUrl: REDIS_URL,
            redisPrefix: `parley:${namespace}:`,
          });
    info.loadEnd = os.loadavg()[0];
    const labels = order.map((o) => [o.key, o.label]);
    const summary = summarize(
      rounds,
      order.map((o) => o.key),
    );
    const ratioSpreads = Object.fromEntries(Object.entries(ratioRuns).map(([k, v]) => [k, spread(v)]));
    const seconds = (performance.now() - started) / 1000;
    const verdicts = report({ info, labels, rounds, summary, ratioSpreads, memory, scans, plans, seconds });
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const file = join(ROOT, 'bench/results', `${info.date.replace(/[:.]/g, '-')}${QUICK ? '-quick' : ''}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ info, labels: Object.fromEntries(labels), rounds, summary, ratios: ratioSpreads, targets: verdicts, memory, s5Scans: scans, s5Plans: plans, seconds }, null, 2)}\n`,
    );
    log(`results: ${file}`);
  } catch (err) {
    if (parley && !stopping) process.stderr.write(`--- Parley output (tail)\n${parley.output()}\n`);
    throw err;
  } finally {
    await stopAll();
    clearTimeout(hardStop);
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exit(1);
});
