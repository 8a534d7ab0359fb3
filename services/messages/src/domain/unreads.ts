import type { Queryable } from '@parley/common';
import * as store from '../store/messages';
import { FLAG_BITS } from './flags';
import { VISIBILITY } from './visibility';

/**
 * Register's unread_msgs: the user's unread messages grouped as Zulip's clients expect —
 * by channel and topic, by one-on-one conversation, by group conversation — and the
 * mentions among them. At most MAX_UNREADS (the newest); old_unreads_missing says so.
 */
export const MAX_UNREADS = 50_000;

const BITS = { mention: FLAG_BITS.mentioned, wildcard: FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned };

/**
 * Whether a topic's messages are muted for the user (Zulip's is_row_muted): in a muted
 * channel, unless they unmuted or follow the topic; elsewhere, when they muted the topic.
 */
export function isTopicMuted(channelMuted: boolean, policy: number): boolean {
  return channelMuted ? policy !== VISIBILITY.UNMUTED && policy !== VISIBILITY.FOLLOWED : policy === VISIBILITY.MUTED;
}

/**
 * unread_msgs as JSON text. PostgreSQL groups the messages (store.unreadGroups) and writes
 * their ID lists, thousands of IDs for a busy user, which are spliced in without being parsed.
 * As Zulip's aggregate_unread_data, `streams` lists muted topics' messages too, but `count`
 * leaves them out, and so does `mentions` where a wildcard is their only mention.
 * `mutedChannels` (the channels the user muted) is awaited after the query has started.
 */
export async function unreadMessagesJson(db: Queryable, userId: number, max = MAX_UNREADS, mutedChannels: Promise<ReadonlySet<number>> = Promise.resolve(new Set())): Promise<string> {
  const [{ groups, missing }, muted] = await Promise.all([store.unreadGroups(db, userId, max, BITS), mutedChannels]);
  const pms: string[] = [];
  const streams: string[] = [];
  const huddles: string[] = [];
  const mentions: number[] = [];
  let count = 0;
  for (const g of groups) {
    const hidden = g.kind === 'channel' && isTopicMuted(muted.has(g.channel_id!), g.policy);
    if (!hidden) count += g.count;
    mentions.push(...g.mentions, ...(hidden ? [] : g.wildcards));
    if (g.kind === 'channel') {
      streams.push(`{"stream_id":${g.channel_id},"topic":${JSON.stringify(g.topic)},"unread_message_ids":${g.ids}}`);
    } else if (g.dm_user_ids!.length <= 2) {
      // A one-on-one conversation, by the other participant; one's own, by oneself.
      const other = g.dm_user_ids!.find((u) => u !== userId) ?? userId;
      pms.push(`{"other_user_id":${other},"sender_id":${other},"unread_message_ids":${g.ids}}`);
    } else {
      huddles.push(`{"user_ids_string":${JSON.stringify(g.dm_user_ids!.join(','))},"unread_message_ids":${g.ids}}`);
    }
  }
  return (
    `{"count":${count},"pms":[${pms.join(',')}],"streams":[${streams.join(',')}],"huddles":[${huddles.join(',')}],` +
    `"mentions":${JSON.stringify(mentions.sort((a, b) => a - b))},"old_unreads_missing":${missing}}`
  );
}
