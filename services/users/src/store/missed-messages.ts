import type { Queryable } from '@parley/common';

/** A message waiting to be mailed to a user who was away (missed_message_notifications). */
export interface PendingRow {
  user_id: number;
  realm_id: number;
  message_id: number;
  trigger: string;
}

/**
 * Records messages to mail to a user. They join the user's pending batch (its due time), or
 * start one due in `periodSeconds`. A message recorded twice (a redelivered event) stays once.
 */
export async function addPending(db: Queryable, realmId: number, userId: number, periodSeconds: number, items: { message_id: number; trigger: string }[]): Promise<void> {
  if (!items.length) return;
  await db.query(
    `INSERT INTO missed_message_notifications (user_id, realm_id, message_id, trigger, due_at)
     SELECT $1, $5, m.id, m.trigger,
            coalesce((SELECT min(due_at) FROM missed_message_notifications WHERE user_id = $1 AND claim IS NULL), now() + make_interval(secs => $2))
       FROM unnest($3::bigint[], $4::text[]) AS m(id, trigger)
     ON CONFLICT (user_id, message_id) DO NOTHING`,
    [userId, periodSeconds, items.map((i) => i.message_id), items.map((i) => i.trigger), realmId],
  );
}

/**
 * Claims the due rows (up to `limit`) for `leaseMs` in one statement: another replica skips
 * them while this one builds their mails, and takes them again if it dies before it is done.
 */
export async function claimDue(db: Queryable, claim: string, limit: number, leaseMs: number): Promise<PendingRow[]> {
  const { rows } = await db.query<PendingRow>(
    `UPDATE missed_message_notifications t SET due_at = now() + make_interval(secs => $3::double precision / 1000), claim = $1
       FROM (SELECT user_id, message_id FROM missed_message_notifications WHERE due_at <= now()
              ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
      WHERE t.user_id = due.user_id AND t.message_id = due.message_id
      RETURNING t.user_id, t.realm_id, t.message_id::int AS message_id, t.trigger`,
    [claim, limit, leaseMs],
  );
  return rows;
}

/** Deletes a user's rows still held by this claim; answers how many (none: another took them). */
export async function deleteClaimed(db: Queryable, claim: string, userId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM missed_message_notifications WHERE claim = $1 AND user_id = $2', [claim, userId]);
  return rowCount ?? 0;
}
