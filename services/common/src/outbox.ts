import { AsyncLocalStorage } from 'node:async_hooks';
import { Client, Pool, PoolClient, escapeIdentifier } from 'pg';
import type { Bus } from './bus/bus';
import { encodeJson } from './bus/bus';
import { currentTraceHeaders, publishTraced } from './bus/trace';
import type { Logger } from './logger';

const MAX_BACKOFF_MS = 30_000;
const RELISTEN_DELAY_MS = 1_000;

/** The channel a schema's relays LISTEN on. */
function channelOf(schema: string): string {
  return `${schema}_outbox`;
}

/** The schemas whose outbox the work run by trackOutboxWrites wrote to. */
const outboxWrites = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `fn`, and says which schemas' outboxes it wrote rows to (committed or not: a rollback
 * is noticed by the flush that finds nothing to publish).
 */
export async function trackOutboxWrites<T>(fn: () => Promise<T>): Promise<{ result: T; schemas: Set<string> }> {
  const schemas = new Set<string>();
  const result = await outboxWrites.run(schemas, fn);
  return { result, schemas };
}

/**
 * Writes an event to the service's outbox inside the caller's transaction, and wakes the
 * relays when that transaction commits (a rollback drops both).
 */
export function writeOutbox(
  db: { query: PoolClient['query'] }, schema: string, subject: string, payload: unknown,
): Promise<void> {
  return writeOutboxRows(db, schema, [{ subject, payload }]);
}

/**
 * Writes several events to the outbox, in this order, in one statement (one round trip
 * whatever their number), with the same guarantees as writeOutbox.
 */
export async function writeOutboxRows(
  db: { query: PoolClient['query'] }, schema: string, events: { subject: string; payload: unknown }[],
): Promise<void> {
  if (!events.length) return;
  outboxWrites.getStore()?.add(schema);
  // The request's trace goes with the rows, so their consumers' spans join that trace.
  const traceparent = currentTraceHeaders().traceparent ?? null;
  await db.query(
    `WITH rows AS (
       INSERT INTO ${escapeIdentifier(schema)}.outbox (subject, payload, trace)
       SELECT e.subject, e.payload, $4 FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS e(subject, payload, n) ORDER BY e.n
       RETURNING id)
     SELECT pg_notify($3, '') FROM rows LIMIT 1`,
    [events.map((e) => e.subject), events.map((e) => encodeJson(e.payload)), channelOf(schema), traceparent],
  );
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
  payload: unknown;
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
  private stopReconnectCalls?: () => void;

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

  async stop(): Promise<void> {
    this.stopped = true;
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
    try {
      while ((await this.publishBatch(false)) === this.batchSize && !this.stopped);
      this.failures = 0;
      this.retryAt = 0;
    } catch (err) {
      this.failures++;
      const delay = Math.min(MAX_BACKOFF_MS, this.pollMs * 2 ** (this.failures - 1));
      this.retryAt = Date.now() + delay;
      this.opts.log.warn({ err, schema: this.opts.schema, retryInMs: delay }, 'outbox relay failed; will retry');
    }
  }

  /**
   * Claims, publishes and marks one batch in a transaction; returns how many rows it claimed.
   * Rows published before a failure are still marked sent; the rest stay for the next run.
   */
  private async publishBatch(waitForLock: boolean): Promise<number> {
    const { claimed, error } = await inTransaction(this.opts.pool, async (client) => {
      const rows = (await this.lock(client, waitForLock)) ? await this.claim(client) : [];
      const { sent, error } = await this.publishRows(rows);
      if (sent.length > 0) await client.query(`UPDATE ${this.table} SET sent_at = now() WHERE id = ANY($1::bigint[])`, [sent]);
      return { claimed: rows.length, error };
    });
    if (error) throw error;
    return claimed;
  }

  /**
   * One relay of a schema at a time, so replicas cannot publish two batches out of order;
   * SKIP LOCKED below still keeps them from ever taking the same row.
   */
  private async lock(client: PoolClient, wait: boolean): Promise<boolean> {
    const key = '$1::regclass::oid::bigint';
    if (wait) {
      await client.query(`SELECT pg_advisory_xact_lock(${key})`, [this.table]);
      return true;
    }
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${key}) AS locked`, [this.table]);
    return rows[0].locked;
  }

  private async loadIdentity(): Promise<void> {
    if (this.identity) return;
    const { rows } = await this.opts.pool.query<{ identity: string }>(
      `SELECT identity FROM ${escapeIdentifier(this.opts.schema)}.outbox_identity LIMIT 1`,
    );
    if (!rows[0]) throw new Error(`${this.opts.schema}.outbox_identity is empty: run the service's migrations`);
    this.identity = rows[0].identity;
  }

  private async claim(client: PoolClient): Promise<OutboxRow[]> {
    const { rows } = await client.query<OutboxRow>(
      `SELECT id, subject, payload, trace FROM ${this.table} WHERE sent_at IS NULL
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [this.batchSize],
    );
    return rows;
  }

  /** Publishes in order and stops at the first failure, so a later row never overtakes it. */
  private async publishRows(rows: OutboxRow[]): Promise<{ sent: string[]; error?: unknown }> {
    const sent: string[] = [];
    for (const row of rows) {
      try {
        await publishTraced(row.subject, row.trace, (headers) =>
          this.opts.bus.publish(row.subject, row.payload, `${this.opts.schema}:${this.identity}:${row.id}`, headers));
      } catch (error) {
        return { sent, error };
      }
      sent.push(row.id);
    }
    return { sent };
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
      this.listen().then(() => this.kick(), (err: unknown) => {
        this.opts.log.warn({ err, schema: this.opts.schema }, 'outbox listener could not reconnect');
        this.scheduleListen();
      });
    }, RELISTEN_DELAY_MS);
  }
}

/** Runs `fn` in a transaction on a pool client; a client whose rollback fails is discarded. */
async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (err) {
    client.release(await client.query('ROLLBACK').then(() => undefined, (e: Error) => e));
    throw err;
  }
}
