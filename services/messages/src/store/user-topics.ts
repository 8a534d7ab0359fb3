import type { Queryable } from '@parley/common';

/** A user's visibility policy for a topic: 1 muted, 2 unmuted, 3 followed (no row: 0, inherit). */
export interface UserTopicRow {
  channel_id: number;
  topic: string;
  visibility_policy: number;
  /** UNIX seconds. */
  last_updated: number;
}

// Whole seconds, as the events' (Zulip's datetime_to_timestamp): floored, not rounded as ::int would.
const COLUMNS = 'channel_id, topic, visibility_policy, floor(extract(epoch FROM last_updated))::int AS last_updated';

/** The user's rows, oldest change first. */
export async function userTopicsOf(db: Queryable, userId: number): Promise<UserTopicRow[]> {
  const { rows } = await db.query<UserTopicRow>(`SELECT ${COLUMNS} FROM user_topics WHERE user_id = $1 ORDER BY last_updated, channel_id, lower(topic)`, [userId]);
  return rows;
}

/** Some users' policies for one topic (whatever its case), by user ID; those without a row are absent. */
export async function policiesFor(db: Queryable, userIds: number[], channelId: number, topic: string): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const { rows } = await db.query<{ user_id: number; visibility_policy: number }>(
    `SELECT user_id, visibility_policy FROM user_topics
      WHERE user_id = ANY($1::int[]) AND channel_id = $2 AND lower(topic) = lower($3)`,
    [userIds, channelId, topic],
  );
  return new Map(rows.map((r) => [r.user_id, r.visibility_policy]));
}

/** How many rows the user has. */
export async function countOf(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_topics WHERE user_id = $1', [userId]);
  return rows[0].n;
}

/**
 * Holds the user's rows against a concurrent change until the transaction ends: a change
 * reads the old policy and the count (the bound) and then writes, as one step.
 */
export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('user_topics'), $1)", [userId]);
}

/** Sets the policy (the topic keeps the spelling it is set with). */
export async function upsert(db: Queryable, userId: number, channelId: number, topic: string, policy: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO user_topics (user_id, channel_id, topic, visibility_policy, last_updated) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, channel_id, lower(topic)) DO UPDATE SET topic = EXCLUDED.topic,
       visibility_policy = EXCLUDED.visibility_policy, last_updated = EXCLUDED.last_updated`,
    [userId, channelId, topic, policy, at],
  );
}

/** Removes the user's row for the topic; false when there was none. */
export async function remove(db: Queryable, userId: number, channelId: number, topic: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM user_topics WHERE user_id = $1 AND channel_id = $2 AND lower(topic) = lower($3)', [userId, channelId, topic]);
  return (rowCount ?? 0) > 0;
}

/**
 * What a send needs to decide the sender's automatic visibility change, in one statement:
 * their policy for the topic, and whether the topic had messages before (all of them when
 * the sender may read the channel's history, else only those they received).
 */
export async function topicStateFor(db: Queryable, userId: number, channelId: number, topic: string, wholeHistory: boolean): Promise<{ policy: number; started: boolean }> {
  const earlier = wholeHistory
    ? "SELECT 1 FROM messages m WHERE m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3)"
    : `SELECT 1 FROM messages m WHERE m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3)
        AND EXISTS (SELECT 1 FROM user_messages um WHERE um.user_id = $1 AND um.message_id = m.id)`;
  const { rows } = await db.query<{ policy: number | null; started: boolean }>(
    `SELECT (SELECT visibility_policy FROM user_topics WHERE user_id = $1 AND channel_id = $2 AND lower(topic) = lower($3)) AS policy,
            EXISTS (${earlier}) AS started`,
    [userId, channelId, topic],
  );
  return { policy: rows[0].policy ?? 0, started: rows[0].started };
}

/** The users with a policy for the topic (whatever its case), and the spelling each set it with. */
export async function usersWithPolicy(db: Queryable, channelId: number, topic: string): Promise<{ user_id: number; topic: string }[]> {
  const { rows } = await db.query<{ user_id: number; topic: string }>('SELECT user_id, topic FROM user_topics WHERE channel_id = $1 AND lower(topic) = lower($2) ORDER BY user_id', [channelId, topic]);
  return rows;
}

/** The users who follow the topic (whatever its case): its messages may reach them by mail (missed-message mails). */
export async function topicFollowers(db: Queryable, channelId: number, topic: string): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM user_topics WHERE channel_id = $1 AND lower(topic) = lower($2) AND visibility_policy = 3', [channelId, topic]);
  return rows.map((r) => r.user_id);
}

/** Of these users, those who still have a copy of a message of the topic. */
export async function usersWithMessagesIn(db: Queryable, userIds: number[], channelId: number, topic: string): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT DISTINCT um.user_id FROM messages m JOIN user_messages um ON um.message_id = m.id
      WHERE m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3) AND um.user_id = ANY($1::int[])`,
    [userIds, channelId, topic],
  );
  return new Set(rows.map((r) => r.user_id));
}
