import type { Queryable } from '@parley/common';

/** An email invitation or a pending confirmed sign-up (migrations/0023_preregistrations.sql). */
export interface PreregRow {
  id: number;
  realm_id: number;
  kind: 'invitation' | 'registration';
  email: string;
  referred_by: number | null;
  multiuse_invite_id: number | null;
  invited_as: number;
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  welcome_message_custom_text: string | null;
  created_at: Date;
  expires_at: Date | null;
  status: 'pending' | 'used' | 'revoked';
}

const COLUMNS =
  'p.id, p.realm_id, p.kind, p.email, p.referred_by, p.multiuse_invite_id, p.invited_as, p.stream_ids, p.group_ids, p.include_realm_default_subscriptions, p.notify_referrer_on_join, p.welcome_message_custom_text, p.created_at, p.expires_at, p.status';

/**
 * Live: pending and unexpired; an invitation also needs its sender still active (Zulip revokes
 * a deactivated user's invitations).
 */
const LIVE = "p.status = 'pending' AND (p.expires_at IS NULL OR p.expires_at > now()) AND (p.referred_by IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.referred_by AND u.is_active))";

export interface NewPrereg {
  realm_id: number;
  kind: 'invitation' | 'registration';
  email: string;
  referred_by: number | null;
  multiuse_invite_id: number | null;
  key_hash: Buffer;
  invited_as: number;
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  welcome_message_custom_text: string | null;
  expires_in_minutes: number | null;
}

export async function insertPrereg(db: Queryable, p: NewPrereg): Promise<PreregRow> {
  const { rows } = await db.query<PreregRow>(
    `INSERT INTO preregistrations AS p (realm_id, kind, email, referred_by, multiuse_invite_id, key_hash, invited_as, stream_ids, group_ids,
       include_realm_default_subscriptions, notify_referrer_on_join, welcome_message_custom_text, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $13::int IS NULL THEN NULL ELSE now() + make_interval(mins => $13::int) END)
     RETURNING ${COLUMNS}`,
    [
      p.realm_id,
      p.kind,
      p.email,
      p.referred_by,
      p.multiuse_invite_id,
      p.key_hash,
      p.invited_as,
      p.stream_ids,
      p.group_ids,
      p.include_realm_default_subscriptions,
      p.notify_referrer_on_join,
      p.welcome_message_custom_text,
      p.expires_in_minutes,
    ],
  );
  return rows[0];
}

/** The realm's live email invitations, or only those `referredBy` sent; oldest first. */
export async function listLiveInvitations(db: Queryable, realmId: number, referredBy?: number): Promise<PreregRow[]> {
  const { rows } = await db.query<PreregRow>(
    `SELECT ${COLUMNS} FROM preregistrations p WHERE p.realm_id = $1 AND p.kind = 'invitation' AND ($2::int IS NULL OR p.referred_by = $2) AND ${LIVE} ORDER BY p.id`,
    [realmId, referredBy ?? null],
  );
  return rows;
}

/** An email invitation of the realm by ID, whatever its state; another realm's reads as missing. */
export async function findInvitation(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<(PreregRow & { live: boolean }) | undefined> {
  const { rows } = await db.query<PreregRow & { live: boolean }>(
    `SELECT ${COLUMNS}, (${LIVE}) AS live FROM preregistrations p WHERE p.realm_id = $1 AND p.id = $2 AND p.kind = 'invitation'${opts.lock ? ' FOR UPDATE' : ''}`,
    [realmId, id],
  );
  return rows[0];
}

/** A live invitation or pending sign-up by its key's hash, in the realm given. */
export async function findLiveByKey(db: Queryable, realmId: number, keyHash: Buffer, opts: { lock?: boolean } = {}): Promise<PreregRow | undefined> {
  const { rows } = await db.query<PreregRow>(`SELECT ${COLUMNS} FROM preregistrations p WHERE p.key_hash = $1 AND p.realm_id = $2 AND ${LIVE}${opts.lock ? ' FOR UPDATE' : ''}`, [keyHash, realmId]);
  return rows[0];
}

export async function setStatus(db: Queryable, id: number, status: 'used' | 'revoked'): Promise<void> {
  await db.query('UPDATE preregistrations SET status = $2 WHERE id = $1', [id, status]);
}

/** A new key for a resent invitation (the old mail's link stops working); the expiry stays. */
export async function setKey(db: Queryable, id: number, keyHash: Buffer): Promise<void> {
  await db.query('UPDATE preregistrations SET key_hash = $2 WHERE id = $1', [id, keyHash]);
}

/** Revokes the realm's other pending invitations and sign-ups of an address (Zulip's revoke_preregistration_users); their senders. */
export async function revokeOthersFor(db: Queryable, realmId: number, email: string, except: number): Promise<number[]> {
  const { rows } = await db.query<{ referred_by: number | null }>(
    `UPDATE preregistrations SET status = 'revoked' WHERE realm_id = $1 AND lower(email) = lower($2) AND status = 'pending' AND id <> $3 RETURNING referred_by`,
    [realmId, email, except],
  );
  return [...new Set(rows.map((r) => r.referred_by).filter((r): r is number => r !== null))];
}

/** Invitation mails queued for the realm in the last day (sent, resent, or waiting): the daily bound. */
export async function countRecentInvitationMails(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_queue WHERE realm_id = $1 AND kind = 'invitation' AND created_at > now() - interval '1 day'", [realmId]);
  return rows[0].n;
}
