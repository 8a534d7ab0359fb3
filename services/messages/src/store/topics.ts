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
  const copies = viewerId === undefined ? '' : 'JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2';
  const { rows } = await db.query<TopicRow>(
    `WITH topics AS (
       SELECT max(m.id) AS max_id FROM messages m ${copies}
        WHERE m.kind = 'channel' AND m.channel_id = $1 GROUP BY lower(m.topic))
     SELECT m.topic AS name, m.id::int AS max_id FROM topics JOIN messages m ON m.id = topics.max_id ORDER BY m.id DESC`,
    viewerId === undefined ? [channelId] : [channelId, viewerId]);
  return rows;
}
