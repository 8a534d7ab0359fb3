import type { Queryable } from '@parley/common';
import type { UserRow } from './users';

/**
 * The realm's digest candidates (Zulip's _enqueue_emails_for_realm): active humans with
 * `enable_digest_emails` on (the default) and no digest in the last `notWithinMs`.
 */
export type DigestCandidate = Pick<UserRow, 'id' | 'realm_id' | 'delivery_email' | 'full_name' | 'role' | 'timezone' | 'date_joined' | 'settings'>;

export async function digestCandidates(db: Queryable, realmId: number, notWithinMs: number): Promise<DigestCandidate[]> {
  const { rows } = await db.query<DigestCandidate>(
    `SELECT u.id, u.realm_id, u.delivery_email, u.full_name, u.role, u.timezone, u.date_joined, u.settings
       FROM users u LEFT JOIN digest_sends d ON d.user_id = u.id
      WHERE u.realm_id = $1 AND u.is_active AND NOT u.is_bot AND NOT u.is_system_bot
        AND COALESCE((u.settings ->> 'enable_digest_emails')::boolean, true)
        AND (d.sent_at IS NULL OR d.sent_at < now() - $2 * interval '1 millisecond')
      ORDER BY u.id`,
    [realmId, notWithinMs],
  );
  return rows;
}

/**
 * Claims the user's digest for now: true for the one caller (of any replica) whose claim
 * wins; false when a digest went out within `notWithinMs`. Holds the row until the caller's
 * transaction ends, so a concurrent claim waits, then sees this one.
 */
export async function claimDigest(db: Queryable, userId: number, notWithinMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO digest_sends (user_id, sent_at) VALUES ($1, now())
     ON CONFLICT (user_id) DO UPDATE SET sent_at = now() WHERE digest_sends.sent_at < now() - $2 * interval '1 millisecond'`,
    [userId, notWithinMs],
  );
  return rowCount === 1;
}

export async function insertDigestRequest(db: Queryable, realmId: number, anyWeekday: boolean): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO digest_requests (realm_id, any_weekday) VALUES ($1, $2) RETURNING id', [realmId, anyWeekday]);
  return rows[0].id;
}

/** Takes the waiting requests; another replica's job skips those taken. */
export async function takeDigestRequests(db: Queryable): Promise<{ id: number; realm_id: number; any_weekday: boolean }[]> {
  const { rows } = await db.query<{ id: number; realm_id: number; any_weekday: boolean }>(
    `UPDATE digest_requests SET taken_at = now() WHERE id IN
       (SELECT id FROM digest_requests WHERE taken_at IS NULL ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
     RETURNING id, realm_id, any_weekday`,
  );
  return rows;
}

export async function finishDigestRequest(db: Queryable, id: number, sent: number): Promise<void> {
  await db.query('UPDATE digest_requests SET done_at = now(), sent = $2 WHERE id = $1', [id, sent]);
}

export async function digestRequest(db: Queryable, id: number): Promise<{ done_at: Date | null; sent: number | null } | undefined> {
  const { rows } = await db.query<{ done_at: Date | null; sent: number | null }>('SELECT done_at, sent FROM digest_requests WHERE id = $1', [id]);
  return rows[0];
}

/** The realms whose digests go out on this weekday (Zulip's: Monday is 0). */
export async function realmsForDigestDay(db: Queryable, weekday: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM realms WHERE NOT deactivated AND COALESCE((settings ->> 'digest_emails_enabled')::boolean, false)
        AND COALESCE((settings ->> 'digest_weekday')::int, 1) = $1 ORDER BY id`,
    [weekday],
  );
  return rows.map((r) => r.id);
}
