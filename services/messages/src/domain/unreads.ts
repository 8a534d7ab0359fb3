import type { Queryable } from '@parley/common';
import * as store from '../store/messages';
import { FLAG_BITS } from './flags';

/**
 * Register's unread_msgs: the user's unread messages grouped as Zulip's clients expect —
 * by channel and topic, by one-on-one conversation, by group conversation — and the
 * mentions among them. At most MAX_UNREADS (the newest); old_unreads_missing says so.
 */
export const MAX_UNREADS = 50_000;

const MENTION_BITS = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/**
 * unread_msgs as JSON text. PostgreSQL groups the messages (store.unreadGroups) and writes
 * their ID lists, thousands of IDs for a busy user, which are spliced in without being parsed.
 */
export async function unreadMessagesJson(db: Queryable, userId: number, max = MAX_UNREADS): Promise<string> {
  const { groups, count, mentions, missing } = await store.unreadGroups(db, userId, max, MENTION_BITS);
  const pms: string[] = [];
  const streams: string[] = [];
  const huddles: string[] = [];
  for (const g of groups) {
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
  return `{"count":${count},"pms":[${pms.join(',')}],"streams":[${streams.join(',')}],"huddles":[${huddles.join(',')}],`
    + `"mentions":${mentions},"old_unreads_missing":${missing}}`;
}
