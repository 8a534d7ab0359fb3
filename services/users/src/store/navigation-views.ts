import type { Queryable } from '@parley/common';

/** A navigation view as the API shows it (GET /navigation_views, register, the navigation_view event). */
export interface NavigationViewRow {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}

const COLUMNS = 'fragment, is_pinned, name';

/** The user's navigation views, in the order they were added. */
export async function listNavigationViews(db: Queryable, userId: number): Promise<NavigationViewRow[]> {
  const { rows } = await db.query<NavigationViewRow>(`SELECT ${COLUMNS} FROM navigation_views WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows;
}

export async function findNavigationView(db: Queryable, userId: number, fragment: string): Promise<NavigationViewRow | undefined> {
  const { rows } = await db.query<NavigationViewRow>(`SELECT ${COLUMNS} FROM navigation_views WHERE user_id = $1 AND fragment = $2`, [userId, fragment]);
  return rows[0];
}

export async function countNavigationViews(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM navigation_views WHERE user_id = $1', [userId]);
  return rows[0].n;
}

export async function nameTaken(db: Queryable, userId: number, name: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM navigation_views WHERE user_id = $1 AND name = $2', [userId, name]);
  return (rowCount ?? 0) > 0;
}

export async function insertNavigationView(db: Queryable, userId: number, view: NavigationViewRow): Promise<void> {
  await db.query('INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES ($1, $2, $3, $4)', [userId, view.fragment, view.is_pinned, view.name]);
}

/** Sets the given fields (undefined: unchanged); returns the view as it now is. */
export async function updateNavigationView(db: Queryable, userId: number, fragment: string, changes: { is_pinned?: boolean; name?: string }): Promise<NavigationViewRow | undefined> {
  const { rows } = await db.query<NavigationViewRow>(
    `UPDATE navigation_views SET is_pinned = COALESCE($3, is_pinned), name = COALESCE($4, name)
      WHERE user_id = $1 AND fragment = $2 RETURNING ${COLUMNS}`,
    [userId, fragment, changes.is_pinned ?? null, changes.name ?? null],
  );
  return rows[0];
}

export async function deleteNavigationView(db: Queryable, userId: number, fragment: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM navigation_views WHERE user_id = $1 AND fragment = $2', [userId, fragment]);
  return (rowCount ?? 0) > 0;
}
