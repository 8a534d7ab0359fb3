import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg, { escapeIdentifier } from 'pg';
import { OUTBOX_MIGRATION_COPIES, OUTBOX_MIGRATIONS_DIR } from './outbox';
import type { ServiceName } from './config';
import { testDatabaseUrl } from '../../../test/support/servers';

/**
 * The outbox's migrations are common (OUTBOX_MIGRATIONS_DIR); until they were, each service
 * had copies of them in its own folder. A database migrated then must migrate now without
 * running anything again, and end with the schema a fresh database gets. The old layout is
 * rebuilt here from the common files under the copies' names (they were the same SQL).
 *
 * node-pg-migrate is an ES module, which Jest's CommonJS cannot load: the migrations run in a
 * child process, on the built dist/ as component-setup.ts runs them (`npm run build` first).
 */
const ROOT = join(__dirname, '../../..');
const CHILD = `
const [url, schema, service, dir, layout] = process.argv.slice(1);
const pg = require('pg');
const { migrateSchema } = require('./services/common/dist/db');
(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The old layout: one folder, one table, as runMigrations ran it when each service had its copies.
    const applied = layout === 'old'
      ? (await (await import('node-pg-migrate')).runner({ dbClient: client, dir, direction: 'up', migrationsTable: 'pgmigrations',
          schema, migrationsSchema: schema, checkOrder: true, noLock: true, log: () => undefined })).map((m) => m.name)
      : await migrateSchema(client, schema, service, dir);
    process.stdout.write(JSON.stringify(applied));
  } finally {
    await client.end();
  }
})().catch((err) => { process.stderr.write(String(err.stack)); process.exit(1); });
`;

async function migrateIn(layout: 'old' | 'new', schema: string, service: ServiceName, dir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', CHILD, testDatabaseUrl(), schema, service, dir, layout], { cwd: ROOT });
  return JSON.parse(stdout) as string[];
}

/** Migrates as runMigrations does now (migrateSchema). */
const migrateSchema = (schema: string, service: ServiceName, dir: string) => migrateIn('new', schema, service, dir);
const SERVICES = Object.keys(OUTBOX_MIGRATION_COPIES) as ServiceName[];
const serviceDir = (service: ServiceName) => join(__dirname, '../..', service, 'migrations');
const names = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.replace(/\.sql$/, ''))
    .sort();

jest.setTimeout(120_000);

let client: pg.Client;
const schemas: string[] = [];
const dirs: string[] = [];

/** A schema no other test uses. */
async function scratchSchema(what: string): Promise<string> {
  const schema = `outbox_mig_${what}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await client.query(`CREATE SCHEMA ${escapeIdentifier(schema)}`);
  schemas.push(schema);
  return schema;
}

/** The service's folder as it was, with its copies of the outbox's migrations (up to `upTo`, a name). */
function oldLayout(service: ServiceName, upTo?: string): string {
  const dir = mkdtempSync(join(tmpdir(), `outbox-old-${service}-`));
  dirs.push(dir);
  for (const [copy, common] of Object.entries(OUTBOX_MIGRATION_COPIES[service])) {
    copyFileSync(join(OUTBOX_MIGRATIONS_DIR, `${common}.sql`), join(dir, `${copy}.sql`));
  }
  for (const name of names(serviceDir(service))) copyFileSync(join(serviceDir(service), `${name}.sql`), join(dir, `${name}.sql`));
  if (upTo) for (const name of names(dir)) if (name > upTo) rmSync(join(dir, `${name}.sql`));
  return dir;
}

/** Migrates as runMigrations did when each service had its copies: one folder, one table. */
const migrateOld = (schema: string, service: ServiceName, dir: string) => migrateIn('old', schema, service, dir);

const recorded = async (schema: string, table: string): Promise<string[]> =>
  (await client.query<{ name: string }>(`SELECT name FROM ${escapeIdentifier(schema)}.${table} ORDER BY run_on, id`)).rows.map((r) => r.name);

/** Everything a schema holds, with its name taken out: relations, columns, constraints, indexes, triggers, functions. */
async function describe_(schema: string): Promise<unknown> {
  const q = async (sql: string) => (await client.query(sql, [schema])).rows;
  const described = {
    relations: await q(`SELECT relname, relkind FROM pg_class WHERE relnamespace = $1::regnamespace ORDER BY relname`),
    columns: await q(`SELECT table_name, ordinal_position, column_name, data_type, column_default, is_nullable
      FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`),
    constraints: await q(`SELECT conrelid::regclass::text AS rel, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = $1::regnamespace ORDER BY rel, conname`),
    indexes: await q(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname`),
    triggers: await q(`SELECT t.tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal ORDER BY t.tgname`),
    functions: await q(`SELECT proname, pg_get_functiondef(oid) AS def FROM pg_proc WHERE pronamespace = $1::regnamespace ORDER BY proname`),
  };
  return JSON.parse(JSON.stringify(described).split(schema).join('<schema>'));
}

beforeAll(async () => {
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
});

afterAll(async () => {
  for (const schema of schemas) await client.query(`DROP SCHEMA ${escapeIdentifier(schema)} CASCADE`);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await client.end();
});

describe.each(SERVICES)('the %s schema', (service) => {
  it('migrated with its copies, migrates with the common outbox running nothing again, to what a fresh schema gets', async () => {
    const old = await scratchSchema(`${service}_old`);
    const ranOld = await migrateOld(old, service, oldLayout(service));
    expect(ranOld).toEqual(expect.arrayContaining(Object.keys(OUTBOX_MIGRATION_COPIES[service])));
    // An event waits in the outbox: it, and the outbox's identity, outlive the change of layout.
    await client.query(`INSERT INTO ${escapeIdentifier(old)}.outbox (subject, payload) VALUES ('x.waiting', '{"n":1}')`);
    const identity = async () => (await client.query(`SELECT identity FROM ${escapeIdentifier(old)}.outbox_identity`)).rows;
    const before = await identity();

    expect(await migrateSchema(old, service, serviceDir(service))).toEqual([]);
    expect(await identity()).toEqual(before);
    expect((await client.query(`SELECT subject, payload, sent_at FROM ${escapeIdentifier(old)}.outbox`)).rows).toEqual([{ subject: 'x.waiting', payload: { n: 1 }, sent_at: null }]);
    expect(await recorded(old, 'outbox_migrations')).toEqual(['0001_outbox', '0002_outbox_trace']);
    expect(await recorded(old, 'pgmigrations')).toEqual(names(serviceDir(service)));

    const fresh = await scratchSchema(`${service}_new`);
    expect(await migrateSchema(fresh, service, serviceDir(service))).toEqual(['outbox/0001_outbox', 'outbox/0002_outbox_trace', ...names(serviceDir(service))]);
    expect(await recorded(fresh, 'outbox_migrations')).toEqual(['0001_outbox', '0002_outbox_trace']);
    expect(await recorded(fresh, 'pgmigrations')).toEqual(names(serviceDir(service)));
    expect(await describe_(old)).toEqual(await describe_(fresh));

    // Once migrated, both are left as they are.
    expect(await migrateSchema(old, service, serviceDir(service))).toEqual([]);
    expect(await migrateSchema(fresh, service, serviceDir(service))).toEqual([]);
  });
});

it('a schema migrated before the outbox had its trace gets it, and the rest, as a fresh one', async () => {
  const [, trace] = Object.keys(OUTBOX_MIGRATION_COPIES.users);
  const lastBefore = names(oldLayout('users'))
    .filter((name) => name < trace)
    .pop()!;
  const old = await scratchSchema('users_early');
  expect((await migrateOld(old, 'users', oldLayout('users', lastBefore))).pop()).toBe(lastBefore);
  const later = names(serviceDir('users')).filter((name) => name > lastBefore);
  expect(await migrateSchema(old, 'users', serviceDir('users'))).toEqual(['outbox/0002_outbox_trace', ...later]);
  const fresh = await scratchSchema('users_fresh');
  await migrateSchema(fresh, 'users', serviceDir('users'));
  expect(await describe_(old)).toEqual(await describe_(fresh));
});

it('every copy names a common migration, and no service keeps a copy', () => {
  const common = names(OUTBOX_MIGRATIONS_DIR);
  for (const service of SERVICES) {
    expect(Object.values(OUTBOX_MIGRATION_COPIES[service]).sort()).toEqual(common);
    expect(names(serviceDir(service))).toEqual(expect.not.arrayContaining(Object.keys(OUTBOX_MIGRATION_COPIES[service])));
  }
});
