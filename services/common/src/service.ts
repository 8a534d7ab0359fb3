import pg from 'pg';
import { createBus } from './bus';
import type { Bus } from './bus/bus';
import { envBool, envBusNamespace, envInt, envOptional, envString, envUrl, grpcAddrs, ServiceName } from './config';
import { bootstrapServiceSchema, createPool, runMigrations, serviceDatabaseUrl } from './db';
import { startHealthServer, HealthServer } from './health';
import { createLogger, Logger } from './logger';
import { OutboxRelay } from './outbox';
import { loadSecret } from './secret';
import { createClients, RpcClients } from './grpc/client';
import { Handler, RpcServer, startRpcServer } from './grpc/server';
import { schemaOf } from './db';

/** What every service process reads from the environment (see the README's table). */
export interface BaseConfig {
  databaseUrl: string;
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
}

export function readBaseConfig(
  service: ServiceName,
  env: Record<string, string | undefined>,
  defaults: { databaseUrl?: string } = {},
): BaseConfig {
  const dataDir = envString(env, 'PARLEY_DATA_DIR', './.data');
  const databaseUrl = envUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? defaults.databaseUrl;
  if (!databaseUrl) throw new Error('DATABASE_URL must be set (or run all-in-one for the embedded PostgreSQL)');
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
  });
}

/** What a service's wiring gets to build its handlers from. */
export interface ServiceDeps {
  pool: pg.Pool;
  bus: Bus;
  clients: RpcClients;
  log: Logger;
  config: BaseConfig;
}

export interface RunningService {
  name: ServiceName;
  grpcPort: number;
  healthPort: number;
  deps: ServiceDeps;
  stop(): Promise<void>;
}

/**
 * Starts one service: schema bootstrap and migrations, pool, bus, outbox relay, gRPC and
 * health servers. `makeHandlers` is the service's own wiring; `onStart` runs after the
 * server listens (background jobs, consumers), and returns what to stop on shutdown.
 */
export async function runService(opts: {
  name: ServiceName;
  config: BaseConfig;
  migrationsDir: string;
  makeHandlers: (deps: ServiceDeps) => Record<string, Handler>;
  onStart?: (deps: ServiceDeps) => Promise<() => Promise<void>>;
  log?: Logger;
}): Promise<RunningService> {
  const { name, config } = opts;
  const log = opts.log ?? createLogger(name);
  const ownUrl = serviceDatabaseUrl(process.env, config.databaseUrl, name, config.secret);
  if (config.migrateOnStart) {
    await bootstrapServiceSchema(config.databaseUrl, name, config.secret);
    await runMigrations(ownUrl, name, opts.migrationsDir, log);
  }
  const pool = createPool(ownUrl, name);
  const bus = await createBus({ natsUrl: config.natsUrl, name, log, namespace: config.busNamespace });
  await bus.ensureStream(name);
  const clients = createClients(config.grpc, config.secret, config.grpcDeadlineMs);
  const deps: ServiceDeps = { pool, bus, clients, log, config };
  const relay = new OutboxRelay({ pool, schema: schemaOf(name), bus, log });
  await relay.start();
  const rpc: RpcServer = await startRpcServer({ service: name, handlers: opts.makeHandlers(deps), addr: config.grpc[name], secret: config.secret, log });
  const stopJobs = opts.onStart ? await opts.onStart(deps) : async () => undefined;
  const health: HealthServer = await startHealthServer({
    port: config.healthPort,
    host: envOptional(process.env, 'HEALTH_HOST') ?? '127.0.0.1',
    ready: async () => (await pool.query('SELECT 1')).rowCount === 1,
  });
  log.info({ grpcPort: rpc.port, healthPort: health.port }, `${name} service started`);
  return {
    name,
    grpcPort: rpc.port,
    healthPort: health.port,
    deps,
    stop: async () => {
      await rpc.stop();
      await stopJobs();
      await relay.flush().catch((err) => log.warn({ err }, 'outbox flush on shutdown failed'));
      await relay.stop();
      await health.close();
      for (const c of Object.values(clients)) c.close();
      await bus.close();
      await pool.end();
    },
  };
}
