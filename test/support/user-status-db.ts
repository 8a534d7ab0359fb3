import pg from 'pg';
import { Caller, createPool, Role, serviceDatabaseUrl } from '@parley/common';
import { readUsersConfig, UsersConfig } from '@parley/users';
import type { TestRealm } from './fixtures';
import { testDatabaseUrl } from './servers';

/**
 * For the user-status unit tests of the users service: the users schema's own pool (made as
 * fixtures.ts makes its own), callers as the gateway presents fixture users, and the client
 * events the service wrote to its outbox.
 */
let pool: pg.Pool | undefined;
let config: UsersConfig | undefined;

export function statusTestDb(): { pool: pg.Pool; config: UsersConfig } {
  config ??= readUsersConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() });
  pool ??= createPool(serviceDatabaseUrl(process.env, testDatabaseUrl(), 'users', config.secret), 'users', 2);
  return { pool, config };
}

export async function closeStatusTestDb(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

export type FixtureName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot' | 'other';

const FIXTURE_ROLES: Record<FixtureName, number> = {
  owner: Role.OWNER, admin: Role.ADMINISTRATOR, moderator: Role.MODERATOR, member: Role.MEMBER,
  guest: Role.GUEST, bot: Role.MEMBER, other: Role.MEMBER,
};

export function fixtureCaller(realm: TestRealm, name: FixtureName): Caller {
  const user = realm[name];
  return { realm_id: realm.realm_id, user_id: user.user_id, role: FIXTURE_ROLES[name], is_bot: name === 'bot', email: user.email };
}

/** The newest outbox row's ID: pass it to writtenClientEvents to see what an action wrote. */
export async function outboxPosition(): Promise<number> {
  const { rows } = await statusTestDb().pool.query<{ id: string | null }>('SELECT max(id) AS id FROM outbox');
  return Number(rows[0].id ?? 0);
}

export interface WrittenClientEvent {
  audience: 'realm' | number[];
  event: Record<string, unknown>;
  /** What queues without the capability get instead (emit's fallback), when there is one. */
  fallback?: { capability: string; event: Record<string, unknown> };
}

/** The client events written for a realm after `position`, oldest first. */
export async function writtenClientEvents(position: number, realmId: number): Promise<WrittenClientEvent[]> {
  const { rows } = await statusTestDb().pool.query<{ payload: WrittenClientEvent }>(
    `SELECT payload FROM outbox WHERE id > $1 AND subject = 'users.client_event' AND (payload->>'realm_id')::int = $2 ORDER BY id`,
    [position, realmId],
  );
  return rows.map(({ payload: { audience, event, fallback } }) => (fallback ? { audience, event, fallback } : { audience, event }));
}
