import type { Queryable } from '@parley/common';

/**
 * SQL of the bulk read-state changes (the deprecated mark-as-read endpoints). Each reads only
 * the user's unread copies (the partial index user_messages_unread), then their messages by
 * primary key.
 */

/**
 * Marks at most `limit` of the user's unread messages read, the newest first; returns how
 * many. The rows are locked as they are picked: a concurrent change of them is waited for,
 * not skipped (as Zulip's select_for_update).
 */
export async function markNewestUnreadRead(db: Queryable, userId: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE user_messages SET flags = flags | 1
      WHERE user_id = $1 AND message_id IN (
        SELECT message_id FROM user_messages WHERE user_id = $1 AND (flags & 1) = 0
         ORDER BY message_id DESC LIMIT $2 FOR UPDATE)`,
    [userId, limit],
  );
  return rowCount ?? 0;
}

/**
 * Marks read the user's unread copies of a channel's messages (of one topic, whatever its
 * case, when `topic` is given); returns their IDs, ascending.
 */
export async function markChannelRead(db: Queryable, userId: number, channelId: number, topic?: string): Promise<number[]> {
  const { rows } = await db.query<{ message_id: number }>(
    `UPDATE user_messages um SET flags = um.flags | 1
       FROM messages m
      WHERE um.user_id = $1 AND (um.flags & 1) = 0 AND m.id = um.message_id
        AND m.kind = 'channel' AND m.channel_id = $2 AND ($3::text IS NULL OR lower(m.topic) = lower($3))
      RETURNING um.message_id::int`,
    [userId, channelId, topic ?? null],
  );
  return rows.map((r) => r.message_id).sort((a, b) => a - b);
}

/** Whether the user has a copy of any message of the channel's topic (whatever its case). */
export async function hasCopyInTopic(db: Queryable, userId: number, channelId: number, topic: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = $1
      WHERE m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3) LIMIT 1`,
    [userId, channelId, topic],
  );
  return rows.length > 0;
}

/** Who has marked the message read, but its sender, ascending (the message's copies: user_messages_message). */
export async function readersOf(db: Queryable, messageId: number, senderId: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM user_messages WHERE message_id = $1 AND (flags & 1) <> 0 AND user_id <> $2 ORDER BY user_id', [messageId, senderId]);
  return rows.map((r) => r.user_id);
}
