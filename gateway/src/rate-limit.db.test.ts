import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError } from '@parley/common';
import { describeWithRedis, testRedisUrl } from '../../test/support/servers';
import { readGatewayConfig } from './config';
import { envRateRule, MemoryRateStore, RateLimitConfig, RateLimitedError, RateLimiter, RateStore, RedisRateStore } from './rate-limit';

const config = (over: Partial<RateLimitConfig> = {}): RateLimitConfig => ({
  enabled: true,
  user: { limit: 3, windowSeconds: 60 },
  anonymous: { limit: 2, windowSeconds: 10 },
  images: { limit: 4, windowSeconds: 10 },
  login: { limit: 5, windowSeconds: 1800 },
  passwordReset: { limit: 2, windowSeconds: 3600 },
  mailByIp: { limit: 5, windowSeconds: 86400 },
  proxyHops: 0,
  ...over,
});

function fakeRes(): ServerResponse & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    headersSent: false,
    setHeader: (k: string, v: string) => {
      headers[k.toLowerCase()] = v;
    },
  } as never;
}

describe('envRateRule', () => {
  it('reads <requests>/<seconds>, with the default when unset', () => {
    expect(envRateRule({}, 'R', '200/60')).toEqual({ limit: 200, windowSeconds: 60 });
    expect(envRateRule({ R: ' 5 / 1800 ' }, 'R', '200/60')).toEqual({ limit: 5, windowSeconds: 1800 });
  });

  it.each(['200', '0/60', '5/0', 'a/b', '-1/60', '1.5/60', '5/60/1'])('refuses %p with a ConfigError naming the variable', (raw) => {
    expect(() => envRateRule({ R: raw }, 'R', '200/60')).toThrow(ConfigError);
    expect(() => envRateRule({ R: raw }, 'R', '200/60')).toThrow(/^R must be <requests>\/<seconds>/);
  });
});

describe('readGatewayConfig: rate limits', () => {
  it("defaults to Zulip's rules, on", () => {
    const c = readGatewayConfig({ PARLEY_SECRET: 'x'.repeat(48) });
    expect(c.rateLimit).toEqual({
      enabled: true,
      user: { limit: 200, windowSeconds: 60 },
      anonymous: { limit: 100, windowSeconds: 60 },
      images: { limit: 1000, windowSeconds: 60 },
      login: { limit: 5, windowSeconds: 1800 },
      passwordReset: { limit: 2, windowSeconds: 3600 },
      mailByIp: { limit: 5, windowSeconds: 86400 },
      proxyHops: 0,
    });
    expect(c.redisUrl).toBeUndefined();
  });

  it('reads every variable, and refuses malformed ones at start-up', () => {
    const c = readGatewayConfig({
      PARLEY_SECRET: 'x'.repeat(48),
      RATE_LIMIT_ENABLED: 'false',
      RATE_LIMIT_USER: '5/60',
      RATE_LIMIT_ANONYMOUS: '7/30',
      RATE_LIMIT_IMAGES: '9/15',
      RATE_LIMIT_LOGIN: '3/600',
      RATE_LIMIT_PASSWORD_RESET: '4/120',
      RATE_LIMIT_MAIL_BY_IP: '6/600',
      RATE_LIMIT_PROXY_HOPS: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(c.rateLimit).toEqual({
      enabled: false,
      user: { limit: 5, windowSeconds: 60 },
      anonymous: { limit: 7, windowSeconds: 30 },
      images: { limit: 9, windowSeconds: 15 },
      login: { limit: 3, windowSeconds: 600 },
      passwordReset: { limit: 4, windowSeconds: 120 },
      mailByIp: { limit: 6, windowSeconds: 600 },
      proxyHops: 1,
    });
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    for (const [k, v] of [
      ['RATE_LIMIT_ENABLED', 'maybe'],
      ['RATE_LIMIT_USER', '200'],
      ['RATE_LIMIT_LOGIN', '5/x'],
      ['RATE_LIMIT_PASSWORD_RESET', '0/60'],
      ['RATE_LIMIT_MAIL_BY_IP', 'lots'],
      ['REDIS_URL', 'http://x'],
    ]) {
      expect(() => readGatewayConfig({ PARLEY_SECRET: 'x'.repeat(48), [k]: v })).toThrow(ConfigError);
    }
  });
});

describe('MemoryRateStore', () => {
  it('counts within a window that opens at the first request, then starts again', async () => {
    let now = 1_000_000;
    const store = new MemoryRateStore(() => now);
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 4000;
    expect(await store.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6000 });
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 6000 });
    expect(await store.hit('other', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 6000;
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
  });

  it('forgets closed windows, and keeps at most maxKeys', async () => {
    let now = 0;
    const store = new MemoryRateStore(() => now, 3);
    for (const k of ['a', 'b', 'c', 'd']) await store.hit(k, 1000);
    expect(store.size).toBe(3);
    now += 5000;
    await store.hit('e', 1000);
    expect(store.size).toBe(1);
  });
});

describe('RateLimiter', () => {
  it('allows up to the limit, then refuses with the figures Zulip sends', async () => {
    let now = 1_700_000_000_000;
    const limiter = new RateLimiter(config(), new MemoryRateStore(() => now), undefined, () => now);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await limiter.check('user', '1:10');
      expect(d.refused).toBe(false);
      remaining.push(d.remaining);
      now += 1000;
    }
    expect(remaining).toEqual([2, 1, 0]);
    const d = await limiter.check('user', '1:10');
    expect(d).toEqual({ limit: 3, remaining: 0, reset: 1_700_000_060, retryAfterSeconds: 57, refused: true });
    const res = fakeRes();
    expect(() => RateLimiter.apply(res, d)).toThrow(RateLimitedError);
    expect(res.headers).toEqual({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000060', 'retry-after': '57' });
    try {
      RateLimiter.apply(fakeRes(), d);
    } catch (err) {
      expect((err as RateLimitedError).httpStatus).toBe(429);
      expect((err as RateLimitedError).toBody()).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 57 });
    }
    // Another key is not affected; the window's end frees the key.
    expect((await limiter.check('user', '1:11')).refused).toBe(false);
    now += 57_000;
    expect(await limiter.check('user', '1:10')).toMatchObject({ remaining: 2, refused: false });
  });

  it('a look counts nothing and refuses once the limit is reached (logins)', async () => {
    const limiter = new RateLimiter(config({ login: { limit: 2, windowSeconds: 60 } }), new MemoryRateStore());
    expect((await limiter.check('login', 'u', { count: false })).refused).toBe(false);
    await limiter.check('login', 'u');
    expect(await limiter.check('login', 'u', { count: false })).toMatchObject({ remaining: 1, refused: false });
    await limiter.check('login', 'u');
    expect(await limiter.check('login', 'u', { count: false })).toMatchObject({ remaining: 0, refused: true });
  });

  it('counts in memory while its store fails', async () => {
    const broken: RateStore = { hit: () => Promise.reject(new Error('down')), peek: () => Promise.reject(new Error('down')), close: async () => undefined };
    const limiter = new RateLimiter(config(), broken);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await limiter.check('user', 'x')).refused);
    expect(counts).toEqual([false, false, false, true]);
  });

  it('takes the client IP from the socket, or X-Forwarded-For behind proxyHops proxies', () => {
    const req = (xff?: string) => ({ headers: xff ? { 'x-forwarded-for': xff } : {}, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;
    expect(new RateLimiter(config(), new MemoryRateStore()).clientIp(req('1.2.3.4'))).toBe('10.0.0.1');
    const behind = new RateLimiter(config({ proxyHops: 1 }), new MemoryRateStore());
    expect(behind.clientIp(req('6.6.6.6, 1.2.3.4'))).toBe('1.2.3.4');
    expect(behind.clientIp(req())).toBe('10.0.0.1');
  });
});

describeWithRedis('rate-limit.db.test.ts')('RedisRateStore', () => {
  let a: RedisRateStore;
  let b: RedisRateStore;
  const prefix = `parley:test${randomBytes(4).toString('hex')}:`;

  beforeAll(() => {
    // Two stores on one Redis: two gateway replicas.
    a = new RedisRateStore(testRedisUrl()!, prefix);
    b = new RedisRateStore(testRedisUrl()!, prefix);
  });

  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts across stores, expires the window, and peeks without counting', async () => {
    expect(await a.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    const first = await a.hit('k', 800);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(0);
    expect(first.resetInMs).toBeLessThanOrEqual(800);
    expect((await b.hit('k', 800)).count).toBe(2);
    expect((await b.peek('k')).count).toBe(2);
    expect((await a.hit('k', 800)).count).toBe(3);
    await new Promise((r) => setTimeout(r, 900));
    expect(await a.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await b.hit('k', 800)).count).toBe(1);
  });

  it('limits across two limiters sharing Redis', async () => {
    const la = new RateLimiter(config(), a);
    const lb = new RateLimiter(config(), b);
    const refused = [];
    for (const l of [la, lb, la, lb, la]) refused.push((await l.check('user', 'shared')).refused);
    expect(refused).toEqual([false, false, false, true, true]);
  });
});
