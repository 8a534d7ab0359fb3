// Rule 1 (ADR 0017): no remote call inside a transaction. A real RpcClient and users server;
// a pool that records its statements, in one log with the calls the server answers.
import type pg from 'pg';
import { ApiError } from '../errors';
import { createLogger } from '../logger';
import { RpcClient } from '../grpc/client';
import { serviceDefinition } from '../grpc/protos';
import { Handler, RpcServer, startRpcServer } from '../grpc/server';
import type { CallContext } from '../grpc/caller';
import { allowRemoteInTransaction, RemoteCallInTransactionError, reportRemoteCallsInTransactions, withPrefetchedTransaction, withTransaction } from './index';

const SECRET = 's'.repeat(32);
const ctx: CallContext = { caller: { realm_id: 2, user_id: 11, role: 200, is_bot: false, email: 'iago@zulip.com' }, client: 'test', host: 'example.com' };
let server: RpcServer;
let client: RpcClient;
let log: string[] = [];

const pool = {
  connect: async () => ({
    query: async (sql: string) => {
      log.push(sql);
      return { rows: [] };
    },
    release: () => undefined,
  }),
} as unknown as pg.Pool;

beforeAll(async () => {
  const handlers: Record<string, Handler> = {};
  for (const name of Object.keys(serviceDefinition('users'))) if (name !== 'Health') handlers[name] = async () => ({});
  handlers.GetUser = async (req: { user_id: number }) => {
    log.push(`GetUser ${req.user_id}`);
    if (req.user_id === 404) throw new ApiError('BAD_REQUEST', 'no such user', 400);
    return { user_id: req.user_id };
  };
  server = await startRpcServer({ service: 'users', handlers, addr: '127.0.0.1:0', secret: SECRET, log: createLogger('test', 'silent') });
  client = new RpcClient('users', `127.0.0.1:${server.port}`, SECRET, 5000);
});

afterAll(async () => {
  client.close();
  await server.stop();
});

const strict = process.env.PARLEY_STRICT_TRANSACTIONS;
beforeEach(() => {
  log = [];
  process.env.PARLEY_STRICT_TRANSACTIONS = '1';
});
afterAll(() => {
  if (strict === undefined) delete process.env.PARLEY_STRICT_TRANSACTIONS;
  else process.env.PARLEY_STRICT_TRANSACTIONS = strict;
});

const getUser = async (id: number): Promise<{ user_id: number }> => {
  await client.call('GetUser', { user_id: id }, ctx);
  return { user_id: id };
};

describe('a remote call inside a transaction', () => {
  it('is refused in strict mode, and never sent', async () => {
    await expect(withTransaction(pool, () => getUser(1))).rejects.toThrow(RemoteCallInTransactionError);
    expect(log).toEqual(['BEGIN', 'ROLLBACK']);
  });

  it('is made through the named escape hatch', async () => {
    await withTransaction(pool, () => allowRemoteInTransaction('test', () => getUser(1)));
    expect(log).toEqual(['BEGIN', 'GetUser 1', 'COMMIT']);
  });

  it('is reported and made outside strict mode', async () => {
    delete process.env.PARLEY_STRICT_TRANSACTIONS;
    const reports: string[] = [];
    reportRemoteCallsInTransactions((rpc) => reports.push(rpc));
    await withTransaction(pool, () => getUser(2));
    expect(reports).toEqual(['users.GetUser']);
    expect(log).toEqual(['BEGIN', 'GetUser 2', 'COMMIT']);
  });

  it('is allowed before and after, even from what the transaction left behind', async () => {
    let later: Promise<unknown> | undefined;
    await getUser(1);
    await withTransaction(pool, async () => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => getUser(3));
    });
    await later;
    expect(log).toEqual(['GetUser 1', 'BEGIN', 'COMMIT', 'GetUser 3']);
  });
});

describe('withPrefetchedTransaction', () => {
  it('answers the questions asked by prefetch, before BEGIN', async () => {
    const got = await withPrefetchedTransaction(
      pool,
      async () => Number((await getUser(5)).user_id) + 1,
      () => getUser(5),
    );
    expect(got).toBe(6);
    expect(log).toEqual(['GetUser 5', 'BEGIN', 'COMMIT']);
  });

  it('rolls back an attempt that needs an answer it lacks, asks it outside and tries again', async () => {
    const got = await withPrefetchedTransaction(pool, async () => Number((await getUser(7)).user_id));
    expect(got).toBe(7);
    expect(log).toEqual(['BEGIN', 'ROLLBACK', 'GetUser 7', 'BEGIN', 'COMMIT']);
  });

  it('throws a kept error where the question is asked', async () => {
    let reached = false;
    await expect(
      withPrefetchedTransaction(
        pool,
        async () => {
          reached = true;
          await getUser(404);
        },
        () => getUser(404),
      ),
    ).rejects.toThrow('no such user');
    expect(reached).toBe(true);
    expect(log).toEqual(['GetUser 404', 'BEGIN', 'ROLLBACK']);
  });

  it('does not commit an attempt that caught the missing answer', async () => {
    const got = await withPrefetchedTransaction(pool, async () =>
      getUser(8).then(
        (u) => Number(u.user_id),
        () => 0,
      ),
    );
    expect(got).toBe(8);
    expect(log).toEqual(['BEGIN', 'ROLLBACK', 'GetUser 8', 'BEGIN', 'COMMIT']);
  });

  it('asks from inside after three attempts that each lacked an answer', async () => {
    let n = 0;
    const got = await withPrefetchedTransaction(pool, async () => Number((await getUser(100 + ++n)).user_id));
    expect(got).toBe(104);
    expect(log).toEqual(['BEGIN', 'ROLLBACK', 'GetUser 101', 'BEGIN', 'ROLLBACK', 'GetUser 102', 'BEGIN', 'ROLLBACK', 'GetUser 103', 'BEGIN', 'GetUser 104', 'COMMIT']);
  });
});
