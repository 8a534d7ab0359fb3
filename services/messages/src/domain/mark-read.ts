import pg from 'pg';
import { BadRequestError, emptyTopicDisplayName, withTransaction } from '@parley/common';
import * as store from '../store/read-state';
import type { Peers } from '../peers';
import { notify } from './notify';

/**
 * The deprecated bulk read-state endpoints, as Zulip's views/message_flags.py and
 * actions/message_flags.py: POST /mark_all_as_read, /mark_stream_as_read and
 * /mark_topic_as_read. Clients still call them (zulip-terminal, older apps). Each tells the
 * user's queues with an `update_message_flags` event (op add, flag read).
 */

/** Messages marked read per transaction by mark_all_as_read (Zulip's batch size). */
export const MARK_ALL_BATCH = 2000;
/**
 * How long mark_all_as_read goes on with batches before answering `complete: false` (the
 * client repeats the request): well within the gateway's default gRPC deadline (10 s).
 */
export const MARK_ALL_TIME_BUDGET_MS = 5000;

/**
 * Marks every unread message of the user read, in batches of MARK_ALL_BATCH from the newest,
 * each committed on its own so a request that runs out of time has made progress. The event
 * (messages [], all true: clients reload their unread state) goes with the last batch.
 */
export async function markAllAsRead(pool: pg.Pool, peers: Pick<Peers, 'caller'>, { batch = MARK_ALL_BATCH, budgetMs = MARK_ALL_TIME_BUDGET_MS } = {}): Promise<{ complete: boolean }> {
  const { realm_id: realmId, user_id: userId } = peers.caller;
  const deadline = Date.now() + budgetMs;
  for (;;) {
    if (Date.now() >= deadline) return { complete: false };
    const done = await withTransaction(pool, async (tx) => {
      const updated = await store.markNewestUnreadRead(tx, userId, batch);
      if (updated === batch) return false;
      await notify(tx, realmId, [userId], readEvent([], true));
      return true;
    });
    if (done) return { complete: true };
  }
}

/** The channel, by ID, whose content the caller may read (Zulip's access_stream_by_id), else "Invalid channel ID". */
async function readableChannel(peers: Peers, streamId: number): Promise<number> {
  const channel = await peers.channel({ stream_id: streamId });
  if (!channel?.content) throw new BadRequestError('Invalid channel ID');
  return channel.stream_id;
}

/** POST /mark_stream_as_read: the caller's unread messages of the channel. */
export async function markChannelAsRead(pool: pg.Pool, peers: Peers, streamId: number): Promise<void> {
  const channelId = await readableChannel(peers, streamId);
  await markRead(pool, peers, channelId);
}

/**
 * POST /mark_topic_as_read: the caller's unread messages of the topic (any case). The realm's
 * name for the empty topic stands for it; a topic the caller has no message of is refused.
 */
export async function markTopicAsRead(pool: pg.Pool, peers: Peers, streamId: number, topicName: string): Promise<void> {
  const channelId = await readableChannel(peers, streamId);
  const emptyName = emptyTopicDisplayName((await peers.realmPolicy()).settings);
  const topic = topicName === emptyName ? '' : topicName;
  if (!(await store.hasCopyInTopic(pool, peers.caller.user_id, channelId, topic))) {
    throw new BadRequestError(`No such topic '${topicName}'`);
  }
  await markRead(pool, peers, channelId, topic);
}

async function markRead(pool: pg.Pool, peers: Peers, channelId: number, topic?: string): Promise<void> {
  const { realm_id: realmId, user_id: userId } = peers.caller;
  await withTransaction(pool, async (tx) => {
    const ids = await store.markChannelRead(tx, userId, channelId, topic);
    if (ids.length) await notify(tx, realmId, [userId], readEvent(ids, false));
  });
}

/** Zulip's ReadMessagesEvent (`operation` is the deprecated name of `op`, still sent). */
const readEvent = (messages: number[], all: boolean) => ({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages, all });
