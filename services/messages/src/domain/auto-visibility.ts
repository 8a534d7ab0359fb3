import pg from 'pg';
import { emptyTopicDisplayName, Logger, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/user-topics';
import type { ChannelAccess, Peers, TopicSettings } from '../peers';
import { activeNames, applyVisibility, ChangeContext, changeContext } from './user-topics';
import { AUTOMATICALLY, VISIBILITY } from './visibility';

/**
 * The settings that change a user's topic visibility as they take part (Zulip's
 * zerver/lib/message.py and the send, reaction and mention steps that call it):
 * automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy
 * (on participation: sending or reacting; on send; on starting the topic), and
 * automatically_follow_topics_where_mentioned. They only ever raise the visibility: a
 * followed topic stays followed. Bots' topics never change.
 */

/** Zulip's visibility_policy_for_participation. */
export function forParticipation(s: TopicSettings, channelMuted: boolean): number | undefined {
  if (s.follow === AUTOMATICALLY.ON_PARTICIPATION) return VISIBILITY.FOLLOWED;
  if (channelMuted && s.unmuteInMutedChannels === AUTOMATICALLY.ON_PARTICIPATION) return VISIBILITY.UNMUTED;
  return undefined;
}

/** Zulip's visibility_policy_for_send. */
function forSend(s: TopicSettings, channelMuted: boolean): number | undefined {
  if (s.follow === AUTOMATICALLY.ON_SEND) return VISIBILITY.FOLLOWED;
  if (channelMuted && s.unmuteInMutedChannels === AUTOMATICALLY.ON_SEND) return VISIBILITY.UNMUTED;
  return undefined;
}

/**
 * Zulip's visibility_policy_for_send_message: the sender's new policy for the topic they send
 * to, or undefined for no change. `started` says whether the topic had messages (that the
 * sender may read) before this one: sending the first one starts it.
 */
export function forSendMessage(s: TopicSettings, channelMuted: boolean, current: number, started: boolean): number | undefined {
  if (current === VISIBILITY.FOLLOWED) return undefined;
  const both = [forParticipation(s, channelMuted), forSend(s, channelMuted)];
  if (both.includes(VISIBILITY.FOLLOWED)) return VISIBILITY.FOLLOWED;
  let policy: number | undefined = both.includes(VISIBILITY.UNMUTED) ? VISIBILITY.UNMUTED : undefined;
  // A topic with a policy set was started before.
  if (current !== VISIBILITY.INHERIT) return policy === current ? undefined : policy;
  if (!started && s.follow === AUTOMATICALLY.ON_INITIATION) return VISIBILITY.FOLLOWED;
  if (!started && channelMuted && s.unmuteInMutedChannels === AUTOMATICALLY.ON_INITIATION) policy = VISIBILITY.UNMUTED;
  return policy;
}

/** Zulip's should_change_visibility_policy: only ever up, never from followed. */
export function shouldChange(next: number, current: number): boolean {
  return next !== current && current !== VISIBILITY.FOLLOWED;
}

const changesNothing = (s: TopicSettings) => s.follow === AUTOMATICALLY.NEVER && s.unmuteInMutedChannels === AUTOMATICALLY.NEVER;

/** What a send to a channel decided for its sender, before the message is stored. */
export interface SendVisibility {
  policy: number;
  ctx: ChangeContext;
}

/**
 * The sender's new policy for the topic of their channel message, decided before the message
 * is stored (one statement: their policy and whether the topic has earlier messages), or
 * undefined. The settings come with the sender's permission context (no hop).
 */
export async function decideForSend(db: Queryable, peers: Peers, channel: ChannelAccess, topic: string, isBot: boolean): Promise<SendVisibility | undefined> {
  const settings = await peers.topicSettings();
  if (isBot || changesNothing(settings)) return undefined;
  const state = await store.topicStateFor(db, peers.caller.user_id, channel.stream_id, topic, channel.history_visible);
  const policy = forSendMessage(settings, channel.is_muted, state.policy, state.started);
  if (policy === undefined) return undefined;
  // The names of muted_topics' event only when unmuting a muted topic changes that list.
  const ctx = state.policy === VISIBILITY.MUTED ? await changeContext(peers) : { realmId: peers.caller.realm_id, emptyTopicName: await emptyTopicName(peers), names: new Map() };
  return { policy, ctx };
}

const emptyTopicName = async (peers: Peers) => emptyTopicDisplayName((await peers.realmPolicy()).settings);

/** Applies a send's decision once the message is stored; whether the sender's policy changed. */
export async function applyForSend(pool: pg.Pool, peers: Peers, decided: SendVisibility, channelId: number, topic: string): Promise<boolean> {
  return withTransaction(pool, (tx) => applyVisibility(tx, decided.ctx, { userId: peers.caller.user_id, channelId, topic, policy: decided.policy }, { enforceBound: false }));
}

/**
 * The visibility steps after a channel message is stored: the sender's decided change, then
 * the mentioned users'. Answers the sender's new policy when it changed (POST /messages's
 * automatic_new_visibility_policy). The message is sent whatever happens here: a failure is
 * logged, not answered.
 */
export async function afterChannelSend(
  pool: pg.Pool,
  peers: Peers,
  sent: { channel?: ChannelAccess; topic: string; recipients: number[] },
  decided: SendVisibility | undefined,
  mentioned: number[],
  log: Logger | undefined,
): Promise<number | undefined> {
  const channelId = sent.channel!.stream_id;
  try {
    const changed = decided && (await applyForSend(pool, peers, decided, channelId, sent.topic));
    await followWhereMentioned(pool, peers, mentioned, sent.recipients, channelId, sent.topic);
    return changed ? decided.policy : undefined;
  } catch (err) {
    if (!log) throw err;
    log.error({ err }, 'automatic topic visibility after a send failed');
    return undefined;
  }
}

/**
 * automatically_follow_topics_where_mentioned: the users a channel message mentions by name
 * (not silently, not by group or wildcard), who received it, and are not its sender nor bots,
 * follow its topic unless they muted or follow it already.
 */
export async function followWhereMentioned(pool: pg.Pool, peers: Peers, mentioned: number[], recipients: number[], channelId: number, topic: string): Promise<void> {
  const received = new Set(recipients);
  const candidates = mentioned.filter((id) => id !== peers.caller.user_id && received.has(id));
  if (!candidates.length) return;
  const settings = await peers.topicSettingsOf(candidates);
  const wanting = settings.filter((s) => s.followWhereMentioned).map((s) => s.user_id);
  const current = await store.policiesFor(pool, wanting, channelId, topic);
  const following = wanting.filter((id) => {
    const policy = current.get(id) ?? VISIBILITY.INHERIT;
    return policy !== VISIBILITY.MUTED && policy !== VISIBILITY.FOLLOWED;
  });
  if (!following.length) return;
  const ctx = { realmId: peers.caller.realm_id, emptyTopicName: await emptyTopicName(peers), names: new Map<number, string>() };
  await withTransaction(pool, async (tx) => {
    for (const userId of following) await applyVisibility(tx, ctx, { userId, channelId, topic, policy: VISIBILITY.FOLLOWED }, { enforceBound: false });
  });
}

/** What a reaction to a channel message changes of the reacting user's policy for its topic, decided before its transaction. */
export interface ReactionVisibility {
  next: number;
  ctx: ChangeContext;
}

/**
 * Zulip's do_add_reaction: reacting is participating. Undefined when the user's settings
 * change nothing on participation. The channels come from the reaction's own access check.
 */
export async function decideForReaction(peers: Peers, channel: ChannelAccess | undefined, isBot: boolean): Promise<ReactionVisibility | undefined> {
  if (!channel || isBot) return undefined;
  const settings = await peers.topicSettings();
  const next = forParticipation(settings, channel.is_muted);
  if (next === undefined) return undefined;
  const [name, channels] = await Promise.all([emptyTopicName(peers), peers.allChannels()]);
  return { next, ctx: { realmId: peers.caller.realm_id, emptyTopicName: name, names: activeNames(channels) } };
}

/** Applies a reaction's decision in its transaction, if the user's current policy allows it. */
export async function applyForReaction(tx: pg.PoolClient, decided: ReactionVisibility, userId: number, channelId: number, topic: string): Promise<void> {
  const current = (await store.policiesFor(tx, [userId], channelId, topic)).get(userId) ?? VISIBILITY.INHERIT;
  if (shouldChange(decided.next, current)) await applyVisibility(tx, decided.ctx, { userId, channelId, topic, policy: decided.next }, { enforceBound: false });
}
