import type { Reply } from '@parley/common/api';
import { DbServiceDeps, Handler, parseIntList } from '@parley/common';
import type { CreateChannelFolderRequest__Output } from '@parley/common/generated/parley/channels/v1/CreateChannelFolderRequest';
import type { GetChannelFoldersRequest__Output } from '@parley/common/generated/parley/channels/v1/GetChannelFoldersRequest';
import type { ReorderChannelFoldersRequest__Output } from '@parley/common/generated/parley/channels/v1/ReorderChannelFoldersRequest';
import type { UpdateChannelFolderRequest__Output } from '@parley/common/generated/parley/channels/v1/UpdateChannelFolderRequest';
import { checkCreateFolder, checkReorderFolders, checkUpdateFolder, listFolders } from '../domain/folders';
import { peersFor } from '../peers';

/** The four channel-folder RPCs; each is one line over the domain. */
export const createChannelFolder =
  (deps: DbServiceDeps): Handler<CreateChannelFolderRequest__Output, Reply<'POST /channel_folders/create'>> =>
  async (req, ctx) => ({
    channel_folder_id: await checkCreateFolder(deps.pool, ctx.caller, req, (text) => peersFor(deps, ctx).renderMarkdown(text)),
  });

export const getChannelFolders =
  ({ pool }: DbServiceDeps): Handler<GetChannelFoldersRequest__Output, Reply<'GET /channel_folders'>> =>
  async (req, ctx) => ({
    channel_folders: await listFolders(pool, ctx.caller.realm_id, req.include_archived ?? false),
  });

export const updateChannelFolder =
  (deps: DbServiceDeps): Handler<UpdateChannelFolderRequest__Output, Reply<'PATCH /channel_folders/{channel_folder_id}'>> =>
  async (req, ctx) => {
    await checkUpdateFolder(deps.pool, ctx.caller, req.channel_folder_id, req, (text) => peersFor(deps, ctx).renderMarkdown(text));
    return {};
  };

export const reorderChannelFolders =
  ({ pool }: DbServiceDeps): Handler<ReorderChannelFoldersRequest__Output, Reply<'PATCH /channel_folders'>> =>
  async (req, ctx) => {
    await checkReorderFolders(pool, ctx.caller, parseIntList('order', req.order));
    return {};
  };
