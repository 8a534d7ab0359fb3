import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { randomToken, SERVICES, ServiceName } from '@parley/common';
import { deleteKeys } from './redis';
import { freePort } from '@parley/common';
import { adminQuery, dropDatabase } from './environment';
import { Proc, startProcess, waitFor } from './processes';

/**
 * Parley distributed on this machine for a test: every service and gateway a process of its
 * own (node <pkg>/dist/main.js), on a database and bus namespace of the test's own, with
 * replicas where asked (`events: 2` → events-1, events-2). Gateway i dials events replica i.
 * Needs real PostgreSQL and NATS: see `describeDistributed`.
 */
export interface ClusterOptions {
  events?: number;
  /** Replicas per service (`events` above is the same for the events service). */
  replicas?: Partial<Record<ServiceName, number>>;
  /**
   * Every process dials every replica of a service (gRPC round robin over `ipv4:a,b`), as a
   * Kubernetes Service spreads calls; otherwise gateway i dials replica i.
   */
  balanced?: boolean;
  gateways?: number;
  /** Extra env for one process, by its name ('users', 'events-2', 'gateway-1', ...). */
  envFor?: (name: string) => NodeJS.ProcessEnv;
  /** A PostgreSQL other than the run's to make the cluster's database on (a fault test's private server). */
  adminDatabaseUrl?: string;
}

export interface Cluster {
  env: NodeJS.ProcessEnv;
  gatewayUrls: string[];
  procs: Map<string, Proc>;
  healthUrl(name: string): string;
  start(name: string): Proc;
  stop(): Promise<void>;
}

const natsUrl = () => process.env.PARLEY_TEST_NATS_URL;
const available = () => process.env.PARLEY_TEST_SOURCE !== 'embedded' && !!natsUrl();

/** `describe` with real PostgreSQL and NATS (always in CI, where their absence fails), else skipped, saying so. */
export function describeDistributed(file: string): jest.Describe {
  if (available() || process.env.CI === 'true') return describe;
  process.stderr.write(`${file} skipped: it needs DATABASE_URL and NATS_URL (real servers)\n`);
  return describe.skip;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  if (!available()) throw new Error('the distributed tests need DATABASE_URL and NATS_URL (real servers); CI must provide them');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const adminUrl = opts.adminDatabaseUrl ?? process.env.PARLEY_TEST_DATABASE_URL!;
  const dbName = `${new URL(process.env.PARLEY_TEST_DATABASE_URL!).pathname.slice(1)}_${suffix}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const namespace = `cluster${suffix}`;
  // Uploaded files (the folder store) and tus staging, the processes' only local data.
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-cluster-'));
  const gateways = await Promise.all(Array.from({ length: opts.gateways ?? 1 }, () => freePort()));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    NATS_URL: natsUrl(),
    REDIS_URL: process.env.PARLEY_TEST_REDIS_URL || undefined,
    PARLEY_SECRET: randomToken(48),
    PARLEY_BUS_NAMESPACE: namespace,
    PARLEY_DATA_DIR: dataDir,
    EXTERNAL_HOST: `127.0.0.1:${gateways[0]}`,
    GRPC_DEADLINE_MS: '3000',
    // Rate limits have their own suite (test/rate-limits.test.ts).
    RATE_LIMIT_ENABLED: 'false',
    // The uploads service's HTTP server (file bodies), which every gateway proxies to.
    UPLOADS_HTTP_ADDR: `127.0.0.1:${await freePort()}`,
  };
  const names: string[] = [];
  for (const s of SERVICES) {
    const replicas = opts.replicas?.[s] ?? (s === 'events' ? (opts.events ?? 1) : 1);
    for (let i = 1; i <= replicas; i++) names.push(replicas > 1 ? `${s}-${i}` : s);
  }
  const grpc = new Map<string, string>();
  const health = new Map<string, number>();
  for (const name of names) {
    grpc.set(name, `127.0.0.1:${await freePort()}`);
    health.set(name, await freePort());
  }
  gateways.forEach((port, i) => names.push(`gateway-${i + 1}`) && health.set(`gateway-${i + 1}`, port));
  const serviceOf = (name: string) => name.replace(/-\d+$/, '') as ServiceName | 'gateway';
  const replicasOf = (s: ServiceName) => [...grpc.entries()].filter(([n]) => n === s || n.startsWith(`${s}-`)).map(([, addr]) => addr);
  const addrsFor = (index: number) =>
    Object.fromEntries(
      SERVICES.map((s) => {
        const all = replicasOf(s);
        if (opts.balanced && all.length > 1) return [`${s.toUpperCase()}_GRPC_ADDR`, `ipv4:${all.join(',')}`];
        const replica = grpc.get(s) ?? grpc.get(`${s}-${index}`) ?? grpc.get(`${s}-1`)!;
        return [`${s.toUpperCase()}_GRPC_ADDR`, replica];
      }),
    );
  const procs = new Map<string, Proc>();
  const start = (name: string): Proc => {
    const service = serviceOf(name);
    const index = Number(/-(\d+)$/.exec(name)?.[1] ?? 1);
    const own =
      service === 'gateway' ? { PORT: String(health.get(name)) } : { [`${service.toUpperCase()}_GRPC_ADDR`]: grpc.get(name)!, [`${service.toUpperCase()}_HEALTH_PORT`]: String(health.get(name)) };
    const script = service === 'gateway' ? 'gateway/dist/main.js' : `services/${service}/dist/main.js`;
    const proc = startProcess(name, script, { ...env, ...addrsFor(index), ...own, ...opts.envFor?.(name) });
    procs.set(name, proc);
    return proc;
  };
  const healthUrl = (name: string) => `http://127.0.0.1:${health.get(name)}/readyz`;
  const cluster: Cluster = {
    env: { ...env, ...addrsFor(1) },
    gatewayUrls: gateways.map((p) => `http://127.0.0.1:${p}`),
    procs,
    healthUrl,
    start,
    stop: async () => {
      await Promise.all([...procs.values()].map((p) => p.stop('SIGKILL')));
      await dropDatabase(adminUrl, dbName);
      const nc = await connect({ servers: natsUrl() });
      const jsm = await nc.jetstreamManager();
      for await (const info of jsm.streams.list()) {
        if (info.config.name.startsWith(`${namespace.toUpperCase()}_`)) await jsm.streams.delete(info.config.name);
      }
      await nc.close();
      if (env.REDIS_URL) await deleteKeys(env.REDIS_URL, `parley:${namespace}:`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    for (const name of names.filter((n) => !n.startsWith('gateway'))) start(name);
    for (const name of names.filter((n) => !n.startsWith('gateway'))) await waitFor(healthUrl(name), [...procs.values()]);
    for (const name of names.filter((n) => n.startsWith('gateway'))) start(name);
    for (const name of names.filter((n) => n.startsWith('gateway'))) await waitFor(healthUrl(name), [...procs.values()]);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}
