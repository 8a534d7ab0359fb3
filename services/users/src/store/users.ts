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
}

const COLUMNS = `id, realm_id, delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id,
  is_system_bot, date_joined, password_hash, api_key_sealed, timezone, avatar_source, avatar_version,
  email_address_visibility, can_create_users`;

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
}

export async function insertUser(db: Queryable, u: NewUserRow): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (realm_id, delivery_email, full_name, role, is_bot, bot_type, bot_owner_id, is_system_bot,
       password_hash, api_key_hash, api_key_sealed, email_address_visibility)
     VALUES ($1, $2, $3, $4, $5::smallint IS NOT NULL, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
    [u.realm_id, u.delivery_email, u.full_name, u.role, u.bot_type, u.bot_owner_id, u.is_system_bot,
      u.password_hash, u.api_key_hash, u.api_key_sealed, u.email_address_visibility],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND id = $2${opts.lock ? ' FOR UPDATE' : ''}`,
    [realmId, id],
  );
  return rows[0];
}

export async function findUserByApiKeyHash(db: Queryable, hash: Buffer): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE api_key_hash = $1`, [hash]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, realmId: number, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND lower(delivery_email) = lower($2)`,
    [realmId, email],
  );
  return rows[0];
}

/** The realm's users (system bots excluded, as Zulip lists its cross-realm bots apart). */
export async function listRealmUsers(db: Queryable, realmId: number, ids?: number[]): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND NOT is_system_bot
       AND ($2::int[] IS NULL OR id = ANY($2)) ORDER BY id`,
    [realmId, ids ?? null],
  );
  return rows;
}

export async function updateUserFields(
  db: Queryable,
  id: number,
  fields: Partial<Pick<UserRow, 'full_name' | 'role' | 'is_active' | 'can_create_users'>>,
): Promise<void> {
  const keys = Object.keys(fields) as (keyof typeof fields)[];
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...keys.map((k) => fields[k])]);
}

export async function countActiveOwners(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM users WHERE realm_id = $1 AND role = 100 AND is_active AND NOT is_bot',
    [realmId],
  );
  return Number(rows[0].n);
}

/** Every user of the realm, system bots included (register's cross_realm_bots). */
export async function listRealmUsersWithSystemBots(db: Queryable, realmId: number): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 ORDER BY id`, [realmId]);
  return rows;
}
