import { BadRequestError } from './errors';

/**
 * Group-setting values (Zulip's can_*_group settings, of realms, groups and channels): a
 * group's ID, or {direct_members, direct_subgroups}. Changes come as {new, old?}. The users
 * service owns groups and validates values; every service reads them with these helpers.
 */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** A group-setting value sent as JSON text (its shape is checked by whoever owns the groups). */
export function parseGroupSettingValue(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Invalid ${name}`);
  }
}

export function parseGroupSettingChange(name: string, raw: unknown): { new: unknown; old?: unknown } {
  const change = parseGroupSettingValue(name, raw);
  if (typeof change !== 'object' || change === null || !('new' in change)) throw new BadRequestError(`${name} must be {"new": ..., "old": ...}`);
  return change as { new: unknown; old?: unknown };
}

/** Equality of two values whatever the order of their lists. */
export function sameGroupSetting(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (typeof v === 'object' && v !== null
    ? { m: [...((v as { direct_members?: number[] }).direct_members ?? [])].sort(), s: [...((v as { direct_subgroups?: number[] }).direct_subgroups ?? [])].sort() }
    : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * Whether a user holds a value, given every group the user belongs to (directly or through
 * subgroups, as the users service's GetGroupMemberships answers).
 */
export function holdsGroupSetting(value: unknown, userId: number, groupIds: ReadonlySet<number>): boolean {
  if (typeof value === 'number') return groupIds.has(value);
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { direct_members?: number[]; direct_subgroups?: number[] };
  return (v.direct_members ?? []).includes(userId) || (v.direct_subgroups ?? []).some((g) => groupIds.has(g));
}

/** Whether a value names a group directly (as its ID or among its subgroups). */
export function groupSettingUses(value: unknown, groupId: number): boolean {
  return value === groupId || (typeof value === 'object' && value !== null
    && ((value as { direct_subgroups?: number[] }).direct_subgroups ?? []).includes(groupId));
}
