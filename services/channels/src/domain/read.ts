import { BadRequestError, Caller, isAdmin, Queryable, Role } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { ChannelRow } from '../store/channels';
import type { Peers } from '../peers';
import { ApiChannel, formatChannel, formatSubscription } from './format';
import { accessAll, accessFrom } from './subscribe';
import { accessChannel, defaultIdsOf } from './update';

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

/** A channel the reader sees, with their own subscription row (active or left), if any. */
interface SeenChannel {
  channel: ChannelRow;
  row: subs.SubscriptionRow | undefined;
}

/**
 * The realm's channels (`all`) and those the caller sees (`seen`, archived ones only when
 * asked), in the store's order: the channels, the caller's subscription rows and the realm's
 * policy, each read once.
 */
async function seenChannels(db: Queryable, peers: Peers, caller: Caller, includeArchived: boolean): Promise<{ all: ChannelRow[]; seen: SeenChannel[] }> {
  // viewer() asks for the realm's policy in the same call: realmPolicy() after it waits for that.
  const [viewer, policy, all, rows] = await Promise.all([peers.viewer(caller), peers.realmPolicy(), store.listChannels(db, peers.realmId), subs.subscriptionsOf(db, peers.realmId, caller.user_id)]);
  const access = accessFrom(all, viewer, rows, policy);
  const mine = new Map(rows.map((r) => [r.channel_id, r]));
  const seen = all.filter((channel) => (includeArchived || !channel.is_archived) && access.get(channel.id)!.metadata).map((channel) => ({ channel, row: mine.get(channel.id) }));
  return { all, seen };
}

export async function listChannels(db: Queryable, peers: Peers, caller: Caller, o: ListOptions): Promise<ApiChannel[]> {
  if (o.include_all_active && !isAdmin(caller)) throw new BadRequestError('User not authorized for this query');
  const viewer = await peers.viewer(caller);
  const guest = caller.role === Role.GUEST;
  const all = o.include_all || o.include_all_active;
  const ownerChannels = o.include_owner_subscribed && caller.is_bot ? await ownerSubscriptions(db, peers, caller) : new Set<number>();
  const channels = await store.listChannels(db, peers.realmId);
  const access = await accessAll(db, peers, viewer, channels);
  const picked = channels
    .filter((channel) => {
      const a = access.get(channel.id)!;
      // A bot sees what its owner is subscribed to, whatever it may see itself.
      if (ownerChannels.has(channel.id)) return true;
      return (
        a.metadata &&
        (all ||
          ((o.include_public ?? true) && !guest && !channel.invite_only) ||
          (o.include_web_public && channel.is_web_public) ||
          ((o.include_subscribed ?? true) && a.subscribed) ||
          (o.include_default && channel.is_default) ||
          (o.include_can_access_content && a.content))
      );
    })
    .filter((channel) => o.exclude_archived === false || !channel.is_archived);
  const counts = await subs.subscribersOf(
    db,
    picked.map((c) => c.id),
  );
  return picked.map((channel) => ({
    ...formatChannel(channel, counts.get(channel.id)!.length),
    ...(o.include_default && { is_default: channel.is_default }),
  }));
}

/** The channels a bot's owner is subscribed to (include_owner_subscribed). */
async function ownerSubscriptions(db: Queryable, peers: Peers, caller: Caller): Promise<Set<number>> {
  const [me] = (await peers.resolve([caller.user_id])).users;
  if (!me?.bot_owner_id) return new Set();
  return new Set((await subs.subscriptionsOf(db, peers.realmId, me.bot_owner_id)).filter((s) => s.active).map((s) => s.channel_id));
}

export async function getChannel(db: Queryable, peers: Peers, caller: Caller, id: number): Promise<ApiChannel> {
  const { channel } = await accessChannel(db, peers, await peers.viewer(caller), id);
  return formatChannel(channel, (await subs.subscribersOf(db, [id])).get(id)!.length);
}

export async function channelIdByName(db: Queryable, peers: Peers, caller: Caller, name: string): Promise<number> {
  const [channel] = await store.findChannelsByName(db, caller.realm_id, [name.trim()]);
  const access = channel && (await accessAll(db, peers, await peers.viewer(caller), [channel])).get(channel.id)!;
  // As Zulip: looking a channel up by name takes content access.
  if (!channel || !access.content) throw new BadRequestError(`Invalid channel name '${name}'`);
  return channel.id;
}

/** A channel's subscribers, for whoever may see the channel (administrators see private ones' too, as Zulip). */
export async function channelMembers(db: Queryable, peers: Peers, caller: Caller, id: number): Promise<number[]> {
  await accessChannel(db, peers, await peers.viewer(caller), id);
  return (await subs.subscribersOf(db, [id])).get(id)!;
}

/** GET /users/{user_id}/subscriptions/{stream_id}: whether a user is subscribed, for who may see the channel. */
export async function isSubscribed(db: Queryable, peers: Peers, caller: Caller, userId: number, id: number): Promise<boolean> {
  // The user first, as Zulip (access_user_by_id): a user of no realm or another is "No such user".
  if ((await peers.resolve([userId])).unknown.length) throw new BadRequestError('No such user');
  await accessChannel(db, peers, await peers.viewer(caller), id);
  const sub = await subs.findSubscription(db, id, userId);
  return !!sub?.active && sub.is_user_active;
}

/**
 * A user's subscriptions: `subscribed` (active), `unsubscribed` (left, and still visible) and
 * `never_subscribed` (visible, never joined), as GET /users/me/subscriptions and register
 * show them. `includeSubscribers` adds the subscriber lists (of channels the user sees).
 */
export async function subscriptionState(db: Queryable, peers: Peers, caller: Caller, opts: { includeSubscribers: boolean; includeArchived: boolean }) {
  const { seen } = await seenChannels(db, peers, caller, opts.includeArchived);
  return splitBySubscription(
    seen,
    await subs.subscribersOf(
      db,
      seen.map((v) => v.channel.id),
    ),
    opts.includeSubscribers,
  );
}

/**
 * Register's share of channels, from the same reads: the subscription state (as
 * subscriptionState), `streams`, every channel the user sees (GET /streams with include_all),
 * and the realm's default channels' IDs (as defaultChannelIds).
 */
export async function registerChannelState(db: Queryable, peers: Peers, caller: Caller, opts: { includeSubscribers: boolean; includeArchived: boolean }) {
  const { all, seen } = await seenChannels(db, peers, caller, opts.includeArchived);
  const subscribers = await subs.subscribersOf(
    db,
    seen.map((v) => v.channel.id),
  );
  return {
    ...splitBySubscription(seen, subscribers, opts.includeSubscribers),
    streams: seen.map(({ channel }) => formatChannel(channel, subscribers.get(channel.id)!.length)),
    defaultChannelIds: defaultIdsOf(all),
  };
}

function splitBySubscription(seen: SeenChannel[], subscribers: Map<number, number[]>, includeSubscribers: boolean) {
  const listFor = (channel: ChannelRow) => (includeSubscribers ? subscribers.get(channel.id)! : undefined);
  const subscribed: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const never: Record<string, unknown>[] = [];
  for (const { channel, row } of seen) {
    const count = subscribers.get(channel.id)!.length;
    if (row?.active) subscribed.push(formatSubscription(channel, row, listFor(channel), count));
    else if (row) unsubscribed.push(formatSubscription(channel, row, listFor(channel), count));
    else never.push({ ...formatChannel(channel, count), ...(listFor(channel) && { subscribers: listFor(channel) }) });
  }
  return { subscribed, unsubscribed, never };
}
