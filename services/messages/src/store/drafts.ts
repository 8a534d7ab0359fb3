import type { Queryable } from '@parley/common';

export interface DraftRow {
  id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: Date;
}

export type DraftFields = Omit<DraftRow, 'id'>;

const COLUMNS = 'id, type, "to", topic, content, timestamp';

export async function listDrafts(db: Queryable, userId: number): Promise<DraftRow[]> {
  const { rows } = await db.query<DraftRow>(`SELECT ${COLUMNS} FROM drafts WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows;
}

/** How many drafts the user has. */
export async function countDrafts(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drafts WHERE user_id = $1', [userId]);
  return rows[0].n;
}

export async function insertDrafts(db: Queryable, realmId: number, userId: number, drafts: DraftFields[]): Promise<DraftRow[]> {
  const { rows } = await db.query<DraftRow>(
    `INSERT INTO drafts (realm_id, user_id, type, "to", topic, content, timestamp)
     SELECT $1, $2, d.type, ARRAY(SELECT jsonb_array_elements_text(d."to")::int), d.topic, d.content, d.ts
       FROM jsonb_to_recordset($3::jsonb) AS d(type text, "to" jsonb, topic text, content text, ts timestamptz)
     RETURNING ${COLUMNS}`,
    [realmId, userId, JSON.stringify(drafts.map((d) => ({ type: d.type, to: d.to, topic: d.topic, content: d.content, ts: d.timestamp.toISOString() })))],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function updateDraft(db: Queryable, userId: number, id: number, d: DraftFields): Promise<DraftRow | undefined> {
  const { rows } = await db.query<DraftRow>(
    `UPDATE drafts SET type = $3, "to" = $4, topic = $5, content = $6, timestamp = $7, updated_at = now()
      WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [userId, id, d.type, d.to, d.topic, d.content, d.timestamp],
  );
  return rows[0];
}

export async function deleteDraft(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM drafts WHERE user_id = $1 AND id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}

/** Deletes the drafts last changed on the server before `before`; returns their IDs. */
export async function deleteDraftsBefore(db: Queryable, userId: number, before: Date): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('DELETE FROM drafts WHERE user_id = $1 AND updated_at <= $2 RETURNING id', [userId, before]);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
