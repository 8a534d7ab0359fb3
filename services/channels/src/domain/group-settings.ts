import { BadRequestError, CHANNEL_GROUP_SETTINGS, GroupSettingValue, parseGroupSettingChange, parseGroupSettingValue } from '@parley/common';

export { CHANNEL_GROUP_SETTINGS } from '@parley/common';

export type ChannelGroupSetting = keyof typeof CHANNEL_GROUP_SETTINGS;
export const CHANNEL_GROUP_SETTING_NAMES = Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[];

/** The group settings a request carries, parsed from their JSON text. */
export function requestedGroupSettings(req: Record<string, unknown>): Partial<Record<ChannelGroupSetting, unknown>> {
  const out: Partial<Record<ChannelGroupSetting, unknown>> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) if (req[name] !== undefined) out[name] = parseGroupSettingValue(name, req[name]);
  return out;
}

/** The group-setting changes ({new, old?}) a PATCH /streams request carries. */
export function requestedGroupSettingChanges(req: Record<string, unknown>): Partial<Record<ChannelGroupSetting, { new: unknown; old?: unknown }>> {
  const out: Partial<Record<ChannelGroupSetting, { new: unknown; old?: unknown }>> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) if (req[name] !== undefined) out[name] = parseGroupSettingChange(name, req[name]);
  return out;
}

/** A new channel's settings: the requested (already validated) values over the initial ones. */
export function initialGroupSettings(
  requested: Partial<Record<ChannelGroupSetting, unknown>>,
  systemGroups: Record<string, number>,
  creatorId: number,
): Record<ChannelGroupSetting, GroupSettingValue> {
  const out = {} as Record<ChannelGroupSetting, GroupSettingValue>;
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const initial = CHANNEL_GROUP_SETTINGS[name].initial;
    const fallback: GroupSettingValue = initial === 'creator' ? { direct_members: [creatorId], direct_subgroups: [] } : systemGroups[initial];
    if (fallback === undefined) throw new BadRequestError(`The organization has no '${initial}' group`);
    out[name] = (requested[name] as GroupSettingValue | undefined) ?? fallback;
  }
  return out;
}
