/**
 * What the benchmarks share: a fresh environment (data folder, ports, a database of its own
 * when DATABASE_URL names a server), Parley all-in-one as a child process, the management
 * CLI, and the server's memory from /proc. Plain Node 20 ESM over the built dist/.
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(join(ROOT, 'services/common/package.json'));
const pg = require('pg');
const { dropServiceRoles, freePort, SERVICES } = require(join(ROOT, 'services/common/dist/index.js'));

// ---------------------------------------------------------------- environment and server

/** The child's environment: fresh data folder, free ports, and the outside servers if named. */
export async function prepareEnvironment(extraEnv = {}) {
  const stamp = `${Date.now()}`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'parley-bench-'));
  chmodSync(dataDir, 0o755); // as root, embedded PostgreSQL runs as `postgres` and must enter it
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(await freePort()),
    PARLEY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The benchmark measures Parley, not its rate limits.
    RATE_LIMIT_ENABLED: 'false',
    PARLEY_SECRET: randomBytes(36).toString('base64url'), // 48 characters
    CHANNELS_GRPC_ADDR: `127.0.0.1:${await freePort()}`,
    ...extraEnv,
  };
  let database;
  if (process.env.DATABASE_URL) {
    // A database of its own on that server, as the tests do: the root realm exists once per database.
    database = await createDatabase(process.env.DATABASE_URL, `parley_bench_${stamp}`);
    env.DATABASE_URL = database.url;
  } else {
    env.EMBEDDED_PG_PORT = String(await freePort());
  }
  for (const name of ['NATS_URL', 'REDIS_URL']) if (process.env[name]) env[name] = process.env[name];
  if (process.env.DATABASE_URL || process.env.NATS_URL || process.env.REDIS_URL) env.PARLEY_BUS_NAMESPACE = `bench${stamp}`;
  return {
    env,
    cleanup: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await dropServiceRoles(adminUrl, name, SERVICES).catch(() => undefined);
    },
  };
}

/** Starts all-in-one (with `nodeArgs` before the script, e.g. --cpu-prof); stop() ends it with SIGTERM, so that it stops embedded PostgreSQL too. */
export function spawnServer(env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'services/runner/dist/all-in-one.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${env.PORT}`;
  return {
    pid: child.pid,
    url,
    output: () => output,
    /** Until GET /server_settings answers 200. */
    ready: async (timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await fetch(`${url}/api/v1/server_settings`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (child.exitCode !== null) throw new Error(`Parley exited (${child.exitCode})`);
        if (Date.now() > deadline) throw new Error('Parley did not answer in time');
        await sleep(200);
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- /proc: memory, CPU, sockets

/** VmRSS (now) and VmHWM (peak) of a process, in MiB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export function manage(env, args) {
  return promisify(execFile)(process.execPath, [join(ROOT, 'services/runner/dist/manage.js'), ...args], { cwd: ROOT, env }).then(({ stdout }) => JSON.parse(stdout));
}
