import type { SystemGroupName } from './system-groups';

/**
 * A new realm's settings, Zulip's defaults. Group settings name a system group here and are
 * stored as that group's ID. PATCH /realm (the users/settings issue) changes them.
 */
export const REALM_SETTING_DEFAULTS = {
  invite_required: true,
  emails_restricted_to_domains: false,
  disallow_disposable_email_addresses: true,
  waiting_period_threshold: 0,
  allow_message_editing: true,
  message_content_edit_limit_seconds: 600,
  message_content_delete_limit_seconds: null as number | null,
  move_messages_within_stream_limit_seconds: 604800,
  move_messages_between_streams_limit_seconds: 604800,
  message_retention_days: -1,
  enable_spectator_access: false,
  topics_policy: 'allow_empty_topic',
  message_edit_history_visibility_policy: 'all',
  new_stream_announcements_stream_id: -1,
  signup_announcements_stream_id: -1,
  zulip_update_announcements_stream_id: -1,
  moderation_request_channel_id: -1,
  default_language: 'en',
  default_code_block_language: '',
  inline_image_preview: true,
  inline_url_embed_preview: false,
  digest_emails_enabled: false,
  send_welcome_emails: true,
  welcome_message_custom_text: '',
  message_content_allowed_in_email_notifications: true,
  mandatory_topics: false,
  enable_read_receipts: true,
  enable_guest_user_indicator: true,
  enable_guest_user_dm_warning: true,
  want_advertise_in_communities_directory: false,
  video_chat_provider: 1,
  giphy_rating: 2,
  org_type: 0,
  plan_type: 1,
  icon_source: 'G',
  icon_version: 1,
  logo_source: 'D',
  logo_version: 1,
  night_logo_source: 'D',
  night_logo_version: 1,
  require_unique_names: false,
  name_changes_disabled: false,
  email_changes_disabled: false,
  avatar_changes_disabled: false,
  jitsi_server_url: null as string | null,
  realm_empty_topic_display_name: 'general chat',
};

export const REALM_GROUP_SETTING_DEFAULTS: Record<string, SystemGroupName> = {
  can_access_all_users_group: 'role:everyone',
  can_add_custom_emoji_group: 'role:members',
  can_add_subscribers_group: 'role:members',
  can_create_bots_group: 'role:members',
  can_create_groups: 'role:members',
  can_create_private_channel_group: 'role:members',
  can_create_public_channel_group: 'role:members',
  can_create_web_public_channel_group: 'role:owners',
  can_create_write_only_bots_group: 'role:members',
  can_delete_any_message_group: 'role:administrators',
  can_delete_own_message_group: 'role:everyone',
  can_invite_users_group: 'role:members',
  can_manage_all_groups: 'role:owners',
  can_manage_billing_group: 'role:administrators',
  can_mention_many_users_group: 'role:administrators',
  can_move_messages_between_channels_group: 'role:members',
  can_move_messages_between_topics_group: 'role:everyone',
  can_resolve_topics_group: 'role:everyone',
  can_set_delete_message_policy_group: 'role:moderators',
  can_set_topics_policy_group: 'role:moderators',
  can_summarize_topics_group: 'role:everyone',
  create_multiuse_invite_group: 'role:administrators',
  direct_message_initiator_group: 'role:everyone',
  direct_message_permission_group: 'role:everyone',
};

export type RealmSettings = Record<string, unknown>;

/** The settings row of a new realm: defaults, with group settings resolved to group IDs. */
export function initialRealmSettings(groupIds: Record<SystemGroupName, number>): RealmSettings {
  const groups = Object.fromEntries(Object.entries(REALM_GROUP_SETTING_DEFAULTS).map(([key, name]) => [key, groupIds[name]]));
  return { ...REALM_SETTING_DEFAULTS, ...groups };
}
