import { createBus } from './bus';
import type { Bus } from './bus/bus';
import { ConfigError, envBool, envBusNamespace, envInt, envOptional, envString, envUrl, grpcAddrs, ServiceName } from './config';
import { bootstrapServiceSchema, createPool, reportRemoteCallsInTransactions, runMigrations, serviceDatabaseUrl } from './db';
import { startHealthServer, HealthServer } from './health';
import { createLogger, Logger } from './logger';
import { OutboxRelay, type ServicePool } from './outbox';
import { settledWithin } from './promises';
import { loadSecret } from './secret';
import { closeClients, createClients, RpcClients } from './grpc/service-clients';
import { Handler, RpcServer, startRpcServer } from './grpc/server';
import { schemaOf } from './db';

/** What every service process reads from the environment (see docs/configuration.md). */
export interface BaseConfig {
  /** Administrative PostgreSQL URL; required by the services that own a schema. */
  databaseUrl?: string;
  natsUrl?: string;
  redisUrl?: string;
  /** Prefix of every subject, stream and consumer (PARLEY_BUS_NAMESPACE), to share one NATS. */
  busNamespace?: string;
  secret: string;
  dataDir: string;
  grpc: Record<ServiceName, string>;
  healthPort: number;
  migrateOnStart: boolean;
  grpcDeadlineMs: number;
  /** Zulip's WEB_PUBLIC_STREAMS_ENABLED server setting: whether web-public channels may exist. */
  webPublicStreamsEnabled: boolean;
  /**
   * Channels one request may (un)subscribe to or change the properties of (channels service;
   * MAX_SUBSCRIPTIONS_PER_REQUEST). Zulip has no such bound; 20,000 new names ran past the gRPC deadline.
   */
  maxSubscriptionsPerRequest: number;
  /**
   * Channels one realm may have, archived ones included (channels service; MAX_CHANNELS_PER_REALM).
   * Zulip has no such bound; every user's POST /register lists the realm's channels (about 1 KB each).
   */
  maxChannelsPerRealm: number;
}

export function readBaseConfig(service: ServiceName, env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): BaseConfig {
  const dataDir = envString(env, 'PARLEY_DATA_DIR', './.data');
  const databaseUrl = envUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? defaults.databaseUrl;
  return Object.freeze({
    databaseUrl,
    natsUrl: envUrl(env, 'NATS_URL', ['nats:', 'tls:']),
    redisUrl: envUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    busNamespace: envBusNamespace(env),
    secret: loadSecret(env, dataDir),
    dataDir,
    grpc: grpcAddrs(env),
    healthPort: envInt(env, `${service.toUpperCase()}_HEALTH_PORT`, 0, 0, 65535),
    migrateOnStart: envBool(env, 'MIGRATE_ON_START', true),
    grpcDeadlineMs: envInt(env, 'GRPC_DEADLINE_MS', 10_000, 100),
    webPublicStreamsEnabled: envBool(env, 'WEB_PUBLIC_STREAMS_ENABLED', false),
    maxSubscriptionsPerRequest: envInt(env, 'MAX_SUBSCRIPTIONS_PER_REQUEST', 1000, 1),
    maxChannelsPerRealm: envInt(env, 'MAX_CHANNELS_PER_REALM', 5000, 1),
  });
}

/** What a service's wiring gets to build its handlers from. */
export interface ServiceDeps {
  bus: Bus;
  clients: RpcClients;
  log: Logger;
  config: BaseConfig;
}

/**
 * A service that owns a schema also gets its pool (and an outbox relay runs for it), whose
 * writes wait for their events when the service publishes before replying (ServicePool).
 */
export interface DbServiceDeps extends ServiceDeps {
  pool: ServicePool;
}

export interface RunningService {
  name: ServiceName;
  grpcPort: number;
  healthPort: number;
  stop(): Promise<void>;
}

interface ServiceOptions<D> {
  name: ServiceName;
  config: BaseConfig;
  makeHandlers: (deps: D) => Record<string, Handler>;
  /** Runs once the server listens (background jobs, consumers); returns what stops them. */
  onStart?: (deps: D) => Promise<() => Promise<void>>;
  /**
   * A write of the service that put events in the outbox (a transaction, or a single
   * statement) returns once they are published, up to PUBLISH_BEFORE_REPLY_MS (a bus that is
   * down delays the events, not the answer): whoever acts on an RPC's answer finds every
   * subscriber told, as what other services keep of this one's answers needs (ADR 0010).
   * Costs each such write a relay run, shared with the writes committed meanwhile.
   */
  publishBeforeReply?: boolean;
  /** Runs first on stop, before the gRPC server waits for its calls (the events service answers its long polls). */
  beforeStop?: () => void;
  /** Bidirectional RPCs that carry calls of a unary one, by name (startRpcServer's `multiplexed`). */
  multiplexed?: Record<string, string>;
  log?: Logger;
}

/**
 * Starts one service: its schema (bootstrap, migrations, pool, outbox relay) when it has
 * migrations, the bus, the gRPC and health servers. A service without a database (events)
 * says how to tell it is ready instead.
 */
export function runService(opts: ServiceOptions<DbServiceDeps> & { migrationsDir: string }): Promise<RunningService>;
export function runService(opts: ServiceOptions<ServiceDeps> & { ready: () => Promise<boolean> }): Promise<RunningService>;
export async function runService(opts: ServiceOptions<never> & { migrationsDir?: string; ready?: () => Promise<boolean> }): Promise<RunningService> {
  const { name, config } = opts;
  const log = opts.log ?? createLogger(name);
  reportRemoteCallsInTransactions((rpc, err) => log.warn({ err, rpc }, 'remote call inside a transaction'));
  const db = opts.migrationsDir ? await startDatabase(name, config, opts.migrationsDir, !!opts.publishBeforeReply, log) : undefined;
  const bus = await createBus({ natsUrl: config.natsUrl, name, log, namespace: config.busNamespace });
  const clients = createClients(config.grpc, config.secret, config.grpcDeadlineMs);
  const deps = { bus, clients, log, config, ...(db && { pool: db.pool }) };
  await db?.startRelay(bus);
  const rpc: RpcServer = await startRpcServer({
    service: name,
    handlers: opts.makeHandlers(deps as never),
    addr: config.grpc[name],
    secret: config.secret,
    log,
    multiplexed: opts.multiplexed,
  });
  const stopJobs = opts.onStart ? await opts.onStart(deps as never) : async () => undefined;
  const health: HealthServer = await startHealthServer({
    port: config.healthPort,
    host: envOptional(process.env, 'HEALTH_HOST') ?? '127.0.0.1',
    ready: db ? db.ready : opts.ready!,
  });
  log.info({ grpcPort: rpc.port, healthPort: health.port }, `${name} service started`);
  return {
    name,
    grpcPort: rpc.port,
    healthPort: health.port,
    stop: async () => {
      opts.beforeStop?.();
      await rpc.stop();
      await stopJobs();
      await db?.stopRelay();
      await health.close();
      closeClients(clients);
      await bus.close();
      await db?.pool.end();
    },
  };
}

/** How long a write waits for its events to be published (see publishBeforeReply). */
export const PUBLISH_BEFORE_REPLY_MS = 2_000;

/**
 * `published` bounded to `waitMs` and never failing: a bus that is down or slow delays the
 * events (the relay retries), not the write's answer.
 */
export function boundedWait(published: (ids: readonly string[]) => Promise<void>, log: Logger, waitMs = PUBLISH_BEFORE_REPLY_MS) {
  return (ids: readonly string[]): Promise<void> =>
    settledWithin(
      published(ids).catch((err: unknown) => log.warn({ err }, 'events not yet published; the relay retries')),
      waitMs,
    );
}

/** The service's schema and pool; its outbox relay starts once the bus is there. */
async function startDatabase(name: ServiceName, config: BaseConfig, migrationsDir: string, publishBeforeReply: boolean, log: Logger) {
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL must be set (or run all-in-one for the embedded PostgreSQL)');
  const ownUrl = serviceDatabaseUrl(process.env, config.databaseUrl, name, config.secret);
  if (config.migrateOnStart) {
    await bootstrapServiceSchema(config.databaseUrl, name, config.secret);
    await runMigrations(ownUrl, name, migrationsDir, log);
  }
  let relay: OutboxRelay | undefined;
  let publishing: OutboxRelay | undefined;
  // The service's writes wait for its relay to publish them (publishBeforeReply), once it has
  // started (startRelay, before the gRPC server: nothing of the service's writes earlier).
  const published = async (ids: readonly string[]) => publishing?.published(ids);
  const pool = createPool(ownUrl, name, undefined, publishBeforeReply ? boundedWait(published, log) : undefined);
  return {
    pool,
    ready: async () => (await pool.query('SELECT 1')).rowCount === 1,
    startRelay: async (bus: Bus) => {
      await bus.ensureStream(name);
      const started = new OutboxRelay({ pool, schema: schemaOf(name), bus, log });
      relay = started;
      await started.start();
      publishing = started;
    },
    stopRelay: async () => {
      await relay?.flush().catch((err) => log.warn({ err }, 'outbox flush on shutdown failed'));
      await relay?.stop();
    },
  };
}
