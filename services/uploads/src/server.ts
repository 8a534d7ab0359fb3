import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, DbServiceDeps } from '@parley/common';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/**
 * The handler table: one entry per RPC of protos/parley/uploads/v1/uploads.proto. Health is the
 * default one; the uploads issue adds the rest.
 */
export function uploadsHandlers(_deps: DbServiceDeps): Record<string, Handler> {
  return {};
}

export function startUploadsService(config: BaseConfig): Promise<RunningService> {
  return runService({ name: 'uploads', config, migrationsDir: MIGRATIONS_DIR, makeHandlers: uploadsHandlers });
}
