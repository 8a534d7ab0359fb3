import { Role } from '@parley/common';

/**
 * The system groups every realm has, as Zulip defines them: each role's group contains the
 * next higher one as a subgroup, so "role:members" means members, moderators,
 * administrators and owners. Group-setting values (can_*_group) refer to them by ID.
 */
export const SYSTEM_GROUPS = [
  { name: 'role:owners', description: 'Owners of this organization' },
  { name: 'role:administrators', description: 'Administrators of this organization, including owners' },
  { name: 'role:moderators', description: 'Moderators of this organization, including administrators' },
  { name: 'role:fullmembers', description: 'Members of this organization, not including new accounts and guests' },
  { name: 'role:members', description: 'Members of this organization, not including guests' },
  { name: 'role:everyone', description: 'Everyone in this organization, including guests' },
  { name: 'role:internet', description: 'Everyone on the Internet' },
  { name: 'role:nobody', description: 'Nobody' },
] as const;

export type SystemGroupName = (typeof SYSTEM_GROUPS)[number]['name'];

/** group → its direct subgroup, from the chain above (role:nobody has none). */
export const SYSTEM_SUBGROUP: Partial<Record<SystemGroupName, SystemGroupName>> = {
  'role:administrators': 'role:owners',
  'role:moderators': 'role:administrators',
  'role:fullmembers': 'role:moderators',
  'role:members': 'role:fullmembers',
  'role:everyone': 'role:members',
  'role:internet': 'role:everyone',
};

/**
 * The system groups a user of this role is a direct member of. Members are full members
 * too while the realm's waiting period is 0 (Parley does not age accounts yet).
 */
export function directSystemGroups(role: number): SystemGroupName[] {
  switch (role) {
    case Role.OWNER:
      return ['role:owners'];
    case Role.ADMINISTRATOR:
      return ['role:administrators'];
    case Role.MODERATOR:
      return ['role:moderators'];
    case Role.MEMBER:
      return ['role:members', 'role:fullmembers'];
    default:
      return ['role:everyone'];
  }
}
