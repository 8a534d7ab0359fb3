import Redis from 'ioredis';
import type pg from 'pg';

/**
 * Browser sessions: who a session cookie stands for, and the CSRF token bound to it. Kept in
 * Redis when REDIS_URL is set (shared by every replica, expiring by itself), else in the users
 * schema (the embedded default: sessions outlive a restart). Keyed by the SHA-256 of the
 * session token, so a leaked store names no usable cookie. The in-memory store is for tests.
 */
export interface SessionRecord {
  realm_id: number;
  user_id: number;
  csrf_token: string;
  /** When the session was opened, in ms. */
  created_at?: number;
  /**
   * The user's session epoch when the session was opened (domain/sessions.ts): a password change
   * or a deactivation moves the user's on, which ends it. Absent in sessions opened before epochs: 0.
   */
  epoch?: number;
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

/** At most this many live sessions per user in PostgreSQL; a new one past it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 100;

export class PgSessionStore implements SessionStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(key: string) {
    const { rows } = await this.pool.query<{ realm_id: number; user_id: number; csrf_token: string; created_at: string | null; epoch: number }>(
      'SELECT realm_id, user_id, csrf_token, created_at, epoch FROM browser_sessions WHERE key = $1 AND expires_at > now()',
      [key],
    );
    const row = rows[0];
    return row && { realm_id: row.realm_id, user_id: row.user_id, csrf_token: row.csrf_token, ...(row.created_at !== null && { created_at: Number(row.created_at) }), epoch: row.epoch };
  }

  async put(key: string, record: SessionRecord, ttlSeconds: number) {
    // One statement each, no transaction: the insert, then the user's expired and surplus sessions go.
    await this.pool.query(
      `INSERT INTO browser_sessions (key, realm_id, user_id, csrf_token, created_at, epoch, expires_at) VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
       ON CONFLICT (key) DO UPDATE SET csrf_token = EXCLUDED.csrf_token, created_at = EXCLUDED.created_at, epoch = EXCLUDED.epoch, expires_at = EXCLUDED.expires_at`,
      [key, record.realm_id, record.user_id, record.csrf_token, record.created_at ?? null, record.epoch ?? 0, ttlSeconds],
    );
    await this.pool.query(
      `DELETE FROM browser_sessions WHERE user_id = $1 AND (expires_at <= now() OR key IN (
         SELECT key FROM browser_sessions WHERE user_id = $1 ORDER BY expires_at DESC OFFSET $2))`,
      [record.user_id, MAX_SESSIONS_PER_USER],
    );
  }

  async delete(key: string) {
    await this.pool.query('DELETE FROM browser_sessions WHERE key = $1', [key]);
  }

  /** The pool is the service's: closing the store leaves it open. */
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
