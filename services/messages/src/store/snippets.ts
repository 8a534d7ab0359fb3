import type { Queryable } from '@parley/common';

export interface SnippetRow {
  id: number;
  title: string;
  content: string;
  date_created: Date;
}

const COLUMNS = 'id, title, content, date_created';

export async function listSnippets(db: Queryable, userId: number): Promise<SnippetRow[]> {
  const { rows } = await db.query<SnippetRow>(`SELECT ${COLUMNS} FROM saved_snippets WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows;
}

/** How many saved snippets the user has. */
export async function countSnippets(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_snippets WHERE user_id = $1', [userId]);
  return rows[0].n;
}

export async function insertSnippet(db: Queryable, realmId: number, userId: number, title: string, content: string): Promise<SnippetRow> {
  const { rows } = await db.query<SnippetRow>(`INSERT INTO saved_snippets (realm_id, user_id, title, content) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`, [realmId, userId, title, content]);
  return rows[0];
}

/** Updates the user's snippet; undefined when they have none with that ID. */
export async function updateSnippet(db: Queryable, userId: number, id: number, changes: { title?: string; content?: string }): Promise<SnippetRow | undefined> {
  const { rows } = await db.query<SnippetRow>(`UPDATE saved_snippets SET title = COALESCE($3, title), content = COALESCE($4, content) WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [
    userId,
    id,
    changes.title ?? null,
    changes.content ?? null,
  ]);
  return rows[0];
}

export async function deleteSnippet(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM saved_snippets WHERE user_id = $1 AND id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}
