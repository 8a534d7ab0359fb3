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
  const { rows } = await db.query<ReactionRow>(`SELECT ${COLUMNS} FROM reactions WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, id`, [messageIds]);
  return rows;
}

/** The message's reactions with this emoji (by anyone), the earliest first: its name is theirs. */
export async function withEmoji(db: Queryable, messageId: number, emojiCode: string, reactionType: string): Promise<{ user_id: number; emoji_name: string }[]> {
  const { rows } = await db.query<{ user_id: number; emoji_name: string }>('SELECT user_id, emoji_name FROM reactions WHERE message_id = $1 AND emoji_code = $2 AND reaction_type = $3 ORDER BY id', [
    messageId,
    emojiCode,
    reactionType,
  ]);
  return rows;
}

/**
 * Adds the reaction, named as the message's earlier reaction with the same emoji is (a vote
 * keeps that name), else `emojiName`; the name it took, or undefined when the user already has it.
 */
export async function insertReaction(db: Queryable, key: ReactionKey, emojiName: string): Promise<string | undefined> {
  const { rows } = await db.query<{ emoji_name: string }>(
    `INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type)
     SELECT $1, $2, COALESCE((SELECT emoji_name FROM reactions WHERE message_id = $1 AND emoji_code = $4 AND reaction_type = $5 ORDER BY id LIMIT 1), $3), $4, $5
     ON CONFLICT DO NOTHING RETURNING emoji_name`,
    [key.messageId, key.userId, emojiName, key.emojiCode, key.reactionType],
  );
  return rows[0]?.emoji_name;
}

/** Removes the user's reaction; the removed row, or undefined when there was none. */
export async function deleteReaction(db: Queryable, key: ReactionKey): Promise<ReactionRow | undefined> {
  const { rows } = await db.query<ReactionRow>(`DELETE FROM reactions WHERE message_id = $1 AND user_id = $2 AND emoji_code = $3 AND reaction_type = $4 RETURNING ${COLUMNS}`, [
    key.messageId,
    key.userId,
    key.emojiCode,
    key.reactionType,
  ]);
  return rows[0];
}
