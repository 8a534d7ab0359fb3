import type { Queryable } from '@parley/common';

/** A code playground as the API shows it (register's realm_playgrounds, the realm_playgrounds event). */
export interface PlaygroundRow {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

const COLUMNS = 'id, name, pygments_language, url_template';

/** The realm's playgrounds, oldest first. */
export async function listPlaygrounds(db: Queryable, realmId: number): Promise<PlaygroundRow[]> {
  const { rows } = await db.query<PlaygroundRow>(`SELECT ${COLUMNS} FROM realm_playgrounds WHERE realm_id = $1 ORDER BY id`, [realmId]);
  return rows;
}

export async function countPlaygrounds(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM realm_playgrounds WHERE realm_id = $1', [realmId]);
  return rows[0].n;
}

/** Whether the realm has a playground of this name for this language. */
export async function playgroundTaken(db: Queryable, realmId: number, language: string, name: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM realm_playgrounds WHERE realm_id = $1 AND pygments_language = $2 AND name = $3', [realmId, language, name]);
  return (rowCount ?? 0) > 0;
}

export async function insertPlayground(db: Queryable, realmId: number, p: Omit<PlaygroundRow, 'id'>): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO realm_playgrounds (realm_id, name, pygments_language, url_template) VALUES ($1, $2, $3, $4) RETURNING id', [
    realmId,
    p.name,
    p.pygments_language,
    p.url_template,
  ]);
  return rows[0].id;
}

/** Returns whether a playground of the realm was deleted. */
export async function deletePlayground(db: Queryable, realmId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM realm_playgrounds WHERE realm_id = $1 AND id = $2', [realmId, id]);
  return (rowCount ?? 0) > 0;
}
