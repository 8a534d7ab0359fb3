import { BadRequestError, Caller, isAdmin, Queryable, Role } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { ChannelRow } from '../store/channels';
import type { ChannelAccess } from './access';
import type { Directory, Viewer } from './directory';
import { ApiChannel, formatChannel, formatSubscription } from './format';
import { accessAll } from './subscribe';
import { accessChannel } from './update';

/**
 * What users read of channels: GET /streams (and one), /get_stream_id, a channel's members,
 * their own subscriptions, and register's share. Every list holds only what the reader may
 * see, and subscriber lists of the channels they see.
 */

/** GET /streams's choices (Zulip's defaults: public and subscribed, archived left out). */
export interface ListOptions {
  include_public?: boolean;
  include_web_public?: boolean;
  include_subscribed?: boolean;
  exclude_archived?: boolean;
  include_all_active?: boolean;
  include_all?: boolean;
  include_default?: boolean;
  include_owner_subscribed?: boolean;
  include_can_access_content?: boolean;
}

async function visibleChannels(db: Queryable, dir: Directory, viewer: Viewer): Promise<{ channel: ChannelRow; access: ChannelAccess }[]> {
  const channels = await store.listChannels(db, dir.realmId);
  const access = await accessAll(db, dir, viewer, channels);
  return channels.map((channel) => ({ channel, access: access.get(channel.id)! })).filter((x) => x.access.metadata);
}

export async function listChannels(db: Queryable, dir: Directory, caller: Caller, o: ListOptions): Promise<ApiChannel[]> {
  if (o.include_all_active && !isAdmin(caller)) throw new BadRequestError('User not authorized for this query');
  const viewer = await dir.viewer(caller);
  const guest = caller.role === Role.GUEST;
  const all = o.include_all || o.include_all_active;
  const ownerChannels = o.include_owner_subscribed && caller.is_bot ? await ownerSubscriptions(db, dir, caller) : new Set<number>();
  const channels = await store.listChannels(db, dir.realmId);
  const access = await accessAll(db, dir, viewer, channels);
  const picked = channels.filter((channel) => {
    const a = access.get(channel.id)!;
    // A bot sees what its owner is subscribed to, whatever it may see itself.
    if (ownerChannels.has(channel.id)) return true;
    return a.metadata && (all
      || ((o.include_public ?? true) && !guest && !channel.invite_only)
      || (o.include_web_public && channel.is_web_public)
      || ((o.include_subscribed ?? true) && a.subscribed)
      || (o.include_default && channel.is_default)
      || (o.include_can_access_content && a.content));
  }).filter((channel) => o.exclude_archived === false || !channel.is_archived);
  const counts = await subs.subscribersOf(db, picked.map((c) => c.id));
  return picked.map((channel) => ({
    ...formatChannel(channel, counts.get(channel.id)!.length),
    ...(o.include_default && { is_default: channel.is_default }),
  }));
}

/** The channels a bot's owner is subscribed to (include_owner_subscribed). */
async function ownerSubscriptions(db: Queryable, dir: Directory, caller: Caller): Promise<Set<number>> {
  const [me] = (await dir.resolve([caller.user_id])).users;
  if (!me?.bot_owner_id) return new Set();
  return new Set((await subs.subscriptionsOf(db, dir.realmId, me.bot_owner_id)).filter((s) => s.active).map((s) => s.channel_id));
}

export async function getChannel(db: Queryable, dir: Directory, caller: Caller, id: number): Promise<ApiChannel> {
  const { channel } = await accessChannel(db, dir, await dir.viewer(caller), id);
  return formatChannel(channel, (await subs.subscribersOf(db, [id])).get(id)!.length);
}

export async function channelIdByName(db: Queryable, dir: Directory, caller: Caller, name: string): Promise<number> {
  const [channel] = await store.findChannelsByName(db, caller.realm_id, [name.trim()]);
  const access = channel && (await accessAll(db, dir, await dir.viewer(caller), [channel])).get(channel.id)!;
  // As Zulip: looking a channel up by name takes content access.
  if (!channel || !access!.content) throw new BadRequestError(`Invalid channel name '${name}'`);
  return channel.id;
}

/** A channel's subscribers, for whoever may see the channel (administrators see private ones' too, as Zulip). */
export async function channelMembers(db: Queryable, dir: Directory, caller: Caller, id: number): Promise<number[]> {
  await accessChannel(db, dir, await dir.viewer(caller), id);
  return (await subs.subscribersOf(db, [id])).get(id)!;
}

/** GET /users/{user_id}/subscriptions/{stream_id}: whether a user is subscribed, for who may see the channel. */
export async function isSubscribed(db: Queryable, dir: Directory, caller: Caller, userId: number, id: number): Promise<boolean> {
  // The user first, as Zulip (access_user_by_id): a user of no realm or another is "No such user".
  if ((await dir.resolve([userId])).unknown.length) throw new BadRequestError('No such user');
  await accessChannel(db, dir, await dir.viewer(caller), id);
  const sub = await subs.findSubscription(db, id, userId);
  return !!sub?.active && sub.is_user_active;
}

/**
 * A user's subscriptions: `subscribed` (active), `unsubscribed` (left, and still visible) and
 * `never_subscribed` (visible, never joined), as GET /users/me/subscriptions and register
 * show them. `includeSubscribers` adds the subscriber lists (of channels the user sees).
 */
export async function subscriptionState(db: Queryable, dir: Directory, caller: Caller, opts: { includeSubscribers: boolean; includeArchived: boolean }) {
  const viewer = await dir.viewer(caller);
  const visible = (await visibleChannels(db, dir, viewer)).filter(({ channel }) => opts.includeArchived || !channel.is_archived);
  const rows = new Map((await subs.subscriptionsOf(db, caller.realm_id, caller.user_id)).map((r) => [r.channel_id, r]));
  const subscribers = await subs.subscribersOf(db, visible.map((v) => v.channel.id));
  const listFor = ({ channel }: { channel: ChannelRow }) => (opts.includeSubscribers ? subscribers.get(channel.id)! : undefined);
  const subscribed: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const never: Record<string, unknown>[] = [];
  for (const v of visible) {
    const row = rows.get(v.channel.id);
    const count = subscribers.get(v.channel.id)!.length;
    if (row?.active) subscribed.push(formatSubscription(v.channel, row, listFor(v), count));
    else if (row) unsubscribed.push(formatSubscription(v.channel, row, listFor(v), count));
    else never.push({ ...formatChannel(v.channel, count), ...(listFor(v) && { subscribers: listFor(v) }) });
  }
  return { subscribed, unsubscribed, never };
}
