import pg from 'pg';
import { Caller, createClients, createLogger, createPool, HandlerContext, Role, serviceDatabaseUrl } from '@parley/common';
import { readUsersConfig, UsersConfig } from '@parley/users';
import { manageJson } from './cli';
import { adminQuery, dropDatabase } from './environment';
import type { UsersDeps } from '../../services/users/src/deps';
import { MemoryPresenceStore } from '../../services/users/src/store/presence';
import { MemorySessionStore } from '../../services/users/src/store/sessions';
import { ownUserAnswers } from '../../services/users/src/domain/own-user';
import { realmPeopleAnswers } from '../../services/users/src/domain/realm-people';
import type { TestRealm } from './fixtures';
import { testDatabaseUrl } from './servers';
import { testServicePool } from './service-pools';

/**
 * For the users service's domain and rpc unit tests: its schema's pool (as the service itself
 * connects) and config, callers for the fixture users, and the client events it wrote to its
 * outbox.
 */
let db: { pool: pg.Pool; config: UsersConfig } | undefined;

export function usersDb(): { pool: pg.Pool; config: UsersConfig } {
  if (!db) {
    const config = readUsersConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() });
    db = { config, pool: testServicePool('users', config.secret, 4) };
  }
  return db;
}

/**
 * A users schema in a database of the test's own, migrated, for tests of work that claims rows
 * across the whole schema (the mail sender, the missed-message job): in the run's shared
 * database the Parley under test runs the same jobs and would claim the test's rows (and the
 * test its). `close` drops the database and its roles.
 */
export async function ownUsersDb(label: string): Promise<{ pool: pg.Pool; config: UsersConfig; close(): Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `${new URL(adminUrl).pathname.slice(1)}_${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = readUsersConfig({ ...process.env, DATABASE_URL: url.toString() });
  // The management CLI makes and migrates the users schema as the service would (node-pg-migrate,
  // an ES module, does not load inside a jest test file).
  await manageJson(['mails', '--limit', '1'], { env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' } });
  const ownUrl = serviceDatabaseUrl(process.env, url.toString(), 'users', config.secret);
  const pool = createPool(ownUrl, 'users', 4);
  return {
    pool,
    config,
    close: async () => {
      await pool.end();
      await dropDatabase(adminUrl, name);
    },
  };
}

export async function closeUsersDb(): Promise<void> {
  await db?.pool.end();
  db = undefined;
}

export type FixtureName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot' | 'other';

const ROLES: Record<FixtureName, number> = {
  owner: Role.OWNER,
  admin: Role.ADMINISTRATOR,
  moderator: Role.MODERATOR,
  member: Role.MEMBER,
  guest: Role.GUEST,
  bot: Role.MEMBER,
  other: Role.MEMBER,
};

/** The caller the gateway would authenticate for a fixture user. */
export function callerOf(realm: TestRealm, name: FixtureName): Caller {
  const user = realm[name];
  return { realm_id: realm.realm_id, user_id: user.user_id, role: ROLES[name], is_bot: name === 'bot', email: user.email };
}

/** What the users service's handlers get from server.ts, over the test schema, for rpc unit tests. */
export function usersDeps(): UsersDeps {
  const { pool, config } = usersDb();
  // The running system's channels and uploads services, which the users service asks about
  // channels and custom emoji.
  const clients = createClients(
    {
      ...config.grpc,
      channels: process.env.PARLEY_TEST_CHANNELS_GRPC_ADDR ?? config.grpc.channels,
      uploads: process.env.PARLEY_TEST_UPLOADS_GRPC_ADDR ?? config.grpc.uploads,
    },
    config.secret,
  );
  // Kept answers that never listen keep nothing: every GET /users/me and register reads afresh.
  return {
    pool,
    config,
    log: createLogger('users-test', 'silent'),
    presence: new MemoryPresenceStore(),
    sessions: new MemorySessionStore(),
    clients,
    kept: ownUserAnswers(),
    people: realmPeopleAnswers(),
  };
}

/** The context the rpc wrapper hands a handler when a fixture user calls it through the gateway. */
export function handlerContext(realm: TestRealm, name: FixtureName, deps: UsersDeps): HandlerContext {
  const caller = callerOf(realm, name);
  return { caller, maybeCaller: caller, client: 'test', host: '', log: deps.log, signal: new AbortController().signal };
}

export interface OutboxEvent {
  audience: 'realm' | number[];
  event: Record<string, unknown> & { type: string };
  /** What queues without the capability get instead (emit's fallback; null: nothing), when there is one. */
  fallback?: { capability: string; event: Record<string, unknown> | null };
  /** Only for queues without this capability (emitLegacy), when set. */
  onlyWithout?: string;
}

/** The newest outbox row's ID: pass it to clientEventsSince to read what a change emitted. */
export async function outboxMark(): Promise<number> {
  const { rows } = await usersDb().pool.query<{ id: string | null }>('SELECT max(id) AS id FROM outbox');
  return Number(rows[0].id ?? 0);
}

/** The client events the users service wrote for the realm after `mark`, in order. */
export async function clientEventsSince(mark: number, realmId: number): Promise<OutboxEvent[]> {
  const { rows } = await usersDb().pool.query<{ payload: OutboxEvent }>(
    `SELECT payload FROM outbox WHERE subject = 'users.client_event' AND id > $1
        AND (payload->>'realm_id')::int = $2 ORDER BY id`,
    [mark, realmId],
  );
  return rows.map(({ payload: { audience, event, fallback, onlyWithout } }) => ({ audience, event, ...(fallback && { fallback }), ...(onlyWithout && { onlyWithout }) }));
}
