import type { IncomingMessage, ServerResponse } from 'node:http';
import Redis from 'ioredis';
import { ApiError, ConfigError, envOptional, Logger, redisKeyPrefix } from '@parley/common';

/**
 * Rate limits, as Zulip applies them: every request of an authenticated user counts against
 * that user (200 / 60 s by default), every other request against the client's IP address
 * (100 / 60 s), and failed password logins against the account the username names, whatever
 * its spelling (5 / 30 min, Zulip's `authenticate_by_username` rule; the users service names
 * the key, ADR 0014), and password-reset mails against the address they go to, found the
 * same way (2 / hour, Zulip's `password_reset_form_by_email`: nobody floods one inbox), and
 * against the client's address (5 / day, Zulip's `sends_email_by_ip`: nobody mails many). Avatars and custom emoji images (public, under /user_avatars/) count per
 * address in a bucket of their own (1,000 / 60 s): a page of people and messages shows many
 * at once, and they must neither be refused at the API's anonymous rate nor use it up. Each rule is a fixed window that opens at its first
 * request: the count and the window's end are kept in Redis when REDIS_URL is set (one
 * atomic script, so the limits hold across gateway replicas), else in this process.
 *
 * Long polls (GET /events) neither count nor are refused: a client polling does not use up
 * its budget, and its other traffic cannot starve its event queue.
 */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  enabled: boolean;
  user: RateRule;
  anonymous: RateRule;
  /** Public images (avatars, custom emoji) per client address. */
  images: RateRule;
  login: RateRule;
  /** Password-reset mails asked for one address, every request counted (Zulip's password_reset_form_by_email). */
  passwordReset: RateRule;
  /** Mails asked for without credentials, per client address (Zulip's sends_email_by_ip). */
  mailByIp: RateRule;
  /** How many proxies in front of the gateway append to X-Forwarded-For (0: use the socket's address). */
  proxyHops: number;
}

/** A rule from the environment, written `<requests>/<seconds>` (e.g. `200/60`). */
export function envRateRule(env: Record<string, string | undefined>, name: string, fallback: string): RateRule {
  const raw = envOptional(env, name) ?? fallback;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const limit = m ? Number(m[1]) : NaN;
  const windowSeconds = m ? Number(m[2]) : NaN;
  if (!(limit >= 1 && limit <= 1e9 && windowSeconds >= 1 && windowSeconds <= 86_400 * 366)) {
    throw new ConfigError(`${name} must be <requests>/<seconds> with both at least 1 (e.g. ${fallback}), got '${raw}'`);
  }
  return { limit, windowSeconds };
}

/** The state of one key's window after a request. */
export interface WindowState {
  count: number;
  /** Milliseconds until the window closes (and the count starts again). */
  resetInMs: number;
}

export interface RateStore {
  /** Counts one request against `key` and answers the window's state. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** The window's state without counting (count 0 when no window is open). */
  peek(key: string): Promise<WindowState>;
  close(): Promise<void>;
}

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 1_000_000,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (!w && this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInMs: w.endsAt - now };
  }

  async peek(key: string): Promise<WindowState> {
    const now = this.now();
    const w = this.windows.get(key);
    return w && w.endsAt > now ? { count: w.count, resetInMs: w.endsAt - now } : { count: 0, resetInMs: 0 };
  }

  /** Drops closed windows, at most once a second. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** INCR and, for a new window (or a key that lost its expiry), PEXPIRE; then the time left. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

export class RedisRateStore implements RateStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Bounded waits when Redis is away: the limiter then counts in memory rather than holding requests.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('parleyRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const [count, ttl] = await (this.redis as unknown as { parleyRateHit(k: string, w: number): Promise<[number, number]> }).parleyRateHit(this.prefix + key, windowMs);
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<WindowState> {
    const res = await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[1]?.[1] ?? -2);
    return ttl > 0 && count > 0 ? { count, resetInMs: ttl } : { count: 0, resetInMs: 0 };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMIT_HIT', 'API usage exceeded rate limit', 429, { 'retry-after': retryAfterSeconds });
  }
}

/** A decision for one request: the rule's figures for the headers, and whether it is refused. */
export interface Decision {
  limit: number;
  remaining: number;
  /** UNIX time in seconds when the window closes. */
  reset: number;
  retryAfterSeconds: number;
  refused: boolean;
}

export type Bucket = 'user' | 'anonymous' | 'images' | 'login' | 'passwordReset' | 'mailByIp';

/**
 * Applies the rules against a store (falling back to one in memory while the store fails,
 * so a Redis outage neither refuses nor holds requests), and writes Zulip's headers.
 */
export class RateLimiter {
  private readonly fallback: MemoryRateStore;

  constructor(
    readonly config: RateLimitConfig,
    private readonly store: RateStore,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = store instanceof MemoryRateStore ? store : new MemoryRateStore(now);
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** The client's address: the socket's, or X-Forwarded-For's entry `proxyHops` from the end. */
  clientIp(req: IncomingMessage): string {
    const hops = this.config.proxyHops;
    const forwarded = req.headers['x-forwarded-for'];
    if (hops > 0 && typeof forwarded === 'string') {
      const list = forwarded
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const ip = list[list.length - hops] ?? list[0];
      if (ip) return ip;
    }
    return req.socket.remoteAddress ?? 'unknown';
  }

  /** Counts a request (`count: false` only looks) and answers the decision. */
  async check(bucket: Bucket, id: string, opts: { count?: boolean; refuseAt?: 'over' | 'reached' } = {}): Promise<Decision> {
    const rule = this.config[bucket];
    const key = `rl:${bucket}:${id}`;
    const windowMs = rule.windowSeconds * 1000;
    let state: WindowState;
    try {
      state = opts.count === false ? await this.store.peek(key) : await this.store.hit(key, windowMs);
    } catch (err) {
      this.log?.warn({ err }, 'rate limit store failed; counting in memory');
      state = opts.count === false ? await this.fallback.peek(key) : await this.fallback.hit(key, windowMs);
    }
    const now = this.now();
    const resetInMs = state.count > 0 ? state.resetInMs : windowMs;
    // A counted request is refused past the limit; a look (before a login) once it is reached.
    const refused = (opts.refuseAt ?? (opts.count === false ? 'reached' : 'over')) === 'over' ? state.count > rule.limit : state.count >= rule.limit;
    return {
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - state.count),
      reset: Math.ceil((now + resetInMs) / 1000),
      retryAfterSeconds: Math.round(resetInMs) / 1000,
      refused,
    };
  }

  /** Writes the decision's headers, and throws RATE_LIMIT_HIT (429, with Retry-After) when it refuses. */
  static apply(res: ServerResponse, d: Decision): void {
    if (!res.headersSent) {
      res.setHeader('X-RateLimit-Limit', String(d.limit));
      res.setHeader('X-RateLimit-Remaining', String(d.remaining));
      res.setHeader('X-RateLimit-Reset', String(d.reset));
      if (d.refused) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(d.retryAfterSeconds))));
    }
    if (d.refused) throw new RateLimitedError(d.retryAfterSeconds);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The limiter for a gateway: its store in Redis when REDIS_URL is set, else in memory. */
export function createRateLimiter(config: RateLimitConfig, redisUrl: string | undefined, namespace: string | undefined, log?: Logger): RateLimiter {
  const store = config.enabled && redisUrl ? new RedisRateStore(redisUrl, redisKeyPrefix(namespace)) : new MemoryRateStore();
  return new RateLimiter(config, store, log);
}
