import Redis from 'ioredis';

/**
 * Presence: when each user was last active and last connected, numbered by a per-realm
 * update counter so clients can ask for what changed since. Redis when REDIS_URL is set
 * (shared by the users replicas), else this process's memory.
 */
export interface PresenceRecord {
  active_timestamp: number;
  idle_timestamp: number;
  last_update_id: number;
}

export interface PresenceStore {
  get(realmId: number, userId: number): Promise<PresenceRecord | undefined>;
  /** Stores the user's record under the realm's next update id; returns that id. */
  put(realmId: number, userId: number, record: Omit<PresenceRecord, 'last_update_id'>): Promise<number>;
  all(realmId: number): Promise<Map<number, PresenceRecord>>;
  lastUpdateId(realmId: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly realms = new Map<number, { seq: number; users: Map<number, PresenceRecord> }>();

  private realm(id: number) {
    let r = this.realms.get(id);
    if (!r) this.realms.set(id, (r = { seq: 0, users: new Map() }));
    return r;
  }

  async get(realmId: number, userId: number) {
    return this.realm(realmId).users.get(userId);
  }

  async put(realmId: number, userId: number, record: Omit<PresenceRecord, 'last_update_id'>) {
    const r = this.realm(realmId);
    r.seq += 1;
    r.users.set(userId, { ...record, last_update_id: r.seq });
    return r.seq;
  }

  async all(realmId: number) {
    return new Map(this.realm(realmId).users);
  }

  async lastUpdateId(realmId: number) {
    return this.realm(realmId).seq;
  }

  async close() {}
}

export class RedisPresenceStore implements PresenceStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
  }

  private keys(realmId: number) {
    return { users: `${this.prefix}presence:${realmId}`, seq: `${this.prefix}presence_seq:${realmId}` };
  }

  async get(realmId: number, userId: number) {
    const raw = await this.redis.hget(this.keys(realmId).users, String(userId));
    return raw ? (JSON.parse(raw) as PresenceRecord) : undefined;
  }

  async put(realmId: number, userId: number, record: Omit<PresenceRecord, 'last_update_id'>) {
    const k = this.keys(realmId);
    const id = await this.redis.incr(k.seq);
    await this.redis.hset(k.users, String(userId), JSON.stringify({ ...record, last_update_id: id }));
    return id;
  }

  async all(realmId: number) {
    const raw = await this.redis.hgetall(this.keys(realmId).users);
    return new Map(Object.entries(raw).map(([id, v]) => [Number(id), JSON.parse(v) as PresenceRecord]));
  }

  async lastUpdateId(realmId: number) {
    return Number((await this.redis.get(this.keys(realmId).seq)) ?? 0);
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}
