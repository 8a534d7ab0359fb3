// Runs every service's migrations and exits (the Kubernetes migrations Job, compose's
// "migrate"): the services then start with MIGRATE_ON_START=false. It does what a service
// does at start-up: create the service's role and schema with DATABASE_URL (administrative),
// then migrate as the service's own role (<SERVICE>_DATABASE_URL or the derived login).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const common = require('@parley/common');

// The services that own a schema (events keeps its queues in Redis).
const SERVICES = ['users', 'channels', 'messages', 'uploads'];

const env = process.env;
const log = common.createLogger('migrate');
const dataDir = common.envString(env, 'PARLEY_DATA_DIR', './.data');
const adminUrl = common.envUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
if (!adminUrl) {
  process.stderr.write('error: DATABASE_URL must be set\n');
  process.exit(1);
}
const secret = common.loadSecret(env, dataDir);
try {
  for (const name of SERVICES) {
    const { MIGRATIONS_DIR } = require(`@parley/${name}`);
    await common.bootstrapServiceSchema(adminUrl, name, secret);
    await common.runMigrations(common.serviceDatabaseUrl(env, adminUrl, name, secret), name, MIGRATIONS_DIR, log);
    log.info({ service: name }, 'migrated');
  }
} catch (err) {
  process.stderr.write(`error: ${err.message}\n`);
  process.exit(1);
}
