/**
 * Personal settings: each with its type, allowed values, Zulip's default, and where it may
 * be set — PATCH /settings (every one here) and PATCH /realm/user_settings_defaults (the
 * ones with `realmDefault`). The settings table of the spec plus the reference's endpoints.
 */
export type SettingValue = boolean | number | string;

interface SettingSpec {
  type: 'bool' | 'int' | 'string';
  default: SettingValue;
  /** Allowed values; for strings and enumerated integers. */
  values?: readonly SettingValue[];
  /** Inclusive bounds of free integers. */
  min?: number;
  max?: number;
  /** Settable in PATCH /realm/user_settings_defaults. */
  realmDefault: boolean;
  /** Legacy event family for clients without the user_settings_object capability. */
  legacy: 'display' | 'notification';
}

const bool = (d: boolean, legacy: SettingSpec['legacy'], realmDefault = true): SettingSpec => ({ type: 'bool', default: d, realmDefault, legacy });
const oneOf = <T extends SettingValue>(d: T, values: readonly T[], legacy: SettingSpec['legacy'], realmDefault = true): SettingSpec => ({
  type: typeof d === 'number' ? 'int' : 'string',
  default: d,
  values,
  realmDefault,
  legacy,
});
const range = (d: number, min: number, max: number, legacy: SettingSpec['legacy']): SettingSpec => ({ type: 'int', default: d, min, max, realmDefault: true, legacy });

export const NOTIFICATION_SOUNDS = ['zulip', 'ding', 'chime-ding', 'ding-dong', 'ding-ding', 'cardinal', 'corgi', 'splash'] as const;
export const EMOJISETS = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
] as const;
/** Languages with translations (Zulip's list, by code). */
export const LANGUAGES = [
  'en',
  'ar',
  'be',
  'bg',
  'bn',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en-gb',
  'eo',
  'es',
  'fa',
  'fi',
  'fr',
  'gl',
  'gu',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ml',
  'mn',
  'nl',
  'no',
  'pa',
  'pl',
  'pt',
  'pt-br',
  'pt-pt',
  'ro',
  'ru',
  'si',
  'sk',
  'sr',
  'sv',
  'ta',
  'te',
  'tl',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh-hans',
  'zh-hant',
] as const;

export const SETTINGS: Record<string, SettingSpec> = {
  twenty_four_hour_time: bool(false, 'display'),
  web_mark_read_on_scroll_policy: oneOf(1, [1, 2, 3], 'display'),
  web_channel_default_view: oneOf(1, [1, 2, 3, 4], 'display'),
  starred_message_counts: bool(true, 'display'),
  receives_typing_notifications: bool(true, 'display'),
  web_suggest_update_timezone: bool(true, 'display'),
  fluid_layout_width: bool(false, 'display'),
  high_contrast_mode: bool(false, 'display'),
  web_font_size_px: range(16, 12, 24, 'display'),
  web_line_height_percent: range(140, 122, 158, 'display'),
  color_scheme: oneOf(1, [1, 2, 3], 'display'),
  enable_drafts_synchronization: bool(true, 'display'),
  translate_emoticons: bool(false, 'display'),
  display_emoji_reaction_users: bool(true, 'display'),
  default_language: oneOf('en', LANGUAGES, 'display', false),
  web_home_view: oneOf('inbox', ['recent_topics', 'inbox', 'all_messages'], 'display'),
  web_escape_navigates_to_home_view: bool(true, 'display'),
  left_side_userlist: bool(false, 'display'),
  emojiset: oneOf(
    'google',
    EMOJISETS.map((e) => e.key),
    'display',
  ),
  demote_inactive_streams: oneOf(1, [1, 2, 3], 'display'),
  user_list_style: oneOf(2, [1, 2, 3], 'display'),
  web_animate_image_previews: oneOf('on_hover', ['always', 'on_hover', 'never'], 'display'),
  web_stream_unreads_count_display_policy: oneOf(2, [1, 2, 3], 'display'),
  hide_ai_features: bool(false, 'display'),
  web_left_sidebar_show_channel_folders: bool(true, 'display'),
  web_left_sidebar_unreads_count_summary: bool(true, 'display'),
  enable_stream_desktop_notifications: bool(false, 'notification'),
  enable_stream_email_notifications: bool(false, 'notification'),
  enable_stream_push_notifications: bool(false, 'notification'),
  enable_stream_audible_notifications: bool(false, 'notification'),
  notification_sound: oneOf('zulip', [...NOTIFICATION_SOUNDS, 'none'], 'notification'),
  enable_desktop_notifications: bool(true, 'notification'),
  enable_sounds: bool(true, 'notification'),
  email_notifications_batching_period_seconds: range(120, 120, 7 * 24 * 3600, 'notification'),
  enable_offline_email_notifications: bool(true, 'notification'),
  enable_offline_push_notifications: bool(true, 'notification'),
  enable_online_push_notifications: bool(true, 'notification'),
  enable_followed_topic_desktop_notifications: bool(true, 'notification'),
  enable_followed_topic_email_notifications: bool(true, 'notification'),
  enable_followed_topic_push_notifications: bool(true, 'notification'),
  enable_followed_topic_audible_notifications: bool(true, 'notification'),
  enable_digest_emails: bool(true, 'notification'),
  enable_marketing_emails: bool(true, 'notification', false),
  enable_login_emails: bool(true, 'notification', false),
  message_content_in_email_notifications: bool(true, 'notification'),
  pm_content_in_desktop_notifications: bool(true, 'notification'),
  wildcard_mentions_notify: bool(true, 'notification'),
  enable_followed_topic_wildcard_mentions_notify: bool(true, 'notification'),
  desktop_icon_count_display: oneOf(1, [1, 2, 3, 4], 'notification'),
  realm_name_in_email_notifications_policy: oneOf(1, [1, 2, 3], 'notification'),
  automatically_follow_topics_policy: oneOf(3, [1, 2, 3, 4], 'notification'),
  automatically_unmute_topics_in_muted_streams_policy: oneOf(2, [1, 2, 3, 4], 'notification'),
  automatically_follow_topics_where_mentioned: bool(true, 'notification'),
  resolved_topic_notice_auto_read_policy: oneOf('except_followed', ['always', 'except_followed', 'never'], 'notification'),
  presence_enabled: bool(true, 'notification'),
  enter_sends: bool(false, 'display'),
  send_private_typing_notifications: bool(true, 'notification'),
  send_stream_typing_notifications: bool(true, 'notification'),
  send_read_receipts: bool(true, 'notification'),
  allow_private_data_export: bool(false, 'notification', false),
  email_address_visibility: oneOf(1, [1, 2, 3, 4, 5], 'notification'),
  web_navigate_to_sent_message: bool(true, 'display'),
};

export const SETTING_DEFAULTS: Record<string, SettingValue> = Object.fromEntries(Object.entries(SETTINGS).map(([k, s]) => [k, s.default]));

export const REALM_DEFAULT_SETTINGS = Object.keys(SETTINGS).filter((k) => SETTINGS[k].realmDefault);
