import pg from 'pg';
import { BadRequestError, emptyTopicDisplayName } from '@parley/common';
import * as store from '../store/topics';
import type { Peers } from '../peers';

/**
 * GET /users/me/{stream_id}/topics, as Zulip's get_topics_backend and
 * get_topic_history_for_stream: the topics of a channel whose content the caller may read,
 * each once whatever its case (named as its newest message spells it) with its newest
 * message's ID, the most recent first. Where history is protected from the caller, only the
 * topics of messages they received, with the newest of those. Zulip bounds the list by the
 * channel's topics only; so does Parley.
 */
export async function channelTopics(pool: pg.Pool, peers: Peers, streamId: number, allowEmptyTopicName: boolean): Promise<{ topics: store.TopicRow[] }> {
  const channel = await peers.channel({ stream_id: streamId });
  if (!channel?.content) throw new BadRequestError('Invalid channel ID');
  const topics = await store.channelTopics(pool, channel.stream_id, channel.history_visible ? undefined : peers.caller.user_id);
  if (allowEmptyTopicName) return { topics };
  // Clients that do not know the empty topic see the realm's name for it (feature level 334).
  const emptyName = emptyTopicDisplayName((await peers.realmPolicy()).settings);
  return { topics: topics.map((t) => (t.name === '' ? { ...t, name: emptyName } : t)) };
}
