import pg from 'pg';
import { Caller, UserCreated, withPrefetchedTransaction } from '@parley/common';
import * as store from '../store/channels';
import type { ChannelRow } from '../store/channels';
import type { Peers } from '../peers';
import { initialGroupSettings } from './group-settings';
import { doSubscribe } from './subscribe';

/**
 * The channels a new organization starts with, as Zulip's do_create_realm makes them (with
 * Parley's name where Zulip's says Zulip), in its order: all public and default, so everyone
 * who joins is subscribed. The one named ANNOUNCEMENTS receives the announcements of new
 * channels.
 */
export const INITIAL_CHANNELS = [
  { name: 'Parley', description: 'Questions and discussion about using Parley.' },
  { name: 'sandbox', description: 'Experiment with Parley here. :test_tube:' },
  { name: 'general', description: 'For team-wide conversations' },
] as const;
const ANNOUNCEMENTS = 'general';

/**
 * On users.user.created with initial_channels (the realm's first owner, made with the realm):
 * in a realm with no channel yet, creates INITIAL_CHANNELS in one transaction, with no creator
 * (so, as Zulip's channels made by nobody, administered by the realm's administrators alone),
 * and subscribes the owner and whoever else has joined by then; then points the realm's
 * announcement settings at "general".
 *
 * Safe to run twice, as the bus may deliver twice: a realm that has channels (these, renamed or
 * not, or any other) gets none, and the users service keeps an announcement setting already
 * chosen (a realm whose administrators turned the announcements off within the redelivery's
 * moments would see them on again: -1 is both "not yet" and "off").
 */
export async function createInitialChannels(pool: pg.Pool, peers: Peers, asCaller: (caller: Caller) => Peers, user: UserCreated): Promise<void> {
  if (!(await store.realmHasChannels(pool, user.realm_id))) await createAll(pool, peers, asCaller, user);
  // After COMMIT (rule 1); on a redelivery too, so that a call that failed the first time is
  // made again. Only the channel this made, which has no creator, is pointed at.
  const [general] = await store.findChannelsByName(pool, user.realm_id, [ANNOUNCEMENTS]);
  if (general && general.creator_id === null) await peers.setInitialAnnouncementsChannel(general.id);
}

async function createAll(pool: pg.Pool, peers: Peers, asCaller: (caller: Caller) => Peers, user: UserCreated): Promise<void> {
  // Asked before BEGIN (rule 1): the descriptions, rendered for a caller of the realm (the
  // messages service renders as its members see it), the system groups, and the realm's
  // people. Everyone the realm has by now joins, not the owner alone: a user made right after
  // the realm may have been handled first, finding no default channel yet.
  const { systemGroups } = await peers.realmPolicy();
  // One ResolveUsers for the owner and the realm's people (the owner is among them, if active).
  const { users } = await peers.resolve([user.user_id, ...(await peers.holders([systemGroups['role:everyone']]))]);
  const owner = users.find((u) => u.user_id === user.user_id);
  if (!owner) return; // gone meanwhile: nobody to start the realm for
  const asOwner = asCaller({ realm_id: user.realm_id, user_id: owner.user_id, role: owner.role, is_bot: owner.is_bot, email: owner.email });
  const rendered = await Promise.all(INITIAL_CHANNELS.map((c) => asOwner.renderMarkdown(c.description)));
  const joining = [...new Set([owner.user_id, ...users.filter((u) => u.is_active && !u.is_bot).map((u) => u.user_id)])];
  // The new channels' audiences (public: the members; and everyone, for peer_add) are asked
  // ahead too, so the transaction runs once.
  const audiences = () => Promise.all([peers.holders([systemGroups['role:members']]), peers.holders([systemGroups['role:everyone']])]);
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      await store.lockRealmChannels(tx, user.realm_id);
      if (await store.realmHasChannels(tx, user.realm_id)) return;
      const created: ChannelRow[] = [];
      for (const [i, c] of INITIAL_CHANNELS.entries()) {
        created.push(
          await store.insertChannel(tx, {
            realm_id: user.realm_id,
            name: c.name,
            description: c.description,
            rendered_description: rendered[i],
            creator_id: null,
            invite_only: false,
            is_web_public: false,
            history_public_to_subscribers: true,
            message_retention_days: null,
            topics_policy: 'inherit',
            folder_id: null,
            is_default: true,
            group_settings: initialGroupSettings({ can_administer_channel_group: systemGroups['role:nobody'] }, systemGroups, owner.user_id),
          }),
        );
      }
      await doSubscribe(
        tx,
        peers,
        created.map((channel) => ({ channel, userIds: joining })),
        created,
      );
    },
    audiences,
  );
}
