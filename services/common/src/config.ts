/**
 * Reading configuration from the environment, one typed value at a time. Each process
 * reads its whole configuration once at start-up (its own config.ts) and fails fast with
 * a message that names the variable when a value is malformed.
 */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function envString(env: Env, name: string, fallback?: string): string {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new ConfigError(`${name} must be set`);
}

export function envOptional(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function envInt(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = envOptional(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function envBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = envOptional(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

export function envUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = envOptional(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got ${url.protocol}`);
  }
  return raw;
}

export function envBusNamespace(env: Env): string | undefined {
  const value = envOptional(env, 'PARLEY_BUS_NAMESPACE');
  if (value !== undefined && !/^[A-Za-z0-9]+$/.test(value)) {
    throw new ConfigError(`PARLEY_BUS_NAMESPACE must be letters and digits, got '${value}'`);
  }
  return value;
}

/** The gRPC listen/dial address of each service, by name. */
export const SERVICES = ['users', 'channels', 'messages', 'uploads', 'events'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const DEFAULT_GRPC_PORTS: Record<ServiceName, number> = {
  users: 50051,
  channels: 50052,
  messages: 50053,
  uploads: 50054,
  events: 50055,
};

/**
 * The uploads service's internal HTTP server (file bodies, tus), which the gateway proxies
 * to: UPLOADS_HTTP_ADDR, host:port.
 */
export const DEFAULT_UPLOADS_HTTP_PORT = 50064;
export function uploadsHttpAddr(env: Env): string {
  return envString(env, 'UPLOADS_HTTP_ADDR', `127.0.0.1:${DEFAULT_UPLOADS_HTTP_PORT}`);
}

/** `USERS_GRPC_ADDR` etc., defaulting to the service's port on loopback. */
export function grpcAddrs(env: Env): Record<ServiceName, string> {
  const out = {} as Record<ServiceName, string>;
  for (const s of SERVICES) out[s] = envString(env, `${s.toUpperCase()}_GRPC_ADDR`, `127.0.0.1:${DEFAULT_GRPC_PORTS[s]}`);
  return out;
}
