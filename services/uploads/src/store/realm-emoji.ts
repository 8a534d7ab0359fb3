import type { Queryable } from '@parley/common';

/** Rows of realm_emoji (migrations/0003_realm_emoji.sql). */
export interface RealmEmojiRow {
  id: number;
  realm_id: number;
  name: string;
  author_id: number | null;
  file_name: string;
  content_type: string;
  size: number;
  deactivated: boolean;
  created: Date;
}

const COLUMNS = `id::float8 AS id, realm_id::float8 AS realm_id, name, author_id::float8 AS author_id, file_name, content_type,
  size::float8 AS size, deactivated, created`;

/** Thrown by insertRealmEmoji when the realm has an active emoji of that name already. */
export class EmojiNameTakenError extends Error {}

export async function insertRealmEmoji(db: Queryable, e: Pick<RealmEmojiRow, 'realm_id' | 'name' | 'author_id' | 'file_name' | 'content_type' | 'size'>): Promise<RealmEmojiRow> {
  try {
    const { rows } = await db.query<RealmEmojiRow>(
      `INSERT INTO realm_emoji (realm_id, name, author_id, file_name, content_type, size)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [e.realm_id, e.name, e.author_id, e.file_name, e.content_type, e.size],
    );
    return rows[0];
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'realm_emoji_active_name') throw new EmojiNameTakenError();
    throw err;
  }
}

/** Every custom emoji of the realm, deactivated ones included, by id. */
export async function realmEmoji(db: Queryable, realmId: number): Promise<RealmEmojiRow[]> {
  const { rows } = await db.query<RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji WHERE realm_id = $1 ORDER BY id`, [realmId]);
  return rows;
}

export async function activeEmojiByName(db: Queryable, realmId: number, name: string, lock = false): Promise<RealmEmojiRow | undefined> {
  const { rows } = await db.query<RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji WHERE realm_id = $1 AND name = $2 AND NOT deactivated${lock ? ' FOR UPDATE' : ''}`, [realmId, name]);
  return rows[0];
}

export async function emojiById(db: Queryable, realmId: number, id: number): Promise<RealmEmojiRow | undefined> {
  const { rows } = await db.query<RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji WHERE realm_id = $1 AND id = $2`, [realmId, id]);
  return rows[0];
}

export async function emojiByFileName(db: Queryable, realmId: number, fileName: string): Promise<RealmEmojiRow | undefined> {
  const { rows } = await db.query<RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji WHERE realm_id = $1 AND file_name = $2`, [realmId, fileName]);
  return rows[0];
}

/** Serialises a realm's new custom emoji until the transaction ends (their number is bounded). */
export async function lockRealmEmoji(tx: Queryable, realmId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['uploads:realm-emoji', realmId]);
}

/** How many custom emoji the realm has made, deactivated ones included. */
export async function countRealmEmoji(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::float8 AS count FROM realm_emoji WHERE realm_id = $1', [realmId]);
  return rows[0].count;
}

export async function deactivateEmoji(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE realm_emoji SET deactivated = true WHERE id = $1', [id]);
}
