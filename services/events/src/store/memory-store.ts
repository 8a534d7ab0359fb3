import { EventEmitter } from 'node:events';
import { AppendedEvent, Delivery, PollResult, QueueOwner, QueueRecord, QueueStore, QueuedEvent, DEDUPE_TTL_SECONDS, DEFAULT_MAX_EVENTS_PER_QUEUE } from './queue-store';

interface MemoryQueue {
  record: QueueRecord;
  nextId: number;
  events: QueuedEvent[];
}

/** Queues in this process's memory, for the all-in-one default without Redis. */
export class MemoryQueueStore implements QueueStore {
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly seen = new Map<string, number>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEventsPerQueue = DEFAULT_MAX_EVENTS_PER_QUEUE,
  ) {}

  async createQueue(queue: QueueRecord): Promise<void> {
    this.queues.set(queue.queue_id, { record: { ...queue }, nextId: 0, events: [] });
  }

  async getQueue(queueId: string): Promise<QueueRecord | undefined> {
    const q = this.queues.get(queueId);
    return q && { ...q.record };
  }

  async deleteQueue(queueId: string): Promise<void> {
    this.queues.delete(queueId);
  }

  async queuesOf(realmId: number, userIds: number[] | 'realm'): Promise<QueueRecord[]> {
    const users = userIds === 'realm' ? undefined : new Set(userIds);
    return [...this.queues.values()]
      .map((q) => q.record)
      .filter((r) => r.realm_id === realmId && (!users || users.has(r.user_id)))
      .map((r) => ({ ...r }));
  }

  async append(messageId: string, deliveries: Delivery[]): Promise<boolean> {
    this.forgetOldIds();
    if (this.seen.has(messageId)) return false;
    this.seen.set(messageId, this.now());
    const appended: [string, QueuedEvent | undefined][] = [];
    for (const { queue_id, event } of deliveries) {
      const q = this.queues.get(queue_id);
      if (!q) continue;
      const queued = { id: q.nextId, event: { ...event, id: q.nextId } };
      q.events.push(queued);
      q.nextId += 1;
      if (q.events.length <= this.maxEventsPerQueue) {
        appended.push([queue_id, queued]);
      } else {
        this.queues.delete(queue_id); // past its bound: the client registers again
        appended.push([queue_id, undefined]);
      }
    }
    // Announced once all are appended, as Redis publishes within its append script.
    for (const [queueId, queued] of appended) {
      const notice = queued && ({ id: queued.id, event: () => ({ ...queued.event }) } satisfies AppendedEvent);
      this.emitter.emit('append', queueId, notice);
    }
    return true;
  }

  async poll(queueId: string, owner: QueueOwner, ackedId: number, now: number): Promise<PollResult | undefined> {
    const q = this.queues.get(queueId);
    if (!q || q.record.realm_id !== owner.realm_id || q.record.user_id !== owner.user_id) return undefined;
    q.record.last_poll_at = now;
    q.events = q.events.filter((e) => e.id > ackedId);
    return { events: q.events.map((e) => ({ id: e.id, event: { ...e.event } })), nextId: q.nextId };
  }

  async idleSince(before: number): Promise<string[]> {
    return [...this.queues.values()].filter((q) => q.record.last_poll_at < before).map((q) => q.record.queue_id);
  }

  async keepAlive(queueIds: string[], now: number): Promise<void> {
    for (const queueId of queueIds) {
      const q = this.queues.get(queueId);
      if (q) q.record.last_poll_at = now;
    }
  }

  onAppend(listener: (queueId: string, appended?: AppendedEvent) => void): () => void {
    this.emitter.on('append', listener);
    return () => this.emitter.off('append', listener);
  }

  async ready(): Promise<void> {}

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }

  private forgetOldIds(): void {
    const cutoff = this.now() - DEDUPE_TTL_SECONDS * 1000;
    for (const [id, at] of this.seen) {
      if (at >= cutoff) break; // insertion order is time order
      this.seen.delete(id);
    }
  }
}
