import type { Queryable } from '@parley/common';

/** A password-reset link (migrations/0022_password_reset_tokens.sql). */
export interface PasswordResetRow {
  id: string;
  user_id: number;
  session_epoch: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = 'id, user_id, session_epoch, created_at, expires_at, used_at';

export async function insertPasswordReset(db: Queryable, r: { user_id: number; token_hash: Buffer; session_epoch: number; valid_seconds: number }): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, session_epoch, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [r.user_id, r.token_hash, r.session_epoch, r.valid_seconds],
  );
}

/** The link a token's hash names, whatever its state (the caller says why it no longer works). */
export async function findPasswordReset(db: Queryable, tokenHash: Buffer, opts: { lock?: boolean } = {}): Promise<(PasswordResetRow & { expired: boolean }) | undefined> {
  const { rows } = await db.query<PasswordResetRow & { expired: boolean }>(
    `SELECT ${COLUMNS}, expires_at <= now() AS expired FROM password_reset_tokens WHERE token_hash = $1${opts.lock ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

export async function markPasswordResetUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE password_reset_tokens SET used_at = now() WHERE id = $1', [id]);
}

/** Links that can no longer work (expired a day ago): nothing reads them. */
export async function deleteStalePasswordResets(db: Queryable, userId: number): Promise<void> {
  await db.query(`DELETE FROM password_reset_tokens WHERE user_id = $1 AND expires_at < now() - interval '1 day'`, [userId]);
}

/** The other active organizations where this address has an active (human) account, for the "no account here" mail. */
export async function otherRealmsOfAddress(db: Queryable, email: string, exceptRealmId: number): Promise<{ string_id: string; name: string }[]> {
  const { rows } = await db.query<{ string_id: string; name: string }>(
    `SELECT r.string_id, r.name FROM users u JOIN realms r ON r.id = u.realm_id
     WHERE lower(u.delivery_email) = lower($1) AND u.is_active AND NOT u.is_bot AND NOT r.deactivated AND r.id <> $2
     ORDER BY r.id LIMIT 20`,
    [email, exceptRealmId],
  );
  return rows;
}
