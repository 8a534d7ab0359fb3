import type { Queryable } from '@parley/common';

export interface DigestTopicRow {
  channel_id: number;
  topic: string;
  senders: { user_id: number; count: number }[];
  samples: { id: number; sender_id: number; rendered_content: string; timestamp: number }[];
}

/**
 * Zulip's get_recent_topics: the channels' topics with messages sent after `since`, each with
 * how many messages each sender sent and its first two messages; the busiest first, at most
 * `limit` (a realm's week of traffic is read once per batch of digests).
 */
export async function digestTopics(db: Queryable, realmId: number, channelIds: number[], since: Date, limit: number): Promise<DigestTopicRow[]> {
  const { rows } = await db.query<DigestTopicRow>(
    `WITH recent AS (
       SELECT id, channel_id, lower(topic) AS topic_key, topic, sender_id, rendered_content, date_sent,
              row_number() OVER (PARTITION BY channel_id, lower(topic) ORDER BY id) AS n
         FROM messages
        WHERE realm_id = $1 AND kind = 'channel' AND channel_id = ANY($2::int[]) AND date_sent > $3
     ), topics AS (
       SELECT channel_id, topic_key, count(*) AS total FROM recent GROUP BY channel_id, topic_key ORDER BY total DESC, channel_id, topic_key LIMIT $4
     )
     SELECT t.channel_id,
            (SELECT r.topic FROM recent r WHERE r.channel_id = t.channel_id AND r.topic_key = t.topic_key AND r.n = 1) AS topic,
            (SELECT json_agg(json_build_object('user_id', s.sender_id, 'count', s.n) ORDER BY s.sender_id)
               FROM (SELECT sender_id, count(*) AS n FROM recent r WHERE r.channel_id = t.channel_id AND r.topic_key = t.topic_key GROUP BY sender_id) s) AS senders,
            (SELECT json_agg(json_build_object('id', r.id, 'sender_id', r.sender_id, 'rendered_content', r.rendered_content,
                                               'timestamp', floor(extract(epoch FROM r.date_sent))) ORDER BY r.id)
               FROM recent r WHERE r.channel_id = t.channel_id AND r.topic_key = t.topic_key AND r.n <= 2) AS samples
       FROM topics t ORDER BY t.total DESC, t.channel_id, t.topic_key`,
    [realmId, channelIds, since, limit],
  );
  return rows;
}
