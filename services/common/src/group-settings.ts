import { BadRequestError } from './errors';

/**
 * Group-setting values (Zulip's can_*_group settings, of realms, groups and channels): a
 * group's ID, or {direct_members, direct_subgroups}. Changes come as {new, old?}. The users
 * service owns groups and validates values; every service reads them with these helpers.
 */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/**
 * A group-setting value sent as JSON text. Its shape is checked by whoever owns the groups;
 * here only its depth, so that JSON nested thousands deep is refused before anything walks it
 * recursively (JSON.stringify overflowed the stack on one: a 500 the fuzz test found). A value
 * is at most an object of lists (depth 2); a change, {new, old} of values (depth 3).
 */
export function parseGroupSettingValue(name: string, raw: unknown, maxDepth = 2): unknown {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadRequestError(`Invalid ${name}`);
    }
  }
  if (deeperThan(value, maxDepth)) throw new BadRequestError(`Invalid ${name}`);
  return value;
}

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Whether objects and lists nest more than `max` levels (a number: 0; [1]: 1), found without recursion. */
export function deeperThan(value: unknown, max: number): boolean {
  let level = [value].filter(isContainer);
  for (let depth = 1; level.length; depth++) {
    if (depth > max) return true;
    level = level.flatMap((v): unknown[] => Object.values(v)).filter(isContainer);
  }
  return false;
}

export function parseGroupSettingChange(name: string, raw: unknown): { new: unknown; old?: unknown } {
  const change = parseGroupSettingValue(name, raw, 3);
  if (typeof change !== 'object' || change === null || !('new' in change)) throw new BadRequestError(`${name} must be {"new": ..., "old": ...}`);
  return change;
}

/** Equality of two values whatever the order of their lists. */
export function sameGroupSetting(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    typeof v === 'object' && v !== null
      ? { m: [...((v as { direct_members?: number[] }).direct_members ?? [])].sort(), s: [...((v as { direct_subgroups?: number[] }).direct_subgroups ?? [])].sort() }
      : v;
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
  return value === groupId || (typeof value === 'object' && value !== null && ((value as { direct_subgroups?: number[] }).direct_subgroups ?? []).includes(groupId));
}

/** A realm's settings (group settings as values), its system groups' IDs by name, and its string ID. */
export interface RealmPolicy {
  settings: Record<string, unknown>;
  systemGroups: Record<string, number>;
  stringId: string;
  /** The realm's URL, where the users service said it (GetRealmPolicyReply.realm_url). */
  url?: string;
}

/** The name a realm shows for the empty topic (its realm_empty_topic_display_name setting). */
export function emptyTopicDisplayName(settings: Record<string, unknown>): string {
  return String((settings.realm_empty_topic_display_name as string | undefined) ?? '');
}

/** The users service's realm policy as it travels (GetRealmPolicyReply, or a caller context), decoded. */
export function realmPolicyOf(r: { settings: string; system_groups: Record<string, number | string>; string_id?: string; realm_url?: string }): RealmPolicy {
  return {
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    systemGroups: Object.fromEntries(Object.entries(r.system_groups).map(([k, v]) => [k, Number(v)])),
    stringId: r.string_id ?? '',
    ...(r.realm_url ? { url: r.realm_url } : {}),
  };
}
