import type { Queryable } from '@parley/common';
import { DIRECT_COPY_BIT } from './messages';

/**
 * Register's per-user lists, each read from the user's own rows by a partial index: their
 * starred messages (user_messages_starred), their recent direct messages (user_messages_direct).
 */

/** The IDs of the user's starred messages, ascending, at most `limit` (the oldest). */
export async function starredMessageIds(db: Queryable, userId: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ message_id: number }>('SELECT message_id::int FROM user_messages WHERE user_id = $1 AND (flags & 2) <> 0 ORDER BY message_id LIMIT $2', [userId, limit]);
  return rows.map((r) => r.message_id);
}

/**
 * The conversations of the user's newest `limit` direct messages: each one's participants
 * (sorted, the user included) and newest message ID, the most recent conversation first.
 */
export async function recentDirectConversations(db: Queryable, userId: number, limit: number): Promise<{ dm_user_ids: number[]; max_message_id: number }[]> {
  const { rows } = await db.query<{ dm_user_ids: number[]; max_message_id: number }>(
    `WITH recent AS (
       SELECT message_id FROM user_messages WHERE user_id = $1 AND (flags & ${DIRECT_COPY_BIT}) <> 0
        ORDER BY message_id DESC LIMIT $2)
     SELECT m.dm_user_ids, max(m.id)::int AS max_message_id
       FROM recent JOIN messages m ON m.id = recent.message_id
      GROUP BY m.dm_user_ids ORDER BY max(m.id) DESC`,
    [userId, limit],
  );
  return rows;
}
