import pg from 'pg';
import { bootstrapServiceSchema, Role, serviceDatabaseUrl, sha256 } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { testDatabaseUrl } from './support/servers';

/**
 * What the users service keeps, as the database holds it: one schema per service that no
 * other service's role can read, secrets kept only hashed or encrypted, system groups.
 */
let realm: TestRealm;
const clients: pg.Client[] = [];

async function connectAs(service: 'users' | 'channels'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serviceDatabaseUrl({}, testDatabaseUrl(), service, process.env.PARLEY_SECRET!) });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  realm = await createTestRealm('Database realm');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await closeFixtures();
});

describe('schemas and roles', () => {
  it('lets no service role read another service\'s schema', async () => {
    const users = await connectAs('users');
    await expect(users.query('SELECT count(*) FROM channels.outbox')).rejects.toMatchObject({ code: '42501' });
    const channels = await connectAs('channels');
    await expect(channels.query('SELECT count(*) FROM users.users')).rejects.toMatchObject({ code: '42501' });
    expect((await users.query('SELECT count(*)::int AS n FROM users.users')).rows[0].n).toBeGreaterThan(0);
  });

  it('has each service own its schema (events has none: its queues live in Redis)', async () => {
    const users = await connectAs('users');
    const { rows } = await users.query(`SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace
      WHERE nspname IN ('users', 'channels', 'messages', 'uploads', 'events') ORDER BY nspname`);
    expect(rows).toEqual(['channels', 'messages', 'uploads', 'users'].map((s) => ({ nspname: s, owner: `parley_${s}` })));
  });
});

describe('bootstrap', () => {
  it('lets replicas that start together bootstrap one schema side by side (CI once saw "tuple concurrently updated")', async () => {
    // Replicas of one service run this at the same moment; every one must succeed.
    const starts = Array.from({ length: 8 }, () => bootstrapServiceSchema(testDatabaseUrl(), 'uploads', process.env.PARLEY_SECRET!));
    await expect(Promise.all(starts)).resolves.toHaveLength(8);
    const uploads = await connectAs('users');
    const { rows } = await uploads.query("SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'uploads'");
    expect(rows).toEqual([{ owner: 'parley_uploads' }]);
  });
});

describe('secrets at rest', () => {
  it('keeps API keys only hashed and encrypted, and passwords only as scrypt hashes', async () => {
    const withPassword = await realm.addUser({ name: 'Has Password', password: 'hunter2-but-longer' });
    const users = await connectAs('users');
    const { rows } = await users.query('SELECT api_key_hash, api_key_sealed, password_hash FROM users.users WHERE id = $1', [withPassword.user_id]);
    const row = rows[0];
    expect(row.api_key_hash).toEqual(sha256(withPassword.api_key));
    expect(row.api_key_sealed).not.toContain(withPassword.api_key);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('hunter2');
  });
});

describe('system groups', () => {
  it('creates the eight system groups, chained by subgroups', async () => {
    const users = await connectAs('users');
    const { rows } = await users.query(`SELECT g.name, s.name AS sub FROM users.user_groups g
      LEFT JOIN users.user_group_subgroups gs ON gs.group_id = g.id LEFT JOIN users.user_groups s ON s.id = gs.subgroup_id
      WHERE g.realm_id = $1 AND g.is_system_group ORDER BY g.name`, [realm.realm_id]);
    expect(rows).toEqual([
      { name: 'role:administrators', sub: 'role:owners' },
      { name: 'role:everyone', sub: 'role:members' },
      { name: 'role:fullmembers', sub: 'role:moderators' },
      { name: 'role:internet', sub: 'role:everyone' },
      { name: 'role:members', sub: 'role:fullmembers' },
      { name: 'role:moderators', sub: 'role:administrators' },
      { name: 'role:nobody', sub: null },
      { name: 'role:owners', sub: null },
    ]);
  });

  it('moves a user between role groups when the role changes', async () => {
    const users = await connectAs('users');
    const groupsOf = async (userId: number) => (await users.query(`SELECT g.name FROM users.user_group_members m
      JOIN users.user_groups g ON g.id = m.group_id WHERE m.user_id = $1 ORDER BY g.name`, [userId])).rows.map((r) => r.name);
    const person = await realm.addUser({ name: 'Changing Role' });
    expect(await groupsOf(person.user_id)).toEqual(['role:fullmembers', 'role:members']);
    await realm.owner.api.patch(`/users/${person.user_id}`, { role: Role.ADMINISTRATOR });
    expect(await groupsOf(person.user_id)).toEqual(['role:administrators']);
    await realm.owner.api.patch(`/users/${person.user_id}`, { role: Role.GUEST });
    expect(await groupsOf(person.user_id)).toEqual(['role:everyone']);
  });
});
