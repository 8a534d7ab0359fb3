import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool, PoolClient, escapeIdentifier } from 'pg';
import { encodeJson, type Bus } from './bus/bus';
import { createLogger } from './logger';
import * as outbox from './outbox';
import { OUTBOX_MIGRATIONS_DIR, OutboxRelay, Publisher, ServicePool } from './outbox';
import { withTransaction } from './db';
import { testDatabaseUrl } from '../../../test/support/servers';

/** The outbox's mechanics, whatever a row holds: these tests write subjects and payloads of their own, not the bus's (bus/subjects.ts). */
const writeOutbox = outbox.writeOutbox as (db: outbox.OutboxDb, schema: string, subject: string, payload: unknown) => Promise<void>;
const writeOutboxRows = outbox.writeOutboxRows as (db: outbox.OutboxDb, schema: string, events: { subject: string; payload: unknown }[]) => Promise<void>;

const DATABASE_URL = testDatabaseUrl();

const log = createLogger('outbox-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !(await cond()); await sleep(10)) {
    if (Date.now() > end) throw new Error('timed out waiting');
  }
}

interface Published {
  subject: string;
  data: unknown;
  id: string;
}

/** Records what is published; `failAfter` makes every publish past that many fail, like an outage. */
class FakeBus implements Bus {
  readonly published: Published[] = [];
  failAfter = Infinity;
  private readonly reconnectListeners = new Set<() => void>();

  /** The bus is back: as NatsBus does on a reconnect. */
  reconnect(): void {
    for (const listener of this.reconnectListeners) listener();
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  async publish(subject: string, data: unknown, id: string): Promise<void> {
    await sleep(0);
    if (this.published.length >= this.failAfter) throw new Error('bus unreachable');
    // As every bus carries a payload: encoded, and decoded by the subscriber.
    this.published.push({ subject, data: JSON.parse(encodeJson(data)), id });
  }

  ids(): string[] {
    return this.published.map((p) => p.id);
  }

  async subscribe(): Promise<never> {
    throw new Error('not used by the relay');
  }

  async ensureStream(): Promise<void> {}
  async sync(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('outbox', () => {
  // Quotes and capitals in the name prove every statement quotes the schema.
  const schema = `Outbox "T" ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const table = `${escapeIdentifier(schema)}.outbox`;
  let pool: Pool;
  let identity: string;
  const relays: OutboxRelay[] = [];

  function newRelay(bus: Bus, opts: { pollMs?: number; batchSize?: number } = {}): OutboxRelay {
    const relay = new OutboxRelay({ pool, schema, bus, log, pollMs: 20, ...opts });
    relays.push(relay);
    return relay;
  }

  async function inTransaction(fn: (client: PoolClient) => Promise<void>, commit = true): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await fn(client);
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    } finally {
      client.release();
    }
  }

  /** Commits `count` events in one transaction and returns the ids the relay will publish them with. */
  async function writeEvents(count: number, subject = 'users.changed'): Promise<string[]> {
    await inTransaction(async (client) => {
      for (let n = 0; n < count; n++) await writeOutbox(client, schema, subject, { n });
    });
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id DESC LIMIT $1`, [count]);
    return rows.map((r) => `${schema}:${identity}:${r.id}`).reverse();
  }

  async function unsentCount(): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE sent_at IS NULL`);
    return rows[0].n;
  }

  beforeAll(async () => {
    pool = new Pool({ connectionString: DATABASE_URL, max: 8 });
    await pool.query(`CREATE SCHEMA ${escapeIdentifier(schema)}`);
    // The outbox as every service's migrations make it (OUTBOX_MIGRATIONS_DIR), in this schema.
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; SET LOCAL search_path TO ${escapeIdentifier(schema)}`);
      for (const file of readdirSync(OUTBOX_MIGRATIONS_DIR).sort()) await client.query(readFileSync(join(OUTBOX_MIGRATIONS_DIR, file), 'utf8'));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    identity = (await pool.query<{ identity: string }>(`SELECT identity FROM ${escapeIdentifier(schema)}.outbox_identity`)).rows[0].identity;
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await pool.query(`UPDATE ${table} SET sent_at = now() WHERE sent_at IS NULL`);
  });

  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${escapeIdentifier(schema)} CASCADE`);
    await pool.end();
  });

  it('publishes committed rows in id order, with their subject, payload and message id', async () => {
    const bus = new FakeBus();
    const first = await writeEvents(3, 'users.created');
    const second = await writeEvents(2, 'users.changed');
    await newRelay(bus).flush();
    expect(bus.ids()).toEqual([...first, ...second]);
    expect(bus.published[0]).toEqual({ subject: 'users.created', data: { n: 0 }, id: first[0] });
    expect(bus.published[4]).toEqual({ subject: 'users.changed', data: { n: 1 }, id: second[1] });
    expect(await unsentCount()).toBe(0);
  });

  it('writes several rows in one statement, in order, and publishes them like single ones', async () => {
    const bus = new FakeBus();
    const statements: string[] = [];
    await inTransaction(async (client) => {
      const counting = {
        query: ((text: string, values: unknown[]) => {
          statements.push(text);
          return client.query(text, values);
        }) as PoolClient['query'],
      };
      await writeOutboxRows(counting, schema, [
        { subject: 'messages.client_event', payload: { n: 'a' } },
        { subject: 'messages.other', payload: { n: 'b' } },
        { subject: 'messages.client_event', payload: { n: 'c' } },
      ]);
      await writeOutboxRows(counting, schema, []);
    });
    expect(statements).toHaveLength(1);
    await newRelay(bus).flush();
    expect(bus.published.map((p) => [p.subject, p.data])).toEqual([
      ['messages.client_event', { n: 'a' }],
      ['messages.other', { n: 'b' }],
      ['messages.client_event', { n: 'c' }],
    ]);
  });

  it('carries any JSON payload exactly: quotes, backslashes, escapes, non-ASCII, numbers, nesting', async () => {
    const bus = new FakeBus();
    const payloads = [
      { text: 'a "quoted" \\ back\\slash, {braces}, [brackets], commas, \n newline \t tab', emoji: '😀 é ∑', empty: '' },
      { list: [1, -2.5, 1e21, 0, null, true, false, 'x'], nested: { deep: { deeper: [{ a: 1 }] } } },
      [{ array: 'as a payload' }],
      'a string payload',
      42,
    ];
    await inTransaction((client) =>
      writeOutboxRows(
        client,
        schema,
        payloads.map((payload) => ({ subject: 'users.changed', payload })),
      ),
    );
    await newRelay(bus).flush();
    expect(bus.published.map((p) => p.data)).toEqual(payloads);
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const bus = new FakeBus();
    await inTransaction((client) => writeOutbox(client, schema, 'users.created', { lost: true }), false);
    await newRelay(bus).flush();
    expect(bus.published).toHaveLength(0);
  });

  it('wakes at once on a commit, without waiting for the poll', async () => {
    const bus = new FakeBus();
    await newRelay(bus, { pollMs: 60_000 }).start();
    const started = Date.now();
    const ids = await writeEvents(2);
    await waitFor(() => bus.published.length === 2);
    expect(bus.ids()).toEqual(ids);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('publishes each row exactly once, in order, with two relays at work', async () => {
    const bus = new FakeBus();
    const [a, b] = [newRelay(bus, { batchSize: 7 }), newRelay(bus, { batchSize: 7 })];
    await Promise.all([a.start(), b.start()]);
    const ids = [...(await writeEvents(40)), ...(await writeEvents(40))];
    await waitFor(() => bus.published.length >= ids.length);
    await Promise.all([a.flush(), b.flush()]);
    expect(bus.ids()).toEqual(ids);
  });

  it('leaves rows unsent while the bus fails, and sends them in order once it recovers', async () => {
    const bus = new FakeBus();
    bus.failAfter = 1;
    const ids = await writeEvents(4);
    const relay = newRelay(bus);
    await expect(relay.flush()).rejects.toThrow('bus unreachable');
    expect(bus.ids()).toEqual(ids.slice(0, 1));
    expect(await unsentCount()).toBe(3);

    await relay.start();
    await sleep(100);
    expect(await unsentCount()).toBe(3);
    bus.failAfter = Infinity;
    await waitFor(() => bus.published.length === 4);
    expect(bus.ids()).toEqual(ids);
    await waitFor(async () => (await unsentCount()) === 0);
  });

  it('drops a row the bus can never take, loudly, and publishes the rows after it', async () => {
    const bus = new FakeBus();
    const ids = await writeEvents(3);
    const publish = bus.publish.bind(bus);
    // The second row is too large for the bus (NATS: past max_payload even gzipped).
    bus.publish = async (subject, data, id) => {
      if (id === ids[1]) throw Object.assign(new Error('MAX_PAYLOAD_EXCEEDED'), { code: 'MAX_PAYLOAD_EXCEEDED' });
      return publish(subject, data, id);
    };
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      await newRelay(bus).flush();
      expect(bus.ids()).toEqual([ids[0], ids[2]]);
      expect(await unsentCount()).toBe(0);
      expect(logged.mock.calls).toEqual([[expect.objectContaining({ schema, row: ids[1].split(':').pop() }), 'outbox row too large for the bus: dropped']]);
    } finally {
      logged.mockRestore();
    }
  });

  it('leaves rows it claimed unsent when its connection dies before the commit (as in a crash)', async () => {
    const bus = new FakeBus();
    const ids = await writeEvents(3);
    // The first publish hangs until the relay's connection is gone.
    let hang!: () => void;
    const publish = bus.publish.bind(bus);
    bus.publish = async (...args) => {
      if (!hang) await new Promise<void>((resolve) => (hang = resolve));
      return publish(...args);
    };
    // The lost connection is reported as the services' pools take it (createPool).
    const lost = (client: PoolClient) => client.on('error', () => undefined);
    pool.on('acquire', lost);
    const dying = newRelay(bus).flush();
    await waitFor(() => hang !== undefined);
    // The claim marked the rows in the relay's transaction, which holds the relays' lock.
    const { rows } = await pool.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted");
    await pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [rows.map((r) => r.pid)]);
    hang();
    await expect(dying).rejects.toThrow();
    pool.off('acquire', lost);
    expect(await unsentCount()).toBe(3);
    const again = new FakeBus();
    await newRelay(again).flush();
    expect(again.ids()).toEqual(ids);
  });

  it('publishes at once when the bus reconnects, without waiting out its backoff', async () => {
    const bus = new FakeBus();
    bus.failAfter = 0;
    const ids = await writeEvents(2);
    // A poll of a minute: only the reconnect call can bring the rows out within this test.
    const relay = newRelay(bus, { pollMs: 60_000 });
    await relay.start();
    await waitFor(() => (relay as unknown as { failures: number }).failures > 0);
    bus.failAfter = Infinity;
    bus.reconnect();
    await waitFor(() => bus.published.length === 2);
    expect(bus.ids()).toEqual(ids);
    await relay.stop();
    // A stopped relay is no longer called.
    await writeEvents(1);
    bus.reconnect();
    await sleep(100);
    expect(bus.published).toHaveLength(2);
  });

  it('resumes where a stopped relay left off', async () => {
    const bus = new FakeBus();
    const before = await writeEvents(3);
    const relay = newRelay(bus);
    await relay.start();
    await waitFor(() => bus.published.length === 3);
    await relay.stop();

    const after = await writeEvents(2);
    await sleep(50);
    expect(bus.published).toHaveLength(3);
    await newRelay(bus).start();
    await waitFor(() => bus.published.length === 5);
    expect(bus.ids()).toEqual([...before, ...after]);
  });

  it('listens again after losing its listening connection', async () => {
    const bus = new FakeBus();
    await newRelay(bus, { pollMs: 60_000 }).start();
    const listen = `LISTEN ${escapeIdentifier(`${schema}_outbox`)}`;
    const listenerPids = async () => (await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE query = $1', [listen])).rows.map((r) => r.pid);
    const [lost] = await listenerPids();
    await pool.query('SELECT pg_terminate_backend($1)', [lost]);
    await waitFor(async () => (await listenerPids()).some((pid) => pid !== lost));
    const ids = await writeEvents(1);
    await waitFor(() => bus.published.length === 1);
    expect(bus.ids()).toEqual(ids);
  });

  describe('writes that publish before returning (publishBeforeReply)', () => {
    /** A pool of its own whose writes wait for their events, as a service's (createPool) that publishes before replying. */
    const publishingPool = (publishBeforeReturning: Publisher): ServicePool => Object.assign(new Pool({ connectionString: DATABASE_URL, max: 2 }), { publishBeforeReturning });

    /** A pool of its own whose writes wait for `relay` to publish them, recording the IDs waited for. */
    function waitingPool(relay: () => OutboxRelay) {
      const waited: string[][] = [];
      const own = publishingPool(async (ids) => {
        waited.push([...ids]);
        await relay().published(ids);
      });
      return { pool: own, waited };
    }

    const messageIdsOf = (rows: readonly string[]) => rows.map((id) => `${schema}:${identity}:${id}`);

    it('returns from a transaction that wrote events once they are out, without waking the relays', async () => {
      const bus = new FakeBus();
      // A poll of a minute and no notification: only the wait can publish within this test.
      const relay = newRelay(bus, { pollMs: 60_000 });
      await relay.start();
      const own = waitingPool(() => relay);
      await withTransaction(own.pool, async (tx) => {
        await writeOutbox(tx, schema, 'users.changed', { n: 1 });
        await writeOutboxRows(tx, schema, [
          { subject: 'users.changed', payload: { n: 2 } },
          { subject: 'users.changed', payload: { n: 3 } },
        ]);
        await sleep(150);
        expect(bus.published).toHaveLength(0);
      });
      expect(own.waited).toHaveLength(1);
      expect(bus.ids()).toEqual(messageIdsOf(own.waited[0]));
      expect(bus.published.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      // A transaction that wrote nothing, and one rolled back, wait for nothing.
      await withTransaction(own.pool, async (tx) => tx.query('SELECT 1'));
      await expect(
        withTransaction(own.pool, async (tx) => {
          await writeOutbox(tx, schema, 'users.changed', { lost: true });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(own.waited).toHaveLength(1);
      // A write outside any transaction waits for itself.
      await writeOutbox(own.pool, schema, 'users.changed', { n: 4 });
      expect(own.waited).toHaveLength(2);
      expect(bus.published.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
      await own.pool.end();
    });

    it('answers published() when another relay published the rows, or a rollback dropped them', async () => {
      const bus = new FakeBus();
      const [mine, theirs] = [newRelay(bus, { pollMs: 60_000 }), newRelay(bus, { pollMs: 60_000 })];
      await Promise.all([mine.start(), theirs.start()]);
      const taken = await writeEvents(2);
      await theirs.flush();
      const rowIds = (ids: string[]) => ids.map((id) => id.split(':').pop()!);
      await mine.published(rowIds(taken));
      // IDs no committed row has (a rolled-back transaction's).
      await mine.published(['999999998', '999999999']);
      expect(bus.ids()).toEqual(taken);
    });

    it('answers only once every row is out, and rejects while the bus fails', async () => {
      const bus = new FakeBus();
      const relay = newRelay(bus, { pollMs: 60_000, batchSize: 2 });
      await relay.start();
      const outcomes: unknown[] = [];
      const own = publishingPool(async (ids) => {
        await relay.published(ids).then(
          () => outcomes.push('published'),
          (err: Error) => outcomes.push(err.message),
        );
      });
      await withTransaction(own, async (tx) => {
        for (let n = 0; n < 5; n++) await writeOutbox(tx, schema, 'users.changed', { n });
      });
      expect(outcomes).toEqual(['published']);
      expect(bus.published).toHaveLength(5);
      bus.failAfter = bus.published.length;
      await writeOutbox(own, schema, 'users.changed', { n: 5 });
      expect(outcomes).toEqual(['published', 'bus unreachable']);
      bus.failAfter = Infinity;
      await own.end();
    });
  });

  it('refuses a payload JSON cannot carry', async () => {
    await expect(inTransaction((client) => writeOutbox(client, schema, 'users.created', undefined), false)).rejects.toThrow(/JSON/);
  });
});
