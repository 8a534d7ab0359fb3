// A 5xx on a write means it was not done (ADR 0027), end to end: a real gRPC server on port 0,
// a real RpcClient as the gateway calls, and a real PostgreSQL transaction held up by a lock
// the test holds.
import { escapeIdentifier, Pool } from 'pg';
import { createLogger } from './logger';
import { createPool, withTransaction } from './db';
import type { ServicePool } from './outbox';
import { RpcClient } from './grpc/client';
import { serviceDefinition } from './grpc/protos';
import { Handler, RpcServer, startRpcServer } from './grpc/server';
import { testDatabaseUrl } from '../../../test/support/servers';
import { rejection } from '../../../test/support/rejection';

const SECRET = 'w'.repeat(32);
const log = createLogger('test', 'silent');
const schema = `write_deadline_${Date.now().toString(36)}`;
const table = `${escapeIdentifier(schema)}.writes`;
/** The advisory lock the transaction of CreateUser waits for (held by the test). */
const LOCK = 7_241_865_325_823_000;

let admin: Pool;
let pool: ServicePool;
let server: RpcServer;
let client: RpcClient;
/** Released by the test: what UpdateUser does before its transaction. */
let beforeWriting: Promise<void>;

const rows = async (): Promise<string[]> => (await admin.query<{ what: string }>(`SELECT what FROM ${table} ORDER BY id`)).rows.map((r) => r.what);

beforeAll(async () => {
  admin = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
  await admin.query(`CREATE SCHEMA ${escapeIdentifier(schema)}; CREATE TABLE ${table} (id serial PRIMARY KEY, what text NOT NULL)`);
  pool = createPool(testDatabaseUrl(), 'users', 4);
  const handlers: Record<string, Handler> = {};
  for (const name of Object.keys(serviceDefinition('users'))) if (name !== 'Health') handlers[name] = async () => ({});
  // A write whose transaction waits on a lock: begun in time, it ends past the deadline.
  handlers.CreateUser = async (req: { email: string }) =>
    withTransaction(pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
      await tx.query(`INSERT INTO ${table} (what) VALUES ($1)`, [req.email]);
      return { user_id: 1 };
    });
  // A write whose preparation (say, a slow render) ends past the deadline.
  handlers.UpdateUser = async (req: { full_name: string }) => {
    await beforeWriting;
    return withTransaction(pool, async (tx) => {
      await tx.query(`INSERT INTO ${table} (what) VALUES ($1)`, [req.full_name]);
      return {};
    });
  };
  server = await startRpcServer({ service: 'users', handlers, addr: '127.0.0.1:0', secret: SECRET, log });
  client = new RpcClient('users', `127.0.0.1:${server.port}`, SECRET);
});

afterAll(async () => {
  client?.close();
  await server?.stop(0);
  await pool?.end();
  await admin?.query(`DROP SCHEMA ${escapeIdentifier(schema)} CASCADE`);
  await admin?.end();
});

const writeWindowMs = 300;
const graceMs = 10_000;
const call = (method: string, request: unknown) => client.call(method, request, { client: 'test', host: 'h', writeBy: Date.now() + writeWindowMs }, writeWindowMs + graceMs);

describe('the write deadline over gRPC', () => {
  it('answers a write begun in time with its outcome, though it ends well past the deadline', async () => {
    const holder = await admin.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [LOCK]);
      const answer = call('CreateUser', { email: 'held@example.com' });
      // Past the deadline, the transaction is still waiting for the lock.
      await new Promise((resolve) => setTimeout(resolve, writeWindowMs * 4));
      await holder.query('SELECT pg_advisory_unlock($1)', [LOCK]);
      await expect(answer).resolves.toEqual({ json: Buffer.from('{"user_id":1}'), ignored_parameters_unsupported: [] });
    } finally {
      holder.release();
    }
    expect(await rows()).toContain('held@example.com');
  });

  it('refuses a write that could not start before the deadline with 503, and writes nothing', async () => {
    let release!: () => void;
    beforeWriting = new Promise((resolve) => (release = resolve));
    const answer = call('UpdateUser', { full_name: 'too late' });
    await new Promise((resolve) => setTimeout(resolve, writeWindowMs * 2));
    release();
    const err = await rejection(answer);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    expect(String((err as Error).message)).toContain('nothing was changed');
    expect(await rows()).not.toContain('too late');
  });

  it('lets the same write through when it starts in time', async () => {
    beforeWriting = Promise.resolve();
    await call('UpdateUser', { full_name: 'in time' });
    expect(await rows()).toContain('in time');
  });
});
