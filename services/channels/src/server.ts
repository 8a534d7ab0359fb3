import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, DbServiceDeps } from '@parley/common';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from './rpc/channel-folders';
import { getRegisterState } from './rpc/get-register-state';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/channels/v1/channels.proto. */
export function channelsHandlers(deps: DbServiceDeps): Record<string, Handler> {
  return {
    CreateChannelFolder: createChannelFolder(deps),
    GetChannelFolders: getChannelFolders(deps),
    ReorderChannelFolders: reorderChannelFolders(deps),
    UpdateChannelFolder: updateChannelFolder(deps),
    GetRegisterState: getRegisterState(deps),
  };
}

export function startChannelsService(config: BaseConfig): Promise<RunningService> {
  return runService({ name: 'channels', config, migrationsDir: MIGRATIONS_DIR, makeHandlers: channelsHandlers });
}
