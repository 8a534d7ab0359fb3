import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, DbServiceDeps } from '@parley/common';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/**
 * The handler table: one entry per RPC of protos/parley/messages/v1/messages.proto. Health is the
 * default one; the messages issue adds the rest.
 */
export function messagesHandlers(_deps: DbServiceDeps): Record<string, Handler> {
  return {};
}

export function startMessagesService(config: BaseConfig): Promise<RunningService> {
  return runService({ name: 'messages', config, migrationsDir: MIGRATIONS_DIR, makeHandlers: messagesHandlers });
}
