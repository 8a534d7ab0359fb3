import { createRealm } from '../domain/realms';
import { describeWithRedis, testRedisUrl } from '../../../../test/support/servers';
import { deleteKeys } from '../../../../test/support/redis';
import { closeUsersDb, usersDb } from '../../../../test/support/users-db';
import { describeSessionStore } from './session-store.contract';
import { MAX_SESSIONS_PER_USER, PgSessionStore, RedisSessionStore } from './sessions';

/**
 * Browser sessions in the users schema (the store without Redis): they outlive the process
 * (a second store on the same database reads them), expire, end on delete, and are bounded
 * per user. Both stores keep the SessionStore contract.
 */
afterAll(closeUsersDb);

describeSessionStore('PgSessionStore', async () => new PgSessionStore(usersDb().pool), someUser);

const REDIS_PREFIX = `parley:test-sessions${Date.now().toString(36)}:`;
describeWithRedis('sessions.db.test.ts')('with Redis', () => {
  afterAll(() => deleteKeys(testRedisUrl() ?? 'redis://127.0.0.1:6379', REDIS_PREFIX));
  describeSessionStore(
    'RedisSessionStore',
    async () => new RedisSessionStore(testRedisUrl() ?? 'redis://127.0.0.1:6379', REDIS_PREFIX),
    async () => ({ realm_id: 1, user_id: 10 }),
  );
});

async function someUser(): Promise<{ realm_id: number; user_id: number }> {
  const { pool, config } = usersDb();
  const sub = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { realm, owner } = await createRealm(pool, config, { name: 'Sessions', subdomain: sub, ownerEmail: `o@${sub}.test`, ownerName: 'Olive', ownerPassword: 'owner-password' });
  return { realm_id: realm.id, user_id: owner.user.id };
}

describe('PgSessionStore', () => {
  it('keeps a session for another store on the same database (a restart), until it is deleted', async () => {
    const who = await someUser();
    const record = { ...who, csrf_token: 'csrf-1', created_at: 1_700_000_000_000, epoch: 0 };
    await new PgSessionStore(usersDb().pool).put('key-a', record, 3600);
    const after = new PgSessionStore(usersDb().pool);
    expect(await after.get('key-a')).toEqual(record);
    await after.delete('key-a');
    expect(await after.get('key-a')).toBeUndefined();
  });

  it('answers nothing for an expired session, and forgets it at the next put', async () => {
    const who = await someUser();
    const store = new PgSessionStore(usersDb().pool);
    await store.put('key-old', { ...who, csrf_token: 'x' }, 1);
    await usersDb().pool.query("UPDATE browser_sessions SET expires_at = now() - interval '1 second' WHERE key = 'key-old'");
    expect(await store.get('key-old')).toBeUndefined();
    await store.put('key-new', { ...who, csrf_token: 'y' }, 3600);
    const { rows } = await usersDb().pool.query('SELECT key FROM browser_sessions WHERE user_id = $1', [who.user_id]);
    expect(rows.map((r) => r.key)).toEqual(['key-new']);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user: a new one ends the oldest`, async () => {
    const who = await someUser();
    const store = new PgSessionStore(usersDb().pool);
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) await store.put(`bound-${who.user_id}-${i}`, { ...who, csrf_token: String(i) }, 3600 + i);
    const { rows } = await usersDb().pool.query<{ n: string }>('SELECT count(*) AS n FROM browser_sessions WHERE user_id = $1', [who.user_id]);
    expect(Number(rows[0].n)).toBe(MAX_SESSIONS_PER_USER);
    expect(await store.get(`bound-${who.user_id}-0`)).toBeUndefined();
    expect(await store.get(`bound-${who.user_id}-${MAX_SESSIONS_PER_USER}`)).toMatchObject({ csrf_token: String(MAX_SESSIONS_PER_USER) });
  });
});
