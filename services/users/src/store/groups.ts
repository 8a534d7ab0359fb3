import type { Queryable } from '@parley/common';

export async function insertSystemGroup(db: Queryable, realmId: number, name: string, description: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO user_groups (realm_id, name, description, is_system_group) VALUES ($1, $2, $3, true) RETURNING id`, [realmId, name, description]);
  return rows[0].id;
}

export async function setGroupSettings(db: Queryable, groupId: number, settings: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE user_groups SET settings = $2 WHERE id = $1', [groupId, settings]);
}

export async function addSubgroup(db: Queryable, groupId: number, subgroupId: number): Promise<void> {
  await db.query('INSERT INTO user_group_subgroups (group_id, subgroup_id) VALUES ($1, $2)', [groupId, subgroupId]);
}

/** Replaces the user's direct memberships among the realm's system groups. */
export async function setSystemGroupMemberships(db: Queryable, realmId: number, userId: number, groupNames: string[]): Promise<void> {
  await db.query(
    `DELETE FROM user_group_members m USING user_groups g
      WHERE m.group_id = g.id AND g.realm_id = $1 AND g.is_system_group AND m.user_id = $2`,
    [realmId, userId],
  );
  await db.query(
    `INSERT INTO user_group_members (group_id, user_id)
     SELECT id, $2 FROM user_groups WHERE realm_id = $1 AND is_system_group AND name = ANY($3)`,
    [realmId, userId, groupNames],
  );
}

export interface GroupRow {
  id: number;
  name: string;
  is_system_group: boolean;
  deactivated: boolean;
}

export async function realmGroups(db: Queryable, realmId: number): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>('SELECT id, name, is_system_group, deactivated FROM user_groups WHERE realm_id = $1 ORDER BY id', [realmId]);
  return rows;
}

export interface UserGroupRow {
  id: number;
  realm_id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  deactivated: boolean;
  date_created: Date;
  creator_id: number | null;
  settings: Record<string, unknown>;
  members: number[];
  direct_subgroup_ids: number[];
}

const GROUP_SELECT = `SELECT g.id, g.realm_id, g.name, g.description, g.is_system_group, g.deactivated, g.date_created, g.creator_id, g.settings,
    COALESCE((SELECT array_agg(m.user_id ORDER BY m.user_id) FROM user_group_members m WHERE m.group_id = g.id), '{}') AS members,
    COALESCE((SELECT array_agg(s.subgroup_id ORDER BY s.subgroup_id) FROM user_group_subgroups s WHERE s.group_id = g.id), '{}') AS direct_subgroup_ids
  FROM user_groups g`;

export async function listUserGroups(db: Queryable, realmId: number): Promise<UserGroupRow[]> {
  const { rows } = await db.query<UserGroupRow>(`${GROUP_SELECT} WHERE g.realm_id = $1 ORDER BY g.id`, [realmId]);
  return rows;
}

export async function findUserGroup(db: Queryable, realmId: number, id: number, opts: { lock?: boolean } = {}): Promise<UserGroupRow | undefined> {
  if (opts.lock) await db.query('SELECT 1 FROM user_groups WHERE realm_id = $1 AND id = $2 FOR UPDATE', [realmId, id]);
  const { rows } = await db.query<UserGroupRow>(`${GROUP_SELECT} WHERE g.realm_id = $1 AND g.id = $2`, [realmId, id]);
  return rows[0];
}

export async function findUserGroupByName(db: Queryable, realmId: number, name: string): Promise<{ id: number } | undefined> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM user_groups WHERE realm_id = $1 AND lower(name) = lower($2)', [realmId, name]);
  return rows[0];
}

/** Serializes the realm's group creations until the transaction ends, so their count holds (user-groups.ts). */
export async function lockRealmGroups(tx: Queryable, realmId: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('user_groups'), $1)", [realmId]);
}

/** The realm's groups that are not system groups, deactivated ones included. */
export async function countUserGroups(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_groups WHERE realm_id = $1 AND NOT is_system_group', [realmId]);
  return rows[0].n;
}

export async function insertUserGroup(db: Queryable, g: { realm_id: number; name: string; description: string; creator_id: number; settings: Record<string, unknown> }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO user_groups (realm_id, name, description, creator_id, settings) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    g.realm_id,
    g.name,
    g.description,
    g.creator_id,
    JSON.stringify(g.settings),
  ]);
  return rows[0].id;
}

export async function updateUserGroup(db: Queryable, id: number, changes: { name?: string; description?: string; deactivated?: boolean; settings?: Record<string, unknown> }): Promise<void> {
  await db.query(
    `UPDATE user_groups SET name = COALESCE($2, name), description = COALESCE($5, description), deactivated = COALESCE($3, deactivated),
      settings = settings || $4::jsonb WHERE id = $1`,
    [id, changes.name ?? null, changes.deactivated ?? null, JSON.stringify(changes.settings ?? {}), changes.description ?? null],
  );
}

export async function addMembers(db: Queryable, groupId: number, userIds: number[]): Promise<void> {
  await db.query('INSERT INTO user_group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [groupId, userIds]);
}

export async function removeMembers(db: Queryable, groupId: number, userIds: number[]): Promise<void> {
  await db.query('DELETE FROM user_group_members WHERE group_id = $1 AND user_id = ANY($2)', [groupId, userIds]);
}

export async function addSubgroups(db: Queryable, groupId: number, subgroupIds: number[]): Promise<void> {
  await db.query('INSERT INTO user_group_subgroups (group_id, subgroup_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [groupId, subgroupIds]);
}

export async function removeSubgroups(db: Queryable, groupId: number, subgroupIds: number[]): Promise<void> {
  await db.query('DELETE FROM user_group_subgroups WHERE group_id = $1 AND subgroup_id = ANY($2)', [groupId, subgroupIds]);
}

/** The group and every group below it, through any depth of subgroups. */
export async function descendantGroupIds(db: Queryable, groupId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH RECURSIVE below(id) AS (SELECT $1::int UNION SELECT s.subgroup_id FROM user_group_subgroups s JOIN below b ON s.group_id = b.id)
     SELECT id FROM below`,
    [groupId],
  );
  return rows.map((r) => r.id);
}

/** Members of the group and of every group below it. */
export async function recursiveMemberIds(db: Queryable, groupId: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    `WITH RECURSIVE below(id) AS (SELECT $1::int UNION SELECT s.subgroup_id FROM user_group_subgroups s JOIN below b ON s.group_id = b.id)
     SELECT DISTINCT m.user_id FROM user_group_members m JOIN below b ON m.group_id = b.id ORDER BY m.user_id`,
    [groupId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Every group of the realm ($1) that each user ($2, int[]) belongs to, directly or through
 * subgroups: `up` then `memberships(user_id, group_ids)`, one row per user of the realm.
 * For a WITH RECURSIVE (see groupMemberships and the users service's permission context).
 */
export const MEMBERSHIPS_CTE = `up(user_id, group_id) AS (
       SELECT m.user_id, m.group_id FROM user_group_members m JOIN users u ON u.id = m.user_id
        WHERE u.realm_id = $1 AND m.user_id = ANY($2::int[])
       UNION
       SELECT up.user_id, s.group_id FROM user_group_subgroups s JOIN up ON s.subgroup_id = up.group_id
     ),
     memberships AS (
       SELECT u.id AS user_id, COALESCE(array_agg(up.group_id ORDER BY up.group_id) FILTER (WHERE up.group_id IS NOT NULL), '{}') AS group_ids
         FROM users u LEFT JOIN up ON up.user_id = u.id WHERE u.realm_id = $1 AND u.id = ANY($2::int[]) GROUP BY u.id
     )`;

/** Every group each user of the realm belongs to, directly or through any depth of subgroups. */
export async function groupMemberships(db: Queryable, realmId: number, userIds: number[]): Promise<Map<number, number[]>> {
  const { rows } = await db.query<{ user_id: number; group_ids: number[] }>(`WITH RECURSIVE ${MEMBERSHIPS_CTE} SELECT user_id, group_ids FROM memberships`, [realmId, userIds]);
  return new Map(rows.map((r) => [r.user_id, r.group_ids]));
}

/** The realm's active users who are direct members named, or members of the groups (any depth). */
export async function activeUsersIn(db: Queryable, realmId: number, groupIds: number[], userIds: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH RECURSIVE below(id) AS (
       SELECT g.id FROM user_groups g WHERE g.realm_id = $1 AND g.id = ANY($2::int[])
       UNION
       SELECT s.subgroup_id FROM user_group_subgroups s JOIN below b ON s.group_id = b.id
     )
     SELECT u.id FROM users u WHERE u.realm_id = $1 AND u.is_active AND (u.id = ANY($3::int[])
        OR EXISTS (SELECT 1 FROM user_group_members m JOIN below b ON m.group_id = b.id WHERE m.user_id = u.id))
      ORDER BY u.id`,
    [realmId, groupIds, userIds],
  );
  return rows.map((r) => r.id);
}
