import type { Queryable } from '@parley/common';

export async function insertSystemGroup(db: Queryable, realmId: number, name: string, description: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO user_groups (realm_id, name, description, is_system_group) VALUES ($1, $2, $3, true) RETURNING id`,
    [realmId, name, description],
  );
  return rows[0].id;
}

export async function setGroupSettings(db: Queryable, groupId: number, settings: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE user_groups SET settings = $2 WHERE id = $1', [groupId, settings]);
}

export async function addSubgroup(db: Queryable, groupId: number, subgroupId: number): Promise<void> {
  await db.query('INSERT INTO user_group_subgroups (group_id, subgroup_id) VALUES ($1, $2)', [groupId, subgroupId]);
}

export async function systemGroupIds(db: Queryable, realmId: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM user_groups WHERE realm_id = $1 AND is_system_group',
    [realmId],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
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
  const { rows } = await db.query<GroupRow>(
    'SELECT id, name, is_system_group, deactivated FROM user_groups WHERE realm_id = $1 ORDER BY id',
    [realmId],
  );
  return rows;
}
