import type { Queryable } from '@parley/common';

export interface UserRow {
  id: number;
  realm_id: number;
  delivery_email: string;
  full_name: string;
  role: number;
  is_active: boolean;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_system_bot: boolean;
  date_joined: Date;
  password_hash: string | null;
  api_key_sealed: string;
  timezone: string;
  avatar_source: string;
  avatar_version: number;
  email_address_visibility: number;
  can_create_users: boolean;
  /** Personal settings, as settings-schema.ts names them (timezone and visibility are columns). */
  settings: Record<string, unknown>;
  /** Which browser sessions stand (domain/sessions.ts): those opened in this epoch... */
  session_epoch: number;
  /** ...and the one kept through the epoch's last move, by its store key (null: none). */
  session_kept_key: string | null;
}

/**
 * A user as a listing of the realm shows them (formatUser's input): without the personal
 * settings (2 KB of JSON each) and the secrets, which a list of every user never needs.
 */
export type ListedUserRow = Omit<UserRow, 'settings' | 'password_hash' | 'api_key_sealed' | 'session_epoch' | 'session_kept_key'>;

const LISTED_COLUMNS = `id, realm_id, delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id,
  is_system_bot, date_joined, timezone, avatar_source, avatar_version, email_address_visibility, can_create_users`;
/** A whole UserRow: the listed columns, the secrets, the settings and the sessions' standing. */
const COLUMNS = `${LISTED_COLUMNS}, password_hash, api_key_sealed, settings, session_epoch, session_kept_key`;

export interface NewUserRow {
  realm_id: number;
  delivery_email: string;
  full_name: string;
  role: number;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_system_bot: boolean;
  password_hash: string | null;
  api_key_hash: Buffer;
  api_key_sealed: string;
  email_address_visibility: number;
  settings: Record<string, unknown>;
}

export async function insertUser(db: Queryable, u: NewUserRow): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (realm_id, delivery_email, full_name, role, is_bot, bot_type, bot_owner_id, is_system_bot,
       password_hash, api_key_hash, api_key_sealed, email_address_visibility, settings)
     VALUES ($1, $2, $3, $4, $5::smallint IS NOT NULL, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [
      u.realm_id,
      u.delivery_email,
      u.full_name,
      u.role,
      u.bot_type,
      u.bot_owner_id,
      u.is_system_bot,
      u.password_hash,
      u.api_key_hash,
      u.api_key_sealed,
      u.email_address_visibility,
      JSON.stringify(u.settings),
    ],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND id = $2${opts.lock ? ' FOR UPDATE' : ''}`, [realmId, id]);
  return rows[0];
}

export async function findUserByApiKeyHash(db: Queryable, hash: Buffer): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE api_key_hash = $1`, [hash]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, realmId: number, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND lower(delivery_email) = lower($2)`, [realmId, email]);
  return rows[0];
}

/** Whether any realm has an account with this email (any case): one index probe per realm. */
export async function emailHasAnyAccount(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM realms r JOIN users u ON u.realm_id = r.id AND lower(u.delivery_email) = lower($1)) AS found`, [email]);
  return rows[0].found;
}

/** The realm's users (system bots excluded, as Zulip lists its cross-realm bots apart), as listings show them. */
export async function listRealmUsers(db: Queryable, realmId: number, ids?: number[]): Promise<ListedUserRow[]> {
  const { rows } = await db.query<ListedUserRow>(
    `SELECT ${LISTED_COLUMNS} FROM users WHERE realm_id = $1 AND NOT is_system_bot
       AND ($2::int[] IS NULL OR id = ANY($2)) ORDER BY id`,
    [realmId, ids ?? null],
  );
  return rows;
}

/** Some of the realm's users (system bots excluded) with their personal settings. */
export async function listRealmUsersWithSettings(db: Queryable, realmId: number, ids: number[]): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND NOT is_system_bot AND id = ANY($2::int[]) ORDER BY id`, [realmId, ids]);
  return rows;
}

/** The realm's users (system bots excluded unless asked) with one of these IDs or delivery emails (any case). */
export async function findRealmUsersByIdsOrEmails(db: Queryable, realmId: number, ids: number[], emails: string[], withSystemBots = false): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND (NOT is_system_bot OR $4)
       AND (id = ANY($2::int[]) OR lower(delivery_email) = ANY($3::text[]))`,
    [realmId, ids, emails.map((e) => e.toLowerCase()), withSystemBots],
  );
  return rows;
}

/** One of the realm's system bots by the local part of its email ("notification-bot"). */
export async function findSystemBot(db: Queryable, realmId: number, local: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND is_system_bot AND split_part(delivery_email, '@', 1) LIKE $2 || '%' ORDER BY id LIMIT 1`, [
    realmId,
    local,
  ]);
  return rows[0];
}

export async function updateUserFields(db: Queryable, id: number, fields: Partial<Pick<UserRow, 'full_name' | 'role' | 'is_active' | 'can_create_users'>>): Promise<void> {
  const keys = Object.keys(fields) as (keyof typeof fields)[];
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...keys.map((k) => fields[k])]);
}

/** A new avatar source and version (POST and DELETE /users/me/avatar). */
export async function setAvatar(db: Queryable, id: number, source: string, version: number): Promise<void> {
  await db.query('UPDATE users SET avatar_source = $2, avatar_version = $3 WHERE id = $1', [id, source, version]);
}

export async function countActiveOwners(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE realm_id = $1 AND role = 100 AND is_active AND NOT is_bot', [realmId]);
  return Number(rows[0].n);
}

/** The realm's active accounts, its bots included and its system bots not (Zulip keeps those in another realm). */
export async function countActiveAccounts(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE realm_id = $1 AND is_active AND NOT is_system_bot', [realmId]);
  return Number(rows[0].n);
}

/** What mentions need of the realm's users (not the system bots): a send renders with it. */
export async function listMentionableUsers(db: Queryable, realmId: number): Promise<{ id: number; full_name: string; is_active: boolean }[]> {
  const { rows } = await db.query<{ id: number; full_name: string; is_active: boolean }>('SELECT id, full_name, is_active FROM users WHERE realm_id = $1 AND NOT is_system_bot ORDER BY id', [realmId]);
  return rows;
}

/** A listed user, and whether others may see their presence (presence_enabled is not false; it defaults to true). */
export type PeopleRow = ListedUserRow & { presence_enabled: boolean };

/** Every user of the realm, system bots included (register's cross_realm_bots), by ID. */
export async function listRealmUsersWithSystemBots(db: Queryable, realmId: number): Promise<PeopleRow[]> {
  const { rows } = await db.query<PeopleRow>(
    `SELECT ${LISTED_COLUMNS}, (settings -> 'presence_enabled') IS DISTINCT FROM 'false'::jsonb AS presence_enabled
       FROM users WHERE realm_id = $1 ORDER BY id`,
    [realmId],
  );
  return rows;
}

/** Merges changed personal settings into the row; timezone and visibility are columns. */
export async function updateUserSettings(db: Queryable, id: number, settings: Record<string, unknown>, columns: { timezone?: string; email_address_visibility?: number }): Promise<void> {
  await db.query(
    `UPDATE users SET settings = settings || $2::jsonb,
       timezone = COALESCE($3, timezone), email_address_visibility = COALESCE($4, email_address_visibility)
     WHERE id = $1`,
    [id, JSON.stringify(settings), columns.timezone ?? null, columns.email_address_visibility ?? null],
  );
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
}

/**
 * Records a requested change (its key only hashed), revokes the user's earlier ones as Zulip
 * does, and forgets the user's requests beyond the newest `keep` and those older than a day
 * (the rate limit looks back a day at most).
 */
export async function insertEmailChange(db: Queryable, c: { userId: number; oldEmail: string; newEmail: string; tokenHash: Buffer; validMs: number; keep: number }): Promise<void> {
  await db.query(`UPDATE email_change_requests SET revoked_at = now() WHERE user_id = $1 AND confirmed_at IS NULL AND revoked_at IS NULL`, [c.userId]);
  await db.query(
    `INSERT INTO email_change_requests (user_id, old_email, new_email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [c.userId, c.oldEmail, c.newEmail, c.tokenHash, c.validMs],
  );
  await db.query(
    `DELETE FROM email_change_requests WHERE user_id = $1 AND (created_at < now() - interval '1 day' OR id NOT IN
       (SELECT id FROM email_change_requests WHERE user_id = $1 ORDER BY id DESC LIMIT $2))`,
    [c.userId, c.keep],
  );
}

/** When the user's requests made in the last `windowMs` were made, oldest first. */
export async function recentEmailChanges(db: Queryable, userId: number, windowMs: number): Promise<Date[]> {
  const { rows } = await db.query<{ created_at: Date }>(`SELECT created_at FROM email_change_requests WHERE user_id = $1 AND created_at > now() - $2 * interval '1 millisecond' ORDER BY created_at`, [
    userId,
    windowMs,
  ]);
  return rows.map((r) => r.created_at);
}

export interface EmailChangeRow {
  id: number;
  user_id: number;
  realm_id: number;
  old_email: string;
  new_email: string;
  created_at: Date;
  expires_at: Date;
}

const CHANGE_COLUMNS = 'c.id, c.user_id, u.realm_id, c.old_email, c.new_email, c.created_at, c.expires_at';

/** The realm's live requests: neither confirmed, revoked nor expired. */
export async function pendingEmailChanges(db: Queryable, realmId: number): Promise<EmailChangeRow[]> {
  const { rows } = await db.query<EmailChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM email_change_requests c JOIN users u ON u.id = c.user_id
      WHERE u.realm_id = $1 AND c.confirmed_at IS NULL AND c.revoked_at IS NULL AND c.expires_at > now() ORDER BY c.id`,
    [realmId],
  );
  return rows;
}

/**
 * Marks a live request used and returns it, by its key's hash or (the operator) its ID;
 * `expired` when the key names a request that can no longer be used (expired, revoked or
 * used: Zulip shows those alike), undefined when it names none.
 */
export async function takeEmailChange(db: Queryable, by: { tokenHash: Buffer } | { id: number }): Promise<EmailChangeRow | 'expired' | undefined> {
  const [where, value] = 'id' in by ? ['c.id = $1', by.id] : ['c.token_hash = $1', by.tokenHash];
  const { rows } = await db.query<EmailChangeRow>(
    `UPDATE email_change_requests c SET confirmed_at = now() FROM users u
      WHERE ${where} AND c.confirmed_at IS NULL AND c.revoked_at IS NULL AND c.expires_at > now() AND u.id = c.user_id
      RETURNING ${CHANGE_COLUMNS}`,
    [value],
  );
  if (rows[0]) return rows[0];
  const { rows: known } = await db.query(`SELECT 1 FROM email_change_requests c WHERE ${where}`, [value]);
  return known.length ? 'expired' : undefined;
}

export async function setDeliveryEmail(db: Queryable, id: number, email: string): Promise<void> {
  await db.query('UPDATE users SET delivery_email = $2 WHERE id = $1', [id, email]);
}

/**
 * Of these users of the realm, the active ones who share read receipts (send_read_receipts,
 * on when not set), ascending.
 */
export async function readReceiptSharers(db: Queryable, realmId: number, ids: number[], sharedByDefault: boolean): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE realm_id = $1 AND id = ANY($2::int[]) AND is_active
        AND COALESCE((settings ->> 'send_read_receipts')::boolean, $3) ORDER BY id`,
    [realmId, ids, sharedByDefault],
  );
  return rows.map((r) => r.id);
}

/** Moves the user's session epoch on: every session ends but `keepKey`'s (null: none). */
export async function moveSessionEpoch(db: Queryable, userId: number, keepKey: string | null): Promise<void> {
  await db.query('UPDATE users SET session_epoch = session_epoch + 1, session_kept_key = $2 WHERE id = $1', [userId, keepKey]);
}

/** Moves every session epoch of the realm's users on: all their sessions end. */
export async function moveRealmSessionEpochs(db: Queryable, realmId: number): Promise<void> {
  await db.query('UPDATE users SET session_epoch = session_epoch + 1, session_kept_key = NULL WHERE realm_id = $1', [realmId]);
}
