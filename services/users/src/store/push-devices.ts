import type { Queryable } from '@parley/common';

export type PushTokenKind = 'apns' | 'fcm';

/**
 * Adds or refreshes a token, then drops the user's oldest beyond `keep` (apps register a new
 * token from time to time; nothing prunes the old ones, since no push is ever refused here).
 */
export async function upsertToken(db: Queryable, userId: number, kind: PushTokenKind, token: string, appId: string | null, keep: number): Promise<void> {
  await db.query(
    `INSERT INTO push_device_tokens (user_id, kind, token, ios_app_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, kind, token) DO UPDATE SET ios_app_id = EXCLUDED.ios_app_id, last_updated = now()`,
    [userId, kind, token, appId],
  );
  await db.query(
    `DELETE FROM push_device_tokens WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM push_device_tokens WHERE user_id = $1 ORDER BY last_updated DESC, id DESC LIMIT $2)`,
    [userId, keep],
  );
}

/** Removes a token; false when the user had no such token. */
export async function deleteToken(db: Queryable, userId: number, kind: PushTokenKind, token: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM push_device_tokens WHERE user_id = $1 AND kind = $2 AND token = $3', [userId, kind, token]);
  return rowCount === 1;
}

/** Whether the user registered this token (of any kind). */
export async function hasToken(db: Queryable, userId: number, token: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM push_device_tokens WHERE user_id = $1 AND token = $2', [userId, token]);
  return (rowCount ?? 0) > 0;
}

export async function tokensOf(db: Queryable, userId: number): Promise<{ kind: PushTokenKind; token: string; ios_app_id: string | null }[]> {
  const { rows } = await db.query<{ kind: PushTokenKind; token: string; ios_app_id: string | null }>('SELECT kind, token, ios_app_id FROM push_device_tokens WHERE user_id = $1 ORDER BY id', [userId]);
  return rows;
}
