import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, DbServiceDeps } from '@parley/common';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/**
 * The handler table: one entry per RPC of protos/parley/channels/v1/channels.proto. Health is the
 * default one; the channels issue adds the rest.
 */
export function channelsHandlers(_deps: DbServiceDeps): Record<string, Handler> {
  return {};
}

export function startChannelsService(config: BaseConfig): Promise<RunningService> {
  return runService({ name: 'channels', config, migrationsDir: MIGRATIONS_DIR, makeHandlers: channelsHandlers });
}
