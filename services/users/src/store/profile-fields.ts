import type { Queryable } from '@parley/common';

/** A custom profile field as stored; `order` is the sort_order column. */
export interface ProfileFieldRow {
  id: number;
  realm_id: number;
  name: string;
  hint: string;
  field_type: number;
  field_data: string;
  order: number;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

export interface ProfileValueRow {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export type NewProfileField = Omit<ProfileFieldRow, 'id' | 'order'>;
export type ProfileFieldChanges = Partial<Pick<ProfileFieldRow, 'name' | 'hint' | 'field_data' | 'display_in_profile_summary' | 'required' | 'editable_by_user'>>;

const COLUMNS = `id, realm_id, name, hint, field_type, field_data, sort_order AS "order",
  display_in_profile_summary, required, editable_by_user`;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === UNIQUE_VIOLATION;

/**
 * Serializes changes to one realm's field definitions until the transaction ends, so two
 * concurrent requests cannot both pass the 2-summary-fields limit or race a reorder.
 */
export async function lockRealmFields(tx: Queryable, realmId: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('custom_profile_fields'), $1)", [realmId]);
}

export async function listFields(db: Queryable, realmId: number): Promise<ProfileFieldRow[]> {
  const { rows } = await db.query<ProfileFieldRow>(`SELECT ${COLUMNS} FROM custom_profile_fields WHERE realm_id = $1 ORDER BY sort_order, id`, [realmId]);
  return rows;
}

/** The realm's fields among `ids`; `share` locks them against deletion until commit. */
export async function findFields(db: Queryable, realmId: number, ids: number[], opts: { share?: boolean } = {}): Promise<ProfileFieldRow[]> {
  const { rows } = await db.query<ProfileFieldRow>(`SELECT ${COLUMNS} FROM custom_profile_fields WHERE realm_id = $1 AND id = ANY($2::int[])${opts.share ? ' FOR SHARE' : ''}`, [realmId, ids]);
  return rows;
}

export async function countFields(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM custom_profile_fields WHERE realm_id = $1', [realmId]);
  return rows[0].n;
}

export async function countSummaryFields(db: Queryable, realmId: number, exceptId?: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM custom_profile_fields
      WHERE realm_id = $1 AND display_in_profile_summary AND id IS DISTINCT FROM $2`,
    [realmId, exceptId ?? null],
  );
  return Number(rows[0].n);
}

/** Inserts the field last in order (order = its ID); undefined when the realm has the name. */
export async function insertField(tx: Queryable, f: NewProfileField): Promise<ProfileFieldRow | undefined> {
  const { rows } = await tx.query<ProfileFieldRow>(
    `INSERT INTO custom_profile_fields (id, realm_id, name, hint, field_type, field_data, sort_order,
       display_in_profile_summary, required, editable_by_user)
     SELECT n.id, $1::int, $2::text, $3::text, $4::smallint, $5::text, n.id, $6::boolean, $7::boolean, $8::boolean
       FROM (SELECT nextval(pg_get_serial_sequence('custom_profile_fields', 'id'))::int AS id) n
     ON CONFLICT (realm_id, name) DO NOTHING RETURNING ${COLUMNS}`,
    [f.realm_id, f.name, f.hint, f.field_type, f.field_data, f.display_in_profile_summary, f.required, f.editable_by_user],
  );
  return rows[0];
}

/** Returns false when the new name is another field's of the realm. */
export async function updateField(tx: Queryable, id: number, changes: ProfileFieldChanges): Promise<boolean> {
  const keys = Object.keys(changes) as (keyof ProfileFieldChanges)[];
  if (!keys.length) return true;
  const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  try {
    await tx.query(`UPDATE custom_profile_fields SET ${sets} WHERE id = $1`, [id, ...keys.map((k) => changes[k])]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function deleteField(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM custom_profile_fields WHERE id = $1', [id]);
}

/** Sets each field's order to its index in `ids`. */
export async function setFieldOrder(tx: Queryable, realmId: number, ids: number[]): Promise<void> {
  await tx.query(
    `UPDATE custom_profile_fields f SET sort_order = o.position - 1
       FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
      WHERE f.realm_id = $1 AND f.id = o.id`,
    [realmId, ids],
  );
}

/** Deletes a List of options field's values that are no longer among its option `keys`. */
export async function deleteValuesNotIn(tx: Queryable, fieldId: number, keys: string[]): Promise<void> {
  await tx.query('DELETE FROM custom_profile_field_values WHERE field_id = $1 AND NOT (value = ANY($2::text[]))', [fieldId, keys]);
}

export async function findValues(db: Queryable, userId: number, fieldIds: number[], opts: { lock?: boolean } = {}): Promise<ProfileValueRow[]> {
  const { rows } = await db.query<ProfileValueRow>(
    `SELECT user_id, field_id, value, rendered_value FROM custom_profile_field_values
      WHERE user_id = $1 AND field_id = ANY($2::int[])${opts.lock ? ' FOR UPDATE' : ''}`,
    [userId, fieldIds],
  );
  return rows;
}

export async function upsertValue(tx: Queryable, v: ProfileValueRow): Promise<void> {
  await tx.query(
    `INSERT INTO custom_profile_field_values (user_id, field_id, value, rendered_value) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, field_id) DO UPDATE SET value = EXCLUDED.value, rendered_value = EXCLUDED.rendered_value`,
    [v.user_id, v.field_id, v.value, v.rendered_value],
  );
}

/** Returns whether there was a value to delete. */
export async function deleteValue(tx: Queryable, userId: number, fieldId: number): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM custom_profile_field_values WHERE user_id = $1 AND field_id = $2', [userId, fieldId]);
  return (rowCount ?? 0) > 0;
}

/** The values of `userIds` for the realm's fields, in field order (users of other realms have none). */
export async function listValues(db: Queryable, realmId: number, userIds: number[]): Promise<ProfileValueRow[]> {
  const { rows } = await db.query<ProfileValueRow>(
    `SELECT v.user_id, v.field_id, v.value, v.rendered_value
       FROM custom_profile_field_values v JOIN custom_profile_fields f ON f.id = v.field_id
      WHERE f.realm_id = $1 AND v.user_id = ANY($2::int[])
      ORDER BY v.user_id, f.sort_order, f.id`,
    [realmId, userIds],
  );
  return rows;
}
