import type { Queryable } from '@parley/common';

/** A linkifier as the API shows it (GET /realm/linkifiers, the realm_linkifiers event). */
export interface LinkifierRow {
  id: number;
  pattern: string;
  url_template: string;
}

/** The realm's linkifiers in the order clients apply them. */
export async function listLinkifiers(db: Queryable, realmId: number): Promise<LinkifierRow[]> {
  const { rows } = await db.query<LinkifierRow>('SELECT id, pattern, url_template FROM linkifiers WHERE realm_id = $1 ORDER BY sort_order, id', [realmId]);
  return rows;
}

export async function findLinkifier(db: Queryable, realmId: number, id: number): Promise<LinkifierRow | undefined> {
  const { rows } = await db.query<LinkifierRow>('SELECT id, pattern, url_template FROM linkifiers WHERE realm_id = $1 AND id = $2', [realmId, id]);
  return rows[0];
}

/** Whether another linkifier of the realm (not `exceptId`) has this exact pattern. */
export async function patternTaken(db: Queryable, realmId: number, pattern: string, exceptId?: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM linkifiers WHERE realm_id = $1 AND pattern = $2 AND id IS DISTINCT FROM $3::int', [realmId, pattern, exceptId ?? null]);
  return (rowCount ?? 0) > 0;
}

export async function countLinkifiers(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM linkifiers WHERE realm_id = $1', [realmId]);
  return rows[0].n;
}

/** Adds a linkifier after the realm's others. */
export async function insertLinkifier(db: Queryable, realmId: number, pattern: string, urlTemplate: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO linkifiers (realm_id, pattern, url_template, sort_order)
     SELECT $1, $2, $3, COALESCE(MAX(sort_order) + 1, 0) FROM linkifiers WHERE realm_id = $1
     RETURNING id`,
    [realmId, pattern, urlTemplate],
  );
  return rows[0].id;
}

export async function updateLinkifier(db: Queryable, realmId: number, id: number, pattern: string, urlTemplate: string): Promise<void> {
  await db.query('UPDATE linkifiers SET pattern = $3, url_template = $4 WHERE realm_id = $1 AND id = $2', [realmId, id, pattern, urlTemplate]);
}

/** Returns whether a linkifier of the realm was deleted. */
export async function deleteLinkifier(db: Queryable, realmId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM linkifiers WHERE realm_id = $1 AND id = $2', [realmId, id]);
  return (rowCount ?? 0) > 0;
}

/** Gives each listed linkifier of the realm its index in `orderedIds` as its sort order. */
export async function setLinkifierOrder(db: Queryable, realmId: number, orderedIds: number[]): Promise<void> {
  await db.query(
    `UPDATE linkifiers l SET sort_order = o.ord - 1
       FROM unnest($2::int[]) WITH ORDINALITY AS o (id, ord)
      WHERE l.realm_id = $1 AND l.id = o.id`,
    [realmId, orderedIds],
  );
}

/**
 * Serializes the realm's linkifier changes (the realm row, FOR NO KEY UPDATE so new users'
 * foreign keys are not blocked): each change validates against, and announces, the list
 * the previous one committed, and the events leave the outbox in commit order.
 */
export async function lockRealmLinkifiers(db: Queryable, realmId: number): Promise<void> {
  await db.query('SELECT 1 FROM realms WHERE id = $1 FOR NO KEY UPDATE', [realmId]);
}
