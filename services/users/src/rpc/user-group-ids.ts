import { parseIntList } from '@parley/common';

/** A JSON list of IDs (validated by the gateway too; services do not trust their callers). */
export function idList(name: string, raw: string | undefined): number[] {
  if (raw === undefined) return [];
  return parseIntList(name, raw);
}

/** The group permission settings present in a request, by name. */
export function groupSettingParams(req: Record<string, unknown>): Record<string, unknown> {
  const keys = ['can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group', 'can_remove_members_group'];
  return Object.fromEntries(keys.filter((k) => req[k] !== undefined).map((k) => [k, req[k]]));
}
