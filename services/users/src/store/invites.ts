import type { Queryable } from '@parley/common';

/** A reusable invitation link (migrations/0016_invites.sql). */
export interface InviteRow {
  id: number;
  realm_id: number;
  referred_by: number;
  key_sealed: string;
  invited_as: number;
  stream_ids: number[];
  include_realm_default_subscriptions: boolean;
  created_at: Date;
  expires_at: Date | null;
  revoked: boolean;
}

const COLUMNS = 'i.id, i.realm_id, i.referred_by, i.key_sealed, i.invited_as, i.stream_ids, i.include_realm_default_subscriptions, i.created_at, i.expires_at, i.revoked';

/** Live: not revoked, not expired, and its creator still active (Zulip revokes a deactivated user's invitations). */
const LIVE = 'NOT i.revoked AND (i.expires_at IS NULL OR i.expires_at > now()) AND u.is_active';

export async function insertInvite(
  db: Queryable,
  i: {
    realm_id: number;
    referred_by: number;
    key_hash: Buffer;
    key_sealed: string;
    invited_as: number;
    stream_ids: number[];
    include_realm_default_subscriptions: boolean;
    expires_in_minutes: number | null;
  },
): Promise<InviteRow> {
  const { rows } = await db.query<InviteRow>(
    `INSERT INTO multiuse_invites AS i (realm_id, referred_by, key_hash, key_sealed, invited_as, stream_ids, include_realm_default_subscriptions, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE now() + make_interval(mins => $8::int) END)
     RETURNING ${COLUMNS}`,
    [i.realm_id, i.referred_by, i.key_hash, i.key_sealed, i.invited_as, i.stream_ids, i.include_realm_default_subscriptions, i.expires_in_minutes],
  );
  return rows[0];
}

/** The realm's live links, or only those `referredBy` made; oldest first. */
export async function listLiveInvites(db: Queryable, realmId: number, referredBy?: number): Promise<InviteRow[]> {
  const { rows } = await db.query<InviteRow>(
    `SELECT ${COLUMNS} FROM multiuse_invites i JOIN users u ON u.id = i.referred_by
      WHERE i.realm_id = $1 AND ($2::int IS NULL OR i.referred_by = $2) AND ${LIVE} ORDER BY i.id`,
    [realmId, referredBy ?? null],
  );
  return rows;
}

export async function countLiveInvites(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM multiuse_invites i JOIN users u ON u.id = i.referred_by WHERE i.realm_id = $1 AND ${LIVE}`, [realmId]);
  return rows[0].n;
}

/** A link of the realm by ID, whatever its state; another realm's reads as missing. */
export async function findInvite(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<InviteRow | undefined> {
  const { rows } = await db.query<InviteRow>(`SELECT ${COLUMNS} FROM multiuse_invites i WHERE i.realm_id = $1 AND i.id = $2${opts.lock ? ' FOR UPDATE' : ''}`, [realmId, id]);
  return rows[0];
}

/** A live link by its key's hash, in the realm given. */
export async function findLiveInviteByKey(db: Queryable, realmId: number, keyHash: Buffer, opts: { lock?: boolean } = {}): Promise<InviteRow | undefined> {
  const { rows } = await db.query<InviteRow>(
    `SELECT ${COLUMNS} FROM multiuse_invites i JOIN users u ON u.id = i.referred_by WHERE i.key_hash = $1 AND i.realm_id = $2 AND ${LIVE}${opts.lock ? ' FOR SHARE OF i' : ''}`,
    [keyHash, realmId],
  );
  return rows[0];
}

export async function revokeInvite(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE multiuse_invites SET revoked = true WHERE id = $1', [id]);
}

/** Whether a link is still live (a sign-up confirmation through it dies with it). */
export async function isLiveInvite(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ live: boolean }>(`SELECT (${LIVE}) AS live FROM multiuse_invites i JOIN users u ON u.id = i.referred_by WHERE i.id = $1`, [id]);
  return rows[0]?.live ?? false;
}
