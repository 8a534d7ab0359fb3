import pg from 'pg';
import type { Queryable } from '@parley/common';
import { readMessagesConfig } from '@parley/messages';
import { DIRECT_COPY_BIT } from '../../services/messages/src/store/messages';
import { testDatabaseUrl } from './servers';
import { testServicePool } from './service-pools';

/**
 * For the messages service's domain and store tests (`*.db.test.ts`): its schema's pool, as
 * the service itself connects, on the test run's database (migrated by component-setup.ts, or
 * by the running system), and rows written straight into its tables under realm IDs no fixture
 * realm uses (and no other service knows: closeMessagesPool deletes them, so the running
 * system's jobs, when there is one, never meet them).
 */
let pool: pg.Pool | undefined;

export function messagesPool(): pg.Pool {
  pool ??= testServicePool('messages', readMessagesConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() }).secret, 2);
  return pool;
}

/** Deletes the rows written under this process's scratch realms, then closes the pool. */
export async function closeMessagesPool(): Promise<void> {
  if (pool && handedOut.length) {
    await pool.query('DELETE FROM messages WHERE realm_id = ANY($1::int[])', [handedOut]);
    await pool.query('DELETE FROM recipients WHERE realm_id = ANY($1::int[])', [handedOut]);
  }
  handedOut.length = 0;
  await pool?.end();
  pool = undefined;
}

let next = 0;
const handedOut: number[] = [];
/** A realm ID of the test's own (above any fixture realm's), and user and channel IDs in it. */
export function scratchRealm(): { realmId: number; userId: (n: number) => number; channelId: (n: number) => number } {
  const realmId = 2_000_000_000 - (process.pid % 100_000) * 100 - next++;
  handedOut.push(realmId);
  const base = (realmId % 1_000_000) * 100;
  return { realmId, userId: (n) => 1_000_000_000 + base + n, channelId: (n) => 1_000_000_000 + base + n };
}

/** A message written straight to the tables, with copies for `copies` (user ID → flag bits; a direct message's with the server's own bit, as the service stores them). */
export async function insertRawMessage(
  realmId: number,
  m: {
    sender: number;
    channelId?: number;
    topic?: string;
    dmUserIds?: number[];
    copies: Record<number, number>;
  },
): Promise<number> {
  const db = messagesPool();
  const recipient =
    m.channelId !== undefined
      ? await db.query<{ id: number }>(
          `INSERT INTO recipients (realm_id, channel_id) VALUES ($1, $2)
         ON CONFLICT (channel_id) DO UPDATE SET channel_id = EXCLUDED.channel_id RETURNING id`,
          [realmId, m.channelId],
        )
      : await db.query<{ id: number }>(
          `INSERT INTO recipients (realm_id, dm_key) VALUES ($1, $2)
         ON CONFLICT (realm_id, dm_key) DO UPDATE SET dm_key = EXCLUDED.dm_key RETURNING id`,
          [realmId, m.dmUserIds!.join(',')],
        );
  const { rows } = await db.query<{ id: number }>(
    `WITH message AS (
       INSERT INTO messages (realm_id, sender_id, kind, channel_id, topic, dm_user_ids, recipient_id, content, rendered_content)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'x', '<p>x</p>') RETURNING id),
     copies AS (INSERT INTO user_messages (user_id, message_id, flags) SELECT c.u, message.id, c.f FROM message, unnest($8::int[], $9::int[]) AS c(u, f))
     SELECT id::int FROM message`,
    [
      realmId,
      m.sender,
      m.channelId === undefined ? 'direct' : 'channel',
      m.channelId ?? null,
      m.topic ?? '',
      m.dmUserIds ?? null,
      recipient.rows[0].id,
      Object.keys(m.copies).map(Number),
      Object.values(m.copies).map((f) => f | (m.channelId === undefined ? DIRECT_COPY_BIT : 0)),
    ],
  );
  return rows[0].id;
}

/**
 * The plans of the statements a store function runs, each under EXPLAIN with sequential scans
 * off (the fixtures are tiny): whether an index can serve them. The function sees no rows.
 */
export async function planOf(run: (db: Queryable) => Promise<unknown>): Promise<string> {
  const client = await messagesPool().connect();
  const plans: string[] = [];
  try {
    await client.query('SET enable_seqscan = off');
    const explaining = {
      query: async (sql: string, values?: unknown[]) => {
        const { rows } = await client.query(`EXPLAIN ${sql}`, values);
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [], rowCount: 0 };
      },
    } as unknown as Queryable;
    await run(explaining);
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
  return plans.join('\n');
}
