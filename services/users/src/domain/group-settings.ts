import { BadRequestError, GroupSettingValue, isIntegerParam, Queryable } from '@parley/common';
import * as groupStore from '../store/groups';
import * as userStore from '../store/users';
import { isUserInGroup } from './groups';

export type { GroupSettingValue } from '@parley/common';
export { parseGroupSettingValue, parseGroupSettingChange, sameGroupSetting } from '@parley/common';

export interface GroupSettingRules {
  /** Whether role:everyone (and so guests) may hold the permission. */
  allowEveryone: boolean;
}

/** Checks a value names this realm's live groups and active users, and a group the setting allows. */
export async function checkGroupSettingValue(db: Queryable, realmId: number, name: string, rules: GroupSettingRules, value: unknown): Promise<GroupSettingValue> {
  const byId = new Map((await groupStore.realmGroups(db, realmId)).map((g) => [g.id, g]));
  const checkGroup = (id: unknown) => {
    const g = typeof id === 'number' ? byId.get(id) : undefined;
    if (!g || g.deactivated) throw new BadRequestError(`Invalid user group ID: ${String(id)}`);
    if (g.name === 'role:internet' || (g.name === 'role:everyone' && !rules.allowEveryone)) {
      throw new BadRequestError(`'${name}' setting cannot be set to '${g.name}' group.`);
    }
  };
  if (typeof value === 'number') {
    checkGroup(value);
    return value;
  }
  const v = value as { direct_members?: unknown; direct_subgroups?: unknown };
  if (typeof v !== 'object' || v === null || !Array.isArray(v.direct_members) || !Array.isArray(v.direct_subgroups)) {
    throw new BadRequestError(`Invalid ${name}`);
  }
  v.direct_subgroups.forEach(checkGroup);
  const ids = v.direct_members.filter(isIntegerParam);
  const users = await userStore.listRealmUsers(db, realmId, ids);
  for (const id of v.direct_members) {
    if (!users.some((u) => u.id === id && u.is_active)) throw new BadRequestError(`Invalid user ID: ${String(id)}`);
  }
  return { direct_members: v.direct_members as number[], direct_subgroups: v.direct_subgroups as number[] };
}

/** Whether a user holds a group-setting value: directly named, or in one of its groups (any depth). */
export async function isInGroupSetting(db: Queryable, userId: number, value: unknown): Promise<boolean> {
  if (typeof value === 'number') return isUserInGroup(db, userId, value);
  const v = value as { direct_members?: number[]; direct_subgroups?: number[] } | null;
  if (!v) return false;
  if (v.direct_members?.includes(userId)) return true;
  for (const g of v.direct_subgroups ?? []) if (await isUserInGroup(db, userId, g)) return true;
  return false;
}
