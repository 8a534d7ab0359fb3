import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley');

import { createLogger, envInt, envString, loadSecret, runMain } from '@parley/common';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startSystem } from './system';

/**
 * `npm start`: Parley on http://127.0.0.1:9991 in one process. Each outside part has an
 * embedded default used when its URL is unset (see docs/configuration.md).
 */
const log = createLogger('parley');

runMain(log, async () => {
  const env = process.env;
  const dataDir = envString(env, 'PARLEY_DATA_DIR', './.data');
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir,
        port: envInt(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
        secret: loadSecret(env, dataDir),
        log: (m) => log.debug({ postgres: m }),
      });
  const system = await startSystem(env, { databaseUrl: embedded?.url });
  log.info({ url: system.url, embeddedPostgres: !!embedded, nats: !!env.NATS_URL }, 'Parley is running');
  return {
    stop: async () => {
      await system.stop();
      await embedded?.stop();
    },
  };
});
