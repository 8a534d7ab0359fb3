import pg from 'pg';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '../logger';
import type { ServiceName } from '../config';
import { sign } from '../secret';
import { adoptOutboxMigrationCopies, followTransaction, OUTBOX_MIGRATIONS_DIR, OUTBOX_MIGRATIONS_TABLE, type Publisher, type ServicePool } from '../outbox';
import { markTransaction, runPrefetched } from './remote-rule';
import { beginWrite } from '../write-deadline';
import { WideIntegersClient } from './wide-integers';

export * from './remote-rule';
export * from './wide-integers';

/**
 * One PostgreSQL, one schema and one login role per service. The role owns its schema and
 * has no grant on the others, so a service cannot read another's tables even by mistake.
 *
 * DATABASE_URL is an administrative connection used only to create the role and schema
 * (bootstrap). The service itself connects as its role: `<SERVICE>_DATABASE_URL` when set,
 * else DATABASE_URL with the role's name and a password derived from the server secret.
 *
 * Roles belong to the PostgreSQL server, not to a database, and every start sets their
 * passwords from PARLEY_SECRET. So each deployment has roles of its own, named after its
 * database (`parley_<database>_<service>`) or DATABASE_ROLE_PREFIX (`<prefix>_<service>`):
 * two deployments sharing a server cannot reset each other's passwords. The naming is
 * one-to-one (roleOf): different databases or prefixes never share a role.
 */
export const schemaOf = (service: ServiceName): string => service;

/** PostgreSQL cuts identifiers at 63 bytes; longer role names are shortened with a hash. */
const MAX_IDENTIFIER_BYTES = 63;

/** The name of the database an administrative URL connects to (PostgreSQL's default: the user's name). */
export function databaseNameOf(adminUrl: string): string {
  const url = new URL(adminUrl);
  const path = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return path || decodeURIComponent(url.username) || 'postgres';
}

const rolePrefixOf = (adminUrl: string, env: Record<string, string | undefined>): string => env.DATABASE_ROLE_PREFIX?.trim() || `parley_${databaseNameOf(adminUrl)}`;

/** A prefix that names roles as it is: lower-case letters, digits and underscores only. */
const PLAIN_PREFIX = /^[a-z0-9_]+$/;

/**
 * The deployment's login role for a service (see above), one-to-one with the prefix:
 * - a plain prefix (the usual database name) gives `<prefix>_<service>`, as Parley always
 *   named it, so an upgrade keeps the roles a deployment has;
 * - any other (`s3dist-parley`, `Chat`) gives its plain look-alike, a `-` (which no plain
 *   prefix has) and a hash of the exact prefix: `parley_s3dist_parley-<hash>_users`, never the
 *   role of database `s3dist_parley` nor of `S3dist-parley`. (They shared one before, and
 *   starting one deployment reset the other's password.) Its role under the old naming
 *   (legacyRoleOf) hands its schema over at the next start (adoptSchema).
 * Names past PostgreSQL's 63 bytes are cut, keeping a hash of the whole prefix.
 */
export function roleOf(service: ServiceName, adminUrl: string, env: Record<string, string | undefined> = process.env): string {
  const prefix = rolePrefixOf(adminUrl, env);
  if (!PLAIN_PREFIX.test(prefix)) {
    const hash = sha256Hex(prefix).slice(0, 16);
    const plain = plainRolePart(prefix).slice(0, MAX_IDENTIFIER_BYTES - service.length - hash.length - 2);
    return `${plain}-${hash}_${service}`;
  }
  const name = `${prefix}_${service}`;
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES) return name;
  const hash = sha256Hex(prefix).slice(0, 12);
  return `${name.slice(0, MAX_IDENTIFIER_BYTES - service.length - hash.length - 2)}_${hash}_${service}`;
}

const plainRolePart = (prefix: string): string => prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/**
 * The role Parley gave the service before roleOf was one-to-one: the prefix lower-cased, every
 * other character turned into `_` (so `s3dist-parley` and `s3dist_parley` shared it). The same
 * as roleOf for a plain prefix.
 */
export function legacyRoleOf(service: ServiceName, adminUrl: string, env: Record<string, string | undefined> = process.env): string {
  const prefix = rolePrefixOf(adminUrl, env);
  const name = `${plainRolePart(prefix)}_${service}`;
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES) return name;
  const hash = sha256Hex(prefix).slice(0, 12);
  return `${name.slice(0, MAX_IDENTIFIER_BYTES - service.length - hash.length - 2)}_${hash}_${service}`;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

const rolePassword = (secret: string, role: string): string => sign(secret, 'db-password', role);

export function serviceDatabaseUrl(env: Record<string, string | undefined>, adminUrl: string, service: ServiceName, secret: string): string {
  const own = env[`${service.toUpperCase()}_DATABASE_URL`];
  if (own) return own;
  const url = new URL(adminUrl);
  const role = roleOf(service, adminUrl, env);
  url.username = role;
  url.password = rolePassword(secret, role);
  return url.toString();
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * Creates the service's role and schema if missing; safe to run from several processes at once.
 * Replicas of one service start together: an advisory lock (per service, per database) makes
 * them take turns, because concurrent ALTER ROLE on one role fails with "tuple concurrently
 * updated" rather than waiting. The retry covers processes bootstrapping in other databases
 * of the same cluster, where roles are shared but the lock is not.
 */
export async function bootstrapServiceSchema(adminUrl: string, service: ServiceName, secret: string, env: Record<string, string | undefined> = process.env): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const role = roleOf(service, adminUrl, env);
  const schema = schemaOf(service);
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`parley-bootstrap:${service}`]);
    await retryOnRace(async () => {
      const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      const verb = exists.rowCount ? 'ALTER' : 'CREATE';
      await client.query(`${verb} ROLE ${ident(role)} LOGIN PASSWORD ${literal(rolePassword(secret, role))}`);
    });
    await adoptSchema(client, service, role, legacyRoleOf(service, adminUrl, env));
    await retryOnRace(() => client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)} AUTHORIZATION ${ident(role)}`));
    // The admin may not be a superuser on a managed PostgreSQL: make sure it can hand the schema over.
    await retryOnRace(() => client.query(`ALTER SCHEMA ${ident(schema)} OWNER TO ${ident(role)}`));
  } finally {
    // Ending the session releases the advisory lock.
    await client.end();
  }
}

/**
 * A schema made under another role name of this service (`parley_<service>` before roles
 * were per deployment, the seed a database was copied from: `CREATE DATABASE … TEMPLATE`, or
 * this deployment's role before the naming was one-to-one: `legacy`) passes to this
 * deployment's role with everything in it. Only a Parley service role of the same service is
 * taken from (never the admin or a superuser), and REASSIGN OWNED acts in this database alone,
 * so the other deployments that role serves keep their objects.
 */
async function adoptSchema(client: pg.Client, service: ServiceName, role: string, legacy: string): Promise<void> {
  const { rows } = await client.query<{ owner: string; superuser: boolean }>(
    `SELECT r.rolname AS owner, r.rolsuper AS superuser FROM pg_namespace n JOIN pg_roles r ON r.oid = n.nspowner
     WHERE n.nspname = $1`,
    [schemaOf(service)],
  );
  const owner = rows[0];
  if (!owner || owner.owner === role || owner.superuser) return;
  if (owner.owner !== legacy && (!owner.owner.startsWith('parley_') || !owner.owner.endsWith(`_${service}`))) return;
  await retryOnRace(() => client.query(`REASSIGN OWNED BY ${ident(owner.owner)} TO ${ident(role)}`));
}

/**
 * Drops a deployment's service roles once its database is gone (tests and benchmarks that make
 * a database per run); a role that still owns objects elsewhere stays.
 */
export async function dropServiceRoles(adminUrl: string, databaseName: string, services: readonly ServiceName[]): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(databaseName)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const service of services) {
      await client.query(`DROP ROLE IF EXISTS ${ident(roleOf(service, url.toString()))}`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** SQLSTATEs of losing a race to another process doing the same DDL. */
const RACE_CODES = new Set([
  '42710', // duplicate_object (CREATE ROLE)
  '23505', // unique_violation (catalog row inserted by the other)
  '42P06', // duplicate_schema
  'XX000', // "tuple concurrently updated" (concurrent ALTER of one catalog row)
]);

/**
 * Retries, with a short pause of random length, when another process won a race on the same
 * DDL. Twelve processes altering one role at once (in four databases) saw one of them lose
 * three times in a row here: ten attempts, and pauses that keep racers from meeting again.
 */
async function retryOnRace<T>(fn: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const race = RACE_CODES.has(e.code ?? '') && (e.code !== 'XX000' || /concurrently/.test(e.message ?? ''));
      if (!race || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20 * attempt));
    }
  }
}

/**
 * A service's pool. `publishBeforeReturning`, when given, is what its writes wait for before
 * they return: their events' publication (ServicePool, ADR 0018); runService gives it to the
 * services that publish before they reply.
 */
export function createPool(url: string, service: ServiceName, max = 10, publishBeforeReturning?: Publisher): ServicePool {
  const pool: ServicePool = Object.assign(
    new pg.Pool({
      connectionString: url,
      max,
      // Integer parameters past PostgreSQL's integer read as bigint: an ID no row can have finds nothing (wide-integers.ts).
      Client: WideIntegersClient,
      options: `-c search_path=${schemaOf(service)}`,
      application_name: `parley-${service}`,
      connectionTimeoutMillis: 5000,
    }),
    { publishBeforeReturning },
  );
  // A client losing its connection (PostgreSQL restarted) must not crash the process: idle
  // ones report through the pool, checked-out ones through their own 'error' event. The
  // query that was running fails on its own and the pool replaces the client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The folder of a service's SQL migrations: services/<name>/migrations, from src/ or dist/. */
export const migrationsDir = (serviceRoot: string): string => join(serviceRoot, 'migrations');

/**
 * Applies the service's pending migrations (node-pg-migrate, forward-only SQL files), as the
 * service's role, in its schema: the outbox's first (OUTBOX_MIGRATIONS_DIR, common to every
 * service), then the service's own (`dir`). Idempotent; concurrent starts wait on an advisory lock.
 */
export async function runMigrations(url: string, service: ServiceName, dir: string, log: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schemaOf(service)}` });
  await client.connect();
  try {
    const applied = await migrateSchema(client, schemaOf(service), service, dir);
    if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  } finally {
    await client.end();
  }
}

/**
 * runMigrations on a connected client, into `schema` (the service's, or a test's): what it
 * applied, the outbox's named `outbox/<name>`. A schema migrated while each service had its
 * copies of the outbox's migrations has their records moved first (adoptOutboxMigrationCopies).
 */
export async function migrateSchema(client: pg.ClientBase, schema: string, service: ServiceName, dir: string): Promise<string[]> {
  const { runner } = await import('node-pg-migrate');
  // One lock per service, so the services of one database migrate side by side; replicas
  // start together: the second waits for the first's migrations (then has none to run)
  // instead of failing to start.
  const lock = String(7241865325823964 + ['users', 'channels', 'messages', 'uploads', 'events'].indexOf(service) + 1);
  const run = (migrationsDir: string, migrationsTable: string) =>
    runner({
      dbClient: client,
      dir: migrationsDir,
      direction: 'up',
      migrationsTable,
      schema,
      migrationsSchema: schema,
      checkOrder: true,
      noLock: true,
      log: () => undefined,
    });
  await client.query('SELECT pg_advisory_lock($1::bigint)', [lock]);
  try {
    await adoptOutboxMigrationCopies(client, schema, service);
    const outbox = await run(OUTBOX_MIGRATIONS_DIR, OUTBOX_MIGRATIONS_TABLE);
    const own = await run(dir, 'pgmigrations');
    return [...outbox.map((m) => `outbox/${m.name}`), ...own.map((m) => m.name)];
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [lock]).catch(() => undefined);
  }
}

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * Runs fn in one transaction on one client; rolls back if it throws. It is a write: a request
 * past its write deadline that has begun none is refused here (write-deadline.ts). On a pool that publishes
 * before returning (ServicePool.publishBeforeReturning), returns once the events it wrote are
 * published.
 * fn may not call other services (rule 1, remote-rule.ts): ask them first, or use
 * withPrefetchedTransaction.
 */
export function withTransaction<T>(pool: ServicePool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, fn, () => undefined);
}

/**
 * withTransaction for a transaction whose remote questions depend on what it reads: they are
 * answered before it opens, by `prefetch` or by an attempt that rolled back for want of them
 * (runPrefetched, remote-rule.ts). fn may run more than once: it must do nothing but its own
 * database work.
 */
export function withPrefetchedTransaction<T>(pool: ServicePool, fn: (tx: pg.PoolClient) => Promise<T>, prefetch?: () => Promise<unknown>): Promise<T> {
  return runPrefetched((beforeCommit) => transaction(pool, fn, beforeCommit), prefetch);
}

async function transaction<T>(pool: ServicePool, fn: (tx: pg.PoolClient) => Promise<T>, beforeCommit: () => void): Promise<T> {
  // Too late for the request's first write: refused before it takes a connection (write-deadline.ts).
  beginWrite();
  const client = await pool.connect();
  const followed = followTransaction(pool, client);
  let result: T;
  try {
    await client.query('BEGIN');
    result = await markTransaction(() => fn(client));
    beforeCommit();
    await client.query('COMMIT');
  } catch (err) {
    followed.forget();
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  // On a pool that publishes before returning, its events are out (the connection is back).
  await followed.published();
  return result;
}
