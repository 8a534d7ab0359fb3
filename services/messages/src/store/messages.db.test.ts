import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import pg from 'pg';
import { closeMessagesPool, messagesPool, scratchRealm } from '../../../../test/support/messages-db';
import { DIRECT_COPY_BIT, groupSends, insertMessage, insertMessageInTransaction, MessageInsert, recipientId } from './messages';

/**
 * insertMessage on the messages schema of the test run's database: sends made at the same time
 * share a statement, and each message still gets exactly its own copies, flags, event and trace.
 */
afterAll(closeMessagesPool);
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  propagation.disable();
  context.disable();
});

/** Runs `fn` as a request of trace `n` would: its traceparent is what the outbox row should keep. */
function inTrace<T>(n: number, fn: () => Promise<T>): { traceparent: string; result: Promise<T> } {
  const traceId = n.toString(16).padStart(32, 'a');
  const spanId = n.toString(16).padStart(16, 'b');
  const ctx = trace.setSpanContext(context.active(), { traceId, spanId, traceFlags: 1 });
  return { traceparent: `00-${traceId}-${spanId}-01`, result: context.with(ctx, fn) };
}

async function scratch() {
  const pool = messagesPool();
  const { realmId, userId, channelId } = scratchRealm();
  const channelRecipient = await recipientId(pool, realmId, { channel_id: channelId(1) });
  const dmRecipient = await recipientId(pool, realmId, { dm_user_ids: [userId(1), userId(2)] });
  /** The n-th test message: to the channel (odd n) or a direct message (even n), with its copies. */
  const message = (n: number, overrides: Partial<MessageInsert['message']> = {}): MessageInsert => {
    const channel = n % 2 === 1;
    const copies = channel ? [1, 2, 3].map((u) => ({ user_id: userId(u), flags: u === 1 ? 1 : n })) : [1, 2].map((u) => ({ user_id: userId(u), flags: 8 * u }));
    return {
      message: {
        realm_id: realmId,
        sender_id: userId(1),
        kind: channel ? ('channel' as const) : ('direct' as const),
        channel_id: channel ? channelId(1) : null,
        topic: channel ? `topic ${n}` : '',
        dm_user_ids: channel ? null : [userId(1), userId(2)],
        recipient_id: channel ? channelRecipient : dmRecipient,
        content: `message ${n}: "quotes", \\backslashes\\, {braces}, ünïcödé 🎉`,
        rendered_content: `<p>message ${n}</p>`,
        client: `client ${n}`,
        has_link: n % 3 === 0,
        has_image: n % 4 === 0,
        has_attachment: n % 5 === 0,
        date_sent: new Date(Date.UTC(2026, 0, 1, 0, 0, n, 123)),
        ...overrides,
      },
      copies,
      event: { realm_id: realmId, audience: copies.map((c) => c.user_id), event: { type: 'message', message: { id: -1, n } } },
    };
  };
  return { pool, realmId, userId, message };
}

/** What the database holds of a message, its copies and its outbox row. */
async function stored(pool: pg.Pool, id: number) {
  const {
    rows: [m],
  } = await pool.query(
    `SELECT realm_id, sender_id, kind, channel_id, topic, dm_user_ids, recipient_id, content, rendered_content, client,
            has_link, has_image, has_attachment, date_sent FROM messages WHERE id = $1`,
    [id],
  );
  const copies = await pool.query('SELECT user_id, flags FROM user_messages WHERE message_id = $1 ORDER BY user_id', [id]);
  const events = await pool.query<{ payload: { event: { message: { id: number; n: number } } }; trace: string | null }>(
    "SELECT payload, trace FROM outbox WHERE (payload #>> '{event,message,id}')::bigint = $1",
    [id],
  );
  return { message: m, copies: copies.rows, events: events.rows };
}

/** The copies as stored: those of a direct message with the server's own bit. */
const storedCopies = (insert: MessageInsert) => insert.copies.map((c) => ({ ...c, flags: c.flags | (insert.message.kind === 'direct' ? DIRECT_COPY_BIT : 0) }));

/** Counts the insert statements the pool runs. */
function countInserts(pool: pg.Pool) {
  const spy = jest.spyOn(pool, 'query');
  return {
    count: () => spy.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.includes('INSERT INTO messages')).length,
    restore: () => spy.mockRestore(),
  };
}

describe('insertMessage', () => {
  it('stores sends made at the same time in fewer statements, each message with exactly its own copies, event and trace', async () => {
    const { pool, message } = await scratch();
    const grouped = groupSends(pool);
    const inserts = countInserts(pool);
    try {
      const sends = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ n, ...inTrace(n, () => insertMessage(grouped, message(n))) }));
      const ids = await Promise.all(sends.map((s) => s.result));
      expect(new Set(ids).size).toBe(8);
      // The first goes at once, alone; the seven made meanwhile share the next statement, their IDs in call order.
      expect(inserts.count()).toBe(2);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const { n, traceparent } of sends) {
        const id = ids[n - 1];
        const expected = message(n);
        const s = await stored(pool, id);
        expect(s.message).toEqual({ ...expected.message });
        expect(s.copies).toEqual(storedCopies(expected));
        expect(s.events).toEqual([{ payload: { ...expected.event, event: { type: 'message', message: { id, n } } }, trace: traceparent }]);
      }
    } finally {
      inserts.restore();
    }
  });

  it('starts sends to large audiences side by side, up to four statements, and gathers the rest', async () => {
    const { pool, userId, message } = await scratch();
    const grouped = groupSends(pool);
    const inserts = countInserts(pool);
    try {
      const large = (n: number) => ({ ...message(n), copies: Array.from({ length: 250 }, (_, u) => ({ user_id: userId(u + 1), flags: n })) });
      const ids = await Promise.all([1, 3, 5, 7, 9, 11].map((n) => insertMessage(grouped, large(n))));
      // four side by side; the two made meanwhile together, once one of those ends
      expect(inserts.count()).toBe(5);
      for (const [i, id] of ids.entries()) {
        const { rows } = await pool.query('SELECT count(*)::int AS n, min(flags) AS min, max(flags) AS max FROM user_messages WHERE message_id = $1', [id]);
        expect(rows[0]).toEqual({ n: 250, min: 2 * i + 1, max: 2 * i + 1 });
      }
    } finally {
      inserts.restore();
    }
  });

  it("stores a group's other sends when PostgreSQL refuses one of them, and fails that one alone", async () => {
    const { pool, message } = await scratch();
    const grouped = groupSends(pool);
    const inserts = countInserts(pool);
    try {
      const results = await Promise.allSettled(
        [1, 2, 3, 4, 5].map((n) =>
          // the fourth breaks a CHECK: a channel message without a channel
          insertMessage(grouped, message(n, n === 4 ? { kind: 'channel' } : {})),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(pg.DatabaseError);
      // one alone, the group of four refused, then each of those again alone
      expect(inserts.count()).toBe(6);
      for (const n of [1, 2, 3, 5]) {
        const id = (results[n - 1] as PromiseFulfilledResult<number>).value;
        const s = await stored(pool, id);
        expect(s.message.content).toBe(message(n).message.content);
        expect(s.copies).toEqual(storedCopies(message(n)));
        expect(s.events).toHaveLength(1);
      }
      const { rows } = await pool.query("SELECT count(*)::int AS n FROM messages WHERE realm_id = $1 AND content LIKE 'message 4:%'", [message(4).message.realm_id]);
      expect(rows[0].n).toBe(0);
    } finally {
      inserts.restore();
    }
  });

  it("stores a send in the caller's transaction, which a rollback undoes with its copies and event", async () => {
    const { pool, realmId, message } = await scratch();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const id = await insertMessageInTransaction(client, message(1));
      expect((await client.query('SELECT count(*)::int AS n FROM user_messages WHERE message_id = $1', [id])).rows[0].n).toBe(3);
      await client.query('ROLLBACK');
      const s = await stored(pool, id);
      expect(s).toEqual({ message: undefined, copies: [], events: [] });
      expect((await pool.query('SELECT count(*)::int AS n FROM messages WHERE realm_id = $1', [realmId])).rows[0].n).toBe(0);
    } finally {
      client.release();
    }
  });
});
