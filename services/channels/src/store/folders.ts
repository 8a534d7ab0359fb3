import type { Queryable } from '@parley/common';

export interface FolderRow {
  id: number;
  realm_id: number;
  name: string;
  description: string;
  rendered_description: string;
  creator_id: number | null;
  date_created: Date;
  is_archived: boolean;
  sort_order: number;
}

const COLUMNS = 'id, realm_id, name, description, rendered_description, creator_id, date_created, is_archived, sort_order';

/** Serialises a realm's folder changes (name uniqueness, order) behind one advisory lock. */
export async function lockRealmFolders(db: Queryable, realmId: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`channel_folders:${realmId}`]);
}

export async function listFolders(db: Queryable, realmId: number): Promise<FolderRow[]> {
  const { rows } = await db.query<FolderRow>(`SELECT ${COLUMNS} FROM channel_folders WHERE realm_id = $1 ORDER BY sort_order, id`, [realmId]);
  return rows;
}

export async function findFolder(db: Queryable, realmId: number, id: number): Promise<FolderRow | undefined> {
  const { rows } = await db.query<FolderRow>(`SELECT ${COLUMNS} FROM channel_folders WHERE realm_id = $1 AND id = $2`, [realmId, id]);
  return rows[0];
}

export async function findFolderByName(db: Queryable, realmId: number, name: string): Promise<FolderRow | undefined> {
  const { rows } = await db.query<FolderRow>(`SELECT ${COLUMNS} FROM channel_folders WHERE realm_id = $1 AND lower(name) = lower($2)`, [realmId, name]);
  return rows[0];
}

export async function insertFolder(db: Queryable, f: { realm_id: number; name: string; description: string; rendered_description: string; creator_id: number }): Promise<FolderRow> {
  const { rows } = await db.query<FolderRow>(
    `INSERT INTO channel_folders (realm_id, name, description, rendered_description, creator_id, sort_order)
     VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(max(sort_order) + 1, 0) FROM channel_folders WHERE realm_id = $1))
     RETURNING ${COLUMNS}`,
    [f.realm_id, f.name, f.description, f.rendered_description, f.creator_id],
  );
  return rows[0];
}

export async function updateFolder(db: Queryable, id: number, changes: { name?: string; description?: string; rendered_description?: string; is_archived?: boolean }): Promise<void> {
  await db.query(
    `UPDATE channel_folders SET name = COALESCE($2, name), description = COALESCE($3, description),
       rendered_description = COALESCE($4, rendered_description), is_archived = COALESCE($5, is_archived) WHERE id = $1`,
    [id, changes.name ?? null, changes.description ?? null, changes.rendered_description ?? null, changes.is_archived ?? null],
  );
}

export async function setFolderOrder(db: Queryable, realmId: number, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE channel_folders f SET sort_order = o.pos FROM unnest($2::int[]) WITH ORDINALITY AS o(id, pos)
      WHERE f.realm_id = $1 AND f.id = o.id`,
    [realmId, ids],
  );
}
