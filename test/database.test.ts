import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import pg from 'pg';
import { bootstrapServiceSchema, dropServiceRoles, legacyRoleOf, roleOf, Role, SERVICES, serviceDatabaseUrl, sha256 } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { adminQuery, dropDatabase } from './support/environment';
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
  it("lets no service role read another service's schema", async () => {
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
    expect(rows).toEqual((['channels', 'messages', 'uploads', 'users'] as const).map((s) => ({ nspname: s, owner: roleOf(s, testDatabaseUrl()) })));
  });
});

describe('bootstrap', () => {
  it('lets replicas that start together bootstrap one schema side by side (CI once saw "tuple concurrently updated")', async () => {
    // Replicas of one service run this at the same moment; every one must succeed.
    const starts = Array.from({ length: 8 }, () => bootstrapServiceSchema(testDatabaseUrl(), 'uploads', process.env.PARLEY_SECRET!));
    await expect(Promise.all(starts)).resolves.toHaveLength(8);
    const uploads = await connectAs('users');
    const { rows } = await uploads.query("SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'uploads'");
    expect(rows).toEqual([{ owner: roleOf('uploads', testDatabaseUrl()) }]);
  });
});

describe('deployments sharing one PostgreSQL', () => {
  /** A database of its own beside the run's, as a second deployment on the same server would have. */
  async function deployment(suffix: string): Promise<{ name: string; url: string }> {
    const url = new URL(testDatabaseUrl());
    const name = `${url.pathname.slice(1)}_${suffix}`;
    await adminQuery(testDatabaseUrl(), `CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    return { name, url: url.toString() };
  }

  /** A database of its own whose name a role name cannot hold as it is (a `-`), and its removal. */
  async function oddlyNamed(suffix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
    const url = new URL(testDatabaseUrl());
    const name = `${url.pathname.slice(1)}_${suffix}`;
    await adminQuery(testDatabaseUrl(), `CREATE DATABASE "${name}"`);
    url.pathname = `/${encodeURIComponent(name)}`;
    const drop = async () => {
      await adminQuery(testDatabaseUrl(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropServiceRoles(testDatabaseUrl(), name, SERVICES);
    };
    return { name, url: url.toString(), drop };
  }

  async function canConnect(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.end();
  }

  /**
   * Whether the password a service URL carries is the one PostgreSQL keeps for its role. The
   * CI server trusts local connections (any password logs in), so connecting proves nothing
   * there: this compares with the stored SCRAM (or md5) verifier instead.
   */
  async function passwordHolds(serviceUrl: string): Promise<boolean> {
    const url = new URL(serviceUrl);
    const [role, password] = [decodeURIComponent(url.username), decodeURIComponent(url.password)];
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ rolpassword: string }>('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [role]);
      return verifierMatches(rows[0]?.rolpassword ?? '', role, password);
    } finally {
      await client.end();
    }
  }

  it('gives each deployment its own roles, so a second one with another secret does not lock the first out', async () => {
    const [staging, production] = [await deployment('staging'), await deployment('production')];
    try {
      await bootstrapServiceSchema(production.url, 'users', 'production-secret-0123456789abcdef', {});
      const productionLogin = serviceDatabaseUrl({}, production.url, 'users', 'production-secret-0123456789abcdef');
      // The second deployment starts (and sets its roles' passwords) after the first.
      await bootstrapServiceSchema(staging.url, 'users', 'staging-secret-0123456789abcdef01', {});
      const stagingLogin = serviceDatabaseUrl({}, staging.url, 'users', 'staging-secret-0123456789abcdef01');
      expect(roleOf('users', staging.url, {})).not.toBe(roleOf('users', production.url, {}));
      await expect(passwordHolds(productionLogin)).resolves.toBe(true);
      await expect(passwordHolds(stagingLogin)).resolves.toBe(true);
      await canConnect(productionLogin);
      await canConnect(stagingLogin);
      // The check itself tells a wrong password apart.
      const wrong = new URL(productionLogin);
      wrong.password = 'not-the-password';
      await expect(passwordHolds(wrong.toString())).resolves.toBe(false);
    } finally {
      await dropDatabase(testDatabaseUrl(), staging.name);
      await dropDatabase(testDatabaseUrl(), production.name);
    }
  });

  it('takes over a schema made by an older role name of the same service, with its tables', async () => {
    const db = await deployment('legacy');
    const legacy = `parley_legacy_${process.pid}_uploads`;
    try {
      await adminQuery(db.url, `CREATE ROLE ${legacy} LOGIN`);
      await adminQuery(db.url, `CREATE SCHEMA uploads AUTHORIZATION ${legacy}`);
      await adminQuery(db.url, `SET ROLE ${legacy}; CREATE TABLE uploads.files (id int); RESET ROLE`);
      await bootstrapServiceSchema(db.url, 'uploads', 'a-secret-of-enough-length-0123456789', {});
      const client = new pg.Client({ connectionString: serviceDatabaseUrl({}, db.url, 'uploads', 'a-secret-of-enough-length-0123456789') });
      await client.connect();
      try {
        await client.query('INSERT INTO uploads.files VALUES (1)');
        const { rows } = await client.query("SELECT tableowner FROM pg_tables WHERE schemaname = 'uploads'");
        expect(rows).toEqual([{ tableowner: roleOf('uploads', db.url, {}) }]);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(testDatabaseUrl(), db.name);
      await adminQuery(testDatabaseUrl(), `DROP ROLE IF EXISTS ${legacy}`);
    }
  });

  it("gives databases named alike but for a character a role cannot hold roles of their own: starting one leaves the other's password", async () => {
    // s3dist-parley and s3dist_parley both had the role parley_s3dist_parley_<service> before.
    const dashed = await oddlyNamed('s3dist-parley');
    const underscored = await deployment('s3dist_parley');
    try {
      await bootstrapServiceSchema(dashed.url, 'users', 'dashed-secret-0123456789abcdef0123', {});
      await bootstrapServiceSchema(underscored.url, 'users', 'underscored-secret-0123456789abcdef', {});
      expect(roleOf('users', dashed.url, {})).not.toBe(roleOf('users', underscored.url, {}));
      // The plain name keeps the role it always had.
      expect(roleOf('users', underscored.url, {})).toBe(`parley_${underscored.name}_users`);
      await expect(passwordHolds(serviceDatabaseUrl({}, dashed.url, 'users', 'dashed-secret-0123456789abcdef0123'))).resolves.toBe(true);
      await expect(passwordHolds(serviceDatabaseUrl({}, underscored.url, 'users', 'underscored-secret-0123456789abcdef'))).resolves.toBe(true);
      await canConnect(serviceDatabaseUrl({}, dashed.url, 'users', 'dashed-secret-0123456789abcdef0123'));
    } finally {
      await dashed.drop();
      await dropDatabase(testDatabaseUrl(), underscored.name);
    }
  });

  it('hands a schema its old role made, for a database whose name a role cannot hold, to its new role, tables and all', async () => {
    const db = await oddlyNamed('up-grade');
    const legacy = legacyRoleOf('uploads', db.url, {});
    try {
      expect(legacy).not.toBe(roleOf('uploads', db.url, {}));
      await adminQuery(testDatabaseUrl(), `CREATE ROLE "${legacy}" LOGIN`);
      await adminQuery(db.url, `CREATE SCHEMA uploads AUTHORIZATION "${legacy}"`);
      await adminQuery(db.url, `SET ROLE "${legacy}"; CREATE TABLE uploads.files (id int); INSERT INTO uploads.files VALUES (1); RESET ROLE`);
      await bootstrapServiceSchema(db.url, 'uploads', 'a-secret-of-enough-length-0123456789', {});
      const client = new pg.Client({ connectionString: serviceDatabaseUrl({}, db.url, 'uploads', 'a-secret-of-enough-length-0123456789') });
      await client.connect();
      try {
        await client.query('INSERT INTO uploads.files VALUES (2)');
        expect((await client.query('SELECT count(*)::int AS n FROM uploads.files')).rows).toEqual([{ n: 2 }]);
        const { rows } = await client.query("SELECT tableowner FROM pg_tables WHERE schemaname = 'uploads'");
        expect(rows).toEqual([{ tableowner: roleOf('uploads', db.url, {}) }]);
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
      await adminQuery(testDatabaseUrl(), `DROP ROLE IF EXISTS "${legacy}"`);
    }
  });

  it("names roles by DATABASE_ROLE_PREFIX when set, and keeps long names within PostgreSQL's 63 bytes", () => {
    expect(roleOf('messages', 'postgres://u@h/anything', { DATABASE_ROLE_PREFIX: 'prod_eu' })).toBe('prod_eu_messages');
    expect(roleOf('messages', 'postgres://u@h/anything', { DATABASE_ROLE_PREFIX: 'Prod-EU' })).toMatch(/^prod_eu-[0-9a-f]{16}_messages$/);
    expect(roleOf('messages', 'postgres://u@h/chat')).toMatch(/^parley_chat_messages$/);
    const long = roleOf('messages', `postgres://u@h/${'d'.repeat(80)}`, {});
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).toMatch(/_messages$/);
    expect(long).not.toBe(roleOf('messages', `postgres://u@h/${'d'.repeat(81)}`, {}));
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
    const { rows } = await users.query(
      `SELECT g.name, s.name AS sub FROM users.user_groups g
      LEFT JOIN users.user_group_subgroups gs ON gs.group_id = g.id LEFT JOIN users.user_groups s ON s.id = gs.subgroup_id
      WHERE g.realm_id = $1 AND g.is_system_group ORDER BY g.name`,
      [realm.realm_id],
    );
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
    const groupsOf = async (userId: number) =>
      (
        await users.query(
          `SELECT g.name FROM users.user_group_members m
      JOIN users.user_groups g ON g.id = m.group_id WHERE m.user_id = $1 ORDER BY g.name`,
          [userId],
        )
      ).rows.map((r) => r.name);
    const person = await realm.addUser({ name: 'Changing Role' });
    expect(await groupsOf(person.user_id)).toEqual(['role:fullmembers', 'role:members']);
    await realm.owner.api.patch(`/users/${person.user_id}`, { role: Role.ADMINISTRATOR });
    expect(await groupsOf(person.user_id)).toEqual(['role:administrators']);
    await realm.owner.api.patch(`/users/${person.user_id}`, { role: Role.GUEST });
    expect(await groupsOf(person.user_id)).toEqual(['role:everyone']);
  });
});

/** PostgreSQL's stored password check: `SCRAM-SHA-256$iter:salt$StoredKey:ServerKey`, or `md5` + md5(password + role). */
function verifierMatches(stored: string, role: string, password: string): boolean {
  if (stored.startsWith('md5'))
    return (
      stored ===
      `md5${createHash('md5')
        .update(password + role)
        .digest('hex')}`
    );
  const m = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(stored);
  if (!m) return false;
  const salted = pbkdf2Sync(password, Buffer.from(m[2], 'base64'), Number(m[1]), 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  return createHash('sha256').update(clientKey).digest('base64') === m[3];
}
