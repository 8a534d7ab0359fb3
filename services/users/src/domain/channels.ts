import type { CallContext, ServiceClient } from '@parley/common';

/**
 * What the users service asks the channels service, which owns channels: whether a channel
 * exists (realm settings that name one) and which channels use a group (deactivation).
 */
export interface ChannelLookup {
  /** The channel if it exists in the caller's realm and the caller may see it. */
  find(channelId: number): Promise<{ invite_only: boolean } | undefined>;
  /** The channels whose group settings name the group, with those settings. */
  groupUsage(realmId: number, groupId: number): Promise<{ channel_id: number; settings: string[] }[]>;
  /** The channel of that name if the caller may read its content (Zulip's access_stream_by_name). */
  byName(name: string): Promise<ChannelInfo | undefined>;
  /**
   * Existing channels' names and privacy, whoever may see them (a bot's defaults); one call
   * per channel. A channel the caller may not see is private (everyone asking is no guest).
   */
  describe(channelIds: number[]): Promise<Map<number, ChannelInfo>>;
}

export interface ChannelInfo {
  stream_id: number;
  name: string;
  invite_only: boolean;
}

export function channelLookup(channels: ServiceClient<'channels'>, ctx: CallContext): ChannelLookup {
  return {
    async find(channelId) {
      const reply = await channels.getAccess({ stream_id: channelId }, ctx);
      return reply.found ? { invite_only: reply.invite_only } : undefined;
    },
    async groupUsage(realmId, groupId) {
      const reply = await channels.getGroupUsage({ realm_id: realmId, group_id: groupId }, ctx);
      return reply.channels.map((c) => ({ channel_id: Number(c.channel_id), settings: c.settings }));
    },
    async byName(name) {
      const reply = await channels.getAccess({ stream_id: 0, name }, ctx);
      return reply.found && reply.content ? { stream_id: Number(reply.stream_id), name: reply.name, invite_only: reply.invite_only } : undefined;
    },
    async describe(channelIds) {
      const unique = [...new Set(channelIds)];
      const replies = await Promise.all(unique.map((id) => channels.getAccess({ stream_id: id }, ctx)));
      return new Map(
        unique.flatMap((id, i) => {
          const r = replies[i];
          return r.name ? [[id, { stream_id: id, name: r.name, invite_only: r.found ? r.invite_only : true }] as const] : [];
        }),
      );
    },
  };
}
