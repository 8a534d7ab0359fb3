/**
 * Where event queues live: Redis in production (shared by every events replica), memory on
 * the embedded default. Both implement exactly this, and the same tests run on both.
 */
export interface QueueRecord {
  queue_id: string;
  realm_id: number;
  user_id: number;
  /** Event types to deliver; null for all. */
  event_types: string[] | null;
  narrow: NarrowTerm[];
  all_public_streams: boolean;
  client_capabilities: Record<string, boolean>;
  apply_markdown: boolean;
  client_gravatar: boolean;
  slim_presence: boolean;
  include_subscribers: string;
  created_at: number;
  /** When a client last polled (or registered): queues idle too long expire. */
  last_poll_at: number;
}

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

export interface QueuedEvent {
  id: number;
  event: Record<string, unknown>;
}

/** What a poll finds: the queue's events past the acknowledged one, and the id its next event will get. */
export interface PollResult {
  events: QueuedEvent[];
  nextId: number;
}

/**
 * An event just appended to a queue, as an append's notice may carry it (Redis leaves it out
 * past a size budget): its id, and the event as a poll would return it, read on demand.
 */
export interface AppendedEvent {
  id: number;
  event(): QueuedEvent['event'];
}

export interface Delivery {
  queue_id: string;
  event: Record<string, unknown>;
}

/** Whose a queue is: only its user, in its realm, may poll it. */
export interface QueueOwner {
  realm_id: number;
  user_id: number;
}

/**
 * Unacknowledged events one queue may hold (EVENT_QUEUE_MAX_EVENTS). An append that would
 * pass it deletes the queue instead, so its client gets BAD_EVENT_QUEUE_ID and registers
 * again (a client that stopped acknowledging has lost track anyway); dropping events would
 * leave its state silently wrong. Zulip bounds a queue only by its idle expiry.
 */
export const DEFAULT_MAX_EVENTS_PER_QUEUE = 10_000;

export interface QueueStore {
  createQueue(queue: QueueRecord): Promise<void>;
  getQueue(queueId: string): Promise<QueueRecord | undefined>;
  deleteQueue(queueId: string): Promise<void>;
  /** The queues of a realm, or of some of its users. */
  queuesOf(realmId: number, userIds: number[] | 'realm'): Promise<QueueRecord[]>;
  /**
   * Appends events to queues, numbering them per queue, and wakes their pollers. Atomic and
   * idempotent: a second call with the same `messageId` (a redelivered bus message) appends
   * nothing and returns false. Queues deleted meanwhile are skipped. A queue the append takes
   * past the store's bound on events is deleted (see DEFAULT_MAX_EVENTS_PER_QUEUE) and
   * announced without an event, so that a poll waiting on it ends.
   */
  append(messageId: string, deliveries: Delivery[]): Promise<boolean>;
  /**
   * A poll of the queue by `owner`, in one step: records its time (`now`), drops the events
   * up to `ackedId` and returns the rest, in order. Undefined, with nothing recorded or
   * dropped, when the queue does not exist (any more) or is not the owner's.
   */
  poll(queueId: string, owner: QueueOwner, ackedId: number, now: number): Promise<PollResult | undefined>;
  /** The queues nobody polled since `before` (ms since the epoch). */
  idleSince(before: number): Promise<string[]>;
  /**
   * Records `now` as the last poll of those of the queues that still exist: a poll is waiting
   * on them, so they are not idle. A deleted queue stays deleted.
   */
  keepAlive(queueIds: string[], now: number): Promise<void>;
  /**
   * Calls `listener` for each event appended to a queue, by any replica, in the order of the
   * appends, with the event itself where the notice carries it. A notice may be lost (Redis
   * reconnecting): a listener that needs every event checks `appended.id` against what it read.
   */
  onAppend(listener: (queueId: string, appended?: AppendedEvent) => void): () => void;
  /** Resolves once appends by other replicas are heard (onAppend is live). */
  ready(): Promise<void>;
  /** Whether the store answers now (for /readyz). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a message id is remembered for dedupe (JetStream's own window is 2 minutes). */
export const DEDUPE_TTL_SECONDS = 24 * 3600;
