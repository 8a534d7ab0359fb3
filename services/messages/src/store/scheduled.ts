import type { Queryable } from '@parley/common';

export interface ScheduledRow {
  id: number;
  realm_id: number;
  sender_id: number;
  type: 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  rendered_content: string;
  scheduled_at: Date;
  read_by_sender: boolean;
  client: string;
  failed: boolean;
}

export type ScheduledFields = Pick<ScheduledRow, 'type' | 'to' | 'topic' | 'content' | 'rendered_content' | 'scheduled_at'>;

const COLUMNS = 'id, realm_id, sender_id, type, "to", topic, content, rendered_content, scheduled_at, read_by_sender, client, failed';

/** The sender's scheduled messages not yet delivered, soonest first. */
export async function listPending(db: Queryable, senderId: number): Promise<ScheduledRow[]> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_messages WHERE sender_id = $1 AND delivered_message_id IS NULL ORDER BY scheduled_at, id`, [senderId]);
  return rows;
}

export async function insertScheduled(db: Queryable, s: ScheduledFields & { realm_id: number; sender_id: number; read_by_sender: boolean; client: string }): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(
    `INSERT INTO scheduled_messages (realm_id, sender_id, type, "to", topic, content, rendered_content, scheduled_at, read_by_sender, client)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [s.realm_id, s.sender_id, s.type, s.to, s.topic, s.content, s.rendered_content, s.scheduled_at, s.read_by_sender, s.client]);
  return rows[0];
}

export async function findPending(db: Queryable, senderId: number, id: number): Promise<ScheduledRow | undefined> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_messages WHERE sender_id = $1 AND id = $2 AND delivered_message_id IS NULL FOR UPDATE`, [senderId, id]);
  return rows[0];
}

/** Replaces the fields of a pending one; editing a failed one makes it pending again. */
export async function updateScheduled(db: Queryable, id: number, s: ScheduledFields): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(
    `UPDATE scheduled_messages SET type = $2, "to" = $3, topic = $4, content = $5, rendered_content = $6, scheduled_at = $7, failed = false
      WHERE id = $1 RETURNING ${COLUMNS}`, [id, s.type, s.to, s.topic, s.content, s.rendered_content, s.scheduled_at]);
  return rows[0];
}

export async function deleteScheduled(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM scheduled_messages WHERE id = $1', [id]);
}

/** Claims due messages for this worker: locked until its transaction ends, skipped by other workers. */
export async function claimDue(db: Queryable, now: Date, limit: number): Promise<ScheduledRow[]> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_messages WHERE delivered_message_id IS NULL AND NOT failed AND scheduled_at <= $1
      ORDER BY scheduled_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`, [now, limit]);
  return rows;
}

export async function markDelivered(db: Queryable, id: number, messageId: number): Promise<void> {
  await db.query('UPDATE scheduled_messages SET delivered_message_id = $2 WHERE id = $1', [id, messageId]);
}

export async function markFailed(db: Queryable, id: number): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(`UPDATE scheduled_messages SET failed = true WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}
