import { LANGUAGES } from './settings-schema';

/**
 * The realm settings PATCH /realm changes, with their types and allowed values (Zulip's).
 * `limit` settings take a number of seconds, or "unlimited" (stored as null); `channel`
 * settings a channel ID or -1 (none); `group` settings a group-setting value sent as
 * {new, old?}. `ownerOnly` ones need an owner, as in Zulip.
 */
export type RealmSettingKind = 'bool' | 'int' | 'string' | 'limit' | 'retention' | 'channel' | 'group';

export interface RealmSettingSpec {
  kind: RealmSettingKind;
  values?: readonly (string | number)[];
  min?: number;
  max?: number;
  ownerOnly?: boolean;
  /** For group settings: whether role:everyone (and so guests) may hold the permission. */
  allowEveryone?: boolean;
}

const bool: RealmSettingSpec = { kind: 'bool' };
const limit: RealmSettingSpec = { kind: 'limit', min: 0 };
const channel: RealmSettingSpec = { kind: 'channel' };
const group = (allowEveryone: boolean, ownerOnly = false): RealmSettingSpec => ({ kind: 'group', allowEveryone, ownerOnly });

export const REALM_SETTINGS: Record<string, RealmSettingSpec> = {
  name: { kind: 'string', min: 1, max: 40 },
  description: { kind: 'string', min: 0, max: 1000 },
  allow_message_editing: bool,
  invite_required: bool,
  emails_restricted_to_domains: bool,
  disallow_disposable_email_addresses: bool,
  inline_image_preview: bool,
  inline_url_embed_preview: bool,
  digest_emails_enabled: bool,
  send_welcome_emails: bool,
  message_content_allowed_in_email_notifications: bool,
  mandatory_topics: bool,
  enable_read_receipts: bool,
  enable_guest_user_indicator: bool,
  enable_guest_user_dm_warning: bool,
  want_advertise_in_communities_directory: bool,
  require_unique_names: bool,
  name_changes_disabled: bool,
  email_changes_disabled: bool,
  avatar_changes_disabled: bool,
  enable_spectator_access: bool,
  waiting_period_threshold: { kind: 'int', min: 0, max: 1_000_000 },
  video_chat_provider: { kind: 'int', values: [0, 1, 3, 4, 5] },
  giphy_rating: { kind: 'int', values: [0, 1, 2, 3] },
  digest_weekday: { kind: 'int', min: 0, max: 6 },
  org_type: { kind: 'int', values: [0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 1000] },
  default_language: { kind: 'string', values: LANGUAGES },
  default_code_block_language: { kind: 'string', min: 0, max: 100 },
  // Zulip's Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH.
  welcome_message_custom_text: { kind: 'string', min: 0, max: 8000 },
  topics_policy: { kind: 'string', values: ['allow_empty_topic', 'disable_empty_topic'] },
  message_edit_history_visibility_policy: { kind: 'string', values: ['all', 'moves', 'none'] },
  message_content_edit_limit_seconds: limit,
  message_content_delete_limit_seconds: limit,
  move_messages_within_stream_limit_seconds: limit,
  move_messages_between_streams_limit_seconds: limit,
  message_retention_days: { kind: 'retention', min: 1 },
  new_stream_announcements_stream_id: channel,
  signup_announcements_stream_id: channel,
  zulip_update_announcements_stream_id: channel,
  moderation_request_channel_id: channel,
  can_access_all_users_group: group(true),
  can_add_custom_emoji_group: group(false),
  can_add_subscribers_group: group(false),
  can_create_bots_group: group(false),
  can_create_groups: group(false),
  can_create_private_channel_group: group(false),
  can_create_public_channel_group: group(false),
  can_create_web_public_channel_group: group(false, true),
  can_create_write_only_bots_group: group(false),
  can_delete_any_message_group: group(false),
  can_delete_own_message_group: group(true),
  can_invite_users_group: group(false),
  can_manage_all_groups: group(false, true),
  can_manage_billing_group: group(false, true),
  can_mention_many_users_group: group(true),
  can_move_messages_between_channels_group: group(false),
  can_move_messages_between_topics_group: group(true),
  can_resolve_topics_group: group(true),
  can_set_delete_message_policy_group: group(false),
  can_set_topics_policy_group: group(false),
  can_summarize_topics_group: group(true),
  create_multiuse_invite_group: group(false),
  direct_message_initiator_group: group(true),
  direct_message_permission_group: group(true),
};

/** Settings the reference's realm update_dict event carries; the others go as op: update. */
export const UPDATE_DICT_SETTINGS = new Set(Object.keys(REALM_SETTINGS).filter((k) => !['message_retention_days', 'avatar_changes_disabled'].includes(k)));
