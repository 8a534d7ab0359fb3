// Generated once from ../shared/reference/zulip-openapi.yaml (Zulip's 200 responses), then owned
// as code: edit freely where Parley legitimately differs.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  IgnoredParametersUnsupported,
  User,
  GroupSettingValue_oneOf,
  CustomProfileField,
  ChannelFolder,
  Subscription,
  BasicChannel,
  ScheduledMessage,
  Reminder,
  Draft,
  RealmEmoji,
  SavedSnippet,
  register_queue_200_response_allOf_custom_profile_field_types_value,
  OnboardingStep,
  get_events_200_response_allOf_events_inner_oneOf_31_muted_topics_inner_inner,
  get_events_200_response_allOf_events_inner_oneOf_33_muted_users_inner,
  register_queue_200_response_allOf_presences_value,
  RealmDomain,
  register_queue_200_response_allOf_realm_linkifiers_inner,
  get_events_200_response_allOf_events_inner_oneOf_51_realm_filters_inner_inner,
  RealmPlayground,
  UserGroup,
  Bot,
  register_queue_200_response_allOf_realm_embedded_bots_inner,
  register_queue_200_response_allOf_realm_incoming_webhook_bots_inner,
  register_queue_200_response_allOf_recent_private_conversations_inner,
  NavigationView,
  register_queue_200_response_allOf_never_subscribed_inner,
  register_queue_200_response_allOf_unread_msgs,
  DefaultChannelGroup,
  register_queue_200_response_allOf_user_status,
  register_queue_200_response_allOf_user_settings_emojiset_choices_inner,
  register_queue_200_response_allOf_user_settings,
  register_queue_200_response_allOf_user_topics_inner,
  register_queue_200_response_allOf_push_devices_value,
  RealmAuthenticationMethod,
  register_queue_200_response_allOf_realm_available_video_chat_providers_value,
  register_queue_200_response_allOf_realm_default_external_accounts_value,
  register_queue_200_response_allOf_giphy_rating_options_value,
  register_queue_200_response_allOf_server_thumbnail_formats_inner,
  register_queue_200_response_allOf_realm_billing,
  register_queue_200_response_allOf_realm_user_settings_defaults,
  register_queue_200_response_allOf_cross_realm_bots_inner,
  register_queue_200_response_allOf_server_supported_permission_settings,
  get_events_200_response_allOf_events_inner,
} from './components';

export const RegisterResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    queue_id: Type.Optional(Type.Union([Type.String({ description: 'The ID of the queue that has been allocated for your client.' }), Type.Null()])),
    last_event_id: Type.Optional(Type.Integer({ description: 'The initial value of `last_event_id` to pass to `GET /api/v1/events`.' })),
    service_feature_level: Type.Optional(Type.Integer({ description: "Parley addition: the same as `zulip_feature_level` (the spec's name for it).", 'x-parley-addition': true })),
    zulip_feature_level: Type.Optional(Type.Integer({ description: "The server's current [Zulip feature level](https://zulip.com/api/changelog)." })),
    zulip_version: Type.Optional(
      Type.String({
        description:
          "The server's version number. This is often a release version number, like `2.1.7`. But for a server running a [version from Git][git-release], it will be a Git reference to the commit, like `5.0-dev-1650-gc3fd37755f`.",
      }),
    ),
    zulip_merge_base: Type.Optional(
      Type.String({
        description:
          'The `git merge-base` between `zulip_version` and official branches in the public [Zulip server and web app repository](https://github.com/zulip/zulip), in the same format as `zulip_version`. This will equal `zulip_version` if the server is not running a fork of the Zulip server.',
      }),
    ),
    alert_words: Type.Optional(Type.Array(Type.String(), { description: 'Present if `alert_words` is present in `fetch_event_types`.' })),
    custom_profile_fields: Type.Optional(Type.Array(CustomProfileField, { description: 'Present if `custom_profile_fields` is present in `fetch_event_types`.' })),
    custom_profile_field_types: Type.Optional(
      Type.Record(Type.String(), register_queue_200_response_allOf_custom_profile_field_types_value, { description: 'Present if `custom_profile_fields` is present in `fetch_event_types`.' }),
    ),
    realm_date_created: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    demo_organization_scheduled_deletion_date: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`, and the realm is a demo organization.' })),
    drafts: Type.Optional(
      Type.Array(Draft, {
        description:
          'An array containing draft objects for the user. These drafts are being stored on the backend for the purpose of syncing across devices. This array will be empty if `enable_drafts_synchronization` is set to `false`.',
      }),
    ),
    onboarding_steps: Type.Optional(Type.Array(OnboardingStep, { description: 'Present if `onboarding_steps` is present in `fetch_event_types`.' })),
    navigation_tour_video_url: Type.Optional(Type.Union([Type.String({ description: 'Present if `onboarding_steps` is present in `fetch_event_types`.' }), Type.Null()])),
    max_message_id: Type.Optional(Type.Integer({ description: 'Present if `message` is present in `fetch_event_types`.', deprecated: true })),
    max_reminder_note_length: Type.Optional(Type.Integer({ description: 'The maximum allowed length for a reminder note.' })),
    max_stream_name_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_stream_description_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_channel_folder_name_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_channel_folder_description_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_topic_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_message_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_min_deactivated_realm_deletion_days: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    server_max_deactivated_realm_deletion_days: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    server_presence_ping_interval_seconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_presence_offline_threshold_seconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_typing_started_expiry_period_milliseconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_typing_stopped_wait_period_milliseconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_typing_started_wait_period_milliseconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    scheduled_messages: Type.Optional(Type.Array(ScheduledMessage, { description: 'Present if `scheduled_messages` is present in `fetch_event_types`.' })),
    // Zulip sends Reminder objects here (get_undelivered_reminders); the reference says ScheduledMessage.
    reminders: Type.Optional(Type.Array(Reminder, { description: 'Present if `reminders` is present in `fetch_event_types`.' })),
    muted_topics: Type.Optional(
      Type.Array(Type.Array(get_events_200_response_allOf_events_inner_oneOf_31_muted_topics_inner_inner), {
        description: 'Present if `muted_topics` is present in `fetch_event_types`.',
        deprecated: true,
      }),
    ),
    muted_users: Type.Optional(Type.Array(get_events_200_response_allOf_events_inner_oneOf_33_muted_users_inner, { description: 'Present if `muted_users` is present in `fetch_event_types`.' })),
    presences: Type.Optional(Type.Record(Type.String(), register_queue_200_response_allOf_presences_value, { description: 'Present if `presence` is present in `fetch_event_types`.' })),
    presence_last_update_id: Type.Optional(Type.Integer({ description: 'Present if `presence` is present in `fetch_event_types`.' })),
    server_timestamp: Type.Optional(Type.Number({ description: 'Present if `presence` is present in `fetch_event_types`.' })),
    realm_domains: Type.Optional(Type.Array(RealmDomain, { description: 'Present if `realm_domains` is present in `fetch_event_types`.' })),
    realm_emoji: Type.Optional(Type.Record(Type.String(), RealmEmoji, { description: 'Present if `realm_emoji` is present in `fetch_event_types`.' })),
    realm_linkifiers: Type.Optional(Type.Array(register_queue_200_response_allOf_realm_linkifiers_inner, { description: 'Present if `realm_linkifiers` is present in `fetch_event_types`.' })),
    realm_filters: Type.Optional(
      Type.Array(Type.Array(get_events_200_response_allOf_events_inner_oneOf_51_realm_filters_inner_inner), {
        description: 'Legacy property for [linkifiers](https://zulip.com/help/add-a-custom-linkifier). Present if `realm_filters` is present in `fetch_event_types`.',
        deprecated: true,
      }),
    ),
    realm_playgrounds: Type.Optional(Type.Array(RealmPlayground, { description: 'Present if `realm_playgrounds` is present in `fetch_event_types`.' })),
    realm_user_groups: Type.Optional(Type.Array(UserGroup, { description: 'Present if `realm_user_groups` is present in `fetch_event_types`.' })),
    realm_bots: Type.Optional(Type.Array(Bot, { description: 'Present if `realm_bot` is present in `fetch_event_types`.' })),
    realm_embedded_bots: Type.Optional(Type.Array(register_queue_200_response_allOf_realm_embedded_bots_inner, { description: 'Present if `realm_embedded_bots` is present in `fetch_event_types`.' })),
    realm_incoming_webhook_bots: Type.Optional(
      Type.Array(register_queue_200_response_allOf_realm_incoming_webhook_bots_inner, { description: 'Present if `realm_incoming_webhook_bots` is present in `fetch_event_types`.' }),
    ),
    recent_private_conversations: Type.Optional(
      Type.Array(register_queue_200_response_allOf_recent_private_conversations_inner, { description: 'Present if `recent_private_conversations` is present in `fetch_event_types`.' }),
    ),
    navigation_views: Type.Optional(
      Type.Array(NavigationView, {
        description: "Present if `navigation_views` is present in `fetch_event_types`. An array of dictionaries containing data on all of the current user's navigation views.",
      }),
    ),
    saved_snippets: Type.Optional(Type.Array(SavedSnippet, { description: 'Present if `saved_snippets` is present in `fetch_event_types`.' })),
    subscriptions: Type.Optional(Type.Array(Subscription, { description: 'Present if `subscription` is present in `fetch_event_types`.' })),
    unsubscribed: Type.Optional(Type.Array(Subscription, { description: 'Present if `subscription` is present in `fetch_event_types`.' })),
    never_subscribed: Type.Optional(Type.Array(register_queue_200_response_allOf_never_subscribed_inner, { description: 'Present if `subscription` is present in `fetch_event_types`.' })),
    channel_folders: Type.Optional(Type.Array(ChannelFolder, { description: 'Present if `channel_folders` is present in `fetch_event_types`.' })),
    unread_msgs: Type.Optional(register_queue_200_response_allOf_unread_msgs),
    starred_messages: Type.Optional(Type.Array(Type.Integer(), { description: 'Present if `starred_messages` is present in `fetch_event_types`.' })),
    streams: Type.Optional(Type.Array(BasicChannel, { description: 'Present if `stream` is present in `fetch_event_types`.' })),
    realm_default_streams: Type.Optional(Type.Array(Type.Integer(), { description: 'Present if `default_streams` is present in `fetch_event_types`.' })),
    realm_default_stream_groups: Type.Optional(Type.Array(DefaultChannelGroup, { description: 'Present if `default_stream_groups` is present in `fetch_event_types`.' })),
    stop_words: Type.Optional(Type.Array(Type.String(), { description: 'Present if `stop_words` is present in `fetch_event_types`.' })),
    user_status: Type.Optional(Type.Record(Type.String(), register_queue_200_response_allOf_user_status, { description: 'Present if `user_status` is present in `fetch_event_types`.' })),
    user_settings: Type.Optional(register_queue_200_response_allOf_user_settings),
    user_topics: Type.Optional(Type.Array(register_queue_200_response_allOf_user_topics_inner, { description: 'Present if `user_topic` is present in `fetch_event_types`.' })),
    has_zoom_token: Type.Optional(Type.Boolean({ description: 'Present if `video_calls` is present in `fetch_event_types`.' })),
    giphy_api_key: Type.Optional(Type.String({ description: 'Present if `giphy` is present in `fetch_event_types`.' })),
    push_devices: Type.Optional(Type.Record(Type.String(), register_queue_200_response_allOf_push_devices_value, { description: 'Present if `push_device` is present in `fetch_event_types`.' })),
    enable_desktop_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_digest_emails: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_login_emails: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_marketing_emails: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    email_notifications_batching_period_seconds: Type.Optional(
      Type.Integer({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_offline_email_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_offline_push_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_online_push_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_sounds: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_stream_desktop_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_stream_email_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_stream_push_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_stream_audible_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    wildcard_mentions_notify: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    message_content_in_email_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    notification_sound: Type.Optional(
      Type.String({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    pm_content_in_desktop_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    desktop_icon_count_display: Type.Optional(
      Type.Integer({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    realm_name_in_email_notifications_policy: Type.Optional(
      Type.Integer({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    presence_enabled: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    available_notification_sounds: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Present if `update_global_notifications` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    color_scheme: Type.Optional(
      Type.Integer({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    default_language: Type.Optional(
      Type.String({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    demote_inactive_streams: Type.Optional(
      Type.Integer({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    emojiset: Type.Optional(
      Type.String({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    enable_drafts_synchronization: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    fluid_layout_width: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    web_home_view: Type.Optional(
      Type.String({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    high_contrast_mode: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    left_side_userlist: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    starred_message_counts: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    timezone: Type.Optional(
      Type.String({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    translate_emoticons: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    twenty_four_hour_time: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    receives_typing_notifications: Type.Optional(
      Type.Boolean({
        description: 'Whether the user is configured to receive typing notifications from other users. The server will only deliver typing notifications events to users who for whom this is enabled.',
      }),
    ),
    enter_sends: Type.Optional(
      Type.Boolean({
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    emojiset_choices: Type.Optional(
      Type.Array(register_queue_200_response_allOf_user_settings_emojiset_choices_inner, {
        description:
          'Present if `update_display_settings` is present in `fetch_event_types` and only for clients that did not include `user_settings_object` in their [`client_capabilities`][capabilities] when registering the event queue.',
        deprecated: true,
      }),
    ),
    realm_message_edit_history_visibility_policy: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_allow_edit_history: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_can_add_custom_emoji_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_add_subscribers_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_delete_any_message_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_delete_own_message_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_set_delete_message_policy_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_set_topics_policy_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_invite_users_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_mention_many_users_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_move_messages_between_channels_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_move_messages_between_topics_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_groups: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_bots_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_write_only_bots_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_manage_all_groups: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_manage_billing_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_public_channel_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_private_channel_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_create_web_public_channel_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_resolve_topics_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_create_public_stream_policy: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_create_private_stream_policy: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_create_web_public_stream_policy: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_wildcard_mention_policy: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_default_language: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_welcome_message_custom_text: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_description: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_digest_emails_enabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_disallow_disposable_email_addresses: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_email_changes_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_invite_required: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_create_multiuse_invite_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_inline_image_preview: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_inline_url_embed_preview: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_topics_policy: Type.Optional(Type.Union([Type.Literal('allow_empty_topic'), Type.Literal('disable_empty_topic')], { description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_mandatory_topics: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_message_retention_days: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_name: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_require_e2ee_push_notifications: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_require_unique_names: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_name_changes_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_avatar_changes_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_emails_restricted_to_domains: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_send_welcome_emails: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_message_content_allowed_in_email_notifications: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_enable_spectator_access: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_want_advertise_in_communities_directory: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_video_chat_provider: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_jitsi_server_url: Type.Optional(Type.Union([Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_giphy_rating: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_waiting_period_threshold: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_digest_weekday: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_direct_message_initiator_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_direct_message_permission_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_default_code_block_language: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_message_content_delete_limit_seconds: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_authentication_methods: Type.Optional(Type.Record(Type.String(), RealmAuthenticationMethod, { description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_allow_message_editing: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_message_content_edit_limit_seconds: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_move_messages_within_stream_limit_seconds: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_move_messages_between_streams_limit_seconds: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_enable_read_receipts: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_icon_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_icon_source: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_icon_file_size_mib: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_logo_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_logo_source: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_night_logo_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_night_logo_source: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_logo_file_size_mib: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_bot_domain: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_uri: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    realm_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_available_video_chat_providers: Type.Optional(
      Type.Record(Type.String(), register_queue_200_response_allOf_realm_available_video_chat_providers_value, { description: 'Present if `realm` is present in `fetch_event_types`.' }),
    ),
    realm_presence_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    settings_send_digest_emails: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_is_zephyr_mirror_realm: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_email_auth_enabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_password_auth_enabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_push_notifications_enabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_push_notifications_enabled_end_timestamp: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_upload_quota_mib: Type.Optional(Type.Union([Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    realm_org_type: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_plan_type: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_enable_guest_user_dm_warning: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_enable_guest_user_indicator: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_can_access_all_users_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    realm_can_summarize_topics_group: Type.Optional(
      Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
        description: 'Present if `realm` is present in `fetch_event_types`.',
      }),
    ),
    zulip_plan_is_not_limited: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    upgrade_text_for_wide_organization_logo: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_default_external_accounts: Type.Optional(
      Type.Record(Type.String(), register_queue_200_response_allOf_realm_default_external_accounts_value, { description: 'Present if `realm` is present in `fetch_event_types`.' }),
    ),
    jitsi_server_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.', deprecated: true })),
    development_environment: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_generation: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    password_min_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    password_max_length: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    password_min_guesses: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    giphy_rating_options: Type.Optional(
      Type.Record(Type.String(), register_queue_200_response_allOf_giphy_rating_options_value, { description: 'Present if `realm` is present in `fetch_event_types`.' }),
    ),
    max_file_upload_size_mib: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    max_avatar_file_size_mib: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_inline_image_preview: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_inline_url_embed_preview: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_thumbnail_formats: Type.Optional(Type.Array(register_queue_200_response_allOf_server_thumbnail_formats_inner, { description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_avatar_changes_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_name_changes_disabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_needs_upgrade: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_web_public_streams_enabled: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_emoji_data_url: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    server_jitsi_server_url: Type.Optional(Type.Union([Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' }), Type.Null()])),
    server_can_summarize_topics: Type.Optional(Type.Boolean({ description: 'Present if `realm` is present in `fetch_event_types`' })),
    event_queue_longpoll_timeout_seconds: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_billing: Type.Optional(register_queue_200_response_allOf_realm_billing),
    realm_moderation_request_channel_id: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_new_stream_announcements_stream_id: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_signup_announcements_stream_id: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_zulip_update_announcements_stream_id: Type.Optional(Type.Integer({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_empty_topic_display_name: Type.Optional(Type.String({ description: 'Present if `realm` is present in `fetch_event_types`.' })),
    realm_user_settings_defaults: Type.Optional(register_queue_200_response_allOf_realm_user_settings_defaults),
    realm_users: Type.Optional(Type.Array(User, { description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    realm_non_active_users: Type.Optional(Type.Array(User, { description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    avatar_source: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    avatar_url_medium: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    avatar_url: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    can_create_streams: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.', deprecated: true })),
    can_create_public_streams: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    can_create_private_streams: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    can_create_web_public_streams: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    can_subscribe_other_users: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    can_invite_others_to_realm: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    is_admin: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    is_owner: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    is_moderator: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    is_guest: Type.Optional(Type.Boolean({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    user_id: Type.Optional(Type.Integer({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    email: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    delivery_email: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    full_name: Type.Optional(Type.String({ description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    cross_realm_bots: Type.Optional(Type.Array(register_queue_200_response_allOf_cross_realm_bots_inner, { description: 'Present if `realm_user` is present in `fetch_event_types`.' })),
    server_supported_permission_settings: Type.Optional(register_queue_200_response_allOf_server_supported_permission_settings),
    max_bulk_new_subscription_messages: Type.Optional(
      Type.Number({
        description:
          'Maximum number of new subscribers for which the server will respect the `send_new_subscription_messages` parameter when [adding subscribers to a channel](https://zulip.com/api/subscribe#parameter-send_new_subscription_messages).',
      }),
    ),
  },
  { $id: 'RegisterResponse', additionalProperties: false },
);
export type RegisterResponse = Static<typeof RegisterResponse>;

export const GetEventsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    events: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner, {
        description:
          'An array of `event` objects (possibly zero-length if `dont_block` is set) with IDs newer than `last_event_id`. Event IDs are guaranteed to be increasing, but they are not guaranteed to be consecutive.',
      }),
    ),
    queue_id: Type.Optional(Type.String({ description: 'The ID of the registered queue.' })),
  },
  { $id: 'GetEventsResponse', additionalProperties: false },
);
export type GetEventsResponse = Static<typeof GetEventsResponse>;

export const DeleteQueueResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteQueueResponse', additionalProperties: false },
);
export type DeleteQueueResponse = Static<typeof DeleteQueueResponse>;

/** events: the response schema of each route, by `METHOD /path`. */
export const eventsResponses = {
  'POST /register': RegisterResponse,
  'GET /events': GetEventsResponse,
  'DELETE /events': DeleteQueueResponse,
} satisfies Record<string, TSchema>;
