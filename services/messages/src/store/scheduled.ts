import type { Queryable } from '@parley/common';

/**
 * What a row of scheduled_messages is: a message its sender scheduled ('send_later'), or a
 * reminder ('remind') the Notification Bot sends to its creator (Zulip's delivery_type).
 */
export type DeliveryType = 'send_later' | 'remind';

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
  delivery_type: DeliveryType;
  /** The message a reminder quotes; null for a scheduled message. */
  reminder_target_message_id: number | null;
}

export type ScheduledFields = Pick<ScheduledRow, 'type' | 'to' | 'topic' | 'content' | 'rendered_content' | 'scheduled_at'>;

const COLUMNS = `id, realm_id, sender_id, type, "to", topic, content, rendered_content, scheduled_at, read_by_sender, client, failed,
  delivery_type, reminder_target_message_id::int AS reminder_target_message_id`;

/** The sender's scheduled messages (or reminders) not yet delivered, soonest first. */
export async function listPending(db: Queryable, senderId: number, kind: DeliveryType): Promise<ScheduledRow[]> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_messages WHERE sender_id = $1 AND delivery_type = $2 AND delivered_message_id IS NULL
      ORDER BY scheduled_at, id`,
    [senderId, kind],
  );
  return rows;
}

/** How many of the sender's scheduled messages (or reminders) are not yet delivered. */
export async function countPending(db: Queryable, senderId: number, kind: DeliveryType): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM scheduled_messages WHERE sender_id = $1 AND delivery_type = $2 AND delivered_message_id IS NULL', [senderId, kind]);
  return rows[0].n;
}

export type NewScheduled = ScheduledFields & {
  realm_id: number;
  sender_id: number;
  read_by_sender: boolean;
  client: string;
  delivery_type: DeliveryType;
  reminder_target_message_id: number | null;
};

export async function insertScheduled(db: Queryable, s: NewScheduled): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(
    `INSERT INTO scheduled_messages (realm_id, sender_id, type, "to", topic, content, rendered_content, scheduled_at, read_by_sender, client,
       delivery_type, reminder_target_message_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [s.realm_id, s.sender_id, s.type, s.to, s.topic, s.content, s.rendered_content, s.scheduled_at, s.read_by_sender, s.client, s.delivery_type, s.reminder_target_message_id],
  );
  return rows[0];
}

/** One of the sender's undelivered scheduled messages (or reminders), locked. */
export async function findPending(db: Queryable, senderId: number, id: number, kind: DeliveryType): Promise<ScheduledRow | undefined> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_messages WHERE sender_id = $1 AND id = $2 AND delivery_type = $3 AND delivered_message_id IS NULL
      FOR UPDATE`,
    [senderId, id, kind],
  );
  return rows[0];
}

/** Replaces the fields of a pending one; editing a failed one makes it pending again. */
export async function updateScheduled(db: Queryable, id: number, s: ScheduledFields): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(
    `UPDATE scheduled_messages SET type = $2, "to" = $3, topic = $4, content = $5, rendered_content = $6, scheduled_at = $7, failed = false, claimed_until = NULL
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, s.type, s.to, s.topic, s.content, s.rendered_content, s.scheduled_at],
  );
  return rows[0];
}

export async function deleteScheduled(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM scheduled_messages WHERE id = $1', [id]);
}

/** Claims due messages for this worker: locked until its transaction ends, skipped by other workers. */
/**
 * Claims up to `limit` rows due at `now` for `claimMs` (of the database's clock), soonest
 * first: rows another worker claimed are skipped until their claim ends.
 */
export async function claimDue(db: Queryable, now: Date, limit: number, claimMs: number): Promise<ScheduledRow[]> {
  const { rows } = await db.query<ScheduledRow>(
    `UPDATE scheduled_messages SET claimed_until = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
      WHERE id IN (
        SELECT id FROM scheduled_messages
          WHERE delivered_message_id IS NULL AND NOT failed AND scheduled_at <= $1 AND (claimed_until IS NULL OR claimed_until <= clock_timestamp())
          ORDER BY scheduled_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [now, limit, claimMs],
  );
  return rows.sort((a, b) => a.scheduled_at.getTime() - b.scheduled_at.getTime() || a.id - b.id);
}

/** Ends claims (a delivery left for the next run). */
export async function releaseClaims(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length) await db.query('UPDATE scheduled_messages SET claimed_until = NULL WHERE id = ANY($1::bigint[])', [ids]);
}

/**
 * Locks a claimed row for its delivery's transaction, if it is still as it was claimed: not
 * delivered, not failed, and neither edited nor deleted by its sender meanwhile.
 */
export async function lockUnchanged(tx: Queryable, claimed: ScheduledRow): Promise<boolean> {
  const { rows } = await tx.query<ScheduledRow>(`SELECT ${COLUMNS} FROM scheduled_messages WHERE id = $1 AND delivered_message_id IS NULL AND NOT failed FOR UPDATE`, [claimed.id]);
  const now = rows[0];
  return (
    !!now &&
    now.scheduled_at.getTime() === claimed.scheduled_at.getTime() &&
    now.type === claimed.type &&
    now.topic === claimed.topic &&
    now.content === claimed.content &&
    JSON.stringify(now.to) === JSON.stringify(claimed.to) &&
    now.read_by_sender === claimed.read_by_sender
  );
}

export async function markDelivered(db: Queryable, id: number, messageId: number): Promise<void> {
  await db.query('UPDATE scheduled_messages SET delivered_message_id = $2 WHERE id = $1', [id, messageId]);
}

export async function markFailed(db: Queryable, id: number): Promise<ScheduledRow> {
  const { rows } = await db.query<ScheduledRow>(`UPDATE scheduled_messages SET failed = true, claimed_until = NULL WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}
