import { DbServiceDeps, groupSettingUses, Handler, requireRealmId } from '@parley/common';
import type { GetAccessRequest__Output } from '@parley/common/generated/parley/channels/v1/GetAccessRequest';
import type { GetAccessReply } from '@parley/common/generated/parley/channels/v1/GetAccessReply';
import type { ListAccessReply } from '@parley/common/generated/parley/channels/v1/ListAccessReply';
import type { StreamIdRequest__Output } from '@parley/common/generated/parley/channels/v1/StreamIdRequest';
import type { GetChannelRecipientsReply } from '@parley/common/generated/parley/channels/v1/GetChannelRecipientsReply';
import type { GetRetentionPoliciesReply } from '@parley/common/generated/parley/channels/v1/GetRetentionPoliciesReply';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import * as digest from '../store/digest';
import type { GetDigestChannelsRequest__Output } from '@parley/common/generated/parley/channels/v1/GetDigestChannelsRequest';
import type { GetDigestChannelsReply } from '@parley/common/generated/parley/channels/v1/GetDigestChannelsReply';
import type { ChannelRow } from '../store/channels';
import { accessOf, ChannelAccess } from '../domain/access';
import { accessFrom } from '../domain/subscribe';
import { peersFor } from '../peers';
import type { GetGroupUsageRequest__Output } from '@parley/common/generated/parley/channels/v1/GetGroupUsageRequest';
import type { GetGroupUsageReply } from '@parley/common/generated/parley/channels/v1/GetGroupUsageReply';
import { CHANNEL_GROUP_SETTING_NAMES } from '../domain/group-settings';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import { listFolders } from '../domain/folders';
import { registerChannelState } from '../domain/read';
import { defaultChannelIds } from '../domain/update';
import { includeSubscribers } from './subscriptions';

/**
 * The RPCs only other services call, with no public endpoint of their own: channel access for
 * the messages service (GetAccess, ListAccess, GetChannelRecipients, GetRetentionPolicies),
 * group usage for the users service, and the channels part of POST /register.
 */
/**
 * Internal RPCs of the messages service's permission checks (ADR 0007): the caller's access
 * to one channel (one statement for the channel, the caller's subscription and, with
 * with_subscribers, its subscribers, side by side with one hop to the users service for the
 * caller's groups and the realm's settings unless the asking service passes them), to every
 * channel they see, and who is subscribed to a channel.
 */
function accessReply(channel: ChannelRow, a: ChannelAccess, muted: boolean): GetAccessReply {
  return {
    found: true,
    stream_id: channel.id,
    name: channel.name,
    subscribed: a.subscribed,
    metadata: a.metadata,
    content: a.content,
    post: a.post,
    administer: a.administer,
    history_visible: a.historyVisible,
    is_archived: channel.is_archived,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    topics_policy: channel.topics_policy,
    group_settings: JSON.stringify(channel.group_settings),
    is_muted: a.subscribed && muted,
  };
}

export const getAccess =
  (deps: DbServiceDeps): Handler<GetAccessRequest__Output, GetAccessReply> =>
  async (req, ctx) => {
    const peers = peersFor(deps, ctx);
    if (req.caller_context) peers.useCallerContext(ctx.caller, req.caller_context);
    const id = Number(req.stream_id);
    if (!Number.isSafeInteger(id) || id < 0 || id >= 2 ** 31) return { found: false };
    // The caller's groups and the realm's policy (one hop) beside the channel's rows (one statement).
    const [viewer, policy, channel] = await Promise.all([
      peers.viewer(ctx.caller),
      peers.realmPolicy(),
      store.findChannelForAccess(deps.pool, ctx.caller.realm_id, { id, name: req.name }, ctx.caller.user_id, req.with_subscribers),
    ]);
    if (!channel) return { found: false };
    const a = accessOf(channel, viewer, channel.caller_subscribed, policy);
    // A channel the caller may not see is not found, but named (Zulip: "Not authorized to send to channel 'x'"),
    // with its ID (a topic's visibility policy may be removed after access to its channel is lost).
    if (!a.metadata) return { found: false, name: channel.name, stream_id: channel.id };
    return { ...accessReply(channel, a, channel.caller_muted), subscriber_ids: channel.subscriber_ids ?? [] };
  };

export const listAccess =
  (deps: DbServiceDeps): Handler<unknown, ListAccessReply> =>
  async (_req, ctx) => {
    const peers = peersFor(deps, ctx);
    // The viewer's hop to the users service brings the realm's policy too (see Peers.viewer).
    const [channels, mine, viewer] = await Promise.all([
      store.listChannels(deps.pool, ctx.caller.realm_id),
      subs.subscriptionsOf(deps.pool, ctx.caller.realm_id, ctx.caller.user_id),
      peers.viewer(ctx.caller),
    ]);
    const access = accessFrom(channels, viewer, mine, await peers.realmPolicy());
    const muted = new Set(mine.filter((s) => s.active && s.is_muted).map((s) => s.channel_id));
    return { channels: channels.filter((c) => access.get(c.id)!.metadata).map((c) => accessReply(c, access.get(c.id)!, muted.has(c.id))) };
  };

export const getChannelRecipients =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, GetChannelRecipientsReply> =>
  async (req, ctx) => {
    const channel = await store.findChannel(deps.pool, ctx.caller.realm_id, Number(req.stream_id));
    return { user_ids: channel ? (await subs.subscribersOf(deps.pool, [channel.id])).get(channel.id)! : [] };
  };

/** Internal: what the users service's weekly digest needs of channels (no caller: a job asks). */
export const getDigestChannels =
  (deps: DbServiceDeps): Handler<GetDigestChannelsRequest__Output, GetDigestChannelsReply> =>
  async (req) => {
    const realmId = Number(req.realm_id);
    const userIds = req.user_ids.slice(0, 1000).map(Number);
    const [rows, created] = await Promise.all([digest.digestSubscriptions(deps.pool, realmId, userIds), digest.channelsCreatedSince(deps.pool, realmId, new Date(Number(req.since) * 1000))]);
    const byUser = new Map<number, number[]>();
    const names = new Map<number, string>();
    for (const r of rows) {
      byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.channel_id]);
      names.set(r.channel_id, r.name);
    }
    return {
      subscriptions: [...byUser].map(([user_id, channel_ids]) => ({ user_id, channel_ids })),
      new_channels: created,
      channels: [...names].map(([id, name]) => ({ id, name, invite_only: false, is_web_public: false })),
    };
  };

/** Internal: every channel's message_retention_days in a realm (the messages service's retention job). */
export const getRetentionPolicies =
  (deps: DbServiceDeps): Handler<{ realm_id: string | number }, GetRetentionPoliciesReply> =>
  async (req) => ({
    channels: (await store.listChannels(deps.pool, Number(req.realm_id))).map((c) => ({
      stream_id: c.id,
      ...(c.message_retention_days !== null && { message_retention_days: c.message_retention_days }),
    })),
  });

/** Internal: which channels' group settings name a group (archived channels too, as Zulip). */
export const getGroupUsage =
  (deps: DbServiceDeps): Handler<GetGroupUsageRequest__Output, GetGroupUsageReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const groupId = Number(req.group_id);
    const channels = (await store.listChannels(deps.pool, realmId)).map((c) => ({
      channel_id: c.id,
      settings: CHANNEL_GROUP_SETTING_NAMES.filter((name) => groupSettingUses(c.group_settings[name], groupId)),
    }));
    return { channels: channels.filter((c) => c.settings.length) };
  };

/**
 * The channels service's part of POST /register: channel_folders (archived ones included, as
 * Zulip), subscriptions/unsubscribed/never_subscribed, streams, realm_default_streams and
 * realm_default_stream_groups. Archived channels only for clients declaring archived_channels.
 */
export const getRegisterState =
  (deps: DbServiceDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const wanted = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as string[]);
    const wants = (type: string) => wanted === null || wanted.includes(type);
    const capabilities = JSON.parse(req.client_capabilities || '{}') as Record<string, boolean>;
    const includeArchived = capabilities.archived_channels === true;
    const peers = peersFor(deps, ctx);
    const opts = { includeSubscribers: includeSubscribers(req.include_subscribers), includeArchived };
    const viewed = wants('subscription') || wants('stream');
    // Independent reads, at once: the folders, and the channels with the caller's view of them
    // (which give the default channels too), or the default channels alone.
    const [folders, s, defaults] = await Promise.all([
      wants('channel_folder') ? listFolders(deps.pool, ctx.caller.realm_id, true) : undefined,
      viewed ? registerChannelState(deps.pool, peers, ctx.caller, opts) : undefined,
      !viewed && wants('default_streams') ? defaultChannelIds(deps.pool, ctx.caller.realm_id) : undefined,
    ]);
    const state: Record<string, unknown> = {};
    if (folders) state.channel_folders = folders;
    if (s && wants('subscription')) Object.assign(state, { subscriptions: s.subscribed, unsubscribed: s.unsubscribed, never_subscribed: s.never });
    if (s && wants('stream')) state.streams = s.streams;
    if (wants('default_streams')) state.realm_default_streams = s?.defaultChannelIds ?? defaults;
    if (wants('default_stream_groups')) state.realm_default_stream_groups = [];
    return state;
  };
