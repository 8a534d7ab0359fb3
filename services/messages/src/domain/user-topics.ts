import pg from 'pg';
import { ApiError, BadRequestError, emit, emptyTopicDisplayName, LIMITS, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/user-topics';
import type { ChannelAccess, Peers } from '../peers';
import { VISIBILITY } from './visibility';

/**
 * Each user's visibility policy for topics (Zulip's UserTopic; zerver/actions/user_topics.py):
 * muted, unmuted (in a muted channel), followed, or none. POST /user_topics and the legacy
 * PATCH /users/me/subscriptions/muted_topics set it; sends, reactions and mentions may change
 * it by the user's settings (./auto-visibility.ts). A change tells the user's clients with a
 * `user_topic` event, and with a `muted_topics` event (the whole list, for clients that did
 * not ask for user_topic events) when the set of muted topics changed.
 *
 * A user has at most MAX_USER_TOPICS rows: beyond it a request is refused, and an automatic
 * change is skipped (it never refuses a send).
 */
export const MAX_USER_TOPICS = 10_000;

export class TooManyUserTopicsError extends ApiError {
  constructor() {
    super('BAD_REQUEST', `You may set a visibility policy for at most ${MAX_USER_TOPICS} topics.`, 400);
  }
}

/** One user's new policy for one topic. */
export interface VisibilityChange {
  userId: number;
  channelId: number;
  topic: string;
  policy: number;
}

/** What the events of a change need from the other services, asked before the transaction. */
export interface ChangeContext {
  realmId: number;
  /** The realm's name for the empty topic, for clients without the empty_topic_name capability. */
  emptyTopicName: string;
  /** Active channels' names by ID (muted_topics lists muted topics of these only, as Zulip). */
  names: ReadonlyMap<number, string>;
}

export async function changeContext(peers: Peers): Promise<ChangeContext> {
  const [policy, channels] = await Promise.all([peers.realmPolicy(), peers.allChannels()]);
  return { realmId: peers.caller.realm_id, emptyTopicName: emptyTopicDisplayName(policy.settings), names: activeNames(channels) };
}

export const activeNames = (channels: readonly ChannelAccess[]): Map<number, string> => new Map(channels.filter((c) => !c.is_archived).map((c) => [c.stream_id, c.name]));

/** POST /user_topics. */
export async function checkUpdateUserTopic(pool: pg.Pool, peers: Peers, req: { stream_id: number; topic: string; visibility_policy: number }): Promise<void> {
  const policy = req.visibility_policy;
  if (!Object.values(VISIBILITY).includes(policy as 0)) throw new BadRequestError('Invalid visibility_policy');
  const topic = await topicParam(peers, req.topic);
  // Removing a policy needs only that the channel exists: one may have lost access since setting it.
  const channelId =
    policy === VISIBILITY.INHERIT ? await existingChannel(peers, { stream_id: req.stream_id }, 'Invalid channel ID') : (await readableChannel(peers, { stream_id: req.stream_id })).stream_id;
  await setVisibility(pool, peers, { userId: peers.caller.user_id, channelId, topic, policy }, { enforceBound: true });
}

/** PATCH /users/me/subscriptions/muted_topics (deprecated): op add mutes, remove unmutes (feature level 170). */
export async function checkUpdateMutedTopic(pool: pg.Pool, peers: Peers, req: { stream_id?: number; stream?: string; topic: string; op: string }): Promise<void> {
  if (req.stream_id === undefined && req.stream === undefined) throw new BadRequestError("Missing 'stream_id' argument");
  if (req.stream_id !== undefined && req.stream !== undefined) {
    throw new BadRequestError('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' });
  }
  if (req.op !== 'add' && req.op !== 'remove') throw new BadRequestError('Invalid op');
  const topic = await topicParam(peers, req.topic);
  const target = req.stream_id !== undefined ? { stream_id: req.stream_id } : { name: req.stream! };
  // Since feature level 169, muting a muted topic or unmuting one that is not muted succeeds.
  const channelId = req.op === 'remove' ? await existingChannel(peers, target, 'Topic is not muted') : (await readableChannel(peers, target)).stream_id;
  const policy = req.op === 'add' ? VISIBILITY.MUTED : VISIBILITY.INHERIT;
  await setVisibility(pool, peers, { userId: peers.caller.user_id, channelId, topic, policy }, { enforceBound: true });
}

/** A topic parameter: at most max_topic_length characters; the realm's name for the empty topic is the empty topic. */
async function topicParam(peers: Peers, raw: string): Promise<string> {
  if ([...raw].length > LIMITS.max_topic_length) throw new BadRequestError(`topic is too long (limit: ${LIMITS.max_topic_length} characters)`);
  const emptyName = emptyTopicDisplayName((await peers.realmPolicy()).settings);
  return raw === emptyName ? '' : raw;
}

/** A channel whose messages the caller may read (Zulip's access_stream_by_id / _by_name). */
async function readableChannel(peers: Peers, target: { stream_id: number } | { name: string }): Promise<ChannelAccess> {
  const channel = await peers.channel(target);
  if (!channel?.content || channel.is_archived) {
    throw new BadRequestError('stream_id' in target ? 'Invalid channel ID' : `Invalid channel name '${target.name}'`);
  }
  return channel;
}

/** The ID of a channel of the caller's realm, seen or not (Zulip's access_stream_to_remove_visibility_policy_by_id). */
async function existingChannel(peers: Peers, target: { stream_id: number } | { name: string }, error: string): Promise<number> {
  const { channel, hiddenId } = await peers.channelOrHidden(target);
  if (channel) return channel.stream_id;
  if (hiddenId) return hiddenId;
  throw new BadRequestError(error);
}

/** Sets one policy of the caller's, asking the other services first. */
export async function setVisibility(pool: pg.Pool, peers: Peers, change: VisibilityChange, opts: { enforceBound: boolean }): Promise<boolean> {
  const ctx = await changeContext(peers);
  return withTransaction(pool, (tx) => applyVisibility(tx, ctx, change, opts));
}

/**
 * Sets a policy and tells the user's clients; false when it was already so (nothing is
 * written nor sent, as Zulip). Over the bound, refuses (enforceBound) or skips the change.
 */
export async function applyVisibility(tx: Queryable, ctx: ChangeContext, change: VisibilityChange, opts: { enforceBound: boolean }): Promise<boolean> {
  const { userId, channelId, topic, policy } = change;
  await store.lockUser(tx, userId);
  const old = (await store.policiesFor(tx, [userId], channelId, topic)).get(userId) ?? VISIBILITY.INHERIT;
  if (old === policy) return false;
  const now = new Date();
  if (policy === VISIBILITY.INHERIT) {
    await store.remove(tx, userId, channelId, topic);
  } else {
    if (old === VISIBILITY.INHERIT && (await store.countOf(tx, userId)) >= MAX_USER_TOPICS) {
      if (opts.enforceBound) throw new TooManyUserTopicsError();
      return false;
    }
    await store.upsert(tx, userId, channelId, topic, policy, now);
  }
  await notifyVisibility(tx, ctx, change, Math.floor(now.getTime() / 1000), old === VISIBILITY.MUTED || policy === VISIBILITY.MUTED);
  return true;
}

async function notifyVisibility(tx: Queryable, ctx: ChangeContext, change: VisibilityChange, lastUpdated: number, mutesChanged: boolean): Promise<void> {
  // Zulip's legacy event first; queues that asked for user_topic events do not get it (the events service).
  if (mutesChanged) {
    const rows = await store.userTopicsOf(tx, change.userId);
    await emit(tx, 'messages', ctx.realmId, [change.userId], { type: 'muted_topics', muted_topics: mutedTopics(rows, ctx) });
  }
  const event = { type: 'user_topic', stream_id: change.channelId, topic_name: change.topic, last_updated: lastUpdated, visibility_policy: change.policy };
  await emit(tx, 'messages', ctx.realmId, [change.userId], event, change.topic === '' ? { capability: 'empty_topic_name', event: { ...event, topic_name: ctx.emptyTopicName } } : undefined);
}

/** Register's and the legacy event's muted_topics: [channel name, topic, UNIX time] of active channels' muted topics. */
export function mutedTopics(rows: store.UserTopicRow[], ctx: Pick<ChangeContext, 'names' | 'emptyTopicName'>): [string, string, number][] {
  return rows
    .filter((r) => r.visibility_policy === VISIBILITY.MUTED && ctx.names.has(r.channel_id))
    .map((r) => [ctx.names.get(r.channel_id)!, r.topic === '' ? ctx.emptyTopicName : r.topic, r.last_updated]);
}

/** Register's user_topics: the policies of active channels' topics. */
export function userTopics(rows: store.UserTopicRow[], ctx: Pick<ChangeContext, 'names' | 'emptyTopicName'>, emptyTopicNameCapable: boolean) {
  return rows
    .filter((r) => ctx.names.has(r.channel_id))
    .map((r) => ({
      stream_id: r.channel_id,
      topic_name: r.topic === '' && !emptyTopicNameCapable ? ctx.emptyTopicName : r.topic,
      last_updated: r.last_updated,
      visibility_policy: r.visibility_policy,
    }));
}
