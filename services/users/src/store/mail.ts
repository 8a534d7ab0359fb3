import type { Queryable } from '@parley/common';

/** One queued mail (migrations/0021_mail_queue.sql). */
export interface MailRow {
  id: string;
  realm_id: number | null;
  user_id: number | null;
  kind: string;
  message_id: string;
  to_address: string;
  to_name: string;
  from_name: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  created_at: Date;
  due_at: Date;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
  file_path: string | null;
}

export type NewMailRow = Pick<MailRow, 'realm_id' | 'user_id' | 'kind' | 'message_id' | 'to_address' | 'to_name' | 'from_name' | 'subject' | 'text_body' | 'html_body' | 'headers'> & {
  /** Not before this (a missed-message batch waits for its period); now when absent. */
  due_at?: Date;
};

export async function insertMail(db: Queryable, m: NewMailRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO mail_queue (realm_id, user_id, kind, message_id, to_address, to_name, from_name, subject, text_body, html_body, headers, due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12, now()))
     RETURNING id`,
    [m.realm_id, m.user_id, m.kind, m.message_id, m.to_address, m.to_name, m.from_name, m.subject, m.text_body, m.html_body, JSON.stringify(m.headers), m.due_at ?? null],
  );
  return rows[0].id;
}

/**
 * Claims up to `limit` due mails for `leaseMs` in one statement (no transaction stays open):
 * another sender skips them until the lease runs out.
 */
export async function claimDueMail(db: Queryable, limit: number, leaseMs: number): Promise<MailRow[]> {
  const { rows } = await db.query<MailRow>(
    `UPDATE mail_queue SET due_at = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL AND due_at <= now()
       ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [limit, leaseMs],
  );
  return rows;
}

export async function markSent(db: Queryable, id: string, filePath: string | null): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL, file_path = $2 WHERE id = $1', [id, filePath]);
}

/** Another attempt after `delayMs`. */
export async function markRetry(db: Queryable, id: string, error: string, delayMs: number): Promise<void> {
  await db.query('UPDATE mail_queue SET due_at = now() + make_interval(secs => $3::double precision / 1000), last_error = $2 WHERE id = $1', [id, error, delayMs]);
}

export async function markFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query('UPDATE mail_queue SET failed_at = now(), last_error = $2 WHERE id = $1', [id, error]);
}

/** Forgets mails sent (or given up) more than `days` ago; returns how many. */
export async function pruneMail(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM mail_queue WHERE coalesce(sent_at, failed_at) < now() - make_interval(days => $1)`, [days]);
  return rowCount ?? 0;
}

/** The latest mails, newest first (the management CLI's `mails`). */
export async function latestMail(db: Queryable, limit: number, to?: string): Promise<MailRow[]> {
  const { rows } = await db.query<MailRow>(`SELECT * FROM mail_queue WHERE ($2::text IS NULL OR lower(to_address) = lower($2)) ORDER BY created_at DESC, id DESC LIMIT $1`, [limit, to ?? null]);
  return rows;
}
