import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomToken } from '@parley/common';
import { startSystem, RunningSystem } from '@parley/runner';
import { provideEnvironment, TestEnvironment } from './environment';
import { freePort } from '@parley/common';

/**
 * Once per `jest` run: provide PostgreSQL/NATS/Redis (see environment.ts), start Parley
 * all-in-one on them, and hand the tests what they need through the environment
 * (PARLEY_TEST_*), which the test workers inherit.
 */
declare global {
  var __parley: { environment: TestEnvironment; system: RunningSystem } | undefined; // eslint-disable-line no-var
}


export default async function globalSetup(): Promise<void> {
  // The run's logs, searched for secrets at the end (run-log.ts): the Parley under test logs
  // everything (debug) into a file there, and test workers inherit the folder.
  const logDir = mkdtempSync(join(tmpdir(), 'parley-test-logs-'));
  process.env.PARLEY_TEST_LOG_DIR = logDir;
  process.env.LOG_LEVEL = 'debug';
  process.env.LOG_FILE = join(logDir, 'parley.log');
  // Rule 1 (ADR 0017): a remote call inside a transaction fails the request, so the test that
  // reaches it fails, in the Parley under test and in the unit tests alike.
  process.env.PARLEY_STRICT_TRANSACTIONS = '1';
  const environment = await provideEnvironment();
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: environment.databaseUrl,
    NATS_URL: environment.natsUrl,
    REDIS_URL: environment.redisUrl,
    PARLEY_SECRET: randomToken(48),
    PARLEY_DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-test-data-')),
    // Each run's own bus namespace, so concurrent runs on one NATS do not see each other.
    PARLEY_BUS_NAMESPACE: `test${Date.now()}${process.pid}`,
    PORT: String(port),
    EXTERNAL_HOST: `127.0.0.1:${port}`,
    // Web-public channels are off by default, as in Zulip; the tests cover them (the refusal
    // when the server setting is off is unit-tested in services/channels).
    WEB_PUBLIC_STREAMS_ENABLED: 'true',
    // Rate limits have their own suite (test/rate-limits.test.ts); elsewhere a 429 is a failure.
    RATE_LIMIT_ENABLED: 'false',
    // Small batches, so that test/delete-topic.test.ts deletes a topic in several of them.
    DELETE_TOPIC_BATCH_SIZE: '3',
  };
  const system = await startSystem(env);
  globalThis.__parley = { environment, system };
  Object.assign(process.env, {
    PARLEY_TEST_URL: system.url,
    PARLEY_TEST_SOURCE: environment.source,
    PARLEY_TEST_DATABASE_URL: environment.databaseUrl,
    PARLEY_TEST_NATS_URL: environment.natsUrl ?? '',
    PARLEY_TEST_REDIS_URL: environment.redisUrl ?? '',
    // For tests of internal RPCs (no HTTP route), e.g. IsInGroupSetting.
    PARLEY_TEST_USERS_GRPC_ADDR: `127.0.0.1:${system.services.users.grpcPort}`,
    PARLEY_TEST_CHANNELS_GRPC_ADDR: `127.0.0.1:${system.services.channels.grpcPort}`,
    PARLEY_TEST_MESSAGES_GRPC_ADDR: `127.0.0.1:${system.services.messages.grpcPort}`,
    PARLEY_TEST_UPLOADS_GRPC_ADDR: `127.0.0.1:${system.services.uploads.grpcPort}`,
    PARLEY_SECRET: env.PARLEY_SECRET,
    PARLEY_DATA_DIR: env.PARLEY_DATA_DIR,
    PARLEY_BUS_NAMESPACE: env.PARLEY_BUS_NAMESPACE,
    EXTERNAL_HOST: env.EXTERNAL_HOST,
  });
  // eslint-disable-next-line no-console
  console.log(`\nParley under test at ${system.url} (database and bus: ${environment.source})`);
}
