import type { Logger } from '../logger';

/** One event as a subscriber sees it. */
export interface BusMessage {
  subject: string;
  /** The publisher's message id (the outbox row id), so consumers can stay idempotent. */
  id: string;
  /** Parsed JSON. */
  data: unknown;
  /** What travels beside the payload: the W3C trace context of the change (see trace.ts). */
  headers?: Record<string, string>;
}

export type BusHandler = (msg: BusMessage) => Promise<void>;

export interface Subscription {
  /** Stops receiving; resolves once a handler that is running has finished. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** May use NATS wildcards (`users.>`, `users.*.changed`). */
  subject: string;
  /**
   * Given: a work queue shared by every replica that uses the same durable name; a message
   * is acknowledged after the handler resolves and delivered again if it throws or the
   * process dies. Absent: a broadcast, every subscriber in every process gets every
   * message published from now on.
   */
  durable?: string;
  /**
   * With `durable`: one message in flight across all the durable's replicas, so messages are
   * handled strictly in order (a dying replica's message is redelivered before any later
   * one). Costs throughput: the events service uses it, to keep each queue in order.
   */
  ordered?: boolean;
  handler: BusHandler;
}

export interface Bus {
  /** Publishes a JSON-serialisable payload; resolves when the bus has stored it. `id` dedupes. */
  publish(subject: string, data: unknown, id: string, headers?: Record<string, string>): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /** Makes sure the stream that owns `prefix.>` exists (named `prefix` upper-cased). */
  ensureStream(prefix: string): Promise<void>;
  /**
   * Calls `listener` each time the connection to the bus comes back after a loss (NATS
   * reconnects by itself), so that whoever backed off while it was gone can go on at once.
   * Returns the function that stops the calls. A bus that cannot lose its connection never calls.
   */
  onReconnect?(listener: () => void): () => void;
  /**
   * Calls `listener` each time the connection to the bus is lost (what is published meanwhile
   * does not reach this process's broadcasts). Returns the function that stops the calls.
   */
  onDisconnect?(listener: () => void): () => void;
  /**
   * Resolves once this process's broadcast subscriptions have handled every message the bus
   * had on its way to them when sync() was called (one round trip to the bus, then their
   * handlers): whoever got the answer of a change (its publisher waits for the bus before
   * answering, ADR 0018) and then asks here finds every broadcast subscriber here told of it.
   * Durable subscriptions are not waited for. Never rejects; it waits at most SYNC_WAIT_MS
   * (a bus away or a handler retrying delays nothing longer).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The longest Bus.sync() waits. */
export const SYNC_WAIT_MS = 1_000;

/**
 * Counts the messages a broadcast subscription has handled, for Bus.sync(): upTo(n, ms)
 * resolves once n in all have been handled, the subscription has stopped, or `ms` have
 * passed. Its waiters are the sync() calls under way, one each, and each leaves when it
 * resolves: a handler that never ends keeps no more of them than `ms` of requests.
 */
export class HandledCount {
  private handled = 0;
  private stopped = false;
  private readonly waiters = new Set<{ n: number; resolve: () => void }>();

  /** One more message handled (or dropped after its retries). */
  done(): void {
    this.handled++;
    for (const w of this.waiters) if (w.n <= this.handled) w.resolve();
  }

  upTo(n: number, ms: number): Promise<void> {
    if (this.stopped || n <= this.handled || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        n,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.resolve, ms);
      this.waiters.add(waiter);
    });
  }

  /** How many upTo() calls wait. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** No more messages: every waiter goes on. */
  stop(): void {
    this.stopped = true;
    for (const w of this.waiters) w.resolve();
  }
}

/** The stream owning a subject is named after its first token: `users.x.y` → USERS. */
export function streamOf(subject: string): string {
  const prefix = subject.split('.')[0];
  if (!prefix || prefix === '*' || prefix === '>') {
    throw new Error(`subject '${subject}' does not name its owning stream in its first token`);
  }
  return prefix.toUpperCase();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A payload encoded as JSON already (the outbox relay's rows, as PostgreSQL prints them): a
 * bus carries its text as it is, and subscribers receive the value it encodes.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Serialises a payload the way every bus carries it; refuses what JSON cannot carry. */
/**
 * The bus refused a payload for its size (NATS: past the server's max_payload, even gzipped):
 * no retry can publish it.
 */
export function isPayloadTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'MAX_PAYLOAD_EXCEEDED';
}

export function encodeJson(data: unknown): string {
  if (data instanceof JsonText) return data.text;
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('bus payload is not JSON-serialisable');
  return json;
}

/**
 * Runs a handler, retrying with a growing delay; after the last attempt the error is logged,
 * so that a dropped event always leaves a trace.
 */
export async function runWithRetry(handler: BusHandler, msg: BusMessage, log: Logger, retryDelaysMs: readonly number[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await handler(msg);
      return;
    } catch (err) {
      if (attempt >= retryDelaysMs.length) {
        log.error({ err, subject: msg.subject, id: msg.id, attempts: attempt + 1 }, 'bus handler failed; event dropped');
        return;
      }
      log.warn({ err, subject: msg.subject, id: msg.id, attempt: attempt + 1 }, 'bus handler failed; retrying');
      await sleep(retryDelaysMs[attempt]);
    }
  }
}
