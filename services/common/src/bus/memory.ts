import type { Logger } from '../logger';
import { Bus, BusHandler, BusMessage, HandledCount, SubscribeOptions, Subscription, SYNC_WAIT_MS, encodeJson, runWithRetry, streamOf } from './bus';
import { tracedHandler } from './trace';

/** Matches a subject against a NATS pattern: `*` is exactly one token, a final `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return have.length > i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}

/** Messages waiting for whichever worker asks first: one per broadcast subscriber, one per durable name. */
class MessageQueue {
  private readonly messages: BusMessage[] = [];
  private readonly waiting = new Set<(msg: BusMessage) => void>();
  /** For ordered durables: the worker holding the one message in flight releases this. */
  private turn: Promise<void> = Promise.resolve();
  /** How many messages were ever pushed (for MemoryBus.sync()). */
  pushed = 0;

  constructor(readonly subject: string) {}

  push(msg: BusMessage): void {
    this.pushed++;
    const [take] = this.waiting;
    if (!take) {
      this.messages.push(msg);
      return;
    }
    this.waiting.delete(take);
    take(msg);
  }

  /** Waits for the previous holder to finish; the returned function ends this turn. */
  async takeTurn(): Promise<() => void> {
    let release!: () => void;
    const previous = this.turn;
    this.turn = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }

  /** The next message, or null once `signal` aborts. */
  next(signal: AbortSignal): Promise<BusMessage | null> {
    if (signal.aborted) return Promise.resolve(null);
    const queued = this.messages.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const take = (msg: BusMessage) => {
        signal.removeEventListener('abort', abort);
        resolve(msg);
      };
      const abort = () => {
        this.waiting.delete(take);
        resolve(null);
      };
      this.waiting.add(take);
      signal.addEventListener('abort', abort, { once: true });
    });
  }
}

export interface MemoryHubOptions {
  /** How long a message id is remembered for dedupe, like JetStream's duplicate window. */
  dedupeWindowMs?: number;
  /** Bounds the memory the dedupe window can take under a burst. */
  dedupeMaxIds?: number;
}

/** Routing shared by every MemoryBus of a process; the stand-in for the NATS server. */
export class MemoryHub {
  private readonly broadcasts = new Set<MessageQueue>();
  private readonly durables = new Map<string, MessageQueue>();
  private readonly seen = new Map<string, number>();
  private readonly dedupeWindowMs: number;
  private readonly dedupeMaxIds: number;

  constructor(opts: MemoryHubOptions = {}) {
    this.dedupeWindowMs = opts.dedupeWindowMs ?? 120_000;
    this.dedupeMaxIds = opts.dedupeMaxIds ?? 100_000;
  }

  /**
   * Until release(), what is published is kept here, in order, and then delivered to the
   * subscribers there are by then. NATS keeps a stream's messages for a durable consumer made
   * later (DeliverPolicy.All); this hub delivers only to the queues that exist when a message
   * comes, so Parley in one process holds it while its services start (holdProcessBus): the
   * outbox rows written while it was stopped (a realm, a user the CLI made) reach consumers
   * that subscribe after the first service's relay publishes them. Bounded by those rows.
   */
  private held?: { subject: string; json: string; id: string; headers?: Record<string, string> }[];

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const m of held) this.deliver(m.subject, m.json, m.id, m.headers);
  }

  publish(subject: string, data: unknown, id: string, headers?: Record<string, string>): void {
    if (/(^|\.)[*>](\.|$)/.test(subject)) throw new Error(`cannot publish to wildcard subject '${subject}'`);
    const json = encodeJson(data);
    if (this.isDuplicate(streamOf(subject), id)) return;
    if (this.held) this.held.push({ subject, json, id, headers });
    else this.deliver(subject, json, id, headers);
  }

  private deliver(subject: string, json: string, id: string, headers?: Record<string, string>): void {
    const queues = [...this.broadcasts, ...this.durables.values()];
    for (const queue of queues) {
      // Each subscriber gets its own parsed copy, as it would from NATS.
      if (subjectMatches(queue.subject, subject)) queue.push({ subject, id, data: JSON.parse(json), ...(headers && Object.keys(headers).length ? { headers: { ...headers } } : {}) });
    }
  }

  broadcastQueue(subject: string): MessageQueue {
    const queue = new MessageQueue(subject);
    this.broadcasts.add(queue);
    return queue;
  }

  removeBroadcast(queue: MessageQueue): void {
    this.broadcasts.delete(queue);
  }

  /**
   * The queue of a durable name; like a JetStream durable consumer it outlives its
   * subscribers and keeps messages for the next one. Durable names are per stream.
   */
  durableQueue(subject: string, durable: string): MessageQueue {
    const key = `${streamOf(subject)} ${durable}`;
    const queue = this.durables.get(key) ?? new MessageQueue(subject);
    if (queue.subject !== subject) {
      throw new Error(`durable '${durable}' already reads '${queue.subject}', not '${subject}'`);
    }
    this.durables.set(key, queue);
    return queue;
  }

  private isDuplicate(stream: string, id: string): boolean {
    const now = Date.now();
    // Ids are kept in arrival order, so the expired ones are at the front.
    for (const [key, expiresAt] of this.seen) {
      if (expiresAt > now && this.seen.size < this.dedupeMaxIds) break;
      this.seen.delete(key);
    }
    const key = `${stream} ${id}`;
    if (this.seen.has(key)) return true;
    this.seen.set(key, now + this.dedupeWindowMs);
    return false;
  }
}

export interface MemoryBusOptions {
  /** Delays between a failing handler's attempts; after the last one the event is logged and dropped. */
  retryDelaysMs?: readonly number[];
}

/** One service's view of a MemoryHub: closing it stops only its own subscriptions. */
export class MemoryBus implements Bus {
  private readonly subscriptions = new Set<Subscription>();
  /** This bus's broadcast subscriptions' queues, with what each has handled (for sync()). */
  private readonly broadcasts = new Set<{ queue: MessageQueue; handled: HandledCount }>();
  private readonly retryDelaysMs: readonly number[];
  private closed = false;

  constructor(
    private readonly hub: MemoryHub,
    private readonly log: Logger,
    opts: MemoryBusOptions = {},
  ) {
    this.retryDelaysMs = opts.retryDelaysMs ?? [100, 500, 2_000];
  }

  async publish(subject: string, data: unknown, id: string, headers?: Record<string, string>): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    this.hub.publish(subject, data, id, headers);
  }

  async subscribe({ subject, durable, ordered, handler: untraced }: SubscribeOptions): Promise<Subscription> {
    const handler = tracedHandler(untraced);
    if (this.closed) throw new Error('bus is closed');
    const queue = durable ? this.hub.durableQueue(subject, durable) : this.hub.broadcastQueue(subject);
    const broadcast = durable ? undefined : { queue, handled: new HandledCount() };
    if (broadcast) this.broadcasts.add(broadcast);
    const stopWorker = this.work(queue, handler, !!(durable && ordered), broadcast?.handled);
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        if (broadcast) {
          // Stopped, it is waited for no more (not even for the handler it finishes).
          this.broadcasts.delete(broadcast);
          broadcast.handled.stop();
          this.hub.removeBroadcast(queue);
        }
        await stopWorker();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ensureStream(): Promise<void> {}

  /** Publishing is synchronous here: every message published before the call is queued already. */
  async sync(): Promise<void> {
    await Promise.all([...this.broadcasts].map((b) => b.handled.upTo(b.queue.pushed, SYNC_WAIT_MS)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  /**
   * Handles the queue's messages one at a time, in order; when `ordered`, also one at a
   * time across every worker of the queue. Returns a function that stops it.
   */
  private work(queue: MessageQueue, handler: BusHandler, ordered: boolean, handled?: HandledCount): () => Promise<void> {
    const abort = new AbortController();
    const done = (async () => {
      for (;;) {
        const endTurn = ordered ? await queue.takeTurn() : () => undefined;
        try {
          const msg = await queue.next(abort.signal);
          if (!msg) return;
          await runWithRetry(handler, msg, this.log, this.retryDelaysMs);
          handled?.done();
        } finally {
          endTurn();
        }
      }
    })();
    return async () => {
      abort.abort();
      await done;
    };
  }
}
