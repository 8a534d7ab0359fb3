import type { Queryable } from '@parley/common';

export interface MutedUserRow {
  muted_user_id: number;
  date_muted: Date;
}

/** The users the user has muted, oldest mute first. */
export async function listMutedUsers(db: Queryable, userId: number): Promise<MutedUserRow[]> {
  const { rows } = await db.query<MutedUserRow>('SELECT muted_user_id, date_muted FROM muted_users WHERE user_id = $1 ORDER BY date_muted, muted_user_id', [userId]);
  return rows;
}

/** Returns whether the mute is new (false: it was there already). */
export async function insertMutedUser(db: Queryable, userId: number, mutedUserId: number): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO muted_users (user_id, muted_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, mutedUserId]);
  return (rowCount ?? 0) > 0;
}

/** Returns whether there was such a mute. */
export async function deleteMutedUser(db: Queryable, userId: number, mutedUserId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM muted_users WHERE user_id = $1 AND muted_user_id = $2', [userId, mutedUserId]);
  return (rowCount ?? 0) > 0;
}

export async function countMutedUsers(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM muted_users WHERE user_id = $1', [userId]);
  return rows[0].n;
}

/** Whom each of those of `userIds` (users of the realm) who muted anyone has muted. */
export async function mutedUsersOf(db: Queryable, realmId: number, userIds: number[]): Promise<Map<number, number[]>> {
  const { rows } = await db.query<{ user_id: number; muted: number[] }>(
    `SELECT m.user_id, array_agg(m.muted_user_id) AS muted
       FROM muted_users m JOIN users u ON u.id = m.user_id AND u.realm_id = $1
      WHERE m.user_id = ANY($2::int[]) GROUP BY m.user_id`,
    [realmId, userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.muted]));
}

/** Those of `userIds` who muted `userId`, or whom `userId` muted (read receipts leave both out). */
export async function mutedEitherWay(db: Queryable, userId: number, userIds: number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT muted_user_id AS id FROM muted_users WHERE user_id = $1 AND muted_user_id = ANY($2::int[])
     UNION SELECT user_id AS id FROM muted_users WHERE muted_user_id = $1 AND user_id = ANY($2::int[])`,
    [userId, userIds],
  );
  return new Set(rows.map((r) => r.id));
}
