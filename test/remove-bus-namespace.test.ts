import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { connect, NatsConnection } from 'nats';
import { Bus, createBus, createLogger, freePort, ownsStream, redisKeyPrefix, Subscription } from '@parley/common';
import { manage } from './support/cli';
import { keysUnder } from './support/redis';
import { testNatsUrl, testRedisUrl } from './support/servers';

/**
 * `manage remove-bus-namespace --namespace NS`: deletes the namespace's JetStream streams
 * (with their consumers) and its Redis keys, and nothing of any other namespace; refuses bad
 * input, a namespace still in use, and servers it cannot reach, deleting nothing then.
 * It is run here as an operator runs it on a machine with NATS and Redis and no database:
 * its environment has NATS_URL and REDIS_URL only.
 */
const describeHere =
  (testNatsUrl() && testRedisUrl()) || process.env.CI === 'true'
    ? describe
    : (process.stderr.write('remove-bus-namespace.test.ts skipped: it needs NATS and Redis (set NATS_URL and REDIS_URL)\n'), describe.skip);

jest.setTimeout(60_000);

const log = createLogger('test', 'silent');

describeHere('manage remove-bus-namespace', () => {
  const natsUrl = testNatsUrl()!;
  const redisUrl = testRedisUrl()!;
  const run = `rm${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  /** Namespaces this file makes, each of which afterAll removes whatever the tests left. */
  const made = new Set<string>();
  const buses: Bus[] = [];
  let nc: NatsConnection;
  let redis: Redis;
  let dataDir: string;

  /** The CLI with only the bus's servers: no DATABASE_URL, a data folder that must stay empty. */
  const cliEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PARLEY_DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    ...extra,
  });
  const remove = (namespace: string, extra: NodeJS.ProcessEnv = {}) => manage(['remove-bus-namespace', '--namespace', namespace], { env: cliEnv(extra) });

  async function streamsOf(namespace: string): Promise<string[]> {
    const jsm = await nc.jetstreamManager();
    const out: string[] = [];
    for await (const info of jsm.streams.list()) if (ownsStream(info.config, namespace)) out.push(info.config.name);
    return out.sort();
  }

  const keysOf = (namespace: string) => keysUnder(redisUrl, redisKeyPrefix(namespace));

  /**
   * A namespace as its processes leave it: the users and messages streams, durable consumers
   * on them (as the events and messages services make), a message in each, and Redis keys.
   * `live`: its consumers keep a reader, as while a process runs.
   */
  async function makeNamespace(namespace: string, opts: { keys?: number; live?: boolean } = {}): Promise<{ stop(): Promise<void> }> {
    made.add(namespace);
    const bus = await createBus({ natsUrl, name: 'remove-test', log, namespace });
    buses.push(bus);
    await bus.ensureStream('users');
    await bus.ensureStream('messages');
    const subs: Subscription[] = [];
    subs.push(await bus.subscribe({ subject: 'users.>', durable: 'events', ordered: true, handler: async () => undefined }));
    subs.push(await bus.subscribe({ subject: 'messages.>', durable: 'events', ordered: true, handler: async () => undefined }));
    subs.push(await bus.subscribe({ subject: 'users.user.*', durable: 'messages', handler: async () => undefined }));
    await bus.publish('users.user.created', { n: 1 }, `${namespace}:1`);
    await bus.publish('messages.message.sent', { n: 2 }, `${namespace}:2`);
    const prefix = redisKeyPrefix(namespace);
    const pipeline = redis.pipeline();
    for (let i = 0; i < (opts.keys ?? 3); i++) pipeline.set(`${prefix}q:${i}`, 'x');
    pipeline.zadd(`${prefix}presence:1`, 1, 'u1');
    await pipeline.exec();
    const stop = async () => {
      for (const s of subs.splice(0)) await s.stop();
      await bus.close();
    };
    if (!opts.live) await stop();
    return { stop };
  }

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl });
    redis = new Redis(redisUrl);
    dataDir = mkdtempSync(join(tmpdir(), 'parley-remove-ns-'));
  });

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close().catch(() => undefined)));
    const jsm = await nc.jetstreamManager();
    for (const ns of made) {
      for (const stream of await streamsOf(ns)) await jsm.streams.delete(stream);
      const keys = await keysOf(ns);
      if (keys.length) await redis.del(...keys);
    }
    await redis.del(`${redisKeyPrefix(undefined)}${run}`);
    await nc.close();
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("deletes the namespace's streams, consumers and keys, and nothing of another namespace", async () => {
    const ns = `${run}a`;
    // Its name is a prefix of the next one's: they share no stream or key all the same.
    const longer = `${ns}2`;
    await makeNamespace(ns, { keys: 2500 }); // more than one SCAN page
    await makeNamespace(longer);
    const otherDefault = `${redisKeyPrefix(undefined)}${run}`; // a deployment without a namespace
    await redis.set(otherDefault, 'x');
    const NS = ns.toUpperCase();
    expect(await streamsOf(ns)).toEqual([`${NS}_MESSAGES`, `${NS}_USERS`]);

    const res = await remove(ns);
    expect([res.code, res.stderr]).toEqual([0, '']);
    const lines = res.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({
      namespace: ns,
      streams: [`${NS}_MESSAGES`, `${NS}_USERS`],
      consumers: [`${NS}_MESSAGES/${ns}_events`, `${NS}_USERS/${ns}_events`, `${NS}_USERS/${ns}_messages`],
      redis_keys: 2501,
    });
    expect(await streamsOf(ns)).toEqual([]);
    expect(await keysOf(ns)).toEqual([]);
    // The other namespaces keep everything.
    const LONGER = longer.toUpperCase();
    expect(await streamsOf(longer)).toEqual([`${LONGER}_MESSAGES`, `${LONGER}_USERS`]);
    const consumers: string[] = [];
    for await (const c of (await nc.jetstreamManager()).consumers.list(`${LONGER}_USERS`)) consumers.push(c.name);
    expect(consumers.sort()).toEqual([`${longer}_events`, `${longer}_messages`]);
    expect((await keysOf(longer)).length).toBe(4);
    expect(await redis.exists(otherDefault)).toBe(1);
    // It needed no database: no embedded PostgreSQL, no generated secret.
    expect(readdirSync(dataDir)).toEqual([]);

    // Removing it again finds nothing, and says so.
    const again = await remove(ns);
    expect(JSON.parse(again.stdout)).toEqual({ namespace: ns, streams: [], consumers: [], redis_keys: 0 });
  });

  it('tells namespaces that differ only in case apart, although their stream names are the same', async () => {
    const mixed = `Cs${run}`;
    await makeNamespace(mixed);
    const STREAMS = [`CS${run.toUpperCase()}_MESSAGES`, `CS${run.toUpperCase()}_USERS`];
    expect(await streamsOf(mixed)).toEqual(STREAMS);
    const res = await remove(mixed.toLowerCase());
    expect(JSON.parse(res.stdout)).toEqual({ namespace: mixed.toLowerCase(), streams: [], consumers: [], redis_keys: 0 });
    expect(await streamsOf(mixed)).toEqual(STREAMS);
    expect((await keysOf(mixed)).length).toBe(4);
  });

  it('leaves NATS or Redis alone when its URL is unset (null in the output)', async () => {
    const ns = `${run}b`;
    await makeNamespace(ns);
    const natsOnly = await remove(ns, { REDIS_URL: undefined });
    expect(natsOnly.code).toBe(0);
    expect(JSON.parse(natsOnly.stdout)).toMatchObject({ namespace: ns, streams: [`${ns.toUpperCase()}_MESSAGES`, `${ns.toUpperCase()}_USERS`], redis_keys: null });
    expect((await keysOf(ns)).length).toBe(4);
    const redisOnly = await remove(ns, { NATS_URL: undefined });
    expect(JSON.parse(redisOnly.stdout)).toEqual({ namespace: ns, streams: null, consumers: null, redis_keys: 4 });
    expect(await keysOf(ns)).toEqual([]);
  });

  it('refuses a namespace still in use, deleting nothing, and removes it once its processes stop', async () => {
    const ns = `${run}c`;
    const live = await makeNamespace(ns, { live: true });
    const refused = await remove(ns);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`namespace '${ns}' is in use: `);
    expect(refused.stderr).toContain(`${ns.toUpperCase()}_USERS/${ns}_events`);
    expect(refused.stderr).toContain('stop every process of the namespace first');
    expect((await streamsOf(ns)).length).toBe(2);
    expect((await keysOf(ns)).length).toBe(4);
    await live.stop();
    const removed = await remove(ns);
    expect([removed.code, JSON.parse(removed.stdout).streams.length]).toEqual([0, 2]);
  });

  it('refuses a missing, empty, malformed or shared namespace, and no servers to look at', async () => {
    const cases: Array<[string[], NodeJS.ProcessEnv, string]> = [
      [[], {}, '--namespace is required'],
      [['--namespace', ''], {}, '--namespace is required'],
      [['--namespace'], {}, "Option '--namespace <value>' argument missing"],
      [['--namespace', 'a_b'], {}, "--namespace must be letters and digits, as PARLEY_BUS_NAMESPACE, got 'a_b'"],
      [['--namespace', 'a.*'], {}, "--namespace must be letters and digits, as PARLEY_BUS_NAMESPACE, got 'a.*'"],
      [['--namespace', 'default'], {}, "namespace 'default' is refused: its Redis keys (parley:default:) are also those of a deployment without PARLEY_BUS_NAMESPACE"],
      [['--namespace', 'abc', 'extra'], {}, "remove-bus-namespace takes no positional arguments, got 'extra'"],
      [['--namespace', 'abc'], { NATS_URL: undefined, REDIS_URL: undefined }, 'NATS_URL or REDIS_URL must be set'],
      [['--namespace', 'abc'], { NATS_URL: 'http://127.0.0.1:4222' }, 'NATS_URL must use nats: or tls:, got http:'],
    ];
    for (const [args, env, message] of cases) {
      const res = await manage(['remove-bus-namespace', ...args], { env: cliEnv(env) });
      expect({ args, code: res.code, stdout: res.stdout, stderr: res.stderr }).toEqual({ args, code: 1, stdout: '', stderr: expect.stringContaining(message) });
    }
  });

  it('fails at once, deleting nothing, when NATS or Redis does not answer', async () => {
    const ns = `${run}d`;
    await makeNamespace(ns);
    const closed = `127.0.0.1:${await freePort()}`;
    for (const [env, message] of [
      [{ NATS_URL: `nats://${closed}` }, 'cannot reach NATS at NATS_URL: '],
      [{ REDIS_URL: `redis://${closed}` }, 'cannot reach Redis at REDIS_URL: '],
    ] as const) {
      const started = Date.now();
      const res = await remove(ns, env);
      expect({ code: res.code, stdout: res.stdout, stderr: res.stderr }).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining(message) });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await streamsOf(ns)).length).toBe(2);
      expect((await keysOf(ns)).length).toBe(4);
    }
  });
});
