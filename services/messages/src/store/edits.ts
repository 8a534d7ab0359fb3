import type { Queryable } from '@parley/common';
import type { MessageRow } from './messages';
import { COLUMNS } from './messages';

export interface EditRow {
  message_id: number;
  user_id: number;
  edited_at: Date;
  prev_content: string | null;
  prev_rendered_content: string | null;
  prev_topic: string | null;
  prev_channel_id: number | null;
  topic: string | null;
  channel_id: number | null;
}

/** The messages of a channel's topic (case-insensitively), oldest first, locked for a move. */
export async function topicMessages(db: Queryable, realmId: number, channelId: number, topic: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages m WHERE m.realm_id = $1 AND m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3)
      ORDER BY m.id FOR UPDATE`,
    [realmId, channelId, topic],
  );
  return rows;
}

/** The users with a copy of any of the messages, and of which. */
export async function copiesOfMany(db: Queryable, ids: number[]): Promise<{ user_id: number; message_id: number; flags: number }[]> {
  const { rows } = await db.query<{ user_id: number; message_id: number; flags: number }>('SELECT user_id, message_id::int, flags FROM user_messages WHERE message_id = ANY($1::bigint[])', [ids]);
  return rows;
}

export async function updateContent(db: Queryable, id: number, content: string, rendered: string, flags: { has_link: boolean; has_image: boolean; has_attachment: boolean }): Promise<void> {
  await db.query('UPDATE messages SET content = $2, rendered_content = $3, has_link = $4, has_image = $5, has_attachment = $6, last_edit_time = now() WHERE id = $1', [
    id,
    content,
    rendered,
    flags.has_link,
    flags.has_image,
    flags.has_attachment,
  ]);
}

/** Moves messages; `moved` false for a resolve or unresolve, which Zulip does not count as a move (feature level 365). */
export async function moveMessages(db: Queryable, ids: number[], target: { channel_id: number; topic: string; recipient_id: number }, moved: boolean): Promise<void> {
  await db.query(`UPDATE messages SET channel_id = $2, topic = $3, recipient_id = $4${moved ? ', last_moved_time = now()' : ''} WHERE id = ANY($1::bigint[])`, [
    ids,
    target.channel_id,
    target.topic,
    target.recipient_id,
  ]);
}

export async function insertEdits(db: Queryable, edits: Omit<EditRow, 'edited_at'>[]): Promise<void> {
  if (!edits.length) return;
  await db.query(
    `INSERT INTO message_edits (message_id, user_id, prev_content, prev_rendered_content, prev_topic, prev_channel_id, topic, channel_id)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::int[])`,
    [
      edits.map((e) => e.message_id),
      edits.map((e) => e.user_id),
      edits.map((e) => e.prev_content),
      edits.map((e) => e.prev_rendered_content),
      edits.map((e) => e.prev_topic),
      edits.map((e) => e.prev_channel_id),
      edits.map((e) => e.topic),
      edits.map((e) => e.channel_id),
    ],
  );
}

export async function editsOf(db: Queryable, ids: number[]): Promise<EditRow[]> {
  const { rows } = await db.query<EditRow>(
    `SELECT message_id::int, user_id, edited_at, prev_content, prev_rendered_content, prev_topic, prev_channel_id, topic, channel_id
       FROM message_edits WHERE message_id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
  return rows;
}

/** Removes the copies of users who may no longer read the messages; gives copies to others. */
export async function removeCopies(db: Queryable, ids: number[], userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db.query('DELETE FROM user_messages WHERE message_id = ANY($1::bigint[]) AND user_id = ANY($2::int[])', [ids, userIds]);
}

export async function addCopies(db: Queryable, ids: number[], userIds: number[], flags: number): Promise<void> {
  if (!userIds.length || !ids.length) return;
  await db.query(
    `INSERT INTO user_messages (user_id, message_id, flags) SELECT u, m, $3 FROM unnest($2::int[]) AS u, unnest($1::bigint[]) AS m
     ON CONFLICT DO NOTHING`,
    [ids, userIds, flags],
  );
}

export async function setCopyFlags(db: Queryable, userId: number, messageId: number, flags: number): Promise<void> {
  await db.query('UPDATE user_messages SET flags = $3 WHERE user_id = $1 AND message_id = $2', [userId, messageId, flags]);
}

/** The newest message of a channel's topic. */
export async function lastInTopic(db: Queryable, realmId: number, channelId: number, topic: string): Promise<MessageRow | undefined> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages m WHERE m.realm_id = $1 AND m.kind = 'channel' AND m.channel_id = $2 AND lower(m.topic) = lower($3)
      ORDER BY m.id DESC LIMIT 1`,
    [realmId, channelId, topic],
  );
  return rows[0];
}
