/**
 * The ten group settings of a channel (Zulip 11): who may hold each, and its value at
 * creation when the request does not give one. `creator` is {direct_members: [creator]}.
 * The channels service enforces them; the users service describes them to clients
 * (register's server_supported_permission_settings), so both read this one table.
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
