import type { Queryable } from '@parley/common';

export interface ChannelRow {
  id: number;
  realm_id: number;
  name: string;
  description: string;
  rendered_description: string;
  creator_id: number | null;
  date_created: Date;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  topics_policy: string;
  folder_id: number | null;
  is_archived: boolean;
  is_default: boolean;
  /** can_*_group name → group-setting value. */
  group_settings: Record<string, unknown>;
}

export type NewChannel = Omit<ChannelRow, 'id' | 'date_created' | 'is_archived'>;
export type ChannelChanges = Partial<Omit<ChannelRow, 'id' | 'realm_id' | 'creator_id' | 'date_created'>>;

const COLUMNS = `id, realm_id, name, description, rendered_description, creator_id, date_created, invite_only, is_web_public,
  history_public_to_subscribers, message_retention_days, topics_policy, folder_id, is_archived, is_default, group_settings`;

/** Serialises a realm's channel creations and renames (name uniqueness) behind one advisory lock. */
export async function lockRealmChannels(db: Queryable, realmId: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`channels:${realmId}`]);
}

/** How many channels the realm has, archived ones included. */
export async function countChannels(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM channels WHERE realm_id = $1', [realmId]);
  return rows[0].n;
}

export async function findChannel(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<ChannelRow | undefined> {
  const { rows } = await db.query<ChannelRow>(`SELECT ${COLUMNS} FROM channels WHERE realm_id = $1 AND id = $2${opts.lock ? ' FOR UPDATE' : ''}`, [realmId, id]);
  return rows[0];
}

/** Channels by name, case-insensitively (names are unique that way). */
export async function findChannelsByName(db: Queryable, realmId: number, names: string[]): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelRow>(`SELECT ${COLUMNS} FROM channels WHERE realm_id = $1 AND lower(name) = ANY($2::text[])`, [realmId, names.map((n) => n.toLowerCase())]);
  return rows;
}

/**
 * One channel, by ID or (when id is 0) by name in any case, with whether a user is subscribed
 * and, when asked, its active subscribers: a permission check's reads in one statement.
 */
export async function findChannelForAccess(
  db: Queryable,
  realmId: number,
  target: { id: number; name?: string },
  userId: number,
  withSubscribers: boolean,
): Promise<(ChannelRow & { caller_subscribed: boolean; caller_muted: boolean; subscriber_ids: number[] | null }) | undefined> {
  const { rows } = await db.query<ChannelRow & { caller_subscribed: boolean; caller_muted: boolean; subscriber_ids: number[] | null }>(
    `SELECT ${COLUMNS},
       EXISTS (SELECT 1 FROM subscriptions s WHERE s.channel_id = c.id AND s.user_id = $3 AND s.active) AS caller_subscribed,
       EXISTS (SELECT 1 FROM subscriptions s WHERE s.channel_id = c.id AND s.user_id = $3 AND s.active AND s.is_muted) AS caller_muted,
       CASE WHEN $4 THEN ARRAY(SELECT s.user_id FROM subscriptions s WHERE s.channel_id = c.id AND s.active AND s.is_user_active ORDER BY s.user_id) END AS subscriber_ids
       FROM channels c WHERE c.realm_id = $1 AND ${target.id ? 'c.id = $2::int' : 'lower(c.name) = lower($2::text)'}`,
    [realmId, target.id || (target.name ?? ''), userId, withSubscribers],
  );
  return rows[0];
}

export async function listChannels(db: Queryable, realmId: number, ids?: number[]): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelRow>(`SELECT ${COLUMNS} FROM channels WHERE realm_id = $1 AND ($2::int[] IS NULL OR id = ANY($2::int[])) ORDER BY lower(name), id`, [realmId, ids ?? null]);
  return rows;
}

/** Whether the realm has any channel, archived ones included. */
export async function realmHasChannels(db: Queryable, realmId: number): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM channels WHERE realm_id = $1) AS any', [realmId]);
  return rows[0].any;
}

export async function insertChannel(db: Queryable, c: NewChannel): Promise<ChannelRow> {
  const { rows } = await db.query<ChannelRow>(
    `INSERT INTO channels (realm_id, name, description, rendered_description, creator_id, invite_only, is_web_public,
       history_public_to_subscribers, message_retention_days, topics_policy, folder_id, is_default, group_settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [
      c.realm_id,
      c.name,
      c.description,
      c.rendered_description,
      c.creator_id,
      c.invite_only,
      c.is_web_public,
      c.history_public_to_subscribers,
      c.message_retention_days,
      c.topics_policy,
      c.folder_id,
      c.is_default,
      JSON.stringify(c.group_settings),
    ],
  );
  return rows[0];
}

const UPDATABLE = new Set([
  'name',
  'description',
  'rendered_description',
  'invite_only',
  'is_web_public',
  'history_public_to_subscribers',
  'message_retention_days',
  'topics_policy',
  'folder_id',
  'is_archived',
  'is_default',
  'group_settings',
]);

export async function updateChannel(db: Queryable, id: number, changes: ChannelChanges): Promise<void> {
  const entries = Object.entries(changes).filter(([k]) => UPDATABLE.has(k));
  if (!entries.length) return;
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
  const values = entries.map(([k, v]) => (k === 'group_settings' ? JSON.stringify(v) : v));
  await db.query(`UPDATE channels SET ${sets} WHERE id = $1`, [id, ...values]);
}

/** Whether a channel folder of the realm exists (channels live in folders). */
export async function folderExists(db: Queryable, realmId: number, folderId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM channel_folders WHERE realm_id = $1 AND id = $2', [realmId, folderId]);
  return rows.length > 0;
}
