import type { Queryable } from '@parley/common';

export interface SubmessageRow {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

const COLUMNS = 'id::int AS id, message_id::int AS message_id, sender_id, msg_type, content';

/** The submessages of these messages, each message's in ID order. */
export async function submessagesOf(db: Queryable, messageIds: number[]): Promise<SubmessageRow[]> {
  if (!messageIds.length) return [];
  const { rows } = await db.query<SubmessageRow>(`SELECT ${COLUMNS} FROM submessages WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, id`, [messageIds]);
  return rows;
}

/** An ID for a submessage stored later in the same transaction (the message event names it first). */
export async function nextSubmessageId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>("SELECT nextval('submessages_id_seq')::int AS id");
  return rows[0].id;
}

export async function insertSubmessage(db: Queryable, s: Omit<SubmessageRow, 'id'> & { id?: number }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO submessages (id, message_id, sender_id, msg_type, content)
     VALUES (COALESCE($1, nextval('submessages_id_seq')), $2, $3, $4, $5) RETURNING id::int AS id`,
    [s.id ?? null, s.message_id, s.sender_id, s.msg_type, s.content],
  );
  return rows[0].id;
}

/** The message's submessages: how many, whether its sender made one, and its widget's content. */
export async function submessageSummary(db: Queryable, messageId: number, senderId: number): Promise<{ count: number; bySender: boolean; widget?: string }> {
  const { rows } = await db.query<{ count: number; by_sender: boolean; widget: string | null }>(
    `SELECT count(*)::int AS count, bool_or(sender_id = $2) AS by_sender,
       (SELECT content FROM submessages WHERE message_id = $1 AND msg_type = 'widget' ORDER BY id LIMIT 1) AS widget
     FROM submessages WHERE message_id = $1`,
    [messageId, senderId],
  );
  return { count: rows[0].count, bySender: rows[0].by_sender === true, widget: rows[0].widget ?? undefined };
}
