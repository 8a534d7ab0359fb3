import type { CallContext, RpcClient } from '@parley/common';
import type { GetAccessReply__Output } from '@parley/common/generated/parley/channels/v1/GetAccessReply';
import type { GetGroupUsageReply__Output } from '@parley/common/generated/parley/channels/v1/GetGroupUsageReply';

/**
 * What the users service asks the channels service, which owns channels: whether a channel
 * exists (realm settings that name one) and which channels use a group (deactivation).
 */
export interface ChannelLookup {
  /** The channel if it exists in the caller's realm and the caller may see it. */
  find(channelId: number): Promise<{ invite_only: boolean } | undefined>;
  /** The channels whose group settings name the group, with those settings. */
  groupUsage(realmId: number, groupId: number): Promise<{ channel_id: number; settings: string[] }[]>;
}

export function channelLookup(channels: RpcClient, ctx: CallContext): ChannelLookup {
  return {
    async find(channelId) {
      const reply = await channels.call<GetAccessReply__Output>('GetAccess', { stream_id: channelId }, ctx);
      return reply.found ? { invite_only: reply.invite_only } : undefined;
    },
    async groupUsage(realmId, groupId) {
      const reply = await channels.call<GetGroupUsageReply__Output>('GetGroupUsage', { realm_id: realmId, group_id: groupId }, ctx);
      return reply.channels.map((c) => ({ channel_id: Number(c.channel_id), settings: c.settings }));
    },
  };
}
