import type { Queryable } from '@parley/common';

/** A topic of a channel: its name as its newest message spells it, and that message's ID. */
export interface TopicRow {
  name: string;
  max_id: number;
}

/**
 * A channel's topics (whatever their case), the one with the newest message first: of all its
 * messages, or with `viewerId` only of those the viewer has a copy of (protected history).
 * Reads the channel's messages by messages_channel_topic, never the realm's.
 */
export async function channelTopics(db: Queryable, channelId: number, viewerId?: number): Promise<TopicRow[]> {
  if (viewerId !== undefined) return receivedTopics(db, channelId, viewerId);
  // A skip scan of messages_channel_topic: one probe for each topic (the next name, then its
  // newest message), not a pass over every message of the channel. Channels hold far more
  // messages than topics: 20,000 messages in 50 topics take 100 probes instead of 20,000 rows.
  const { rows } = await db.query<TopicRow>(
    `WITH RECURSIVE names AS (
       (SELECT lower(topic) AS name FROM messages WHERE kind = 'channel' AND channel_id = $1 ORDER BY lower(topic) LIMIT 1)
       UNION ALL
       SELECT (SELECT lower(topic) FROM messages WHERE kind = 'channel' AND channel_id = $1 AND lower(topic) > names.name ORDER BY lower(topic) LIMIT 1)
         FROM names WHERE names.name IS NOT NULL)
     SELECT newest.topic AS name, newest.id::int AS max_id FROM names
       CROSS JOIN LATERAL (SELECT id, topic FROM messages WHERE kind = 'channel' AND channel_id = $1 AND lower(topic) = names.name ORDER BY id DESC LIMIT 1) newest
      WHERE names.name IS NOT NULL ORDER BY newest.id DESC`,
    [channelId],
  );
  return rows;
}

/** The topics of the channel's messages the viewer received (protected history), each with the newest of those. */
async function receivedTopics(db: Queryable, channelId: number, viewerId: number): Promise<TopicRow[]> {
  const { rows } = await db.query<TopicRow>(
    `WITH topics AS (
       SELECT max(m.id) AS max_id FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2
        WHERE m.kind = 'channel' AND m.channel_id = $1 GROUP BY lower(m.topic))
     SELECT m.topic AS name, m.id::int AS max_id FROM topics JOIN messages m ON m.id = topics.max_id ORDER BY m.id DESC`,
    [channelId, viewerId],
  );
  return rows;
}
