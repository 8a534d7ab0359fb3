import { mkdtempSync, readdirSync, copyFileSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { closeClients, createBus, createClients, subscribeTo, createLogger, Logger, Bus } from '@parley/common';
import { AuthCache } from './auth';
import { LongPolls } from './long-polls';
import { createRateLimiter } from './rate-limit';
import { createApiHandler } from './app';
import { loadWebApp } from './web-app';
import { Router } from './router';
import { routes } from '@parley/common/api';
import { setApiHandler } from './registry';
import { trimExpressGateway } from './express-gateway-trims';
import { applyServerLimits } from './limits';
import type { GatewayConfig } from './config';

export interface RunningGateway {
  port: number;
  stop(): Promise<void>;
}

/**
 * express-gateway reads its configuration from a folder (EG_CONFIG_DIR). We write one per
 * start: a single pipeline that sends every request to the `parley` policy of our plugin.
 * express-gateway keeps module-level state, so one gateway runs per process.
 */
function writeConfigDir(config: GatewayConfig): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-gateway-'));
  const models = join(dirname(require.resolve('express-gateway/package.json')), 'lib/config/models');
  mkdirSync(join(dir, 'models'));
  for (const f of readdirSync(models)) copyFileSync(join(models, f), join(dir, 'models', f));
  const gateway = {
    http: { port: config.port, hostname: config.host },
    // A regex without groups: express would percent-decode a `/*` wildcard and answer a
    // malformed escape (`/messages/%FF`) with its own HTML 400 before Parley sees it.
    apiEndpoints: { all: { host: '*', pathRegex: '^/' } },
    serviceEndpoints: {},
    policies: ['parley'],
    pipelines: { parley: { apiEndpoints: ['all'], policies: [{ parley: [{ action: {} }] }] } },
  };
  const system = {
    // express-gateway's own credential store, unused by Parley, kept in memory.
    db: { redis: { emulate: true, namespace: 'EG' } },
    crypto: { cipherKey: randomBytes(16).toString('hex'), algorithm: 'aes256', saltRounds: 10 },
    session: { secret: randomBytes(16).toString('hex'), resave: false, saveUninitialized: false },
    accessTokens: { timeToExpiry: 7200000 },
    refreshTokens: { timeToExpiry: 7200000 },
    authorizationCodes: { timeToExpiry: 300000 },
    plugins: { parley: { package: join(__dirname, '../plugin/index.js') } },
  };
  // JSON is YAML: express-gateway parses these with js-yaml.
  writeFileSync(join(dir, 'gateway.config.yml'), JSON.stringify(gateway, null, 2));
  writeFileSync(join(dir, 'system.config.yml'), JSON.stringify(system, null, 2));
  return dir;
}

export async function startGateway(config: GatewayConfig, log: Logger = createLogger('gateway')): Promise<RunningGateway> {
  const clients = createClients(config.grpc, config.secret, config.grpcDeadlineMs);
  const cache = new AuthCache(config.authCacheTtlMs);
  const bus: Bus = await createBus({ natsUrl: config.natsUrl, name: 'gateway', log, namespace: config.busNamespace });
  const invalidations = await subscribeTo(bus, {
    subject: 'users.auth.invalidate',
    handler: async ({ data }) => cache.invalidate(data.realm_id, data.user_id),
  });
  const longPolls = new LongPolls();
  const limiter = createRateLimiter(config.rateLimit, config.redisUrl, config.busNamespace, log);
  const web = loadWebApp(config.webDir);
  if (!web.built) log.warn({ dir: config.webDir }, 'the web client is not built (npm run build): / says so');
  setApiHandler(createApiHandler({ config, clients, cache, router: new Router(routes), log, longPolls, limiter, web }));

  const dir = writeConfigDir(config);
  process.env.EG_CONFIG_DIR = dir;
  quietExpressGatewayLogs();
  trimExpressGateway();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- express-gateway has no types, and loads only when the shell starts
  const eg = require('express-gateway') as () => { load(dir: string): { run(): Promise<unknown> } };
  const [{ app: server }] = (await eg().load(dir).run()) as [{ app: Server }];
  rmSync(dir, { recursive: true, force: true });
  // Timeouts, header size, connections per address; Node's own refusals as envelopes.
  applyServerLimits(server, config.limits, log);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port }, 'gateway listening');
  return {
    port,
    stop: async () => {
      // Open long polls answer now (empty: the client polls again), or they would hold the
      // shutdown until their heartbeats are due.
      longPolls.drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
      });
      await invalidations.stop();
      await bus.close();
      closeClients(clients);
      await limiter.close();
      setApiHandler(undefined);
    },
  };
}

/**
 * express-gateway logs (winston, colored text, not JSON) at LOG_LEVEL too: at debug it prints
 * its whole configuration on every start. Its loggers stay at info or quieter, whatever
 * Parley's level; EG_LOG_LEVEL sets them apart.
 */
function quietExpressGatewayLogs(): void {
  const level = process.env.EG_LOG_LEVEL ?? (['debug', 'trace', 'verbose', 'silly'].includes(process.env.LOG_LEVEL ?? '') ? 'info' : (process.env.LOG_LEVEL ?? 'info'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- express-gateway's loggers, as above
  const loggers = require('express-gateway/lib/logger') as Record<string, { level?: string }>;
  for (const logger of Object.values(loggers)) if (typeof logger === 'object' && logger) logger.level = level;
}
