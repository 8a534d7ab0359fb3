import type pg from 'pg';
import { recipientId, recipientIdInTransaction } from './messages';

/** Recipient IDs: remembered once committed (found or made through the pool), never from a transaction. */
function fakeDb(ids: Map<string, number>) {
  const query = jest.fn(async (sql: string, params: unknown[]) => {
    const key = `${String(params[0])}:${String(params[1])}`;
    if (sql.startsWith('SELECT')) return { rows: ids.has(key) ? [{ id: ids.get(key) }] : [] };
    ids.set(key, 100 + ids.size);
    return { rows: [{ id: ids.get(key) }] };
  });
  // Only query is called: as the pool or as a transaction's client alike.
  const db = { query } as unknown as pg.Pool & pg.PoolClient;
  return { db, query };
}

describe('recipientId', () => {
  it('asks the database once for a recipient found through the pool, then answers from memory', async () => {
    const { db, query } = fakeDb(new Map([['7:31', 5]]));
    expect(await recipientId(db, 7, { channel_id: 31 })).toBe(5);
    expect(await recipientId(db, 7, { channel_id: 31 })).toBe(5);
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('remembers a recipient made through the pool (committed at once)', async () => {
    const { db, query } = fakeDb(new Map());
    const made = await recipientId(db, 7, { dm_user_ids: [1, 2, 3] });
    expect(query.mock.calls.map((c) => String(c[0]).split(' ')[0])).toEqual(['SELECT', 'INSERT']);
    expect(await recipientId(db, 7, { dm_user_ids: [1, 2, 3] })).toBe(made);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('never remembers what a transaction found or made: it could be rolled back', async () => {
    const rows = new Map<string, number>();
    const tx = fakeDb(rows);
    await recipientIdInTransaction(tx.db, 8, { channel_id: 40 });
    rows.clear(); // the transaction rolled back
    const pool = fakeDb(rows);
    const id = await recipientId(pool.db, 8, { channel_id: 40 });
    expect(pool.query.mock.calls.map((c) => String(c[0]).split(' ')[0])).toEqual(['SELECT', 'INSERT']);
    expect(id).toBe(100);
  });

  it('keeps realms and targets apart', async () => {
    const { db } = fakeDb(
      new Map([
        ['9:50', 1],
        ['10:50', 2],
        ['9:1,2', 3],
      ]),
    );
    expect(await recipientId(db, 9, { channel_id: 50 })).toBe(1);
    expect(await recipientId(db, 10, { channel_id: 50 })).toBe(2);
    expect(await recipientId(db, 9, { dm_user_ids: [1, 2] })).toBe(3);
  });
});
