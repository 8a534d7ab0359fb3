import type { RouteHandlers } from '@parley/common/api';
import { join } from 'node:path';
import { runService, RunningService, BaseConfig, Handler, DbServiceDeps, subscribeTo, type Caller } from '@parley/common';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from './rpc/channel-folders';
import { getSubscriptions, getSubscriptionStatus, subscribe, unsubscribe, updateSubscriptionProperties, updateSubscriptions } from './rpc/subscriptions';
import {
  addDefaultChannel,
  archiveChannel,
  createChannel,
  getChannel,
  getChannelId,
  getChannelEmailAddress,
  getChannelMembers,
  getChannels,
  getDefaultChannels,
  removeDefaultChannel,
  updateChannel,
} from './rpc/channels';
import { getAccess, getChannelRecipients, getGroupUsage, getRegisterState, getRetentionPolicies, getDigestChannels, listAccess } from './rpc/internal';
import { Peers } from './peers';
import { applyUserActiveChanged, applyUserRoleChanged, subscribeToDefaults } from './domain/user-events';
import { createInitialChannels } from './domain/initial-channels';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/channels/v1/channels.proto. */
export function channelsHandlers(deps: DbServiceDeps): Record<string, Handler> {
  const handlers = {
    CreateChannelFolder: createChannelFolder(deps),
    GetChannelFolders: getChannelFolders(deps),
    ReorderChannelFolders: reorderChannelFolders(deps),
    UpdateChannelFolder: updateChannelFolder(deps),
    Subscribe: subscribe(deps),
    Unsubscribe: unsubscribe(deps),
    UpdateSubscriptions: updateSubscriptions(deps),
    GetSubscriptions: getSubscriptions(deps),
    UpdateSubscriptionProperties: updateSubscriptionProperties(deps),
    GetSubscriptionStatus: getSubscriptionStatus(deps),
    CreateChannel: createChannel(deps),
    GetChannels: getChannels(deps),
    GetChannelById: getChannel(deps),
    UpdateChannel: updateChannel(deps),
    ArchiveChannel: archiveChannel(deps),
    GetChannelId: getChannelId(deps),
    GetChannelMembers: getChannelMembers(deps),
    GetChannelEmailAddress: getChannelEmailAddress(deps),
    GetDefaultChannels: getDefaultChannels(deps),
    AddDefaultChannel: addDefaultChannel(deps),
    RemoveDefaultChannel: removeDefaultChannel(deps),
    GetAccess: getAccess(deps),
    ListAccess: listAccess(deps),
    GetChannelRecipients: getChannelRecipients(deps),
    GetRetentionPolicies: getRetentionPolicies(deps),
    GetDigestChannels: getDigestChannels(deps),
    GetGroupUsage: getGroupUsage(deps),
    GetRegisterState: getRegisterState(deps),
  };
  // Each route's handler replies with the route's published response type (api/route-rpcs.ts).
  return handlers satisfies RouteHandlers<'channels'>;
}

/**
 * Background work on the users service's announcements (one work queue shared by replicas):
 * a new realm's first owner brings its initial channels (ADR 0025); new users join the
 * default channels; deactivated users stop counting as subscribers; users whose role changed
 * learn of the channels they gain or lose sight of.
 */
async function startConsumers(deps: DbServiceDeps): Promise<() => Promise<void>> {
  const sub = await subscribeTo(deps.bus, {
    subject: 'users.user.*',
    durable: 'channels',
    handler: async (msg) => {
      const peers = new Peers(deps.clients, { client: 'channels', host: '' }, msg.data.realm_id);
      if (msg.subject === 'users.user.created') {
        const asCaller = (caller: Caller) => new Peers(deps.clients, { client: 'channels', host: '', caller }, msg.data.realm_id);
        if (msg.data.initial_channels) await createInitialChannels(deps.pool, peers, asCaller, msg.data);
        await subscribeToDefaults(deps.pool, peers, msg.data);
      } else if (msg.subject === 'users.user.active_changed') {
        await applyUserActiveChanged(deps.pool, peers, msg.data);
      } else if (msg.subject === 'users.user.role_changed') {
        await applyUserRoleChanged(deps.pool, peers, msg.data);
      }
    },
  });
  return () => sub.stop();
}

export function startChannelsService(config: BaseConfig): Promise<RunningService> {
  return runService({
    name: 'channels',
    config,
    migrationsDir: MIGRATIONS_DIR,
    makeHandlers: channelsHandlers,
    onStart: startConsumers,
    // The messages service keeps callers' access to channels (with their subscribers) until
    // this service announces a change: the announcement goes out before the change's answer.
    publishBeforeReply: true,
  });
}
