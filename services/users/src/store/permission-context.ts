import type { Queryable } from '@parley/common';
import type { RealmSettings } from '../domain/realm-settings';
import { MEMBERSHIPS_CTE } from './groups';
import type { LinkifierRow } from './linkifiers';

/** What another service's permission check needs of a realm and some of its users. */
export interface PermissionContextRow {
  settings: RealmSettings;
  deactivated: boolean;
  string_id: string;
  /** The system groups' IDs by name ("role:members"). */
  system_groups: Record<string, number>;
  /** Each user of the realm asked for, with every group they belong to (any depth). */
  memberships: { user_id: number; group_ids: number[] }[];
  /** The realm's linkifiers in their order, when asked for; else null. */
  linkifiers: LinkifierRow[] | null;
}

/**
 * A realm's policy, some users' group memberships and (when asked) its linkifiers in one
 * statement: one round trip where GetRealmPolicy, GetGroupMemberships and GetLinkifiers make
 * four. Undefined for no such realm.
 */
export async function permissionContext(db: Queryable, realmId: number, userIds: number[], withLinkifiers: boolean): Promise<PermissionContextRow | undefined> {
  const { rows } = await db.query<PermissionContextRow>(
    `WITH RECURSIVE ${MEMBERSHIPS_CTE}
     SELECT r.settings, r.deactivated, r.string_id,
       (SELECT COALESCE(json_object_agg(g.name, g.id), '{}') FROM user_groups g WHERE g.realm_id = r.id AND g.is_system_group) AS system_groups,
       (SELECT COALESCE(json_agg(json_build_object('user_id', m.user_id, 'group_ids', m.group_ids) ORDER BY m.user_id), '[]') FROM memberships m) AS memberships,
       CASE WHEN $3 THEN (SELECT COALESCE(json_agg(json_build_object('id', l.id, 'pattern', l.pattern, 'url_template', l.url_template) ORDER BY l.sort_order, l.id), '[]')
                            FROM linkifiers l WHERE l.realm_id = r.id) END AS linkifiers
       FROM realms r WHERE r.id = $1`,
    [realmId, userIds, withLinkifiers],
  );
  return rows[0];
}
