import pg from 'pg';
import { testDatabaseUrl } from '../../../../test/support/servers';
import { WideIntegersClient } from './wide-integers';

/** On a real PostgreSQL: an ID past integer finds nothing instead of failing, whatever the query's shape. */
describe('WideIntegersClient', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1, Client: WideIntegersClient });
    await pool.query('CREATE TEMPORARY TABLE wide_ids (id serial PRIMARY KEY, name text)');
    await pool.query("INSERT INTO wide_ids (name) VALUES ('a'), ('b')");
  });
  afterAll(() => pool.end());

  const past = 2 ** 31;

  it('finds no row for an ID past integer, in a comparison, a list or an explicit cast', async () => {
    expect((await pool.query('SELECT id FROM wide_ids WHERE id = $1', [past])).rows).toEqual([]);
    expect((await pool.query('SELECT id FROM wide_ids WHERE id = ANY($1) ORDER BY id', [[1, past, 2 ** 53]])).rows).toEqual([{ id: 1 }]);
    expect((await pool.query('SELECT w.id FROM unnest($1::int[]) AS u(id) JOIN wide_ids w ON w.id = u.id', [[2, -past - 1]])).rows).toEqual([{ id: 2 }]);
    expect((await pool.query({ text: 'DELETE FROM wide_ids WHERE id = $1::int', values: [past] })).rowCount).toBe(0);
  });

  it('still refuses to store one in an integer column', async () => {
    await expect(pool.query('INSERT INTO wide_ids (id, name) VALUES ($1, $2)', [past, 'c'])).rejects.toMatchObject({ code: '22003' });
  });

  it('is what a plain client is not: the same lookup there fails', async () => {
    const plain = new pg.Client({ connectionString: testDatabaseUrl() });
    await plain.connect();
    try {
      await expect(plain.query('SELECT 1 WHERE 1 = $1::int', [past])).rejects.toMatchObject({ code: '22003' });
    } finally {
      await plain.end();
    }
  });
});
