import { envBool, envBusNamespace, envInt, envString, envUrl, grpcAddrs, loadSecret, ServiceName, uploadsHttpAddr } from '@parley/common';
import { envRateRule, RateLimitConfig } from './rate-limit';
import { readRequestLimits, RequestLimits } from './limits';
import { defaultWebDir } from './web-app';

export interface GatewayConfig {
  port: number;
  host: string;
  externalHost: string;
  secret: string;
  natsUrl?: string;
  busNamespace?: string;
  grpc: Record<ServiceName, string>;
  /** The uploads service's HTTP server, where file bodies are proxied (UPLOADS_HTTP_ADDR). */
  uploadsHttpAddr: string;
  /** How long a call has to begin its writes (GRPC_DEADLINE_MS); past it, nothing is changed and the client gets 503. */
  grpcDeadlineMs: number;
  /** How much longer the gateway waits for a call that began writing in time (GRPC_COMMIT_GRACE_MS). */
  grpcCommitGraceMs: number;
  authCacheTtlMs: number;
  maxBodyBytes: number;
  /** Bounds on one request and on a client's connections (see limits.ts). */
  limits: RequestLimits;
  /** Where rate limits are counted (shared by replicas); in memory without it. */
  redisUrl?: string;
  rateLimit: RateLimitConfig;
  /** The built web client served at / (WEB_DIR; web/dist of the checkout by default). */
  webDir: string;
}

export function readGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const port = envInt(env, 'PORT', 9991, 0, 65535);
  return Object.freeze({
    port,
    host: envString(env, 'HOST', '127.0.0.1'),
    // localhost, not 127.0.0.1: browsers and curl resolve `<sub>.localhost` to loopback, so
    // realm subdomains are reachable on one machine (the users service has the same default).
    externalHost: envString(env, 'EXTERNAL_HOST', `localhost:${port}`),
    secret: loadSecret(env, envString(env, 'PARLEY_DATA_DIR', './.data')),
    natsUrl: envUrl(env, 'NATS_URL', ['nats:', 'tls:']),
    busNamespace: envBusNamespace(env),
    grpc: grpcAddrs(env),
    uploadsHttpAddr: uploadsHttpAddr(env),
    grpcDeadlineMs: envInt(env, 'GRPC_DEADLINE_MS', 10_000, 100),
    grpcCommitGraceMs: envInt(env, 'GRPC_COMMIT_GRACE_MS', 10_000, 0),
    authCacheTtlMs: envInt(env, 'AUTH_CACHE_TTL_MS', 30_000, 0),
    maxBodyBytes: envInt(env, 'MAX_BODY_BYTES', 10 * 1024 * 1024, 1024),
    limits: readRequestLimits(env),
    redisUrl: envUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    webDir: envString(env, 'WEB_DIR', defaultWebDir()),
    rateLimit: Object.freeze({
      enabled: envBool(env, 'RATE_LIMIT_ENABLED', true),
      user: envRateRule(env, 'RATE_LIMIT_USER', '200/60'),
      anonymous: envRateRule(env, 'RATE_LIMIT_ANONYMOUS', '100/60'),
      images: envRateRule(env, 'RATE_LIMIT_IMAGES', '1000/60'),
      login: envRateRule(env, 'RATE_LIMIT_LOGIN', '5/1800'),
      passwordReset: envRateRule(env, 'RATE_LIMIT_PASSWORD_RESET', '2/3600'),
      mailByIp: envRateRule(env, 'RATE_LIMIT_MAIL_BY_IP', '5/86400'),
      proxyHops: envInt(env, 'RATE_LIMIT_PROXY_HOPS', 0, 0, 10),
    }),
  });
}
