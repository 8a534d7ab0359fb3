import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSystem, RunningSystem } from '@parley/runner';
import { acquireRunEnvironment } from './run-environment';
import { freePort } from '@parley/common';
import { TestSmtpServer } from './smtp';

/**
 * The integration project's global setup, once per `jest` run: provide PostgreSQL/NATS/Redis
 * (run-environment.ts), start Parley all-in-one on them, and hand the tests what they need
 * through the environment (PARLEY_TEST_*), which the test workers inherit.
 */
declare global {
  var __parley: { system: RunningSystem; smtp: TestSmtpServer } | undefined;
}

export default async function globalSetup(): Promise<void> {
  // The run's logs, searched for secrets at the end (run-log.ts): the Parley under test logs
  // everything (debug) into a file there, and test workers inherit the folder.
  const logDir = mkdtempSync(join(tmpdir(), 'parley-test-logs-'));
  process.env.PARLEY_TEST_LOG_DIR = logDir;
  process.env.LOG_LEVEL = 'debug';
  process.env.LOG_FILE = join(logDir, 'parley.log');
  // Rule 1 (ADR 0017): a remote call inside a transaction fails the request, so the test that
  // reaches it fails (the Parley under test inherits this; test code gets it from
  // strict-transactions.js, every project's setup file).
  process.env.PARLEY_STRICT_TRANSACTIONS = '1';
  // Also sets the run's PARLEY_SECRET and PARLEY_BUS_NAMESPACE in process.env.
  const environment = await acquireRunEnvironment();
  const port = await freePort();
  // Parley's mail goes to a real SMTP server here; tests read what arrived (smtp.ts, Mailbox).
  const mailbox = mkdtempSync(join(tmpdir(), 'parley-test-mailbox-'));
  const smtp = await TestSmtpServer.start({ dir: mailbox });
  const env = {
    ...smtp.env,
    ...process.env,
    // Each mail within 100 ms of its queueing.
    MAIL_POLL_MS: '100',
    // Missed-message batches looked for every 200 ms; their due time is moved by the tests
    // (test/missed-message-mail.test.ts), so every other test's messages wait the users' own period.
    MISSED_MESSAGE_POLL_MS: '200',
    // `manage send-digests` taken within 200 ms.
    DIGEST_POLL_MS: '200',
    DATABASE_URL: environment.databaseUrl,
    NATS_URL: environment.natsUrl,
    REDIS_URL: environment.redisUrl,
    PARLEY_DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-test-data-')),
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
  globalThis.__parley = { system, smtp };
  Object.assign(process.env, {
    PARLEY_TEST_URL: system.url,
    // For tests of internal RPCs (no HTTP route), e.g. IsInGroupSetting.
    PARLEY_TEST_USERS_GRPC_ADDR: `127.0.0.1:${system.services.users.grpcPort}`,
    PARLEY_TEST_CHANNELS_GRPC_ADDR: `127.0.0.1:${system.services.channels.grpcPort}`,
    PARLEY_TEST_MESSAGES_GRPC_ADDR: `127.0.0.1:${system.services.messages.grpcPort}`,
    PARLEY_TEST_UPLOADS_GRPC_ADDR: `127.0.0.1:${system.services.uploads.grpcPort}`,
    PARLEY_DATA_DIR: env.PARLEY_DATA_DIR,
    PARLEY_TEST_MAILBOX: mailbox,
    EXTERNAL_HOST: env.EXTERNAL_HOST,
  });
  console.log(`\nParley under test at ${system.url} (database and bus: ${environment.source})`);
}
