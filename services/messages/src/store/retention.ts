import type { Queryable } from '@parley/common';

export type RetentionTarget = { kind: 'direct'; before: Date } | { kind: 'channel'; channel_id: number; before: Date };

export async function realmsWithMessages(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ realm_id: number }>('SELECT DISTINCT realm_id FROM messages ORDER BY realm_id');
  return rows.map((r) => r.realm_id);
}

/**
 * Deletes up to `limit` expired messages (their copies go with them); returns them with who
 * had them and whether their content may link to uploads (as mayLinkUploads, without
 * returning the content).
 */
export async function deleteExpired(db: Queryable, realmId: number, t: RetentionTarget, limit: number) {
  const { rows } = await db.query<{ id: number; kind: 'channel' | 'direct'; channel_id: number | null; topic: string; user_ids: number[]; links_uploads: boolean }>(
    `WITH doomed AS (
       SELECT id FROM messages WHERE realm_id = $1 AND kind = $2 AND ($3::int IS NULL OR channel_id = $3) AND date_sent < $4
       ORDER BY id LIMIT $5 FOR UPDATE SKIP LOCKED
     ), holders AS (
       SELECT um.message_id, array_agg(um.user_id ORDER BY um.user_id) AS user_ids FROM user_messages um JOIN doomed d ON d.id = um.message_id
        GROUP BY um.message_id
     )
     DELETE FROM messages m USING doomed d LEFT JOIN holders h ON h.message_id = d.id WHERE m.id = d.id
     RETURNING m.id::int, m.kind, m.channel_id, m.topic, COALESCE(h.user_ids, '{}') AS user_ids,
       strpos(m.content, '/user_uploads/') > 0 AS links_uploads`,
    [realmId, t.kind, t.kind === 'channel' ? t.channel_id : null, t.before, limit],
  );
  return rows;
}
