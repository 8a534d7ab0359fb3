import type { Queryable } from '@parley/common';

export interface UserStatusRow {
  user_id: number;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  /** The user's presence_enabled setting, which the deprecated `away` reports inverted. */
  presence_enabled: boolean;
}

export interface UserStatusFields {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** The only columns upsertUserStatus writes (names are interpolated, so never from input). */
const FIELDS = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const;

// As domain/settings.ts's userSettings reads it: the user's value, else Zulip's default (true).
const PRESENCE_ENABLED = `COALESCE((u.settings->>'presence_enabled')::boolean, true)`;

const COLUMNS = `s.user_id, s.status_text, s.emoji_name, s.emoji_code, s.reaction_type, ${PRESENCE_ENABLED} AS presence_enabled`;

/** Creates the user's status or changes the given fields of it; absent fields stay as they are. */
export async function upsertUserStatus(db: Queryable, userId: number, fields: UserStatusFields): Promise<void> {
  const keys = FIELDS.filter((k) => fields[k] !== undefined);
  const columns = ['user_id', ...keys];
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  const updates = [...keys.map((k) => `${k} = EXCLUDED.${k}`), 'updated_at = now()'].join(', ');
  await db.query(
    `INSERT INTO user_statuses (${columns.join(', ')}) VALUES (${placeholders})
     ON CONFLICT (user_id) DO UPDATE SET ${updates}`,
    [userId, ...keys.map((k) => fields[k])],
  );
}

export async function findUserStatus(db: Queryable, userId: number): Promise<UserStatusRow | undefined> {
  const { rows } = await db.query<UserStatusRow>(`SELECT ${COLUMNS} FROM user_statuses s JOIN users u ON u.id = s.user_id WHERE s.user_id = $1`, [userId]);
  return rows[0];
}

/**
 * The statuses of the realm's active users that say something: rows cleared back to nothing,
 * with presence enabled, are left out (Zulip's get_all_users_status_dict).
 */
export async function listRealmUserStatuses(db: Queryable, realmId: number): Promise<UserStatusRow[]> {
  const { rows } = await db.query<UserStatusRow>(
    `SELECT ${COLUMNS} FROM user_statuses s JOIN users u ON u.id = s.user_id
     WHERE u.realm_id = $1 AND u.is_active
       AND NOT (${PRESENCE_ENABLED} AND s.status_text = '' AND s.emoji_name = '' AND s.emoji_code = ''
                AND s.reaction_type = 'unicode_emoji')
     ORDER BY s.user_id`,
    [realmId],
  );
  return rows;
}
