import Redis from 'ioredis';

/**
 * Browser sessions: who a session cookie stands for, and the CSRF token bound to it. Kept in
 * Redis when REDIS_URL is set (shared by every replica, expiring by itself), else in memory
 * (the embedded default: one process). Keyed by the SHA-256 of the session token, so a
 * leaked store names no usable cookie.
 */
export interface SessionRecord {
  realm_id: number;
  user_id: number;
  csrf_token: string;
  /** When the session was opened, in ms: an administrator's password reset after it ends it. */
  created_at?: number;
}

export interface SessionStore {
  get(key: string): Promise<SessionRecord | undefined>;
  put(key: string, record: SessionRecord, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { record: SessionRecord; expires: number }>();

  constructor(private readonly now = Date.now) {}

  async get(key: string) {
    const entry = this.sessions.get(key);
    if (entry && entry.expires <= this.now()) this.sessions.delete(key);
    return entry && entry.expires > this.now() ? entry.record : undefined;
  }

  async put(key: string, record: SessionRecord, ttlSeconds: number) {
    this.sessions.set(key, { record, expires: this.now() + ttlSeconds * 1000 });
  }

  async delete(key: string) {
    this.sessions.delete(key);
  }

  async close() {}
}

export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
  }

  async get(key: string) {
    const raw = await this.redis.get(`${this.prefix}session:${key}`);
    return raw ? (JSON.parse(raw) as SessionRecord) : undefined;
  }

  async put(key: string, record: SessionRecord, ttlSeconds: number) {
    await this.redis.set(`${this.prefix}session:${key}`, JSON.stringify(record), 'EX', ttlSeconds);
  }

  async delete(key: string) {
    await this.redis.del(`${this.prefix}session:${key}`);
  }

  async close() {
    this.redis.disconnect();
  }
}
