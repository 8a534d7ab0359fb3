import type { Queryable } from '@parley/common';
import type { RealmSettings } from '../domain/realm-settings';

export interface RealmRow {
  id: number;
  string_id: string;
  name: string;
  description: string;
  deactivated: boolean;
  date_created: Date;
  settings: RealmSettings;
  user_defaults: Record<string, unknown>;
}

const COLUMNS = 'id, string_id, name, description, deactivated, date_created, settings, user_defaults';

export async function insertRealm(db: Queryable, r: { string_id: string; name: string; description: string }): Promise<RealmRow> {
  const { rows } = await db.query<RealmRow>(`INSERT INTO realms (string_id, name, description, settings) VALUES ($1, $2, $3, '{}') RETURNING ${COLUMNS}`, [r.string_id, r.name, r.description]);
  return rows[0];
}

export async function setRealmSettings(db: Queryable, realmId: number, settings: RealmSettings): Promise<void> {
  await db.query('UPDATE realms SET settings = $2 WHERE id = $1', [realmId, settings]);
}

export async function findRealmById(db: Queryable, id: number, opts: { lock?: boolean } = {}): Promise<RealmRow | undefined> {
  const { rows } = await db.query<RealmRow>(`SELECT ${COLUMNS} FROM realms WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function mergeUserDefaults(db: Queryable, id: number, changes: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE realms SET user_defaults = user_defaults || $2::jsonb WHERE id = $1', [id, JSON.stringify(changes)]);
}

export async function findRealmBySubdomain(db: Queryable, stringId: string): Promise<RealmRow | undefined> {
  const { rows } = await db.query<RealmRow>(`SELECT ${COLUMNS} FROM realms WHERE string_id = $1`, [stringId]);
  return rows[0];
}

export async function setRealmDeactivated(db: Queryable, id: number, deactivated: boolean): Promise<void> {
  await db.query('UPDATE realms SET deactivated = $2 WHERE id = $1', [id, deactivated]);
}

/** Name and description are columns; every other setting merges into the settings row. */
export async function updateRealm(db: Queryable, id: number, changes: Record<string, unknown>): Promise<void> {
  const { name, description, ...settings } = changes;
  await db.query(
    `UPDATE realms SET name = COALESCE($2, name), description = COALESCE($3, description), settings = settings || $4::jsonb
      WHERE id = $1`,
    [id, name ?? null, description ?? null, JSON.stringify(settings)],
  );
}
