import Redis from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import { NAMESPACE_PATTERN, redisKeyPrefix } from './namespace';

/**
 * Removing a bus namespace (PARLEY_BUS_NAMESPACE) from the servers it lives on, once every
 * process of it has stopped (the management CLI's `remove-bus-namespace`):
 * - NATS: the JetStream streams whose subjects are all `<ns>_…` (NamespacedBus prefixes every
 *   subject with `<ns>_`; a stream is named after its subjects' first token, upper-cased, so
 *   `<NS>_USERS` holds `<ns>_users.>`), and with them their durable consumers (`<ns>_events`,
 *   …: a namespace's consumers are on its own streams);
 * - Redis: the keys under `parley:<ns>:` (event queues, presence, browser sessions, rate-limit
 *   counts), found with SCAN.
 * Names are matched exactly, subjects and key prefixes case-sensitively: `ab` does not touch
 * `abc`'s streams or keys, nor `AB`'s (whose stream names are the same upper-cased: see
 * `ownsStream`), nor a deployment without a namespace (`users.>`, `parley:default:`).
 */

/** Fails rather than waits: an unreachable server is an error within this long. */
const CONNECT_TIMEOUT_MS = 5_000;

export class NamespaceRemovalError extends Error {}

/** Refuses what no process could have used as PARLEY_BUS_NAMESPACE, and `default` (see below). */
export function checkRemovableNamespace(namespace: string | undefined): string {
  if (namespace === undefined || namespace === '') throw new NamespaceRemovalError('--namespace is required (the PARLEY_BUS_NAMESPACE to remove)');
  if (!NAMESPACE_PATTERN.test(namespace)) throw new NamespaceRemovalError(`--namespace must be letters and digits, as PARLEY_BUS_NAMESPACE, got '${namespace}'`);
  // The Redis keys of a deployment without PARLEY_BUS_NAMESPACE are under parley:default: too.
  if (namespace === 'default') {
    throw new NamespaceRemovalError(`namespace 'default' is refused: its Redis keys (${redisKeyPrefix('default')}) are also those of a deployment without PARLEY_BUS_NAMESPACE`);
  }
  return namespace;
}

/**
 * Whether a stream belongs to the namespace: every subject it holds starts with `<ns>_`, and
 * its name with `<NS>_`. By subjects, since names are upper-cased: namespaces `ab` and `AB`
 * would both name a stream AB_USERS (so they cannot share a NATS), but only one holds `ab_…`.
 */
export function ownsStream(config: { name: string; subjects?: string[] }, namespace: string): boolean {
  const subjects = config.subjects ?? [];
  return subjects.length > 0 && subjects.every((s) => s.startsWith(`${namespace}_`)) && config.name.startsWith(`${namespace.toUpperCase()}_`);
}

export interface NatsRemoval {
  /** The streams deleted, by name. */
  streams: string[];
  /** Their durable consumers, deleted with them: `<stream>/<consumer>`. */
  consumers: string[];
}

/** A NATS connection for one administrative task: no reconnecting, a bounded connect. */
async function connectNats(natsUrl: string): Promise<NatsConnection> {
  try {
    return await connect({
      servers: natsUrl.split(',').map((s) => s.trim()),
      name: 'parley-manage',
      timeout: CONNECT_TIMEOUT_MS,
      reconnect: false,
    });
  } catch (err) {
    throw new NamespaceRemovalError(`cannot reach NATS at NATS_URL: ${(err as Error).message}`);
  }
}

/** A Redis connection that fails at once when the server is not there (no retrying, no queueing). */
async function connectRedis(redisUrl: string): Promise<Redis> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: 30_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // What went wrong (ECONNREFUSED, …) comes as an 'error' event; connect() then rejects with
  // a plain "Connection is closed". Listening also keeps ioredis from printing it.
  let cause: Error | undefined;
  redis.on('error', (err: Error) => (cause ??= err));
  try {
    await redis.connect();
    return redis;
  } catch (err) {
    redis.disconnect();
    throw new NamespaceRemovalError(`cannot reach Redis at REDIS_URL: ${(cause ?? (err as Error)).message}`);
  }
}

/**
 * The namespace's streams and consumers, refusing while one of its consumers has a reader (a
 * process of the namespace still running: its pull requests wait on the server; NATS drops
 * them as soon as the process's connection is gone).
 */
async function findStreams(nc: NatsConnection, namespace: string): Promise<NatsRemoval> {
  const jsm = await nc.jetstreamManager({ timeout: CONNECT_TIMEOUT_MS });
  const streams: string[] = [];
  for await (const info of jsm.streams.list()) {
    if (ownsStream(info.config, namespace)) streams.push(info.config.name);
  }
  streams.sort();
  const consumers: string[] = [];
  const inUse: string[] = [];
  for (const stream of streams) {
    for await (const c of jsm.consumers.list(stream)) {
      consumers.push(`${stream}/${c.name}`);
      if (c.num_waiting > 0 || c.push_bound) inUse.push(`${stream}/${c.name}`);
    }
  }
  if (inUse.length) {
    throw new NamespaceRemovalError(`namespace '${namespace}' is in use: ${inUse.join(', ')} ${inUse.length === 1 ? 'has a reader' : 'have readers'}; stop every process of the namespace first`);
  }
  return { streams, consumers: consumers.sort() };
}

async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    // SCAN's MATCH is a glob; the prefix is `parley:<letters and digits>:`, so it has no
    // glob characters, but check each key all the same.
    const ours = keys.filter((k) => k.startsWith(prefix));
    if (ours.length) deleted += await redis.unlink(...ours);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}

export interface NamespaceRemoval {
  namespace: string;
  /** null: NATS_URL was not given, NATS was not looked at. */
  streams: string[] | null;
  consumers: string[] | null;
  /** How many keys were deleted; null: REDIS_URL was not given, Redis was not looked at. */
  redis_keys: number | null;
}

/**
 * Removes the namespace from NATS (when `natsUrl` is given) and Redis (when `redisUrl` is).
 * Connects to both, and checks that the namespace is not in use, before deleting anything.
 */
export async function removeBusNamespace(opts: { namespace: string | undefined; natsUrl?: string; redisUrl?: string }): Promise<NamespaceRemoval> {
  const namespace = checkRemovableNamespace(opts.namespace);
  if (!opts.natsUrl && !opts.redisUrl) {
    throw new NamespaceRemovalError('NATS_URL or REDIS_URL must be set: a bus namespace lives in NATS (streams, consumers) and Redis (keys)');
  }
  let nc: NatsConnection | undefined;
  let redis: Redis | undefined;
  try {
    if (opts.natsUrl) nc = await connectNats(opts.natsUrl);
    if (opts.redisUrl) redis = await connectRedis(opts.redisUrl);
    const found = nc ? await findStreams(nc, namespace) : undefined;
    if (nc && found) {
      const jsm = await nc.jetstreamManager({ timeout: CONNECT_TIMEOUT_MS });
      for (const stream of found.streams) await jsm.streams.delete(stream);
    }
    const keys = redis ? await deleteKeys(redis, redisKeyPrefix(namespace)) : null;
    return { namespace, streams: found?.streams ?? null, consumers: found?.consumers ?? null, redis_keys: keys };
  } finally {
    await nc?.close().catch(() => undefined);
    redis?.disconnect();
  }
}
