import pg from 'pg';
import { Queryable, Role, UserActiveChanged, UserCreated, UserRoleChanged, withPrefetchedTransaction, withTransaction } from '@parley/common';
import * as store from '../store/channels';
import * as subs from '../store/subscriptions';
import type { Peers } from '../peers';
import { accessOf } from './access';
import type { RealmPolicy } from '../peers';
import { formatChannel } from './format';
import { askAudiences, audienceOf, notify, streamDeleteEvent } from './notify';
import { doSubscribe } from './subscribe';

/**
 * What the channels service does when the users service announces a change to a user (the
 * users.user.* subjects, durable consumer "channels"). Each handler is safe to run twice for
 * one announcement: the bus delivers at least once.
 */
/**
 * A new human user joins the realm's default channels (bots join channels as their owners
 * choose, as in Zulip); one who signed up through an invitation link joins its channels, and
 * the defaults only when it says so. A second run finds them subscribed and changes nothing.
 */
export async function subscribeToDefaults(pool: pg.Pool, peers: Peers, user: UserCreated): Promise<void> {
  if (user.is_bot) return;
  const invited = user.invited_to;
  const wanted = (c: { id: number; is_default: boolean }) => (invited ? (invited.include_realm_default_subscriptions && c.is_default) || invited.stream_ids.includes(c.id) : c.is_default);
  const defaultsOf = async (db: Queryable) => (await store.listChannels(db, user.realm_id)).filter((c) => wanted(c) && !c.is_archived);
  // The audiences are asked before BEGIN (rule 1), for the default channels as they are now.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const defaults = await defaultsOf(tx);
      if (!defaults.length) return;
      await doSubscribe(
        tx,
        peers,
        defaults.map((channel) => ({ channel, userIds: [user.user_id] })),
      );
    },
    async () => askAudiences(peers, await defaultsOf(pool)),
  );
}

/**
 * A deactivated user stops counting as a subscriber (peer_remove to who sees each channel);
 * reactivated, they count again (peer_add). Their subscriptions and settings are kept.
 */
export async function applyUserActiveChanged(pool: pg.Pool, peers: Peers, change: UserActiveChanged): Promise<void> {
  // The audiences are asked before BEGIN (rule 1), for the user's channels as they are now.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const changed = await subs.setUserActive(tx, change.realm_id, change.user_id, change.is_active);
      if (!changed.length) return;
      const channels = await store.listChannels(tx, change.realm_id, changed);
      const subscribers = await subs.subscribersOf(tx, changed);
      for (const channel of channels) {
        const audience = await audienceOf(peers, channel, subscribers.get(channel.id)!);
        const others = audience === 'realm' ? audience : audience.filter((u) => u !== change.user_id);
        await notify(tx, change.realm_id, others, {
          type: 'subscription',
          op: change.is_active ? 'peer_add' : 'peer_remove',
          stream_ids: [channel.id],
          user_ids: [change.user_id],
        });
      }
    },
    async () => {
      const ids = (await subs.subscriptionsOf(pool, change.realm_id, change.user_id)).filter((s) => s.active).map((s) => s.channel_id);
      await askAudiences(peers, await store.listChannels(pool, change.realm_id, ids));
    },
  );
}

/** The system groups a role puts a user in, through the nesting of role groups. */
function roleGroups(role: number, systemGroups: Record<string, number>): number[] {
  const names = ['role:everyone'];
  if (role <= Role.MEMBER) names.push('role:members', 'role:fullmembers');
  if (role <= Role.MODERATOR) names.push('role:moderators');
  if (role <= Role.ADMINISTRATOR) names.push('role:administrators');
  if (role <= Role.OWNER) names.push('role:owners');
  return names.map((n) => systemGroups[n]).filter((id) => id !== undefined);
}

/**
 * A user whose role changed may see channels they could not (a guest made a member sees the
 * public channels) or no longer see others (an administrator made a member loses private
 * channels they were not in): stream create and delete, to that user, as Zulip sends. The
 * groups the user had are those they have now with the role groups of the old role instead
 * of the new one's.
 */
export async function applyUserRoleChanged(pool: pg.Pool, peers: Peers, change: UserRoleChanged): Promise<void> {
  const policy: RealmPolicy = await peers.realmPolicy();
  const now = (await peers.viewers([{ user_id: change.user_id, role: change.role, is_bot: change.is_bot }])).get(change.user_id);
  if (!now) return;
  const newRoleGroups = new Set(roleGroups(change.role, policy.systemGroups));
  const before = { ...now, role: change.old_role, groupIds: new Set([...[...now.groupIds].filter((g) => !newRoleGroups.has(g)), ...roleGroups(change.old_role, policy.systemGroups)]) };
  await withTransaction(pool, async (tx) => {
    const channels = await store.listChannels(tx, change.realm_id);
    const mine = new Set((await subs.subscriptionsOf(tx, change.realm_id, change.user_id)).filter((s) => s.active).map((s) => s.channel_id));
    const sees = (viewer: typeof now, c: (typeof channels)[number]) => accessOf(c, viewer, mine.has(c.id), policy).metadata;
    const gained = channels.filter((c) => !sees(before, c) && sees(now, c));
    const lost = channels.filter((c) => sees(before, c) && !sees(now, c));
    if (gained.length) {
      const counts = await subs.subscribersOf(
        tx,
        gained.map((c) => c.id),
      );
      await notify(tx, change.realm_id, [change.user_id], { type: 'stream', op: 'create', streams: gained.map((c) => formatChannel(c, counts.get(c.id)!.length)) });
    }
    if (lost.length) await notify(tx, change.realm_id, [change.user_id], streamDeleteEvent(lost.map((c) => c.id)));
  });
}
