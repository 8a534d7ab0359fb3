import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, ServiceDeps } from '@parley/common';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/**
 * The handler table: one entry per RPC of protos/parley/events/v1/events.proto. Health is the
 * default one; the events issue adds the rest.
 */
export function eventsHandlers(_deps: ServiceDeps): Record<string, Handler> {
  return {};
}

export function startEventsService(config: BaseConfig): Promise<RunningService> {
  return runService({ name: 'events', config, migrationsDir: MIGRATIONS_DIR, makeHandlers: eventsHandlers });
}
