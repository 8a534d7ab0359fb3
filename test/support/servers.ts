/**
 * The servers of this test run, for the tests beside the code that need a real one (the
 * component project's `*.db.test.ts`, set up by component-setup.ts and run-environment.ts).
 * PostgreSQL is always there (embedded at worst); NATS only when the run has one: without it
 * those tests are skipped, saying so, except in CI (CI=true), where the missing server fails
 * them.
 */
export function testDatabaseUrl(): string {
  const url = process.env.PARLEY_TEST_DATABASE_URL;
  if (!url) throw new Error('PARLEY_TEST_DATABASE_URL is not set: run the tests through jest (the component or integration project)');
  return url;
}

export function testNatsUrl(): string | undefined {
  return process.env.PARLEY_TEST_NATS_URL || undefined;
}

/** `describe` when the run has NATS (or in CI, where its absence must fail), else `describe.skip`. */
export function describeWithNats(file: string): jest.Describe {
  if (testNatsUrl() || process.env.CI === 'true') return describe;
  // jest hides console output of a file whose tests are all skipped; stderr still shows.
  process.stderr.write(`${file} skipped: it needs NATS (set NATS_URL)\n`);
  return describe.skip;
}

export function testRedisUrl(): string | undefined {
  return process.env.PARLEY_TEST_REDIS_URL || undefined;
}

/** `describe` when the run has Redis (or in CI, where its absence must fail), else `describe.skip`. */
export function describeWithRedis(file: string): jest.Describe {
  if (testRedisUrl() || process.env.CI === 'true') return describe;
  process.stderr.write(`${file} skipped: it needs Redis (set REDIS_URL)\n`);
  return describe.skip;
}
