import { envBusNamespace, envInt, envString, envUrl, grpcAddrs, loadSecret, ServiceName } from '@parley/common';

export interface GatewayConfig {
  port: number;
  host: string;
  externalHost: string;
  secret: string;
  natsUrl?: string;
  busNamespace?: string;
  grpc: Record<ServiceName, string>;
  grpcDeadlineMs: number;
  authCacheTtlMs: number;
  maxBodyBytes: number;
}

export function readGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const port = envInt(env, 'PORT', 9991, 0, 65535);
  return Object.freeze({
    port,
    host: envString(env, 'HOST', '127.0.0.1'),
    externalHost: envString(env, 'EXTERNAL_HOST', `127.0.0.1:${port}`),
    secret: loadSecret(env, envString(env, 'PARLEY_DATA_DIR', './.data')),
    natsUrl: envUrl(env, 'NATS_URL', ['nats:', 'tls:']),
    busNamespace: envBusNamespace(env),
    grpc: grpcAddrs(env),
    grpcDeadlineMs: envInt(env, 'GRPC_DEADLINE_MS', 10_000, 100),
    authCacheTtlMs: envInt(env, 'AUTH_CACHE_TTL_MS', 30_000, 0),
    maxBodyBytes: envInt(env, 'MAX_BODY_BYTES', 10 * 1024 * 1024, 1024),
  });
}
