import { randomUUID } from 'node:crypto';
import { ApiError, Caller } from '@parley/common';
import type { AppendedEvent, PollResult, QueueRecord, QueueStore, QueuedEvent } from '../store/queue-store';
import type { Clock } from './clock';

export class BadEventQueueIdError extends ApiError {
  constructor(queueId: string) {
    super('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, 400, { queue_id: queueId });
  }
}

export interface QueueTimings {
  /** A queue nobody polled for this long expires (Zulip: 10 minutes). */
  idleTimeoutMs: number;
  /** A long poll with nothing to return answers with a heartbeat after a random time in this range. */
  heartbeatMinMs: number;
  heartbeatMaxMs: number;
}

/**
 * Event queues one user may hold (EVENT_QUEUES_PER_USER). Zulip has no such bound, only idle
 * expiry; Parley registers one more by expiring the user's least recently polled queue, as
 * idle expiry would have later: a client that restarts without deleting its queue (a tab
 * reloaded, an app killed) is never refused, and one user cannot hold more.
 */
export const DEFAULT_MAX_QUEUES_PER_USER = 50;

export interface QueueLimits {
  maxQueuesPerUser: number;
}

type WakeReason = 'event' | 'timeout' | 'aborted' | 'superseded';

/** Why a long poll stopped waiting, and the event that woke it where its wake-up carried one. */
interface Wake {
  why: WakeReason;
  appended?: AppendedEvent;
}

export type NewQueue = Omit<QueueRecord, 'queue_id' | 'realm_id' | 'user_id' | 'created_at' | 'last_poll_at'>;

/**
 * Event queues: creation, long polls, acknowledgement, expiry. Long polls wait in this
 * process; the store's append notifications (from any replica) wake them.
 */
export class QueueManager {
  private readonly waiters = new Map<string, Set<(wake: Wake) => void>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: QueueStore,
    private readonly clock: Clock,
    private readonly timings: QueueTimings,
    private readonly limits: QueueLimits = { maxQueuesPerUser: DEFAULT_MAX_QUEUES_PER_USER },
  ) {
    this.unsubscribe = store.onAppend((queueId, appended) => this.wake(queueId, appended));
  }

  async register(caller: Caller, options: NewQueue): Promise<QueueRecord> {
    const now = this.clock.now();
    const queue: QueueRecord = {
      ...options,
      queue_id: randomUUID(),
      realm_id: caller.realm_id,
      user_id: caller.user_id,
      created_at: now,
      last_poll_at: now,
    };
    await this.makeRoomFor(caller);
    await this.store.createQueue(queue);
    return queue;
  }

  /**
   * Expires the caller's least recently polled queues (those with a poll waiting here last)
   * until one more fits the per-user bound. Two registrations at once may each see room, so
   * the bound can be passed by the registrations in flight, never more.
   */
  private async makeRoomFor(caller: Caller): Promise<void> {
    const listed = await this.store.queuesOf(caller.realm_id, [caller.user_id]);
    const excess = listed.length + 1 - this.limits.maxQueuesPerUser;
    if (excess <= 0) return;
    // A listed record may carry its registration as its last poll (Redis keeps polls apart).
    const queues = (await Promise.all(listed.map((q) => this.store.getQueue(q.queue_id)))).filter((q): q is QueueRecord => !!q);
    const rank = (q: QueueRecord) => [this.waiters.has(q.queue_id) ? 1 : 0, q.last_poll_at];
    queues.sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1]);
    for (const q of queues.slice(0, excess)) {
      await this.store.deleteQueue(q.queue_id);
      this.wake(q.queue_id);
    }
  }

  /** The caller's own queue; another user's reads as unknown, as an expired one does. */
  async access(caller: Caller, queueId: string): Promise<QueueRecord> {
    const queue = await this.store.getQueue(queueId);
    if (!queue || queue.user_id !== caller.user_id || queue.realm_id !== caller.realm_id) throw new BadEventQueueIdError(queueId);
    return queue;
  }

  /**
   * GET /events: acknowledges up to `lastEventId`, then returns what is left; when nothing is
   * and the client may wait, waits for an event or answers a heartbeat. `signal` ends the
   * wait when the client goes away.
   */
  async getEvents(caller: Caller, queueId: string, lastEventId: number, dontBlock: boolean, signal?: AbortSignal): Promise<QueuedEvent[]> {
    // Listen before reading, so an event appended in between wakes us instead of being missed.
    const wait = dontBlock || this.draining ? undefined : this.waitForEvents(queueId, signal);
    let polled: PollResult;
    try {
      polled = await this.poll(caller, queueId, lastEventId);
    } catch (err) {
      wait?.cancel();
      throw err;
    }
    if (!wait || polled.events.length) {
      wait?.cancel();
      return polled.events;
    }
    const woken = await wait.result;
    // Woken by the very next event of the queue (nothing appended was missed since the poll
    // read it empty): that is what a poll would read now, or its first part. The next poll
    // acknowledges it. Any other wake-up reads the queue again.
    if (woken.why === 'event' && woken.appended?.id === polled.nextId && !this.draining) {
      return [{ id: woken.appended.id, event: woken.appended.event() }];
    }
    // Shutting down: a heartbeat now, and the client polls again (another replica). A queue
    // deleted meanwhile gets none (append skips it), and the poll below refuses it.
    if (woken.why === 'timeout' || (this.draining && woken.why !== 'aborted')) await this.store.append(`heartbeat:${randomUUID()}`, [{ queue_id: queueId, event: { type: 'heartbeat' } }]);
    // Deleted or expired while we waited: the client must re-register, so say so now.
    return (await this.poll(caller, queueId, lastEventId)).events;
  }

  /** The caller's own queue polled; another user's reads as unknown, as an expired one does. */
  private async poll(caller: Caller, queueId: string, lastEventId: number): Promise<PollResult> {
    const polled = await this.store.poll(queueId, caller, lastEventId, this.clock.now());
    if (!polled) throw new BadEventQueueIdError(queueId);
    return polled;
  }

  async deleteQueue(caller: Caller, queueId: string): Promise<void> {
    await this.access(caller, queueId);
    await this.store.deleteQueue(queueId);
    this.wake(queueId);
  }

  /**
   * Deletes the queues idle for longer than the timeout; returns how many. A queue with a poll
   * waiting on it is not idle, however long ago that poll began (as in Zulip, which keeps a
   * queue with a client connected): each replica marks the queues its polls wait on before
   * it looks, so another replica's sweep sees them fresh too.
   */
  async expireIdle(): Promise<number> {
    if (this.waiters.size) await this.store.keepAlive([...this.waiters.keys()], this.clock.now());
    const idle = await this.store.idleSince(this.clock.now() - this.timings.idleTimeoutMs);
    for (const queueId of idle) {
      await this.store.deleteQueue(queueId);
      this.wake(queueId);
    }
    return idle.length;
  }

  close(): void {
    this.unsubscribe();
    for (const queueId of [...this.waiters.keys()]) this.wake(queueId);
  }

  /**
   * The replica is shutting down: every waiting long poll answers now with a heartbeat, and
   * new ones do not wait, so the gRPC server can stop without cutting them off.
   */
  drain(): void {
    this.draining = true;
    for (const queueId of [...this.waiters.keys()]) this.wake(queueId);
  }

  private draining = false;

  private waitForEvents(queueId: string, signal?: AbortSignal): { result: Promise<Wake>; cancel(): void } {
    let cancel = () => undefined as void;
    const result = new Promise<Wake>((resolve) => {
      const { heartbeatMinMs: min, heartbeatMaxMs: max } = this.timings;
      // Randomised, so that clients do not all poll in lock-step.
      const timer = this.clock.setTimeout(() => done('timeout'), min + Math.random() * (max - min));
      const onEvent = (wake: Wake) => done(wake.why, wake.appended);
      const onAbort = () => done('aborted');
      // One poll waits on a queue at a time, as in Zulip (finish_current_handler): the older
      // one answers now with what the queue holds (usually nothing) and its client is gone.
      this.supersede(queueId);
      const set = this.waiters.get(queueId) ?? new Set();
      set.add(onEvent);
      this.waiters.set(queueId, set);
      signal?.addEventListener('abort', onAbort);
      // The client may have gone away before we began to wait (the abort event is past).
      if (signal?.aborted) queueMicrotask(onAbort);
      const done = (why: WakeReason, appended?: AppendedEvent) => {
        timer.cancel();
        set.delete(onEvent);
        if (!set.size) this.waiters.delete(queueId);
        signal?.removeEventListener('abort', onAbort);
        resolve({ why, appended });
      };
      cancel = () => done('aborted');
    });
    return { result, cancel: () => cancel() };
  }

  private wake(queueId: string, appended?: AppendedEvent): void {
    for (const waiter of [...(this.waiters.get(queueId) ?? [])]) waiter({ why: 'event', appended });
  }

  /** Ends the polls waiting on the queue in this process (a newer poll takes their place). */
  private supersede(queueId: string): void {
    for (const waiter of [...(this.waiters.get(queueId) ?? [])]) waiter({ why: 'superseded' });
  }

  /** Long polls waiting now (for tests and metrics). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }
}
