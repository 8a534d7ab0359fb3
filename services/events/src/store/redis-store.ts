import Redis from 'ioredis';
import { AppendedEvent, Delivery, PollResult, QueueOwner, QueueRecord, QueueStore, QueuedEvent, DEDUPE_TTL_SECONDS, DEFAULT_MAX_EVENTS_PER_QUEUE } from './queue-store';

/**
 * Queues in Redis, shared by every events replica. Per queue: `q:<id>:meta` (the record as
 * JSON), `q:<id>:next` (the next event id), `q:<id>:events` (a list of `<id>|<json>`);
 * indexes `realm:<id>:queues`, `user:<id>:queues` and the `idle` sorted set (last poll);
 * `seen:<message id>` for dedupe. Appends run as one Lua script, so dedupe, numbering and
 * the wake-up (a PUBLISH on `append` per event) happen together or not at all. A poll is one
 * script too (one round trip: the owner's check, the poll's time, the acknowledgement, the
 * read and the next id). An append that takes a queue past `maxEventsPerQueue` events deletes
 * it, as the memory store does. Single-node Redis: the scripts touch keys they compute (no Redis Cluster).
 *
 * A wake-up is `<queue id>|<event id>|<json>`, the event as appended, so that a long poll
 * woken by it answers without reading the queue again; past the append's budget of
 * NOTICE_BUDGET_BYTES it is `<queue id>` alone (every replica's subscriber receives every
 * wake-up, and Redis cuts off a subscriber whose output buffer grows past its limit: 32 MiB,
 * or 8 MiB for a minute, by default).
 */
const APPEND = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
local p = ARGV[2]
local budget = tonumber(ARGV[3])
local max = tonumber(ARGV[4])
for i = 5, #ARGV, 2 do
  local q = ARGV[i]
  local meta = redis.call('GET', p .. 'q:' .. q .. ':meta')
  if meta then
    local id = redis.call('INCR', p .. 'q:' .. q .. ':next') - 1
    local item = id .. '|' .. ARGV[i + 1]
    if redis.call('RPUSH', p .. 'q:' .. q .. ':events', item) > max then
      -- Past its bound: the queue goes (as deleteQueue), and its client registers again.
      local r = cjson.decode(meta)
      redis.call('DEL', p .. 'q:' .. q .. ':meta', p .. 'q:' .. q .. ':next', p .. 'q:' .. q .. ':events')
      redis.call('ZREM', p .. 'idle', q)
      redis.call('SREM', p .. 'realm:' .. r.realm_id .. ':queues', q)
      redis.call('SREM', p .. 'user:' .. r.user_id .. ':queues', q)
      redis.call('PUBLISH', p .. 'append', q)
    elseif #item <= budget then
      budget = budget - #item
      redis.call('PUBLISH', p .. 'append', q .. '|' .. item)
    else
      redis.call('PUBLISH', p .. 'append', q)
    end
  end
end
return 1`;

/** Queues one ZADD of keepAlive names, so one command stays small however many polls wait. */
const KEEP_ALIVE_BATCH = 500;

/** What one append may put into its wake-ups' events, in all (see APPEND). */
export const NOTICE_BUDGET_BYTES = 256 * 1024;

/**
 * A poll (QueueStore.poll): KEYS meta, idle, events, next; ARGV realm id, user id, now, acked
 * id, queue id. Nil for a queue that is gone or someone else's, before anything is changed;
 * otherwise the next id, then the events left.
 */
const POLL = `
local meta = redis.call('GET', KEYS[1])
if not meta then return false end
local q = cjson.decode(meta)
if q.realm_id ~= tonumber(ARGV[1]) or q.user_id ~= tonumber(ARGV[2]) then return false end
-- XX: a member that is gone stays gone.
redis.call('ZADD', KEYS[2], 'XX', ARGV[3], ARGV[5])
local acked = tonumber(ARGV[4])
while true do
  local head = redis.call('LINDEX', KEYS[3], 0)
  if not head then break end
  if tonumber(string.match(head, '^(%-?%d+)|')) <= acked then redis.call('LPOP', KEYS[3]) else break end
end
local items = redis.call('LRANGE', KEYS[3], 0, -1)
table.insert(items, 1, redis.call('GET', KEYS[4]))
return items`;

/** An event as stored (`<id>|<json>`, from `bar`, the first bar) and as polls return it. */
function queuedEvent(item: string, bar: number): QueuedEvent {
  const id = Number(item.slice(0, bar));
  return { id, event: { ...(JSON.parse(item.slice(bar + 1)) as Record<string, unknown>), id } };
}

/** A wake-up's queue id, and its event where it carries one (see APPEND). */
function readNotice(notice: string): [string, AppendedEvent | undefined] {
  const bar = notice.indexOf('|');
  if (bar < 0) return [notice, undefined];
  const item = notice.slice(bar + 1);
  const idEnd = item.indexOf('|');
  return [notice.slice(0, bar), { id: Number(item.slice(0, idEnd)), event: () => queuedEvent(item, idEnd).event }];
}

export class RedisQueueStore implements QueueStore {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(queueId: string, appended?: AppendedEvent) => void>();
  private readonly subscribed: Promise<unknown>;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly maxEventsPerQueue = DEFAULT_MAX_EVENTS_PER_QUEUE,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    // Errors surface on the commands that fail; the connection retries by itself.
    this.redis.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, notice: string) => {
      const [queueId, appended] = readNotice(notice);
      this.listeners.forEach((l) => l(queueId, appended));
    });
    this.subscribed = this.subscriber.subscribe(`${prefix}append`);
  }

  async ready(): Promise<void> {
    await this.subscribed;
  }

  async healthy(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  private key(...parts: (string | number)[]): string {
    return this.prefix + parts.join(':');
  }

  async createQueue(queue: QueueRecord): Promise<void> {
    await this.redis
      .multi()
      .set(this.key('q', queue.queue_id, 'meta'), JSON.stringify(queue))
      .set(this.key('q', queue.queue_id, 'next'), '0')
      .sadd(this.key('realm', queue.realm_id, 'queues'), queue.queue_id)
      .sadd(this.key('user', queue.user_id, 'queues'), queue.queue_id)
      .zadd(this.key('idle'), queue.last_poll_at, queue.queue_id)
      .exec();
  }

  async getQueue(queueId: string): Promise<QueueRecord | undefined> {
    const [meta, score] = await Promise.all([this.redis.get(this.key('q', queueId, 'meta')), this.redis.zscore(this.key('idle'), queueId)]);
    if (!meta) return undefined;
    const record = JSON.parse(meta) as QueueRecord;
    return { ...record, last_poll_at: score === null ? record.last_poll_at : Number(score) };
  }

  async deleteQueue(queueId: string): Promise<void> {
    const record = await this.getQueue(queueId);
    const tx = this.redis
      .multi()
      .del(this.key('q', queueId, 'meta'), this.key('q', queueId, 'next'), this.key('q', queueId, 'events'))
      .zrem(this.key('idle'), queueId);
    if (record) {
      tx.srem(this.key('realm', record.realm_id, 'queues'), queueId).srem(this.key('user', record.user_id, 'queues'), queueId);
    }
    await tx.exec();
  }

  async queuesOf(realmId: number, userIds: number[] | 'realm'): Promise<QueueRecord[]> {
    const ids =
      userIds === 'realm' ? await this.redis.smembers(this.key('realm', realmId, 'queues')) : userIds.length ? await this.redis.sunion(...userIds.map((u) => this.key('user', u, 'queues'))) : [];
    if (!ids.length) return [];
    const metas = await this.redis.mget(...ids.map((id) => this.key('q', id, 'meta')));
    return metas
      .filter((m): m is string => !!m)
      .map((m) => JSON.parse(m) as QueueRecord)
      .filter((q) => q.realm_id === realmId);
  }

  async append(messageId: string, deliveries: Delivery[]): Promise<boolean> {
    const args = deliveries.flatMap((d) => [d.queue_id, JSON.stringify(d.event)]);
    const result = await this.redis.eval(APPEND, 1, this.key('seen', messageId), DEDUPE_TTL_SECONDS, this.prefix, NOTICE_BUDGET_BYTES, this.maxEventsPerQueue, ...args);
    return Number(result) === 1;
  }

  async poll(queueId: string, owner: QueueOwner, ackedId: number, now: number): Promise<PollResult | undefined> {
    const reply = (await this.redis.eval(
      POLL,
      4,
      this.key('q', queueId, 'meta'),
      this.key('idle'),
      this.key('q', queueId, 'events'),
      this.key('q', queueId, 'next'),
      owner.realm_id,
      owner.user_id,
      now,
      ackedId,
      queueId,
    )) as string[] | null;
    if (!reply) return undefined;
    const [next, ...items] = reply;
    return { events: items.map((item) => queuedEvent(item, item.indexOf('|'))), nextId: Number(next) };
  }

  async idleSince(before: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key('idle'), '-inf', `(${before}`);
  }

  async keepAlive(queueIds: string[], now: number): Promise<void> {
    // XX: only queues still in the idle set, so a deleted one is not brought back.
    for (let i = 0; i < queueIds.length; i += KEEP_ALIVE_BATCH) {
      const batch = queueIds.slice(i, i + KEEP_ALIVE_BATCH);
      await this.redis.zadd(this.key('idle'), 'XX', ...batch.flatMap((q) => [now, q]));
    }
  }

  onAppend(listener: (queueId: string, appended?: AppendedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([this.subscriber.quit().catch(() => undefined), this.redis.quit().catch(() => undefined)]);
  }
}
