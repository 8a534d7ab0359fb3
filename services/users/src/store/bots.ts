import type { Queryable } from '@parley/common';
import type { UserRow } from './users';

/** A bot as the bot endpoints, realm_bot events and register's realm_bots show it: a user row's columns, and a bot's own. */
export interface BotRow extends Pick<
  UserRow,
  'id' | 'realm_id' | 'delivery_email' | 'full_name' | 'role' | 'is_active' | 'bot_owner_id' | 'avatar_source' | 'avatar_version' | 'can_create_users' | 'api_key_sealed'
> {
  bot_type: number;
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  default_all_public_streams: boolean;
}

const COLUMNS = `id, realm_id, delivery_email, full_name, role, is_active, bot_type, bot_owner_id, avatar_source, avatar_version,
  can_create_users, api_key_sealed, default_sending_stream_id, default_events_register_stream_id, default_all_public_streams`;

export async function findBot(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<BotRow | undefined> {
  const { rows } = await db.query<BotRow>(`SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND id = $2 AND is_bot AND NOT is_system_bot${opts.lock ? ' FOR UPDATE' : ''}`, [realmId, id]);
  return rows[0];
}

/**
 * The realm's bots (not the system bots), oldest first: those `ownerId` owns, or all of them
 * when it is null; only the active ones with `activeOnly`.
 */
export async function listBots(db: Queryable, realmId: number, ownerId: number | null, activeOnly: boolean): Promise<BotRow[]> {
  const { rows } = await db.query<BotRow>(
    `SELECT ${COLUMNS} FROM users WHERE realm_id = $1 AND is_bot AND NOT is_system_bot
       AND ($2::int IS NULL OR bot_owner_id = $2) AND (is_active OR NOT $3) ORDER BY date_joined, id`,
    [realmId, ownerId, activeOnly],
  );
  return rows;
}

export interface BotChanges {
  bot_owner_id?: number;
  default_sending_stream_id?: number | null;
  default_events_register_stream_id?: number | null;
  default_all_public_streams?: boolean;
  api_key_hash?: Buffer;
  api_key_sealed?: string;
}

export async function updateBot(db: Queryable, id: number, changes: BotChanges): Promise<void> {
  const entries = (Object.entries(changes) as [string, unknown][]).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
  await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
}

/** The realm's active human administrators (who see every bot). */
export async function activeHumanAdminIds(db: Queryable, realmId: number, maxRole: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE realm_id = $1 AND is_active AND NOT is_bot AND role <= $2 ORDER BY id', [realmId, maxRole]);
  return rows.map((r) => r.id);
}

/** Whether an active user of the realm (person or bot) has exactly this name (Zulip's check_bot_name_available). */
export async function activeUserNamed(db: Queryable, realmId: number, fullName: string, exceptId = 0): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE realm_id = $1 AND full_name = $2 AND is_active AND id <> $3 LIMIT 1', [realmId, fullName, exceptId]);
  return (rowCount ?? 0) > 0;
}
