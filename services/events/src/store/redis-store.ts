import Redis from 'ioredis';
import { Delivery, QueueOwner, QueueRecord, QueueStore, QueuedEvent, DEDUPE_TTL_SECONDS } from './queue-store';

/**
 * Queues in Redis, shared by every events replica. Per queue: `q:<id>:meta` (the record as
 * JSON), `q:<id>:next` (the next event id), `q:<id>:events` (a list of `<id>|<json>`);
 * indexes `realm:<id>:queues`, `user:<id>:queues` and the `idle` sorted set (last poll);
 * `seen:<message id>` for dedupe. Appends run as one Lua script, so dedupe, numbering and
 * the wake-up (PUBLISH on `append`) happen together or not at all. A poll is one script too
 * (one round trip: the owner's check, the poll's time, the acknowledgement and the read).
 * Single-node Redis: the append script touches keys it computes (no Redis Cluster).
 */
const APPEND = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
local p = ARGV[2]
for i = 3, #ARGV, 2 do
  local q = ARGV[i]
  if redis.call('EXISTS', p .. 'q:' .. q .. ':meta') == 1 then
    local id = redis.call('INCR', p .. 'q:' .. q .. ':next') - 1
    redis.call('RPUSH', p .. 'q:' .. q .. ':events', id .. '|' .. ARGV[i + 1])
    redis.call('PUBLISH', p .. 'append', q)
  end
end
return 1`;

/**
 * A poll (QueueStore.poll): KEYS meta, idle, events; ARGV realm id, user id, now, acked id,
 * queue id. Nil for a queue that is gone or someone else's, before anything is changed.
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
return redis.call('LRANGE', KEYS[3], 0, -1)`;

export class RedisQueueStore implements QueueStore {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(queueId: string) => void>();
  private readonly subscribed: Promise<unknown>;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    // Errors surface on the commands that fail; the connection retries by itself.
    this.redis.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, queueId: string) => this.listeners.forEach((l) => l(queueId)));
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
    await this.redis.multi()
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
    const tx = this.redis.multi()
      .del(this.key('q', queueId, 'meta'), this.key('q', queueId, 'next'), this.key('q', queueId, 'events'))
      .zrem(this.key('idle'), queueId);
    if (record) {
      tx.srem(this.key('realm', record.realm_id, 'queues'), queueId).srem(this.key('user', record.user_id, 'queues'), queueId);
    }
    await tx.exec();
  }

  async queuesOf(realmId: number, userIds: number[] | 'realm'): Promise<QueueRecord[]> {
    const ids = userIds === 'realm'
      ? await this.redis.smembers(this.key('realm', realmId, 'queues'))
      : userIds.length ? await this.redis.sunion(...userIds.map((u) => this.key('user', u, 'queues'))) : [];
    if (!ids.length) return [];
    const metas = await this.redis.mget(...ids.map((id) => this.key('q', id, 'meta')));
    return metas.filter((m): m is string => !!m).map((m) => JSON.parse(m) as QueueRecord).filter((q) => q.realm_id === realmId);
  }

  async append(messageId: string, deliveries: Delivery[]): Promise<boolean> {
    const args = deliveries.flatMap((d) => [d.queue_id, JSON.stringify(d.event)]);
    const result = await this.redis.eval(APPEND, 1, this.key('seen', messageId), DEDUPE_TTL_SECONDS, this.prefix, ...args);
    return Number(result) === 1;
  }

  async poll(queueId: string, owner: QueueOwner, ackedId: number, now: number): Promise<QueuedEvent[] | undefined> {
    const items = (await this.redis.eval(
      POLL, 3, this.key('q', queueId, 'meta'), this.key('idle'), this.key('q', queueId, 'events'),
      owner.realm_id, owner.user_id, now, ackedId, queueId,
    )) as string[] | null;
    return items?.map((item) => {
      const bar = item.indexOf('|');
      const id = Number(item.slice(0, bar));
      return { id, event: { ...JSON.parse(item.slice(bar + 1)), id } };
    });
  }

  async idleSince(before: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key('idle'), '-inf', `(${before}`);
  }

  onAppend(listener: (queueId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([this.subscriber.quit().catch(() => undefined), this.redis.quit().catch(() => undefined)]);
  }
}
