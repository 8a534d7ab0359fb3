import type { Queryable } from '@parley/common';

/** The user's alert words, as they were added (oldest first). */
export async function listAlertWords(db: Queryable, userId: number): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>('SELECT word FROM alert_words WHERE user_id = $1 ORDER BY id', [userId]);
  return rows.map((r) => r.word);
}

/** Adds words the user lacks (compared without case); returns how many were added. */
export async function insertAlertWords(db: Queryable, userId: number, words: string[]): Promise<number> {
  if (!words.length) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO alert_words (user_id, word) SELECT $1, w FROM unnest($2::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n
     ON CONFLICT (user_id, lower(word)) DO NOTHING`,
    [userId, words],
  );
  return rowCount ?? 0;
}

/** Removes those of the user's words spelled exactly as in `words`. */
export async function deleteAlertWords(db: Queryable, userId: number, words: string[]): Promise<void> {
  if (!words.length) return;
  await db.query('DELETE FROM alert_words WHERE user_id = $1 AND word = ANY($2::text[])', [userId, words]);
}

/** The alert words of those of `userIds` (users of the realm) who have any, by user (oldest first). */
export async function alertWordsOf(db: Queryable, realmId: number, userIds: number[]): Promise<Map<number, string[]>> {
  const { rows } = await db.query<{ user_id: number; words: string[] }>(
    `SELECT a.user_id, array_agg(a.word ORDER BY a.id) AS words
       FROM alert_words a JOIN users u ON u.id = a.user_id AND u.realm_id = $1
      WHERE a.user_id = ANY($2::int[]) GROUP BY a.user_id`,
    [realmId, userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.words]));
}
