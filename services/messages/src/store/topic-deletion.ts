import type { Queryable } from '@parley/common';

/** A message of a topic about to be deleted, with who has a copy. */
export interface TopicMessage {
  id: number;
  topic: string;
  content: string;
  user_ids: number[];
}

/**
 * The newest `limit` messages of a channel's topic (whatever its case), with who has a copy of
 * each; only those `viewerId` received when given (protected history).
 */
export async function newestOfTopic(db: Queryable, channelId: number, topic: string, limit: number, viewerId?: number): Promise<TopicMessage[]> {
  const { rows } = await db.query<TopicMessage>(
    `SELECT m.id::int AS id, m.topic, m.content,
            ARRAY(SELECT um.user_id FROM user_messages um WHERE um.message_id = m.id ORDER BY um.user_id) AS user_ids
       FROM messages m
      WHERE m.kind = 'channel' AND m.channel_id = $1 AND lower(m.topic) = lower($2)
        AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM user_messages v WHERE v.user_id = $4 AND v.message_id = m.id))
      ORDER BY m.id DESC LIMIT $3`,
    [channelId, topic, limit, viewerId ?? null],
  );
  return rows;
}

/** Deletes these messages (their copies, reactions and edits go with them); the IDs that were still there. */
export async function deleteMessages(db: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: number }>('DELETE FROM messages WHERE id = ANY($1::bigint[]) RETURNING id::int AS id', [ids]);
  return rows.map((r) => r.id);
}
