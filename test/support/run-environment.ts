import { connect } from 'nats';
import { randomToken } from '@parley/common';
import { provideEnvironment, TestEnvironment } from './environment';
import { deleteKeys } from './redis';

/**
 * The run's PostgreSQL, NATS and Redis (environment.ts), shared by the jest projects that need
 * them (component, integration). Jest runs the global setups of every project it selected in
 * one process before any test, and the test workers inherit that process's environment: so the
 * projects of a run share one database, one server secret and one bus namespace. The first
 * setup provides them; the last teardown removes the run's streams and keys and stops them.
 */
declare global {
  var __parleyRun: { environment: TestEnvironment; holders: number } | undefined;
}

export async function acquireRunEnvironment(): Promise<TestEnvironment> {
  const run = globalThis.__parleyRun;
  if (run) {
    run.holders++;
    return run.environment;
  }
  const environment = await provideEnvironment();
  globalThis.__parleyRun = { environment, holders: 1 };
  Object.assign(process.env, {
    PARLEY_TEST_SOURCE: environment.source,
    PARLEY_TEST_DATABASE_URL: environment.databaseUrl,
    PARLEY_TEST_NATS_URL: environment.natsUrl ?? '',
    PARLEY_TEST_REDIS_URL: environment.redisUrl ?? '',
    PARLEY_SECRET: randomToken(48),
    // Each run's own bus namespace, so concurrent runs on one NATS do not see each other.
    PARLEY_BUS_NAMESPACE: `test${Date.now()}${process.pid}`,
  });
  return environment;
}

export async function releaseRunEnvironment(): Promise<void> {
  const run = globalThis.__parleyRun;
  if (!run || --run.holders > 0) return;
  globalThis.__parleyRun = undefined;
  const { natsUrl, redisUrl } = run.environment;
  const namespace = process.env.PARLEY_BUS_NAMESPACE;
  if (natsUrl && namespace) await deleteStreams(natsUrl, `${namespace.toUpperCase()}_`);
  if (redisUrl && namespace) await deleteKeys(redisUrl, `parley:${namespace}:`);
  await run.environment.stop();
}

/** This run's JetStream streams (its bus namespace), so runs leave no streams behind. */
async function deleteStreams(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(prefix)) await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}
