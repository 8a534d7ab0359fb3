import type { Queryable } from '@parley/common';

/**
 * Whether a user belongs to a group, directly or through any depth of subgroups. The base
 * of every group-setting check (can_*_group).
 */
export async function isUserInGroup(db: Queryable, userId: number, groupId: number): Promise<boolean> {
  const { rows } = await db.query<{ hit: boolean }>(
    `WITH RECURSIVE within(id) AS (
       SELECT $2::int
       UNION
       SELECT s.subgroup_id FROM user_group_subgroups s JOIN within w ON s.group_id = w.id
     )
     SELECT EXISTS (SELECT 1 FROM user_group_members m JOIN within w ON m.group_id = w.id WHERE m.user_id = $1) AS hit`,
    [userId, groupId],
  );
  return rows[0].hit;
}
