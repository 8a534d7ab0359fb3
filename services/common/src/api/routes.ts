import type { ServiceName } from '../config';

/**
 * Parameter types of the route table, with Zulip's encodings: integers are decimal strings,
 * booleans JSON true/false, lists and objects JSON-encoded strings (the gateway's params.ts
 * checks them). `email` is a string that, as a path parameter, matches only a segment with an
 * `@` (gateway/src/router.ts), as `int` matches only digits. A trailing `?` marks an optional
 * parameter: `'int?'`.
 */
export type ParamType = 'int' | 'string' | 'email' | 'bool' | 'json' | 'int[]' | 'string[]' | 'object';
export type ParamDecl = ParamType | `${ParamType}?`;

/**
 * The route table: one row per endpoint under /api/v1, the one list of Parley's gateway-facing
 * endpoints. The gateway routes by it (gateway/src/router.ts) and describes it (gateway/src/
 * openapi/); the services type their handler tables by it (`RouteHandlers`, route-rpcs.ts).
 * `auth: 'public'` routes need no credentials; every other route authenticates the caller, and
 * role and permission checks happen in the service (the gateway holds no rules). Parameter
 * names are the RPC request message's field names (Zulip's wire names). What else a new
 * endpoint needs (response schema, RPC, handler, docs, a sample request): docs/architecture.md.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  service: ServiceName;
  rpc: string;
  auth: 'public' | 'user';
  params: Readonly<Record<string, ParamDecl>>;
  /** The gRPC deadline, when the default (GRPC_DEADLINE_MS) is too short: long polls. */
  deadlineMs?: number;
  /**
   * The service's bidirectional RPC that carries this route's calls, many on one stream
   * (@parley/common's multiplexed.ts), instead of a call of their own: for long polls, which
   * are many at once and idempotent (a call whose stream ends unanswered is sent again).
   */
  multiplexedOn?: string;
  /**
   * `login`: a password login, limited per username on failures; `password_reset`: a mail
   * asked for an address, every request counted against that address (rate-limit.ts).
   */
  rateLimit?: 'login' | 'password_reset';
  /** Request headers passed on as parameters (header name, lower case → parameter name). */
  headerParams?: Readonly<Record<string, string>>;
}

/** A channel's ten group settings: group-setting values on create, {new, old?} changes on update. */
const CHANNEL_GROUP_SETTING_PARAMS: Record<string, ParamDecl> = {
  can_add_subscribers_group: 'json?',
  can_remove_subscribers_group: 'json?',
  can_administer_channel_group: 'json?',
  can_delete_any_message_group: 'json?',
  can_delete_own_message_group: 'json?',
  can_move_messages_out_of_channel_group: 'json?',
  can_move_messages_within_channel_group: 'json?',
  can_send_message_group: 'json?',
  can_subscribe_group: 'json?',
  can_resolve_topics_group: 'json?',
};

/**
 * The personal settings an organization can choose defaults for: PATCH /realm/user_settings_defaults
 * takes exactly these, and PATCH /settings takes them plus the account-only ones below.
 */
const REALM_DEFAULT_PARAMS: Record<string, ParamDecl> = {
  twenty_four_hour_time: 'bool?',
  web_mark_read_on_scroll_policy: 'int?',
  web_channel_default_view: 'int?',
  starred_message_counts: 'bool?',
  receives_typing_notifications: 'bool?',
  web_suggest_update_timezone: 'bool?',
  fluid_layout_width: 'bool?',
  high_contrast_mode: 'bool?',
  web_font_size_px: 'int?',
  web_line_height_percent: 'int?',
  color_scheme: 'int?',
  enable_drafts_synchronization: 'bool?',
  translate_emoticons: 'bool?',
  display_emoji_reaction_users: 'bool?',
  web_home_view: 'string?',
  web_escape_navigates_to_home_view: 'bool?',
  left_side_userlist: 'bool?',
  emojiset: 'string?',
  demote_inactive_streams: 'int?',
  user_list_style: 'int?',
  web_animate_image_previews: 'string?',
  web_stream_unreads_count_display_policy: 'int?',
  hide_ai_features: 'bool?',
  web_left_sidebar_show_channel_folders: 'bool?',
  web_left_sidebar_unreads_count_summary: 'bool?',
  enable_stream_desktop_notifications: 'bool?',
  enable_stream_email_notifications: 'bool?',
  enable_stream_push_notifications: 'bool?',
  enable_stream_audible_notifications: 'bool?',
  notification_sound: 'string?',
  enable_desktop_notifications: 'bool?',
  enable_sounds: 'bool?',
  email_notifications_batching_period_seconds: 'int?',
  enable_offline_email_notifications: 'bool?',
  enable_offline_push_notifications: 'bool?',
  enable_online_push_notifications: 'bool?',
  enable_followed_topic_desktop_notifications: 'bool?',
  enable_followed_topic_email_notifications: 'bool?',
  enable_followed_topic_push_notifications: 'bool?',
  enable_followed_topic_audible_notifications: 'bool?',
  enable_digest_emails: 'bool?',
  message_content_in_email_notifications: 'bool?',
  pm_content_in_desktop_notifications: 'bool?',
  wildcard_mentions_notify: 'bool?',
  enable_followed_topic_wildcard_mentions_notify: 'bool?',
  desktop_icon_count_display: 'int?',
  realm_name_in_email_notifications_policy: 'int?',
  automatically_follow_topics_policy: 'int?',
  automatically_unmute_topics_in_muted_streams_policy: 'int?',
  automatically_follow_topics_where_mentioned: 'bool?',
  resolved_topic_notice_auto_read_policy: 'string?',
  presence_enabled: 'bool?',
  enter_sends: 'bool?',
  send_private_typing_notifications: 'bool?',
  send_stream_typing_notifications: 'bool?',
  send_read_receipts: 'bool?',
  email_address_visibility: 'int?',
  web_navigate_to_sent_message: 'bool?',
};

/** PATCH /settings's parameters: the account ones and every personal setting. */
const SETTINGS_PARAMS: Record<string, ParamDecl> = {
  full_name: 'string?',
  email: 'string?',
  old_password: 'string?',
  new_password: 'string?',
  timezone: 'string?',
  default_language: 'string?',
  enable_marketing_emails: 'bool?',
  enable_login_emails: 'bool?',
  allow_private_data_export: 'bool?',
  ...REALM_DEFAULT_PARAMS,
};

/** PATCH /realm's parameters (Zulip's realm settings; see realm-update-schema.ts). */
const REALM_PARAMS: Record<string, ParamDecl> = {
  message_edit_history_visibility_policy: 'string?',
  allow_edit_history: 'bool?',
  name: 'string?',
  description: 'string?',
  allow_message_editing: 'bool?',
  invite_required: 'bool?',
  emails_restricted_to_domains: 'bool?',
  disallow_disposable_email_addresses: 'bool?',
  inline_image_preview: 'bool?',
  inline_url_embed_preview: 'bool?',
  digest_emails_enabled: 'bool?',
  send_welcome_emails: 'bool?',
  message_content_allowed_in_email_notifications: 'bool?',
  mandatory_topics: 'bool?',
  enable_read_receipts: 'bool?',
  enable_guest_user_indicator: 'bool?',
  enable_guest_user_dm_warning: 'bool?',
  want_advertise_in_communities_directory: 'bool?',
  require_unique_names: 'bool?',
  name_changes_disabled: 'bool?',
  email_changes_disabled: 'bool?',
  avatar_changes_disabled: 'bool?',
  enable_spectator_access: 'bool?',
  waiting_period_threshold: 'int?',
  video_chat_provider: 'int?',
  giphy_rating: 'int?',
  digest_weekday: 'int?',
  org_type: 'int?',
  default_language: 'string?',
  default_code_block_language: 'string?',
  welcome_message_custom_text: 'string?',
  topics_policy: 'string?',
  message_content_edit_limit_seconds: 'string?',
  message_content_delete_limit_seconds: 'string?',
  move_messages_within_stream_limit_seconds: 'string?',
  move_messages_between_streams_limit_seconds: 'string?',
  message_retention_days: 'string?',
  new_stream_announcements_stream_id: 'int?',
  signup_announcements_stream_id: 'int?',
  zulip_update_announcements_stream_id: 'int?',
  moderation_request_channel_id: 'int?',
  can_access_all_users_group: 'json?',
  can_add_custom_emoji_group: 'json?',
  can_add_subscribers_group: 'json?',
  can_create_bots_group: 'json?',
  can_create_groups: 'json?',
  can_create_private_channel_group: 'json?',
  can_create_public_channel_group: 'json?',
  can_create_web_public_channel_group: 'json?',
  can_create_write_only_bots_group: 'json?',
  can_delete_any_message_group: 'json?',
  can_delete_own_message_group: 'json?',
  can_invite_users_group: 'json?',
  can_manage_all_groups: 'json?',
  can_manage_billing_group: 'json?',
  can_mention_many_users_group: 'json?',
  can_move_messages_between_channels_group: 'json?',
  can_move_messages_between_topics_group: 'json?',
  can_resolve_topics_group: 'json?',
  can_set_delete_message_policy_group: 'json?',
  can_set_topics_policy_group: 'json?',
  can_summarize_topics_group: 'json?',
  create_multiuse_invite_group: 'json?',
  direct_message_initiator_group: 'json?',
  direct_message_permission_group: 'json?',
};

/** A named user group's own permission settings, each a JSON {new, old?} group-setting change. */
const GROUP_PERMISSION_PARAMS: Record<string, ParamDecl> = {
  can_add_members_group: 'json?',
  can_join_group: 'json?',
  can_leave_group: 'json?',
  can_manage_group: 'json?',
  can_mention_group: 'json?',
  can_remove_members_group: 'json?',
};

/** Kept `as const`: the types below read each row's method, path, service and rpc. */
const ROUTE_TABLE = [
  { method: 'GET', path: '/server_settings', service: 'users', rpc: 'GetServerSettings', auth: 'public', params: {} },
  { method: 'POST', path: '/fetch_api_key', service: 'users', rpc: 'FetchApiKey', auth: 'public', rateLimit: 'login', params: { username: 'string', password: 'string' } },
  { method: 'POST', path: '/password_reset', service: 'users', rpc: 'RequestPasswordReset', auth: 'public', rateLimit: 'password_reset', params: { email: 'string' } },
  { method: 'GET', path: '/password_reset/:token', service: 'users', rpc: 'GetPasswordReset', auth: 'public', params: { token: 'string' } },
  { method: 'POST', path: '/password_reset/:token', service: 'users', rpc: 'ResetPassword', auth: 'public', params: { token: 'string', new_password: 'string' } },
  { method: 'GET', path: '/users/me', service: 'users', rpc: 'GetOwnUser', auth: 'user', params: {} },
  { method: 'DELETE', path: '/users/me', service: 'users', rpc: 'DeactivateOwnUser', auth: 'user', params: {} },
  { method: 'GET', path: '/users', service: 'users', rpc: 'GetUsers', auth: 'user', params: { client_gravatar: 'bool?', include_custom_profile_fields: 'bool?', user_ids: 'int[]?' } },
  { method: 'POST', path: '/users', service: 'users', rpc: 'CreateUser', auth: 'user', params: { email: 'string', password: 'string', full_name: 'string' } },
  { method: 'GET', path: '/users/:user_id', service: 'users', rpc: 'GetUser', auth: 'user', params: { user_id: 'int', client_gravatar: 'bool?', include_custom_profile_fields: 'bool?' } },
  { method: 'PATCH', path: '/users/:user_id', service: 'users', rpc: 'UpdateUser', auth: 'user', params: { user_id: 'int', full_name: 'string?', role: 'int?', profile_data: 'json?' } },
  { method: 'GET', path: '/users/:email', service: 'users', rpc: 'GetUserByEmail', auth: 'user', params: { email: 'email', client_gravatar: 'bool?', include_custom_profile_fields: 'bool?' } },
  { method: 'PATCH', path: '/users/:email', service: 'users', rpc: 'UpdateUserByEmail', auth: 'user', params: { email: 'email', full_name: 'string?', role: 'int?', profile_data: 'json?' } },
  { method: 'DELETE', path: '/users/:user_id', service: 'users', rpc: 'DeactivateUser', auth: 'user', params: { user_id: 'int', deactivation_notification_comment: 'string?' } },
  { method: 'POST', path: '/users/:user_id/reactivate', service: 'users', rpc: 'ReactivateUser', auth: 'user', params: { user_id: 'int' } },
  // Parley: an administrator sets a member's password (for one who cannot reset it by mail).
  { method: 'POST', path: '/users/:user_id/password', service: 'users', rpc: 'ResetUserPassword', auth: 'user', params: { user_id: 'int', new_password: 'string' } },
  {
    method: 'POST',
    path: '/invites/multiuse',
    service: 'users',
    rpc: 'CreateMultiuseInvite',
    auth: 'user',
    params: { invite_expires_in_minutes: 'json?', invite_as: 'int?', stream_ids: 'int[]?', include_realm_default_subscriptions: 'bool?' },
  },
  { method: 'GET', path: '/invites', service: 'users', rpc: 'GetInvites', auth: 'user', params: {} },
  {
    method: 'POST',
    path: '/invites',
    service: 'users',
    rpc: 'SendInvites',
    auth: 'user',
    params: {
      invitee_emails: 'string',
      invite_expires_in_minutes: 'json?',
      invite_as: 'int?',
      stream_ids: 'int[]',
      group_ids: 'int[]?',
      include_realm_default_subscriptions: 'bool?',
      notify_referrer_on_join: 'bool?',
      welcome_message_custom_text: 'string?',
    },
  },
  { method: 'DELETE', path: '/invites/:invite_id', service: 'users', rpc: 'RevokeInvite', auth: 'user', params: { invite_id: 'int' } },
  { method: 'POST', path: '/invites/:invite_id/resend', service: 'users', rpc: 'ResendInvite', auth: 'user', params: { invite_id: 'int' } },
  { method: 'DELETE', path: '/invites/multiuse/:invite_id', service: 'users', rpc: 'RevokeMultiuseInvite', auth: 'user', params: { invite_id: 'int' } },
  // Parley: asking to sign up through a reusable invitation link (a confirmation is mailed), in the Host's realm.
  { method: 'GET', path: '/invites/link/:key', service: 'users', rpc: 'GetInviteLink', auth: 'public', params: { key: 'string' } },
  { method: 'POST', path: '/invites/link/:key/accept', service: 'users', rpc: 'AcceptInviteLink', auth: 'public', params: { key: 'string', email: 'string' } },
  // Parley: the page a mailed invitation or sign-up confirmation opens (/accounts/do_confirm/<key>/).
  { method: 'GET', path: '/invites/confirm/:key', service: 'users', rpc: 'GetConfirmation', auth: 'public', params: { key: 'string' } },
  { method: 'POST', path: '/invites/confirm/:key', service: 'users', rpc: 'CompleteRegistration', auth: 'public', params: { key: 'string', full_name: 'string', password: 'string' } },
  {
    method: 'POST',
    path: '/bots',
    service: 'users',
    rpc: 'CreateBot',
    auth: 'user',
    params: { full_name: 'string', short_name: 'string', bot_type: 'int?', default_sending_stream: 'string?', default_events_register_stream: 'string?', default_all_public_streams: 'bool?' },
  },
  { method: 'GET', path: '/bots', service: 'users', rpc: 'GetBots', auth: 'user', params: {} },
  {
    method: 'PATCH',
    path: '/bots/:bot_id',
    service: 'users',
    rpc: 'UpdateBot',
    auth: 'user',
    params: {
      bot_id: 'int',
      full_name: 'string?',
      role: 'int?',
      bot_owner_id: 'int?',
      default_sending_stream: 'string?',
      default_events_register_stream: 'string?',
      default_all_public_streams: 'bool?',
    },
  },
  { method: 'DELETE', path: '/bots/:bot_id', service: 'users', rpc: 'DeactivateBot', auth: 'user', params: { bot_id: 'int' } },
  { method: 'POST', path: '/bots/:bot_id/api_key/regenerate', service: 'users', rpc: 'RegenerateBotApiKey', auth: 'user', params: { bot_id: 'int' } },
  { method: 'POST', path: '/users/me/apns_device_token', service: 'users', rpc: 'AddApnsDeviceToken', auth: 'user', params: { token: 'string', appid: 'string' } },
  { method: 'DELETE', path: '/users/me/apns_device_token', service: 'users', rpc: 'RemoveApnsDeviceToken', auth: 'user', params: { token: 'string' } },
  { method: 'POST', path: '/users/me/android_gcm_reg_id', service: 'users', rpc: 'AddFcmToken', auth: 'user', params: { token: 'string' } },
  { method: 'DELETE', path: '/users/me/android_gcm_reg_id', service: 'users', rpc: 'RemoveFcmToken', auth: 'user', params: { token: 'string' } },
  { method: 'POST', path: '/mobile_push/test_notification', service: 'users', rpc: 'TestPushNotification', auth: 'user', params: { token: 'string?' } },
  // Refused whatever the parameters (no push service).
  { method: 'POST', path: '/mobile_push/register', service: 'users', rpc: 'RegisterPushDevice', auth: 'user', params: {} },
  { method: 'POST', path: '/mobile_push/e2ee/test_notification', service: 'users', rpc: 'E2eeTestPushNotification', auth: 'user', params: {} },
  { method: 'GET', path: '/users/me/alert_words', service: 'users', rpc: 'GetAlertWords', auth: 'user', params: {} },
  { method: 'POST', path: '/users/me/alert_words', service: 'users', rpc: 'AddAlertWords', auth: 'user', params: { alert_words: 'string[]' } },
  { method: 'DELETE', path: '/users/me/alert_words', service: 'users', rpc: 'RemoveAlertWords', auth: 'user', params: { alert_words: 'string[]' } },
  { method: 'POST', path: '/users/me/muted_users/:muted_user_id', service: 'users', rpc: 'MuteUser', auth: 'user', params: { muted_user_id: 'int' } },
  { method: 'DELETE', path: '/users/me/muted_users/:muted_user_id', service: 'users', rpc: 'UnmuteUser', auth: 'user', params: { muted_user_id: 'int' } },
  {
    method: 'POST',
    path: '/users/me/status',
    service: 'users',
    rpc: 'UpdateOwnStatus',
    auth: 'user',
    params: { status_text: 'string?', away: 'bool?', emoji_name: 'string?', emoji_code: 'string?', reaction_type: 'string?' },
  },
  {
    method: 'POST',
    path: '/users/:user_id/status',
    service: 'users',
    rpc: 'UpdateUserStatus',
    auth: 'user',
    params: { user_id: 'int', status_text: 'string?', emoji_name: 'string?', emoji_code: 'string?', reaction_type: 'string?' },
  },
  { method: 'GET', path: '/users/:user_id/status', service: 'users', rpc: 'GetUserStatus', auth: 'user', params: { user_id: 'int' } },

  { method: 'PATCH', path: '/settings', service: 'users', rpc: 'UpdateSettings', auth: 'user', params: SETTINGS_PARAMS },
  // Deprecated aliases (feature level 80 merged them into PATCH /settings).
  { method: 'PATCH', path: '/settings/display', service: 'users', rpc: 'UpdateSettings', auth: 'user', params: SETTINGS_PARAMS },
  { method: 'PATCH', path: '/settings/notifications', service: 'users', rpc: 'UpdateSettings', auth: 'user', params: SETTINGS_PARAMS },
  { method: 'PATCH', path: '/realm/user_settings_defaults', service: 'users', rpc: 'UpdateRealmUserDefaults', auth: 'user', params: REALM_DEFAULT_PARAMS },

  { method: 'PATCH', path: '/realm', service: 'users', rpc: 'UpdateRealm', auth: 'user', params: REALM_PARAMS },

  {
    method: 'POST',
    path: '/user_groups/create',
    service: 'users',
    rpc: 'CreateUserGroup',
    auth: 'user',
    params: { name: 'string', description: 'string', members: 'int[]', subgroups: 'int[]?', ...GROUP_PERMISSION_PARAMS },
  },
  { method: 'GET', path: '/user_groups', service: 'users', rpc: 'GetUserGroups', auth: 'user', params: { include_deactivated_groups: 'bool?' } },
  {
    method: 'PATCH',
    path: '/user_groups/:user_group_id',
    service: 'users',
    rpc: 'UpdateUserGroup',
    auth: 'user',
    params: { user_group_id: 'int', name: 'string?', description: 'string?', deactivated: 'bool?', ...GROUP_PERMISSION_PARAMS },
  },
  {
    method: 'POST',
    path: '/user_groups/:user_group_id/members',
    service: 'users',
    rpc: 'UpdateUserGroupMembers',
    auth: 'user',
    params: { user_group_id: 'int', add: 'int[]?', delete: 'int[]?', add_subgroups: 'int[]?', delete_subgroups: 'int[]?' },
  },
  { method: 'POST', path: '/user_groups/:user_group_id/subgroups', service: 'users', rpc: 'UpdateUserGroupSubgroups', auth: 'user', params: { user_group_id: 'int', add: 'int[]?', delete: 'int[]?' } },
  { method: 'GET', path: '/user_groups/:user_group_id/members', service: 'users', rpc: 'GetUserGroupMembers', auth: 'user', params: { user_group_id: 'int', direct_member_only: 'bool?' } },
  {
    method: 'GET',
    path: '/user_groups/:user_group_id/members/:user_id',
    service: 'users',
    rpc: 'GetUserGroupMember',
    auth: 'user',
    params: { user_group_id: 'int', user_id: 'int', direct_member_only: 'bool?' },
  },
  { method: 'GET', path: '/user_groups/:user_group_id/subgroups', service: 'users', rpc: 'GetUserGroupSubgroups', auth: 'user', params: { user_group_id: 'int', direct_subgroup_only: 'bool?' } },
  { method: 'POST', path: '/user_groups/:user_group_id/deactivate', service: 'users', rpc: 'DeactivateUserGroup', auth: 'user', params: { user_group_id: 'int' } },

  { method: 'POST', path: '/realm/filters', service: 'users', rpc: 'AddLinkifier', auth: 'user', params: { pattern: 'string', url_template: 'string' } },
  { method: 'GET', path: '/realm/linkifiers', service: 'users', rpc: 'GetLinkifiers', auth: 'user', params: {} },
  { method: 'PATCH', path: '/realm/filters/:filter_id', service: 'users', rpc: 'UpdateLinkifier', auth: 'user', params: { filter_id: 'int', pattern: 'string', url_template: 'string' } },
  { method: 'DELETE', path: '/realm/filters/:filter_id', service: 'users', rpc: 'RemoveLinkifier', auth: 'user', params: { filter_id: 'int' } },
  { method: 'PATCH', path: '/realm/linkifiers', service: 'users', rpc: 'ReorderLinkifiers', auth: 'user', params: { ordered_linkifier_ids: 'int[]' } },
  { method: 'POST', path: '/realm/playgrounds', service: 'users', rpc: 'AddPlayground', auth: 'user', params: { name: 'string', pygments_language: 'string', url_template: 'string' } },
  { method: 'DELETE', path: '/realm/playgrounds/:playground_id', service: 'users', rpc: 'RemovePlayground', auth: 'user', params: { playground_id: 'int' } },

  { method: 'POST', path: '/realm/test_welcome_bot_custom_message', service: 'messages', rpc: 'TestWelcomeBotCustomMessage', auth: 'user', params: { welcome_message_custom_text: 'string' } },

  { method: 'GET', path: '/navigation_views', service: 'users', rpc: 'GetNavigationViews', auth: 'user', params: {} },
  { method: 'POST', path: '/navigation_views', service: 'users', rpc: 'AddNavigationView', auth: 'user', params: { fragment: 'string', is_pinned: 'bool', name: 'string?' } },
  // A fragment has slashes (narrow/is/starred), as Zulip's <path:fragment>.
  { method: 'PATCH', path: '/navigation_views/:fragment*', service: 'users', rpc: 'UpdateNavigationView', auth: 'user', params: { fragment: 'string', is_pinned: 'bool?', name: 'string?' } },
  { method: 'DELETE', path: '/navigation_views/:fragment*', service: 'users', rpc: 'RemoveNavigationView', auth: 'user', params: { fragment: 'string' } },

  {
    method: 'POST',
    path: '/users/me/presence',
    service: 'users',
    rpc: 'UpdatePresence',
    auth: 'user',
    params: { status: 'string', ping_only: 'bool?', new_user_input: 'bool?', slim_presence: 'bool?', last_update_id: 'int?', history_limit_days: 'int?' },
  },
  { method: 'GET', path: '/realm/presence', service: 'users', rpc: 'GetRealmPresence', auth: 'user', params: {} },
  { method: 'GET', path: '/users/:user_id_or_email/presence', service: 'users', rpc: 'GetUserPresence', auth: 'user', params: { user_id_or_email: 'string' } },

  { method: 'GET', path: '/realm/profile_fields', service: 'users', rpc: 'GetCustomProfileFields', auth: 'user', params: {} },
  {
    method: 'POST',
    path: '/realm/profile_fields',
    service: 'users',
    rpc: 'CreateCustomProfileField',
    auth: 'user',
    params: { name: 'string?', hint: 'string?', field_type: 'int', field_data: 'object?', display_in_profile_summary: 'bool?', required: 'bool?', editable_by_user: 'bool?' },
  },
  { method: 'PATCH', path: '/realm/profile_fields', service: 'users', rpc: 'ReorderCustomProfileFields', auth: 'user', params: { order: 'int[]' } },
  {
    method: 'PATCH',
    path: '/realm/profile_fields/:field_id',
    service: 'users',
    rpc: 'UpdateCustomProfileField',
    auth: 'user',
    params: { field_id: 'int', name: 'string?', hint: 'string?', field_data: 'object?', display_in_profile_summary: 'bool?', required: 'bool?', editable_by_user: 'bool?' },
  },
  { method: 'DELETE', path: '/realm/profile_fields/:field_id', service: 'users', rpc: 'DeleteCustomProfileField', auth: 'user', params: { field_id: 'int' } },
  { method: 'PATCH', path: '/users/me/profile_data', service: 'users', rpc: 'UpdateProfileData', auth: 'user', params: { data: 'json' } },
  { method: 'DELETE', path: '/users/me/profile_data', service: 'users', rpc: 'RemoveProfileData', auth: 'user', params: { data: 'int[]' } },

  { method: 'POST', path: '/channel_folders/create', service: 'channels', rpc: 'CreateChannelFolder', auth: 'user', params: { name: 'string', description: 'string?' } },
  { method: 'GET', path: '/channel_folders', service: 'channels', rpc: 'GetChannelFolders', auth: 'user', params: { include_archived: 'bool?' } },
  { method: 'PATCH', path: '/channel_folders', service: 'channels', rpc: 'ReorderChannelFolders', auth: 'user', params: { order: 'int[]' } },
  {
    method: 'PATCH',
    path: '/channel_folders/:channel_folder_id',
    service: 'channels',
    rpc: 'UpdateChannelFolder',
    auth: 'user',
    params: { channel_folder_id: 'int', name: 'string?', description: 'string?', is_archived: 'bool?' },
  },

  {
    method: 'POST',
    path: '/users/me/subscriptions',
    service: 'channels',
    rpc: 'Subscribe',
    auth: 'user',
    params: {
      subscriptions: 'json',
      principals: 'json?',
      authorization_errors_fatal: 'bool?',
      announce: 'bool?',
      invite_only: 'bool?',
      is_web_public: 'bool?',
      is_default_stream: 'bool?',
      history_public_to_subscribers: 'bool?',
      message_retention_days: 'string?',
      topics_policy: 'string?',
      folder_id: 'json?',
      send_new_subscription_messages: 'bool?',
      ...CHANNEL_GROUP_SETTING_PARAMS,
    },
  },
  { method: 'DELETE', path: '/users/me/subscriptions', service: 'channels', rpc: 'Unsubscribe', auth: 'user', params: { subscriptions: 'json', principals: 'json?' } },
  { method: 'PATCH', path: '/users/me/subscriptions', service: 'channels', rpc: 'UpdateSubscriptions', auth: 'user', params: { add: 'json?', delete: 'json?' } },
  { method: 'GET', path: '/users/me/subscriptions', service: 'channels', rpc: 'GetSubscriptions', auth: 'user', params: { include_subscribers: 'string?' } },
  { method: 'POST', path: '/users/me/subscriptions/properties', service: 'channels', rpc: 'UpdateSubscriptionProperties', auth: 'user', params: { subscription_data: 'json' } },
  { method: 'GET', path: '/users/:user_id/subscriptions/:stream_id', service: 'channels', rpc: 'GetSubscriptionStatus', auth: 'user', params: { user_id: 'int', stream_id: 'int' } },
  {
    method: 'POST',
    path: '/channels/create',
    service: 'channels',
    rpc: 'CreateChannel',
    auth: 'user',
    params: {
      name: 'string',
      description: 'string?',
      subscribers: 'int[]',
      announce: 'bool?',
      invite_only: 'bool?',
      is_web_public: 'bool?',
      is_default_stream: 'bool?',
      folder_id: 'json?',
      send_new_subscription_messages: 'bool?',
      topics_policy: 'string?',
      history_public_to_subscribers: 'bool?',
      message_retention_days: 'string?',
      ...CHANNEL_GROUP_SETTING_PARAMS,
    },
  },
  {
    method: 'GET',
    path: '/streams',
    service: 'channels',
    rpc: 'GetChannels',
    auth: 'user',
    params: {
      include_public: 'bool?',
      include_web_public: 'bool?',
      include_subscribed: 'bool?',
      exclude_archived: 'bool?',
      include_all_active: 'bool?',
      include_all: 'bool?',
      include_default: 'bool?',
      include_owner_subscribed: 'bool?',
      include_can_access_content: 'bool?',
    },
  },
  { method: 'GET', path: '/streams/:stream_id', service: 'channels', rpc: 'GetChannelById', auth: 'user', params: { stream_id: 'int' } },
  {
    method: 'PATCH',
    path: '/streams/:stream_id',
    service: 'channels',
    rpc: 'UpdateChannel',
    auth: 'user',
    params: {
      stream_id: 'int',
      description: 'string?',
      new_name: 'string?',
      is_private: 'bool?',
      is_web_public: 'bool?',
      history_public_to_subscribers: 'bool?',
      is_default_stream: 'bool?',
      message_retention_days: 'string?',
      is_archived: 'bool?',
      folder_id: 'json?',
      topics_policy: 'string?',
      ...CHANNEL_GROUP_SETTING_PARAMS,
    },
  },
  { method: 'DELETE', path: '/streams/:stream_id', service: 'channels', rpc: 'ArchiveChannel', auth: 'user', params: { stream_id: 'int' } },
  { method: 'POST', path: '/streams/:stream_id/delete_topic', service: 'messages', rpc: 'DeleteTopic', auth: 'user', params: { stream_id: 'int', topic_name: 'string' } },
  { method: 'POST', path: '/user_topics', service: 'messages', rpc: 'UpdateUserTopic', auth: 'user', params: { stream_id: 'int', topic: 'string', visibility_policy: 'int' } },
  {
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    service: 'messages',
    rpc: 'UpdateMutedTopic',
    auth: 'user',
    params: { stream_id: 'int?', stream: 'string?', topic: 'string', op: 'string' },
  },
  { method: 'GET', path: '/get_stream_id', service: 'channels', rpc: 'GetChannelId', auth: 'user', params: { stream: 'string' } },
  { method: 'GET', path: '/streams/:stream_id/members', service: 'channels', rpc: 'GetChannelMembers', auth: 'user', params: { stream_id: 'int' } },
  { method: 'GET', path: '/streams/:stream_id/email_address', service: 'channels', rpc: 'GetChannelEmailAddress', auth: 'user', params: { stream_id: 'int', sender_id: 'int?' } },
  { method: 'GET', path: '/default_streams', service: 'channels', rpc: 'GetDefaultChannels', auth: 'user', params: {} },
  { method: 'POST', path: '/default_streams', service: 'channels', rpc: 'AddDefaultChannel', auth: 'user', params: { stream_id: 'int' } },
  { method: 'DELETE', path: '/default_streams', service: 'channels', rpc: 'RemoveDefaultChannel', auth: 'user', params: { stream_id: 'int' } },

  {
    method: 'POST',
    path: '/messages',
    service: 'messages',
    rpc: 'SendMessage',
    auth: 'user',
    params: {
      type: 'string',
      to: 'string',
      topic: 'string?',
      subject: 'string?',
      content: 'string',
      queue_id: 'string?',
      local_id: 'string?',
      read_by_sender: 'bool?',
      idempotency_key: 'string?',
    },
    headerParams: { 'idempotency-key': 'idempotency_key' },
  },
  {
    method: 'GET',
    path: '/messages',
    service: 'messages',
    rpc: 'GetMessages',
    auth: 'user',
    params: {
      anchor: 'string?',
      anchor_date: 'int?',
      include_anchor: 'bool?',
      num_before: 'int?',
      num_after: 'int?',
      narrow: 'json?',
      client_gravatar: 'bool?',
      apply_markdown: 'bool?',
      use_first_unread_anchor: 'bool?',
      allow_empty_topic_name: 'bool?',
      message_ids: 'int[]?',
    },
  },
  { method: 'POST', path: '/messages/flags', service: 'messages', rpc: 'UpdateMessageFlags', auth: 'user', params: { messages: 'int[]', op: 'string', flag: 'string' } },
  {
    method: 'POST',
    path: '/messages/flags/narrow',
    service: 'messages',
    rpc: 'UpdateMessageFlagsForNarrow',
    auth: 'user',
    params: { anchor: 'string', include_anchor: 'bool?', num_before: 'int', num_after: 'int', narrow: 'json', op: 'string', flag: 'string' },
  },
  { method: 'POST', path: '/messages/render', service: 'messages', rpc: 'RenderMessage', auth: 'user', params: { content: 'string' } },
  { method: 'GET', path: '/messages/matches_narrow', service: 'messages', rpc: 'MatchesNarrow', auth: 'user', params: { msg_ids: 'int[]', narrow: 'json' } },
  { method: 'GET', path: '/messages/:message_id', service: 'messages', rpc: 'GetMessage', auth: 'user', params: { message_id: 'int', apply_markdown: 'bool?', allow_empty_topic_name: 'bool?' } },
  { method: 'DELETE', path: '/messages/:message_id', service: 'messages', rpc: 'DeleteMessage', auth: 'user', params: { message_id: 'int' } },
  {
    method: 'PATCH',
    path: '/messages/:message_id',
    service: 'messages',
    rpc: 'EditMessage',
    auth: 'user',
    params: {
      message_id: 'int',
      topic: 'string?',
      subject: 'string?',
      propagate_mode: 'string?',
      send_notification_to_old_thread: 'bool?',
      send_notification_to_new_thread: 'bool?',
      content: 'string?',
      prev_content_sha256: 'string?',
      stream_id: 'int?',
    },
  },
  {
    method: 'GET',
    path: '/messages/:message_id/history',
    service: 'messages',
    rpc: 'GetMessageHistory',
    auth: 'user',
    params: { message_id: 'int', apply_markdown: 'bool?', allow_empty_topic_name: 'bool?' },
  },
  { method: 'POST', path: '/messages/:message_id/report', service: 'messages', rpc: 'ReportMessage', auth: 'user', params: { message_id: 'int', report_type: 'string', description: 'string?' } },
  { method: 'POST', path: '/submessage', service: 'messages', rpc: 'AddSubmessage', auth: 'user', params: { message_id: 'int', msg_type: 'string', content: 'string' } },
  {
    method: 'POST',
    path: '/messages/:message_id/reactions',
    service: 'messages',
    rpc: 'AddReaction',
    auth: 'user',
    params: { message_id: 'int', emoji_name: 'string', emoji_code: 'string?', reaction_type: 'string?' },
  },
  {
    method: 'DELETE',
    path: '/messages/:message_id/reactions',
    service: 'messages',
    rpc: 'RemoveReaction',
    auth: 'user',
    params: { message_id: 'int', emoji_name: 'string?', emoji_code: 'string?', reaction_type: 'string?' },
  },
  { method: 'POST', path: '/mark_all_as_read', service: 'messages', rpc: 'MarkAllAsRead', auth: 'user', params: {} },
  { method: 'POST', path: '/mark_stream_as_read', service: 'messages', rpc: 'MarkChannelAsRead', auth: 'user', params: { stream_id: 'int' } },
  { method: 'POST', path: '/mark_topic_as_read', service: 'messages', rpc: 'MarkTopicAsRead', auth: 'user', params: { stream_id: 'int', topic_name: 'string' } },
  { method: 'GET', path: '/messages/:message_id/read_receipts', service: 'messages', rpc: 'GetReadReceipts', auth: 'user', params: { message_id: 'int' } },
  { method: 'GET', path: '/users/me/:stream_id/topics', service: 'messages', rpc: 'GetChannelTopics', auth: 'user', params: { stream_id: 'int', allow_empty_topic_name: 'bool?' } },

  { method: 'GET', path: '/scheduled_messages', service: 'messages', rpc: 'GetScheduledMessages', auth: 'user', params: {} },
  {
    method: 'POST',
    path: '/scheduled_messages',
    service: 'messages',
    rpc: 'CreateScheduledMessage',
    auth: 'user',
    params: { type: 'string', to: 'string', content: 'string', topic: 'string?', scheduled_delivery_timestamp: 'int', read_by_sender: 'bool?' },
  },
  {
    method: 'PATCH',
    path: '/scheduled_messages/:scheduled_message_id',
    service: 'messages',
    rpc: 'UpdateScheduledMessage',
    auth: 'user',
    params: { scheduled_message_id: 'int', type: 'string?', to: 'string?', content: 'string?', topic: 'string?', scheduled_delivery_timestamp: 'int?' },
  },
  { method: 'DELETE', path: '/scheduled_messages/:scheduled_message_id', service: 'messages', rpc: 'DeleteScheduledMessage', auth: 'user', params: { scheduled_message_id: 'int' } },
  { method: 'GET', path: '/reminders', service: 'messages', rpc: 'GetReminders', auth: 'user', params: {} },
  { method: 'POST', path: '/reminders', service: 'messages', rpc: 'CreateReminder', auth: 'user', params: { message_id: 'int', scheduled_delivery_timestamp: 'int', note: 'string?' } },
  { method: 'DELETE', path: '/reminders/:reminder_id', service: 'messages', rpc: 'DeleteReminder', auth: 'user', params: { reminder_id: 'int' } },
  { method: 'GET', path: '/drafts', service: 'messages', rpc: 'GetDrafts', auth: 'user', params: {} },
  { method: 'POST', path: '/drafts', service: 'messages', rpc: 'CreateDrafts', auth: 'user', params: { drafts: 'json' } },
  { method: 'PATCH', path: '/drafts/:draft_id', service: 'messages', rpc: 'EditDraft', auth: 'user', params: { draft_id: 'int', draft: 'json' } },
  { method: 'DELETE', path: '/drafts/:draft_id', service: 'messages', rpc: 'DeleteDraft', auth: 'user', params: { draft_id: 'int' } },

  // Attachments (uploads). POST /user_uploads and the files themselves stream through the
  // gateway to the uploads service's HTTP server (see app.ts): they are not RPCs.
  { method: 'GET', path: '/attachments', service: 'uploads', rpc: 'GetAttachments', auth: 'user', params: {} },
  { method: 'DELETE', path: '/attachments/:attachment_id', service: 'uploads', rpc: 'DeleteAttachment', auth: 'user', params: { attachment_id: 'int' } },
  { method: 'GET', path: '/user_uploads/:realm_id_str/:filename*', service: 'uploads', rpc: 'GetFileTemporaryUrl', auth: 'user', params: { realm_id_str: 'string', filename: 'string' } },
  // Custom emoji (uploads). POST /realm/emoji/:emoji_name and the images under /user_avatars/
  // stream to the uploads service's HTTP server (see app.ts).
  { method: 'GET', path: '/realm/emoji', service: 'uploads', rpc: 'GetRealmEmoji', auth: 'user', params: {} },
  // Avatars (uploads). POST /users/me/avatar and the images under /user_avatars/ stream to the
  // uploads service's HTTP server (see app.ts).
  { method: 'DELETE', path: '/users/me/avatar', service: 'uploads', rpc: 'DeleteAvatar', auth: 'user', params: {} },
  { method: 'DELETE', path: '/realm/emoji/:emoji_name', service: 'uploads', rpc: 'DeactivateRealmEmoji', auth: 'user', params: { emoji_name: 'string' } },
  { method: 'GET', path: '/saved_snippets', service: 'messages', rpc: 'GetSavedSnippets', auth: 'user', params: {} },
  { method: 'POST', path: '/saved_snippets', service: 'messages', rpc: 'CreateSavedSnippet', auth: 'user', params: { title: 'string', content: 'string' } },
  {
    method: 'PATCH',
    path: '/saved_snippets/:saved_snippet_id',
    service: 'messages',
    rpc: 'UpdateSavedSnippet',
    auth: 'user',
    params: { saved_snippet_id: 'int', title: 'string?', content: 'string?' },
  },
  { method: 'DELETE', path: '/saved_snippets/:saved_snippet_id', service: 'messages', rpc: 'DeleteSavedSnippet', auth: 'user', params: { saved_snippet_id: 'int' } },
  { method: 'POST', path: '/typing', service: 'messages', rpc: 'SetTyping', auth: 'user', params: { type: 'string?', op: 'string', to: 'int[]?', stream_id: 'int?', topic: 'string?' } },
  { method: 'POST', path: '/messages/:message_id/typing', service: 'messages', rpc: 'SetEditTyping', auth: 'user', params: { message_id: 'int', op: 'string' } },

  {
    method: 'POST',
    path: '/register',
    service: 'events',
    rpc: 'Register',
    auth: 'user',
    params: {
      apply_markdown: 'bool?',
      client_gravatar: 'bool?',
      include_subscribers: 'string?',
      slim_presence: 'bool?',
      presence_history_limit_days: 'int?',
      event_types: 'string[]?',
      all_public_streams: 'bool?',
      client_capabilities: 'object?',
      fetch_event_types: 'string[]?',
      narrow: 'json?',
    },
  },
  // A long poll: answered within the heartbeat interval (at most 55 s), so well inside this.
  {
    method: 'GET',
    path: '/events',
    service: 'events',
    rpc: 'GetEvents',
    auth: 'user',
    deadlineMs: 120_000,
    multiplexedOn: 'Poll',
    params: { queue_id: 'string', last_event_id: 'int?', dont_block: 'bool?' },
  },
  { method: 'DELETE', path: '/events', service: 'events', rpc: 'DeleteQueue', auth: 'user', params: { queue_id: 'string' } },
] as const satisfies readonly Route[];

export const routes: readonly Route[] = ROUTE_TABLE;

/** One row of the route table, with its literal method, path, service and rpc. */
export type RouteRow = (typeof ROUTE_TABLE)[number];

/** `/users/:user_id` → `/users/{user_id}` (a trailing `*` takes the rest of the path). */
export const openApiPath = (path: string): string => path.replace(/:(\w+)\*?/g, '{$1}');
/** A route's key in the per-route tables (response schemas, docs): `GET /users/{user_id}`. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${openApiPath(route.path)}`;
