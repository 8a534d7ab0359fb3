import type { Queryable } from '@parley/common';
import * as store from '../store/messages';
import { FLAG_BITS } from './flags';

/**
 * Register's unread_msgs: the user's unread messages grouped as Zulip's clients expect —
 * by channel and topic, by one-on-one conversation, by group conversation — and the
 * mentions among them. At most MAX_UNREADS (the newest); old_unreads_missing says so.
 */
export const MAX_UNREADS = 50_000;

export async function unreadMessagesState(db: Queryable, userId: number, max = MAX_UNREADS) {
  const rows = await store.unreadMessages(db, userId, max + 1);
  const missing = rows.length > max;
  const unread = missing ? rows.slice(1) : rows;
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Map<string, { user_ids_string: string; unread_message_ids: number[] }>();
  const mentions: number[] = [];
  const mentionBits = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;
  for (const m of unread) {
    if (m.flags & mentionBits) mentions.push(m.id);
    if (m.kind === 'channel') {
      const key = `${m.channel_id}\u0000${m.topic.toLowerCase()}`;
      if (!streams.has(key)) streams.set(key, { stream_id: m.channel_id!, topic: m.topic, unread_message_ids: [] });
      streams.get(key)!.unread_message_ids.push(m.id);
    } else if ((m.dm_user_ids ?? []).length <= 2) {
      const other = (m.dm_user_ids ?? []).find((u) => u !== userId) ?? userId;
      if (!pms.has(other)) pms.set(other, { other_user_id: other, sender_id: other, unread_message_ids: [] });
      pms.get(other)!.unread_message_ids.push(m.id);
    } else {
      const key = (m.dm_user_ids ?? []).join(',');
      if (!huddles.has(key)) huddles.set(key, { user_ids_string: key, unread_message_ids: [] });
      huddles.get(key)!.unread_message_ids.push(m.id);
    }
  }
  return {
    count: unread.length,
    pms: [...pms.values()],
    streams: [...streams.values()],
    huddles: [...huddles.values()],
    mentions,
    old_unreads_missing: missing,
  };
}
