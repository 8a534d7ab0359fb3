/**
 * Helpers of the performance benchmark (run.mjs): child processes, PostgreSQL admin
 * queries, a small REST client, /proc CPU, percentiles and medians.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, sleep } from './lib.mjs';

const require = createRequire(join(ROOT, 'services/common/package.json'));
export const pg = require('pg');
export const common = require(join(ROOT, 'services/common/dist/index.js'));

export const log = (msg) => process.stderr.write(`bench: ${msg}\n`);

// ---------------------------------------------------------------- PostgreSQL

export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function query(url, sql, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export const databaseExists = async (adminUrl, name) => (await query(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;

// ---------------------------------------------------------------- Parley's environment

/**
 * The environment of a Parley all-in-one child on the outside servers: a fresh data folder,
 * a free port, rate limits and per-client bounds off, and the given database, secret and bus namespace.
 * cleanup() removes the data folder.
 */
export async function parleyEnv({ databaseUrl: db, secret, namespace, natsUrl, redisUrl }) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'parley-bench-'));
  chmodSync(dataDir, 0o755);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(await common.freePort()),
    PARLEY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    PARLEY_SECRET: secret,
    DATABASE_URL: db,
    PARLEY_BUS_NAMESPACE: namespace,
    // Every load generator connects from loopback (S4 holds a socket per receiver, C3 up to
    // everyone at once), and S8 registers 10,000 queues for one user: per-client bounds off.
    MAX_CONNECTIONS_PER_IP: '0',
    EVENT_QUEUES_PER_USER: '1000000',
    ...(natsUrl && { NATS_URL: natsUrl }),
    ...(redisUrl && { REDIS_URL: redisUrl }),
    // Node options for Parley's processes only: a V8 flag to try, or a preloaded probe (pg-statements.cjs).
    ...(process.env.BENCH_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }),
  };
  return { env, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export const SERVERS = {
  database: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

// ---------------------------------------------------------------- child processes

/** Runs `node script json` to its end; its last stdout line is JSON. */
export function runNode(script, config, { timeoutMs = 300_000, args = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, script, JSON.stringify(config)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err = (err + c).slice(-5000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop();
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script}: no JSON in ${out.slice(-500)} ${err}`));
      }
    });
  });
}

/** Starts a long-running `node script [json]` that prints "ready"; stop() sends SIGTERM. */
export function startNode(script, config, { env, args = [] } = {}) {
  const child = spawn(process.execPath, [...args, script, ...(config === undefined ? [] : [typeof config === 'string' ? config : JSON.stringify(config)])], {
    cwd: ROOT,
    env: env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c) => {
    output = (output + c).slice(-10_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    output: () => output,
    ready: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!/ready/.test(output)) {
        if (child.exitCode !== null) throw new Error(`${script} exited: ${output}`);
        if (Date.now() > deadline) throw new Error(`${script} not ready: ${output}`);
        await sleep(50);
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------- /proc

/** CPU time (user + system) of a process (or the sum of several) so far, in ms (10 ms ticks). */
export function cpuMs(pid) {
  if (Array.isArray(pid)) return pid.reduce((a, p) => a + cpuMs(p), 0);
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Until the process (or processes, together) is idle (< 5 % of a core for 300 ms): relays and consumers caught up. */
export async function settle(pid, maxMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = cpuMs(pid);
    await sleep(300);
    if ((cpuMs(pid) - before) / 300 < 0.05) {
      if (Date.now() - started > 5000) log(`  (waited ${((Date.now() - started) / 1000).toFixed(0)} s for the server to go idle)`);
      return true;
    }
  }
  log(`  the server was still busy after ${maxMs / 1000} s; measuring anyway`);
  return false;
}

// ---------------------------------------------------------------- REST

/** Zulip parameters: form-encoded, lists and objects as JSON. */
export const encode = (params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

export const basic = (email, apiKey) => `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;

/** A REST client for one user; throws on anything but success. */
export function restClient(baseUrl, email, apiKey) {
  const authorization = basic(email, apiKey);
  return async (method, path, params = {}) => {
    const query = method === 'GET' || method === 'DELETE' ? `?${encode(params)}` : '';
    const res = await fetch(`${baseUrl}/api/v1${path}${query}`, {
      method,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' || method === 'DELETE' ? undefined : encode(params),
    });
    const body = await res.json();
    if (res.status !== 200 || body.result !== 'success') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
}

export async function inParallel(items, width, fn) {
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

// ---------------------------------------------------------------- statistics

/** Nearest-rank percentile of sorted numbers. */
export const percentile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);

export function median(xs) {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export const spread = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x));
  return v.length ? { min: Math.min(...v), max: Math.max(...v), median: median(v) } : { min: NaN, max: NaN, median: NaN };
};

// ---------------------------------------------------------------- NATS and Redis

/**
 * Deletes what a run left on the bus: JetStream streams named `<NAMESPACE>_…` and Redis keys
 * `parley:<namespace>:…`. Returns the servers' versions.
 */
export async function cleanupBus(namespace) {
  const nats = require('nats');
  const nc = await nats.connect({ servers: SERVERS.nats.split(',') });
  let natsVersion = '?';
  try {
    natsVersion = nc.info?.version ?? '?';
    const jsm = await nc.jetstreamManager();
    const names = [];
    for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${namespace.toUpperCase()}_`)) names.push(s.config.name);
    for (const n of names) await jsm.streams.delete(n).catch(() => undefined);
  } finally {
    await nc.close();
  }
  const Redis = require('ioredis');
  const redis = new Redis(SERVERS.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? '?';
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `parley:${namespace}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    return { nats: natsVersion, redis: redisVersion };
  } finally {
    redis.disconnect();
  }
}
