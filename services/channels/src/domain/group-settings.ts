import { BadRequestError, GroupSettingValue, parseGroupSettingChange, parseGroupSettingValue } from '@parley/common';

/**
 * The ten group settings of a channel (Zulip 11): who may hold each, and its value at
 * creation when the request does not give one. `creator` is {direct_members: [creator]}.
 */
export const CHANNEL_GROUP_SETTINGS = {
  can_add_subscribers_group: { allowEveryone: false, initial: 'role:nobody' },
  can_administer_channel_group: { allowEveryone: false, initial: 'creator' },
  can_delete_any_message_group: { allowEveryone: false, initial: 'role:nobody' },
  can_delete_own_message_group: { allowEveryone: true, initial: 'role:nobody' },
  can_move_messages_out_of_channel_group: { allowEveryone: true, initial: 'role:nobody' },
  can_move_messages_within_channel_group: { allowEveryone: true, initial: 'role:nobody' },
  can_remove_subscribers_group: { allowEveryone: true, initial: 'role:administrators' },
  can_resolve_topics_group: { allowEveryone: true, initial: 'role:nobody' },
  can_send_message_group: { allowEveryone: true, initial: 'role:everyone' },
  can_subscribe_group: { allowEveryone: false, initial: 'role:nobody' },
} as const;

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
  requested: Partial<Record<ChannelGroupSetting, unknown>>, systemGroups: Record<string, number>, creatorId: number,
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
