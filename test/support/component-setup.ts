import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrapServiceSchema, createLogger, migrationsDir, runMigrations, serviceDatabaseUrl, SERVICES } from '@parley/common';
import { acquireRunEnvironment } from './run-environment';

/**
 * The component project's global setup (the `*.db.test.ts` files): the run's PostgreSQL, NATS
 * and Redis (run-environment.ts, PARLEY_TEST_*_URL), and the database with every service's
 * schema migrated, as the services leave it when they start, made by their own roles. No
 * Parley process runs: these tests call the services' code on the servers directly.
 */
const ROOT = join(__dirname, '../..');

export default async function componentSetup(): Promise<void> {
  const environment = await acquireRunEnvironment();
  const secret = process.env.PARLEY_SECRET!;
  const log = createLogger('component-setup', 'silent');
  for (const service of SERVICES) {
    // The services that own a schema are those with migrations (the events service has none).
    const dir = migrationsDir(join(ROOT, 'services', service));
    if (!existsSync(dir)) continue;
    await bootstrapServiceSchema(environment.databaseUrl, service, secret);
    await runMigrations(serviceDatabaseUrl(process.env, environment.databaseUrl, service, secret), service, dir, log);
  }
}
