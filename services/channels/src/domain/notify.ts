import { Audience, emit, Queryable } from '@parley/common';
import type { ChannelRow } from '../store/channels';
import type { Peers } from '../peers';

/**
 * Who hears about a channel: everyone who may see its metadata. A web-public channel: the
 * whole realm. A public one: every member (not guests) and its subscribers. A private one:
 * its subscribers, the realm's administrators and the holders of the settings that grant
 * metadata access (can_administer_channel_group, can_add_subscribers_group, can_subscribe_group).
 */
export async function audienceOf(peers: Peers, channel: ChannelRow, subscribers: number[]): Promise<Audience> {
  if (channel.is_web_public) return 'realm';
  const { systemGroups } = await peers.realmPolicy();
  const values = channel.invite_only
    ? [systemGroups['role:administrators'], channel.group_settings.can_administer_channel_group, channel.group_settings.can_add_subscribers_group, channel.group_settings.can_subscribe_group]
    : [systemGroups['role:members']];
  const holders = await peers.holders(values.filter((v) => v !== undefined));
  return [...new Set([...holders, ...subscribers])].sort((a, b) => a - b);
}

/**
 * Asks, before a transaction, what audienceOf and audienceExcept will ask the users service
 * for these channels (rule 1): a prefetch for withPrefetchedTransaction, which keeps the answers.
 */
export async function askAudiences(peers: Peers, channels: ChannelRow[]): Promise<void> {
  const { systemGroups } = await peers.realmPolicy();
  await Promise.all([peers.holders([systemGroups['role:everyone']]), ...channels.map((c) => audienceOf(peers, c, []))]);
}

/** Users of `audience` other than `except`; 'realm' stays 'realm' when nobody is excepted. */
export async function audienceExcept(peers: Peers, audience: Audience, except: number[]): Promise<number[]> {
  const all = audience === 'realm' ? await peers.holders([(await peers.realmPolicy()).systemGroups['role:everyone']]) : audience;
  const skip = new Set(except);
  return all.filter((id) => !skip.has(id));
}

export async function notify(
  tx: Queryable,
  realmId: number,
  audience: Audience,
  event: Record<string, unknown> & { type: string },
  fallback?: { capability: string; event: (Record<string, unknown> & { type: string }) | null },
): Promise<void> {
  if (Array.isArray(audience) && !audience.length) return;
  await emit(tx, 'channels', realmId, audience, event, fallback);
}

/** The stream delete event: for clients that lose sight of channels (and archived ones, for old clients). */
export const streamDeleteEvent = (ids: number[]) => ({ type: 'stream', op: 'delete', streams: ids.map((stream_id) => ({ stream_id })), stream_ids: ids });
