import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@parley/common';
import { adminQuery, dropDatabase } from './environment';
import { Proc, startProcess, waitFor } from './processes';

/**
 * A Parley of a test's own: all-in-one as a process, on a database of its own on the run's
 * PostgreSQL, with a data folder of its own and whatever configuration the test needs
 * (S3 storage, low rate limits, debug logs). `adopt()` points the fixtures and the test API
 * at it (PARLEY_TEST_URL, PARLEY_TEST_DATABASE_URL) until `stop()`, which puts them back and
 * drops the database.
 */
export interface OwnParley {
  url: string;
  /** The environment it runs with (for the management CLI, say). */
  env: NodeJS.ProcessEnv;
  server: Proc;
  adopt(): void;
  stop(): Promise<void>;
}

/**
 * `opts.adminDatabaseUrl`: a PostgreSQL other than the run's to make its database on (a
 * fault test's private server); NATS and Redis likewise come from `extraEnv` when set.
 */
export async function startOwnParley(name: string, extraEnv: NodeJS.ProcessEnv = {}, opts: { keepChars?: number; adminDatabaseUrl?: string } = {}): Promise<OwnParley> {
  const saved = { url: process.env.PARLEY_TEST_URL, db: process.env.PARLEY_TEST_DATABASE_URL };
  const adminUrl = opts.adminDatabaseUrl ?? saved.db!;
  const dbName = `parley_${name.replace(/\W/g, '')}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), `parley-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    PARLEY_SECRET: process.env.PARLEY_SECRET,
    PARLEY_DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    PORT: String(port),
    EXTERNAL_HOST: `127.0.0.1:${port}`,
    RATE_LIMIT_ENABLED: 'false',
    ...extraEnv,
  };
  const server = startProcess(`all-in-one (${name})`, 'services/runner/dist/all-in-one.js', env, opts);
  const cleanup = async () => {
    await server.stop();
    Object.assign(process.env, { PARLEY_TEST_URL: saved.url, PARLEY_TEST_DATABASE_URL: saved.db });
    await dropDatabase(adminUrl, dbName).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/v1/server_settings`, [server], 60_000);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    url,
    env,
    server,
    adopt: () => Object.assign(process.env, { PARLEY_TEST_URL: url, PARLEY_TEST_DATABASE_URL: dbUrl.toString() }),
    stop: cleanup,
  };
}
