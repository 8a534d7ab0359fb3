import type { Queryable } from '@parley/common';

export interface ReactionRow {
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export interface ReactionKey {
  messageId: number;
  userId: number;
  emojiCode: string;
  reactionType: string;
}

const COLUMNS = 'message_id::int AS message_id, user_id, emoji_name, emoji_code, reaction_type';

/** The reactions of these messages, each message's in the order they were added. */
export async function reactionsOf(db: Queryable, messageIds: number[]): Promise<ReactionRow[]> {
  if (!messageIds.length) return [];
  const { rows } = await db.query<ReactionRow>(
    `SELECT ${COLUMNS} FROM reactions WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, id`, [messageIds]);
  return rows;
}

/** The name the message's earlier reaction with this emoji has (by anyone), if there is one. */
export async function existingEmojiName(db: Queryable, messageId: number, emojiCode: string, reactionType: string): Promise<string | undefined> {
  const { rows } = await db.query<{ emoji_name: string }>(
    'SELECT emoji_name FROM reactions WHERE message_id = $1 AND emoji_code = $2 AND reaction_type = $3 ORDER BY id LIMIT 1',
    [messageId, emojiCode, reactionType]);
  return rows[0]?.emoji_name;
}

/** Adds the reaction; false when the user already has it. */
export async function insertReaction(db: Queryable, key: ReactionKey, emojiName: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [key.messageId, key.userId, emojiName, key.emojiCode, key.reactionType]);
  return rowCount === 1;
}

/** Removes the user's reaction; the removed row, or undefined when there was none. */
export async function deleteReaction(db: Queryable, key: ReactionKey): Promise<ReactionRow | undefined> {
  const { rows } = await db.query<ReactionRow>(
    `DELETE FROM reactions WHERE message_id = $1 AND user_id = $2 AND emoji_code = $3 AND reaction_type = $4 RETURNING ${COLUMNS}`,
    [key.messageId, key.userId, key.emojiCode, key.reactionType]);
  return rows[0];
}
