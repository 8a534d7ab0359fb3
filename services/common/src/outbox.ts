import { Client, ClientBase, Pool, PoolClient, QueryResult, escapeIdentifier } from 'pg';
import { join } from 'node:path';
import type { Bus } from './bus/bus';
import type { BusPayloads, BusSubject } from './bus/subjects';
import { encodeJson, isPayloadTooLarge, JsonText } from './bus/bus';
import { currentTraceHeaders, publishTraced } from './bus/trace';
import type { Logger } from './logger';
import { coalesced } from './promises';

const MAX_BACKOFF_MS = 30_000;
const RELISTEN_DELAY_MS = 1_000;

/** Outbox rows in ID order (IDs are bigints, as text). */
const byId = (a: { id: string }, b: { id: string }) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The channel a schema's relays LISTEN on. */
function channelOf(schema: string): string {
  return `${schema}_outbox`;
}

/** Waits for outbox rows to be published (publishBeforeReply); never rejects. */
export type Publisher = (ids: readonly string[]) => Promise<void>;

/**
 * A service's pool (createPool) and whether its writes wait for their events (ADR 0018):
 * with `publishBeforeReturning` set (runService does, for publishBeforeReply), a transaction
 * on it (withTransaction) that wrote outbox rows returns once they are published, and so does
 * a write to the outbox made on it outside any transaction: whoever acts on the change finds
 * every subscriber told (ADR 0010). Such writes wake no relay: the publisher does
 * (OutboxRelay.published); the relays' poll is the backstop. Without it (the uploads
 * service, the CLI's pool, a test's plain pg.Pool) a write wakes the relays and returns.
 */
export interface ServicePool extends Pool {
  readonly publishBeforeReturning?: Publisher;
}

/**
 * A transaction's client (withTransaction) on a pool that publishes before returning: the
 * outbox rows it wrote, which it waits for once it has committed (see ServicePool).
 */
export interface PublishingTransaction extends PoolClient {
  outboxRowsToPublish?: string[];
}

/** Where an outbox write runs: a transaction's client, or a pool (one statement, no transaction). */
export interface OutboxDb {
  query: PoolClient['query'];
  /** Set on a ServicePool whose writes wait for their events. */
  readonly publishBeforeReturning?: Publisher;
  /** Set on a PublishingTransaction while it is open. */
  readonly outboxRowsToPublish?: string[];
}

/**
 * Follows a transaction on `pool` (withTransaction): published() waits for the outbox rows
 * it wrote, once it has committed; forget() drops them (a rollback). A pool without
 * publishBeforeReturning: nothing to wait for.
 */
export function followTransaction(pool: ServicePool, client: PublishingTransaction): { published(): Promise<void>; forget(): void } {
  const publish = pool.publishBeforeReturning;
  const rows: string[] = [];
  if (publish) client.outboxRowsToPublish = rows;
  // The client goes back to the pool: it takes no list to its next transaction.
  const end = () => delete client.outboxRowsToPublish;
  return {
    published: async () => {
      end();
      if (publish && rows.length) await publish(rows);
    },
    forget: end,
  };
}

/**
 * Writes an event to the service's outbox inside the caller's transaction, and wakes the
 * relays when that transaction commits (a rollback drops both).
 */
export function writeOutbox<S extends BusSubject>(db: OutboxDb, schema: string, subject: S, payload: BusPayloads[S]): Promise<void> {
  return writeOutboxRows(db, schema, [{ subject, payload } as OutboxEvent]);
}

/** An event for the outbox: a subject of the bus's map and the payload it carries (bus/subjects.ts). */
export type OutboxEvent = { [S in BusSubject]: { subject: S; payload: BusPayloads[S] } }[BusSubject];

/**
 * Writes several events to the outbox, in this order, in one statement (one round trip
 * whatever their number), with the same guarantees as writeOutbox. On a pool that publishes
 * before returning (ServicePool.publishBeforeReturning) the rows are published before the
 * transaction's end returns, or before this returns outside a transaction.
 */
export async function writeOutboxRows(db: OutboxDb, schema: string, events: OutboxEvent[]): Promise<void> {
  if (!events.length) return;
  const part = outboxPart(db, schema, events, 1);
  const { rows } = await db.query<{ ids: string[] }>(`WITH ${part.ctes} SELECT ${part.select} AS ids`, part.params);
  await part.written(rows[0].ids);
}

/**
 * The outbox writes of a statement that writes other things too, so that a change and its
 * events take one round trip and need no transaction (a single statement is atomic):
 * `ctes` to put in its WITH (the insert, named `outbox_rows`, and the relays' wake-up where
 * one is due), `select`, an expression for the statement to answer (the rows' IDs, as text[]),
 * and `written`, to call with that answer. Parameters are numbered from `firstParam`.
 * `payloadSql` may compute each payload from `e.payload` (`e.n` is its place in `events`, from
 * 1) and the tables in `from` (other CTEs of the statement, with a trailing comma) joined by
 * `where`, as a message's events take its new ID. An event carries the trace of the request
 * that made it (`trace`, when it was made in another request's statement), else this one's.
 */
export function outboxPart(
  db: OutboxDb,
  schema: string,
  events: (OutboxEvent & { trace?: string | null })[],
  firstParam: number,
  opts: { from?: string; where?: string; payloadSql?: string } = {},
): { ctes: string; select: string; params: unknown[]; written: (ids: string[] | null) => Promise<void> } {
  // In a transaction that publishes before returning, the rows wait for its commit; on a pool
  // that does, for this statement.
  const txRows = db.outboxRowsToPublish;
  const publish = txRows ? undefined : db.publishBeforeReturning;
  const waits = !!(txRows ?? publish);
  const [subjects, payloads, traces, channel] = [0, 1, 2, 3].map((i) => `$${firstParam + i}`);
  const insert = `outbox_rows AS (
       INSERT INTO ${escapeIdentifier(schema)}.outbox (subject, payload, trace)
       SELECT e.subject, ${opts.payloadSql ?? 'e.payload'}, e.trace
         FROM ${opts.from ?? ''} ROWS FROM (unnest(${subjects}::text[]), jsonb_array_elements(${payloads}::jsonb), unnest(${traces}::text[]))
           WITH ORDINALITY AS e(subject, payload, trace, n)${opts.where ? ` WHERE ${opts.where}` : ''}
       ORDER BY e.n RETURNING id)`;
  // Where the writer waits for its rows to be published, that wait wakes the relay; elsewhere
  // the relays are told when the change commits.
  const wake = waits ? '' : `, outbox_wake AS (SELECT pg_notify(${channel}, '') FROM outbox_rows LIMIT 1)`;
  return {
    ctes: insert + wake,
    select: `(SELECT array_agg(id::text ORDER BY id) FROM outbox_rows)${waits ? '' : ' || (SELECT ARRAY[]::text[] FROM outbox_wake)'}`,
    // The request's trace goes with the rows, so their consumers' spans join that trace.
    // The payloads go as one JSON array: a jsonb[] parameter would have pg escape every
    // character of every payload into an array literal.
    params: [events.map((e) => e.subject), `[${events.map((e) => encodeJson(e.payload)).join(',')}]`, traceOf(events), ...(waits ? [] : [channelOf(schema)])],
    written: async (ids) => {
      if (txRows) txRows.push(...(ids ?? []));
      else if (publish && ids?.length) await publish(ids);
    },
  };
}

/** Each event's trace: its own, else the current request's (looked up once, if any event needs it). */
function traceOf(events: { trace?: string | null }[]): (string | null)[] {
  let current: string | null | undefined;
  return events.map((e) => (e.trace !== undefined ? e.trace : (current ??= currentTraceHeaders().traceparent ?? null)));
}

/**
 * The outbox's migrations, one source for every service that owns a schema: runMigrations
 * applies them before the service's own, and records them in the schema's outbox_migrations
 * table (the service's own are in pgmigrations). services/common/migrations/outbox, from src/
 * or dist/.
 */
export const OUTBOX_MIGRATIONS_DIR = join(__dirname, '../migrations/outbox');
export const OUTBOX_MIGRATIONS_TABLE = 'outbox_migrations';

/**
 * The copies each service had of the outbox's migrations before they were common (ADR 0018),
 * as its pgmigrations names them, by the common migration each one was.
 */
export const OUTBOX_MIGRATION_COPIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  users: { '0001_outbox': '0001_outbox', '0008_outbox_trace': '0002_outbox_trace' },
  channels: { '0001_outbox': '0001_outbox', '0005_outbox_trace': '0002_outbox_trace' },
  messages: { '0001_outbox': '0001_outbox', '0010_outbox_trace': '0002_outbox_trace' },
  uploads: { '0001_outbox': '0001_outbox', '0004_outbox_trace': '0002_outbox_trace' },
};

/**
 * A schema migrated while the service had its copies: their records move from pgmigrations
 * to outbox_migrations, under the common migrations' names, so that nothing runs again and
 * the service's list matches its folder (the runner checks their order). One transaction,
 * run under the schema's migration lock; a schema with no such records is left as it is.
 * Returns the common migrations it recorded.
 */
export async function adoptOutboxMigrationCopies(client: ClientBase, schema: string, service: string): Promise<string[]> {
  const copies = Object.entries(OUTBOX_MIGRATION_COPIES[service] ?? {});
  const s = escapeIdentifier(schema);
  const {
    rows: [found],
  } = await client.query<{ copies: boolean }>(`SELECT to_regclass(format('%I.pgmigrations', $1::text)) IS NOT NULL AS copies`, [schema]);
  if (!copies.length || !found.copies) return [];
  const {
    rows: [held],
  } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s}.pgmigrations WHERE name = ANY($1::text[])`, [copies.map(([old]) => old)]);
  if (!held.n) return [];
  await client.query('BEGIN');
  try {
    // The table as the runner makes it (node-pg-migrate's migrations table).
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.${OUTBOX_MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL)`);
    const { rows } = await client.query<{ name: string }>(
      `WITH copies(old, new) AS (SELECT * FROM unnest($1::text[], $2::text[])),
       moved AS (DELETE FROM ${s}.pgmigrations p USING copies c WHERE p.name = c.old RETURNING c.new AS name, p.run_on, p.id)
       INSERT INTO ${s}.${OUTBOX_MIGRATIONS_TABLE} (name, run_on)
       SELECT name, run_on FROM moved WHERE name NOT IN (SELECT name FROM ${s}.${OUTBOX_MIGRATIONS_TABLE}) ORDER BY run_on, id
       RETURNING name`,
      [copies.map(([old]) => old), copies.map(([, common]) => common)],
    );
    await client.query('COMMIT');
    return rows.map((r) => r.name);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export interface OutboxRelayOptions {
  pool: Pool;
  schema: string;
  bus: Bus;
  log: Logger;
  /** Fallback poll for a missed notification; also the first step of the failure backoff. */
  pollMs?: number;
  batchSize?: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  /** The payload as PostgreSQL prints its jsonb: published as it is, never parsed here. */
  payload: string;
  /** The W3C traceparent of the request that wrote the row, when tracing is on. */
  trace: string | null;
}

/**
 * Publishes a schema's outbox to the bus in id order, each row with the message id
 * `${schema}:${identity}:${id}` so that a row published twice (crash before the commit) is
 * deduped, and a rebuilt database's rows are not (see the outbox_identity table).
 */
export class OutboxRelay {
  private readonly table: string;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  private relistenTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rerun = false;
  private failures = 0;
  private retryAt = 0;
  private stopped = true;
  private identity?: string;
  private key?: string;
  private stopReconnectCalls?: () => void;
  /** Who waits for which rows (published()): each row's waiter, by row ID. */
  private readonly awaited = new Map<string, { pending: number; done: () => void }>();
  /** Resolved when the next run that starts ends (see published()). */
  private nextRunEnded: (() => void)[] = [];
  /**
   * published()'s flushes, shared by concurrent callers: a burst of writes (or an outage,
   * when each flush waits for the bus) holds one pool connection for them, not one each.
   */
  private readonly sharedFlush = coalesced(() => this.flush());

  constructor(private readonly opts: OutboxRelayOptions) {
    this.table = `${escapeIdentifier(opts.schema)}.outbox`;
    this.pollMs = opts.pollMs ?? 1_000;
    this.batchSize = opts.batchSize ?? 100;
  }

  /** Starts listening for new rows and publishes what is already waiting. */
  async start(): Promise<void> {
    await this.loadIdentity();
    this.stopped = false;
    await this.listen();
    this.pollTimer = setInterval(() => this.kick(), this.pollMs);
    // Back from an outage: publish what waited now, not when the backoff (up to 30 s) ends.
    this.stopReconnectCalls = this.opts.bus.onReconnect?.(() => {
      this.failures = 0;
      this.retryAt = 0;
      this.kick();
    });
    this.kick();
  }

  /** Publishes everything unsent now, waiting for another relay that is at it; rejects if the bus fails. */
  async flush(): Promise<void> {
    await this.loadIdentity();
    while ((await this.publishBatch(true)) === this.batchSize);
  }

  /**
   * Resolves once rows `ids` (written by work whose transactions have ended) are published:
   * by this relay's next run, which this kicks, or, when that run did not publish them all
   * (another replica's relay took them, or a transaction was rolled back), by a flush that
   * waits for any relay at work. Rejects if the bus fails; may wait out a relay's backoff.
   */
  async published(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const waiter = { pending: ids.length, done: () => undefined as void };
    const all = new Promise<void>((resolve) => (waiter.done = resolve));
    for (const id of ids) this.awaited.set(id, waiter);
    try {
      await Promise.race([all, this.nextRun()]);
      if (waiter.pending > 0) await this.sharedFlush();
    } finally {
      for (const id of ids) this.awaited.delete(id);
    }
  }

  /** Kicks a run and resolves when it ends; at once when none can start now (stopped, backing off). */
  private nextRun(): Promise<void> {
    if (this.stopped || Date.now() < this.retryAt) return Promise.resolve();
    return new Promise((resolve) => {
      this.nextRunEnded.push(resolve);
      this.kick();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // No run starts now: who waits for one is answered (published() then flushes).
    for (const resolve of this.nextRunEnded.splice(0)) resolve();
    this.stopReconnectCalls?.();
    clearInterval(this.pollTimer);
    clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.running;
  }

  /** Starts a background run, or asks the current one to look again when it is done. */
  private kick(): void {
    if (this.stopped || Date.now() < this.retryAt) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.kick();
      }
    });
  }

  private async drain(): Promise<void> {
    // Whoever asked for the next run before it started is answered when it ends.
    const ended = this.nextRunEnded;
    this.nextRunEnded = [];
    try {
      while ((await this.publishBatch(false)) === this.batchSize && !this.stopped);
      this.failures = 0;
      this.retryAt = 0;
    } catch (err) {
      this.failures++;
      const delay = Math.min(MAX_BACKOFF_MS, this.pollMs * 2 ** (this.failures - 1));
      this.retryAt = Date.now() + delay;
      this.opts.log.warn({ err, schema: this.opts.schema, retryInMs: delay }, 'outbox relay failed; will retry');
    } finally {
      for (const resolve of ended) resolve();
    }
  }

  /**
   * Claims, publishes and marks one batch in a transaction; returns how many rows it claimed.
   * Rows published before a failure are still marked sent; the rest stay for the next run.
   * Two round trips besides the publishes: the transaction, the relays' lock, the claim and
   * the mark in one, the commit in the other (a mark is undone for a row that did not go out,
   * and a crash before the commit undoes them all). The commit does not wait for the disk.
   */
  private async publishBatch(waitForLock: boolean): Promise<number> {
    const lockKey = await this.lockKey();
    const client = await this.opts.pool.connect();
    let rows: OutboxRow[];
    let failure: { error: unknown } | undefined;
    try {
      // The marks need not wait for the disk: lost in a crash, they only make the rows go out
      // again, which their message IDs dedupe.
      const [, , claim] = (await client.query(`BEGIN; SET LOCAL synchronous_commit TO off; ${this.claimSql(lockKey, waitForLock)}`)) as unknown as QueryResult<OutboxRow>[];
      rows = claim.rows.sort(byId);
      let sent: string[];
      ({ sent, failure } = await this.publishRows(rows));
      if (sent.length < rows.length) {
        await client.query(`UPDATE ${this.table} SET sent_at = NULL WHERE id = ANY($1::bigint[])`, [rows.slice(sent.length).map((r) => r.id)]);
      }
      await client.query('COMMIT');
    } catch (err) {
      // A client whose rollback failed is discarded.
      client.release(
        await client.query('ROLLBACK').then(
          () => undefined,
          (e: Error) => e,
        ),
      );
      throw err;
    }
    client.release();
    if (failure) throw failure.error;
    return rows.length;
  }

  /**
   * One relay of a schema at a time (a transaction-scoped advisory lock, taken once), so
   * replicas cannot publish two batches out of order; SKIP LOCKED still keeps them from ever
   * taking the same row. Without `wait`, a relay that finds the lock taken claims nothing.
   */
  private claimSql(lockKey: string, wait: boolean): string {
    const lock = wait ? `SELECT true AS held FROM (SELECT pg_advisory_xact_lock(${lockKey})) AS l` : `SELECT pg_try_advisory_xact_lock(${lockKey}) AS held`;
    return `WITH lock AS MATERIALIZED (${lock}),
      claimed AS (SELECT id FROM ${this.table} WHERE sent_at IS NULL AND (SELECT held FROM lock)
        ORDER BY id LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED)
      UPDATE ${this.table} AS o SET sent_at = now() FROM claimed WHERE o.id = claimed.id
      RETURNING o.id, o.subject, o.payload::text AS payload, o.trace`;
  }

  /** The relays' advisory lock key: the outbox table's OID. */
  private async lockKey(): Promise<string> {
    if (!this.key) {
      const { rows } = await this.opts.pool.query<{ key: string }>('SELECT $1::regclass::oid::bigint AS key', [this.table]);
      this.key = rows[0].key;
    }
    return this.key;
  }

  private async loadIdentity(): Promise<void> {
    if (this.identity) return;
    const { rows } = await this.opts.pool.query<{ identity: string }>(`SELECT identity FROM ${escapeIdentifier(this.opts.schema)}.outbox_identity LIMIT 1`);
    if (!rows[0]) throw new Error(`${this.opts.schema}.outbox_identity is empty: run the service's migrations`);
    this.identity = rows[0].identity;
  }

  /** Publishes in order and stops at the first failure, so a later row never overtakes it. */
  private async publishRows(rows: OutboxRow[]): Promise<{ sent: string[]; failure?: { error: unknown } }> {
    const sent: string[] = [];
    for (const row of rows) {
      try {
        await publishTraced(row.subject, row.trace, (headers) => this.opts.bus.publish(row.subject, new JsonText(row.payload), `${this.opts.schema}:${this.identity}:${row.id}`, headers));
      } catch (error) {
        if (!isPayloadTooLarge(error)) return { sent, failure: { error } };
        // A row the bus can never take would hold back every row after it for ever: it is
        // dropped, loudly. (Event payloads are gzipped past 64 KiB, so this takes an event of
        // megabytes that do not compress.)
        this.opts.log.error({ err: error, schema: this.opts.schema, row: row.id, subject: row.subject, bytes: Buffer.byteLength(row.payload) }, 'outbox row too large for the bus: dropped');
      }
      sent.push(row.id);
      this.sentNow(row.id);
    }
    return { sent };
  }

  /** A row is published: its waiter has one fewer to wait for. */
  private sentNow(id: string): void {
    const waiter = this.awaited.get(id);
    if (!waiter) return;
    this.awaited.delete(id);
    if (--waiter.pending === 0) waiter.done();
  }

  /** LISTENs on a connection of its own, so a notification wakes the relay at once. */
  private async listen(): Promise<void> {
    const client = new Client(this.opts.pool.options);
    client.on('notification', () => this.kick());
    client.on('error', (err) => this.dropListener(client, err));
    client.on('end', () => this.dropListener(client, new Error('listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${escapeIdentifier(channelOf(this.opts.schema))}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) await client.end();
    else this.listener = client;
  }

  /** A lost listener is replaced in the background; meanwhile the poll keeps rows moving. */
  private dropListener(client: Client, err: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    this.opts.log.warn({ err, schema: this.opts.schema }, 'outbox listener lost; reconnecting');
    void client.end().catch(() => undefined);
    this.scheduleListen();
  }

  private scheduleListen(): void {
    this.relistenTimer = setTimeout(() => {
      if (this.stopped) return;
      this.listen().then(
        () => this.kick(),
        (err: unknown) => {
          this.opts.log.warn({ err, schema: this.opts.schema }, 'outbox listener could not reconnect');
          this.scheduleListen();
        },
      );
    }, RELISTEN_DELAY_MS);
  }
}
