import pg from 'pg';
import { BadRequestError, Caller, ChannelNameNotFoundError, Queryable, Role, withPrefetchedTransaction } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { ChannelRow } from '../store/channels';
import { accessOf, ChannelAccess } from './access';
import type { Peers, UserSummary, RealmPolicy, Viewer } from '../peers';
import { colorFor, formatChannel, formatSubscription } from './format';
import { askAudiences, audienceExcept, audienceOf, notify, streamDeleteEvent } from './notify';
import { askCreation, checkChannelRoom, CreationRequest, CreationSettings, doCreateChannel, planCreation } from './create';
import { checkChannelName } from './text';
import { announceNewChannels, tellNewSubscribers } from './announce';

/**
 * Joining and leaving channels: POST and DELETE /users/me/subscriptions, the subscribers of
 * POST /channels/create, and default channels for new users. Every change tells the new or
 * former subscribers (subscription add/remove), the others who see the channel (peer_add,
 * peer_remove), and those who gain or lose sight of it (stream create/delete).
 */
export class UnableToAccessError extends BadRequestError {
  constructor(name: string) {
    super(`Unable to access channel (${name}).`);
  }
}

/** The caller's access to each channel, deciding from one query of their subscriptions. */
export async function accessAll(db: Queryable, peers: Peers, viewer: Viewer, channels: ChannelRow[]): Promise<Map<number, ChannelAccess>> {
  const policy = await peers.realmPolicy();
  return accessFrom(channels, viewer, await subs.subscriptionsOf(db, peers.realmId, viewer.user_id), policy);
}

/** The viewer's access to each channel, given their subscription rows (active and left) and the realm's policy. */
export function accessFrom(channels: ChannelRow[], viewer: Viewer, rows: subs.SubscriptionRow[], policy: RealmPolicy): Map<number, ChannelAccess> {
  const mine = new Set(rows.filter((s) => s.active).map((s) => s.channel_id));
  return new Map(channels.map((c) => [c.id, accessOf(c, viewer, mine.has(c.id), policy)]));
}

/** Users named by principals (IDs or API emails), all active, or the caller when none are named (or an empty list, as Zulip). */
export async function resolvePrincipals(peers: Peers, caller: Caller, principals: (string | number)[] | undefined): Promise<UserSummary[]> {
  if (!principals?.length) {
    return [{ user_id: caller.user_id, email: caller.email, full_name: '', role: caller.role, is_bot: caller.is_bot, is_active: true, bot_owner_id: null }];
  }
  const { users, unknown } = await peers.resolve(principals);
  if (unknown.length) throw new BadRequestError(`No such user: '${unknown[0]}'`);
  const inactive = users.find((u) => !u.is_active);
  if (inactive) throw new BadRequestError(`User '${inactive.email}' is deactivated.`);
  return users;
}

/**
 * Subscribes users to channels (the caller checked the permissions) and tells everyone
 * concerned. Returns who was newly subscribed and who already was, by channel.
 */
export async function doSubscribe(
  tx: Queryable,
  peers: Peers,
  targets: { channel: ChannelRow; userIds: number[] }[],
  created: ChannelRow[] = [],
): Promise<{ added: Map<number, number[]>; already: Map<number, number[]> }> {
  const before = await subs.subscribersOf(
    tx,
    targets.map((t) => t.channel.id),
  );
  const added = new Map<number, number[]>();
  const already = new Map<number, number[]>();
  for (const { channel, userIds } of targets) {
    const current = new Set(before.get(channel.id));
    added.set(
      channel.id,
      [...new Set(userIds)].filter((u) => !current.has(u)),
    );
    already.set(
      channel.id,
      [...new Set(userIds)].filter((u) => current.has(u)),
    );
  }
  const newUsers = [...new Set([...added.values()].flat())];
  const counts = await subs.subscriptionCounts(tx, newUsers);
  const pairs = targets.flatMap(({ channel }) =>
    added.get(channel.id)!.map((user_id) => {
      const n = counts.get(user_id) ?? 0;
      counts.set(user_id, n + 1);
      return { channel_id: channel.id, user_id, color: colorFor(n) };
    }),
  );
  const rows = await subs.activate(tx, peers.realmId, pairs);

  const after = new Map(targets.map(({ channel }) => [channel.id, [...before.get(channel.id)!, ...added.get(channel.id)!].sort((a, b) => a - b)]));
  const byId = new Map(targets.map((t) => [t.channel.id, t.channel]));
  for (const channel of created) {
    const audience = await audienceOf(peers, channel, after.get(channel.id) ?? []);
    await notify(tx, peers.realmId, audience, { type: 'stream', op: 'create', streams: [formatChannel(channel, after.get(channel.id)?.length ?? 0)] });
  }
  // Newcomers who could not see an existing channel learn of it first (as Zulip does).
  const isNew = new Set(created.map((c) => c.id));
  for (const { channel } of targets) {
    const newcomers = added.get(channel.id)!;
    if (isNew.has(channel.id) || !newcomers.length) continue;
    const seen = await audienceOf(peers, channel, before.get(channel.id)!);
    const blind = seen === 'realm' ? [] : newcomers.filter((u) => !seen.includes(u));
    await notify(tx, peers.realmId, blind, { type: 'stream', op: 'create', streams: [formatChannel(channel, after.get(channel.id)!.length)] });
  }
  for (const user of newUsers) {
    const mine = rows.filter((r) => r.user_id === user);
    const subscriptions = mine.map((r) => formatSubscription(byId.get(r.channel_id)!, r, after.get(r.channel_id)));
    await notify(tx, peers.realmId, [user], { type: 'subscription', op: 'add', subscriptions });
  }
  for (const { channel } of targets) {
    const newcomers = added.get(channel.id)!;
    if (!newcomers.length) continue;
    const others = await audienceExcept(peers, await audienceOf(peers, channel, after.get(channel.id)!), newcomers);
    await notify(tx, peers.realmId, others, { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: newcomers });
  }
  return { added, already };
}

/** Unsubscribes users (the caller checked the permissions) and tells everyone concerned. */
export async function doUnsubscribe(tx: Queryable, peers: Peers, channel: ChannelRow, userIds: number[]): Promise<number[]> {
  const before = (await subs.subscribersOf(tx, [channel.id])).get(channel.id)!;
  const removed = userIds.filter((u) => before.includes(u));
  if (!removed.length) return [];
  await subs.deactivate(
    tx,
    removed.map((user_id) => ({ channel_id: channel.id, user_id })),
  );
  const after = before.filter((u) => !removed.includes(u));
  const audience = await audienceOf(peers, channel, after);
  for (const user of removed) {
    await notify(tx, peers.realmId, [user], { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: channel.id, name: channel.name }] });
  }
  await notify(tx, peers.realmId, await audienceExcept(peers, audience, removed), { type: 'subscription', op: 'peer_remove', stream_ids: [channel.id], user_ids: removed });
  // Who could see the channel only as a subscriber no longer can.
  if (audience !== 'realm') {
    const blind = removed.filter((u) => !audience.includes(u));
    await notify(tx, peers.realmId, blind, streamDeleteEvent([channel.id]));
  }
  return removed;
}

export interface SubscribeRequest extends CreationRequest {
  subscriptions: { name: string; description?: string }[];
  principals?: (string | number)[];
  authorization_errors_fatal: boolean;
  announce: boolean;
  send_new_subscription_messages: boolean;
}

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized?: string[];
  new_subscription_messages_sent?: boolean;
}

/** POST /users/me/subscriptions. */
export async function checkSubscribe(pool: pg.Pool, peers: Peers, caller: Caller, req: SubscribeRequest, settings: CreationSettings): Promise<SubscribeResult> {
  const plan = await planSubscribe(peers, caller, req);
  // Other services are asked before BEGIN (rule 1): what the channels found by name now need;
  // a channel created or changed meanwhile costs an attempt that rolls back (runPrefetched).
  return withPrefetchedTransaction(
    pool,
    (tx) => subscribeWithin(tx, peers, caller, req, plan, settings),
    () => askSubscribe(pool, peers, caller, req, plan, settings),
  );
}

/** Asks, before BEGIN, what subscribeWithin will ask other services, for the channels as they are now. */
export async function askSubscribe(pool: pg.Pool, peers: Peers, caller: Caller, req: SubscribeRequest, plan: SubscribePlan, settings: CreationSettings): Promise<void> {
  const existing = await store.findChannelsByName(pool, caller.realm_id, [...plan.wanted.keys()]);
  const missing = [...plan.wanted.values()].filter((w) => !existing.some((c) => c.name.toLowerCase() === w.name.toLowerCase()));
  await Promise.all([
    askAudiences(peers, existing),
    missing.length &&
      askCreation(
        pool,
        peers,
        caller,
        plan.viewer,
        req,
        settings.webPublicStreamsEnabled,
        missing.map((m) => m.description),
        req.announce,
      ),
    req.send_new_subscription_messages && peers.resolve([caller.user_id]),
  ]);
}

/** Asks, before BEGIN, what unsubscribeWithin will ask other services, for the channels as they are now. */
export async function askUnsubscribe(pool: pg.Pool, peers: Peers, caller: Caller, names: string[]): Promise<void> {
  await askAudiences(peers, await store.findChannelsByName(pool, caller.realm_id, names));
}

export interface SubscribePlan {
  wanted: Map<string, { name: string; description: string }>;
  viewer: Viewer;
  users: UserSummary[];
}

/** What a subscribe request asks for, checked before its transaction: who may, which names, whom. */
export async function planSubscribe(peers: Peers, caller: Caller, req: SubscribeRequest): Promise<SubscribePlan> {
  if (caller.role === Role.GUEST) throw new BadRequestError('Not allowed for guest users');
  const wanted = new Map<string, { name: string; description: string }>();
  for (const s of req.subscriptions) {
    const name = checkChannelName(s.name);
    if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), { name, description: s.description ?? '' });
  }
  return { wanted, viewer: await peers.viewer(caller), users: await resolvePrincipals(peers, caller, req.principals) };
}

/** Carries out a planned subscribe request in the caller's transaction. */
export async function subscribeWithin(tx: Queryable, peers: Peers, caller: Caller, req: SubscribeRequest, plan: SubscribePlan, settings: CreationSettings): Promise<SubscribeResult> {
  const { wanted, viewer, users } = plan;
  const onlySelf = users.every((u) => u.user_id === caller.user_id);
  await store.lockRealmChannels(tx, caller.realm_id);
  const existing = await store.findChannelsByName(tx, caller.realm_id, [...wanted.keys()]);
  const missing = [...wanted.values()].filter((w) => !existing.some((c) => c.name.toLowerCase() === w.name.toLowerCase()));
  const access = await accessAll(tx, peers, viewer, existing);
  const unauthorized: string[] = [];
  const allowed: ChannelRow[] = [];
  for (const channel of existing) {
    const a = access.get(channel.id)!;
    if (!(a.subscribed || a.subscribeSelf || a.addSubscribers)) {
      if (req.authorization_errors_fatal) throw new UnableToAccessError(channel.name);
      unauthorized.push(channel.name);
      continue;
    }
    if (!onlySelf && !a.addSubscribers) throw new BadRequestError('Insufficient permission');
    allowed.push(channel);
  }
  const created: ChannelRow[] = [];
  if (missing.length) {
    const creation = await planCreation(tx, peers, caller, viewer, req, settings.webPublicStreamsEnabled);
    await checkChannelRoom(tx, caller.realm_id, missing.length, settings);
    for (const m of missing) created.push(await doCreateChannel(tx, peers, caller, creation, m.name, m.description));
  }
  const targets = [...allowed, ...created].map((channel) => ({ channel, userIds: users.map((u) => u.user_id) }));
  const { added, already } = await doSubscribe(tx, peers, targets, created);
  const byUser = (m: Map<number, number[]>) => {
    const out: Record<string, string[]> = {};
    for (const { channel } of targets) for (const u of m.get(channel.id)!) (out[String(u)] ??= []).push(channel.name);
    return out;
  };
  if (req.announce) await announceNewChannels(tx, peers, caller, created);
  const sent =
    req.send_new_subscription_messages &&
    (await tellNewSubscribers(tx, peers, caller, new Map(targets.map(({ channel }) => [channel, added.get(channel.id)!])), new Set(users.filter((u) => !u.is_bot).map((u) => u.user_id))));
  return {
    subscribed: byUser(added),
    already_subscribed: byUser(already),
    ...(!req.authorization_errors_fatal && { unauthorized }),
    new_subscription_messages_sent: sent,
  };
}

/** DELETE /users/me/subscriptions. */
export async function checkUnsubscribe(pool: pg.Pool, peers: Peers, caller: Caller, names: string[], principals: (string | number)[] | undefined): Promise<UnsubscribeResult> {
  const plan = await planUnsubscribe(peers, caller, principals);
  // The audiences are asked before BEGIN (rule 1), for the channels as they are now.
  return withPrefetchedTransaction(
    pool,
    (tx) => unsubscribeWithin(tx, peers, caller, names, plan),
    () => askUnsubscribe(pool, peers, caller, names),
  );
}

export interface UnsubscribeResult {
  removed: string[];
  not_removed: string[];
}

export interface UnsubscribePlan {
  viewer: Viewer;
  users: UserSummary[];
}

/** Whom an unsubscribe request names, checked before its transaction. */
export async function planUnsubscribe(peers: Peers, caller: Caller, principals: (string | number)[] | undefined): Promise<UnsubscribePlan> {
  return { viewer: await peers.viewer(caller), users: await resolvePrincipals(peers, caller, principals) };
}

/** Carries out a planned unsubscribe request in the caller's transaction. */
export async function unsubscribeWithin(tx: Queryable, peers: Peers, caller: Caller, names: string[], plan: UnsubscribePlan): Promise<UnsubscribeResult> {
  const { viewer, users } = plan;
  // Users may unsubscribe themselves and the bots they own; anyone else takes the permission.
  const others = users.some((u) => u.user_id !== caller.user_id && u.bot_owner_id !== caller.user_id);
  const channels = await store.findChannelsByName(tx, caller.realm_id, names);
  const access = await accessAll(tx, peers, viewer, channels);
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const raw of names) {
    const channel = channels.find((c) => c.name.toLowerCase() === raw.trim().toLowerCase());
    const a = channel && access.get(channel.id)!;
    if (!channel || !a!.metadata) throw new ChannelNameNotFoundError(raw);
    if (others && !a!.removeSubscribers) throw new BadRequestError('Insufficient permission');
    const done = await doUnsubscribe(
      tx,
      peers,
      channel,
      users.map((u) => u.user_id),
    );
    (done.length ? removed : notRemoved).push(channel.name);
  }
  return { removed, not_removed: notRemoved };
}
