// Per-route documentation of the routes Zulip documents: generated once from
// ../shared/reference/zulip-openapi.yaml (summary, first paragraph, tag, the highest feature
// level the reference mentions for the endpoint, parameter descriptions), then owned as code.
// Routes the reference does not document are described by hand in parley-routes.ts.
import type { RouteDoc } from "./route-doc";

export const zulipRouteDocs: Record<string, RouteDoc> = {
  "GET /server_settings": {
    operationId: "get-server-settings",
    summary: "Get server settings",
    description: "Fetch global settings for a Zulip server.",
    tag: "server_and_organizations",
    featureLevel: 257,
    params: {}
  },
  "POST /fetch_api_key": {
    operationId: "fetch-api-key",
    summary: "Fetch an API key (production)",
    description: "This API endpoint is used by clients such as the Zulip mobile and terminal apps to implement password-based authentication. Given the user's Zulip login credentials, it returns a Zulip API key that the client can use to make requests as the user.",
    tag: "authentication",
    featureLevel: 171,
    params: {
      username: "The username to be used for authentication (typically, the email address, but depending on configuration, it could be an LDAP username).",
      password: "The user's Zulip password (or LDAP password, if LDAP authentication is in use)."
    }
  },
  "GET /users/me": {
    operationId: "get-own-user",
    summary: "Get own user",
    description: "Get basic data about the user/bot that requests this endpoint.",
    tag: "users",
    featureLevel: 363,
    params: {}
  },
  "GET /users": {
    operationId: "get-users",
    summary: "Get users",
    description: "Retrieve details on users in the organization.",
    tag: "users",
    featureLevel: 387,
    params: {
      client_gravatar: "Whether the client supports computing gravatars URLs. If enabled, `avatar_url` will be included in the response only if there is a Zulip avatar, and will be `null` for users who are using gravatar as their avatar. This option significantly reduces the compressed size of user data, since gravatar URLs are long, random strings and thus do not compress well. The `client_gravatar` field is set to `true` if clients can compute their own gravatars.",
      include_custom_profile_fields: "Whether the client wants [custom profile field](https://zulip.com/help/custom-profile-fields) data to be included in the response.",
      user_ids: "Limits the results to the specified user IDs. If not provided, the server will return all accessible users in the organization."
    }
  },
  "POST /users": {
    operationId: "create-user",
    summary: "Create a user",
    description: "Create a new user account via the API.",
    tag: "users",
    featureLevel: 167,
    params: {
      email: "The email address of the new user.",
      password: "The password of the new user.",
      full_name: "The full name of the new user."
    }
  },
  "GET /users/{user_id}": {
    operationId: "get-user",
    summary: "Get a user",
    description: "Fetch details for a single user in the organization.",
    tag: "users",
    featureLevel: 363,
    params: {
      user_id: "The target user's ID.",
      client_gravatar: "Whether the client supports computing gravatars URLs. If enabled, `avatar_url` will be included in the response only if there is a Zulip avatar, and will be `null` for users who are using gravatar as their avatar. This option significantly reduces the compressed size of user data, since gravatar URLs are long, random strings and thus do not compress well. The `client_gravatar` field is set to `true` if clients can compute their own gravatars.",
      include_custom_profile_fields: "Whether the client wants [custom profile field](https://zulip.com/help/custom-profile-fields) data to be included in the response."
    }
  },
  "PATCH /users/{user_id}": {
    operationId: "update-user",
    summary: "Update a user",
    description: "Administrative endpoint to update the details of another user in the organization.",
    tag: "users",
    featureLevel: 285,
    params: {
      user_id: "The target user's ID."
    }
  },
  "DELETE /users/me": {
    operationId: "deactivate-own-user",
    summary: "Deactivate own user",
    description: "Deactivates the current user's account, and the bots they own. The only user of the organization, and its only owner, cannot: `CANNOT_DEACTIVATE_LAST_USER`, with `is_last_owner` and `entity`.",
    tag: "users",
    featureLevel: 167,
    params: {}
  },
  "DELETE /users/{user_id}": {
    operationId: "deactivate-user",
    summary: "Deactivate a user",
    description: "[Deactivates a user](https://zulip.com/help/deactivate-or-reactivate-a-user) given their user ID.",
    tag: "users",
    featureLevel: 167,
    params: {
      user_id: "The target user's ID.",
      deactivation_notification_comment: "If not `null`, requests that the deactivated user receive a notification email about their account deactivation."
    }
  },
  "POST /users/{user_id}/reactivate": {
    operationId: "reactivate-user",
    summary: "Reactivate a user",
    description: "[Reactivates a user](https://zulip.com/help/deactivate-or-reactivate-a-user) given their user ID.",
    tag: "users",
    featureLevel: 167,
    params: {
      user_id: "The target user's ID."
    }
  },
  "POST /users/me/apns_device_token": {
    operationId: "add-apns-token",
    summary: "Add an APNs device token",
    description: "This endpoint adds an APNs device token to register for iOS push notifications.",
    tag: "users",
    featureLevel: 223,
    params: {
      token: "The token provided by the device.",
      appid: "The ID of the Zulip app that is making the request."
    }
  },
  "DELETE /users/me/apns_device_token": {
    operationId: "remove-apns-token",
    summary: "Remove an APNs device token",
    description: "This endpoint removes an APNs device token for iOS push notifications.",
    tag: "users",
    featureLevel: 223,
    params: {
      token: "The token provided by the device."
    }
  },
  "POST /users/me/android_gcm_reg_id": {
    operationId: "add-fcm-token",
    summary: "Add an FCM registration token",
    description: "This endpoint adds an FCM registration token for push notifications.",
    tag: "users",
    featureLevel: 1,
    params: {
      token: "The token provided by the device."
    }
  },
  "DELETE /users/me/android_gcm_reg_id": {
    operationId: "remove-fcm-token",
    summary: "Remove an FCM registration token",
    description: "This endpoint removes an FCM registration token for push notifications.",
    tag: "users",
    featureLevel: 1,
    params: {
      token: "The token provided by the device."
    }
  },
  "POST /mobile_push/test_notification": {
    operationId: "test-notify",
    summary: "Send a test notification to mobile device(s)",
    description: "Trigger sending a test push notification to the user's selected mobile device or all of their mobile devices.",
    tag: "mobile",
    featureLevel: 234,
    params: {
      token: "The push token for the device to which to send the test notification."
    }
  },
  "POST /mobile_push/register": {
    operationId: "register-push-device",
    summary: "Register E2EE push device",
    description: "Register a device to receive end-to-end encrypted mobile push notifications.",
    tag: "mobile",
    featureLevel: 406,
    params: {}
  },
  "POST /mobile_push/e2ee/test_notification": {
    operationId: "e2ee-test-notify",
    summary: "Send an E2EE test notification to mobile device(s)",
    description: "Trigger sending an end-to-end encrypted (E2EE) test push notification to the user's selected mobile device or all of their mobile devices.",
    tag: "mobile",
    featureLevel: 420,
    params: {}
  },
  "GET /users/me/alert_words": {
    operationId: "get-alert-words",
    summary: "Get all alert words",
    description: "Get all of the user's configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words).",
    tag: "users",
    featureLevel: 167,
    params: {}
  },
  "POST /users/me/alert_words": {
    operationId: "add-alert-words",
    summary: "Add alert words",
    description: "Add words (or phrases) to the user's set of configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words). Each is trimmed, at most 100 characters, and unique without regard to case; Parley keeps at most 1,000 per user.",
    tag: "users",
    featureLevel: 167,
    params: {
      alert_words: "An array of strings to be added to the user's set of configured alert words. Strings already present in the user's set of alert words already are ignored."
    }
  },
  "DELETE /users/me/alert_words": {
    operationId: "remove-alert-words",
    summary: "Remove alert words",
    description: "Remove words (or phrases) from the user's set of configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words). Alert words are case insensitive.",
    tag: "users",
    featureLevel: 167,
    params: {
      alert_words: "An array of strings to be removed from the user's set of configured alert words. Strings that are not in the user's set of alert words are ignored."
    }
  },
  "POST /users/me/muted_users/{muted_user_id}": {
    operationId: "mute-user",
    summary: "Mute a user",
    description: "[Mute a user](https://zulip.com/help/mute-a-user) from the perspective of the requesting user. The muted user's new messages arrive already read for the requesting user. Parley keeps at most 1,000 muted users per user.",
    tag: "users",
    featureLevel: 188,
    params: {
      muted_user_id: "The ID of the user to mute/unmute."
    }
  },
  "DELETE /users/me/muted_users/{muted_user_id}": {
    operationId: "unmute-user",
    summary: "Unmute a user",
    description: "[Unmute a user](https://zulip.com/help/mute-a-user) from the perspective of the requesting user.",
    tag: "users",
    featureLevel: 188,
    params: {
      muted_user_id: "The ID of the user to mute/unmute."
    }
  },
  "POST /users/me/status": {
    operationId: "update-status",
    summary: "Update your status",
    description: "Change your [status](https://zulip.com/help/status-and-availability).",
    tag: "users",
    featureLevel: 167,
    params: {
      status_text: "The text content of the status message. Sending the empty string will clear the user's status.",
      away: "Whether the user should be marked as \"away\".",
      emoji_name: "The name for the emoji to associate with this status.",
      emoji_code: "A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.",
      reaction_type: "A string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`."
    }
  },
  "POST /users/{user_id}/status": {
    operationId: "update-status-for-user",
    summary: "Update user status",
    description: "Administrator endpoint for changing the [status](https://zulip.com/help/status-and-availability) of another user.",
    tag: "users",
    featureLevel: 407,
    params: {
      user_id: "The target user's ID.",
      status_text: "The text content of the status message. Sending the empty string will clear the user's status.",
      emoji_name: "The name for the emoji to associate with this status.",
      emoji_code: "A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.",
      reaction_type: "A string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`."
    }
  },
  "GET /users/{user_id}/status": {
    operationId: "get-user-status",
    summary: "Get a user's status",
    description: "Get the [status](https://zulip.com/help/status-and-availability) currently set by a user in the organization.",
    tag: "users",
    featureLevel: 262,
    params: {
      user_id: "The target user's ID."
    }
  },
  "PATCH /settings": {
    operationId: "update-settings",
    summary: "Update settings",
    description: "This endpoint is used to edit the current user's settings.",
    tag: "users",
    featureLevel: 411,
    params: {
      full_name: "A new display name for the user.",
      email: "Asks the server to initiate a confirmation sequence to change the user's email address to the indicated value. The user will need to demonstrate control of the new email address by clicking a confirmation link sent to that address.",
      old_password: "The user's old Zulip password (or LDAP password, if LDAP authentication is in use).",
      new_password: "The user's new Zulip password (or LDAP password, if LDAP authentication is in use).",
      twenty_four_hour_time: "Whether time should be [displayed in 24-hour notation](https://zulip.com/help/change-the-time-format).",
      web_mark_read_on_scroll_policy: "Whether or not to mark messages as read when the user scrolls through their feed.",
      web_channel_default_view: "Web/desktop app setting controlling the default navigation behavior when clicking on a channel link.",
      starred_message_counts: "Whether clients should display the [number of starred messages](https://zulip.com/help/star-a-message#display-the-number-of-starred-messages).",
      receives_typing_notifications: "Whether the user is configured to receive typing notifications from other users. The server will only deliver typing notifications events to users who for whom this is enabled.",
      web_suggest_update_timezone: "Whether the user should be shown an alert, offering to update their [profile time zone](https://zulip.com/help/change-your-timezone), when the time displayed for the profile time zone differs from the current time displayed by the time zone configured on their device.",
      fluid_layout_width: "Whether to use the [maximum available screen width](https://zulip.com/help/enable-full-width-display) for the web app's center panel (message feed, recent conversations) on wide screens.",
      high_contrast_mode: "This setting is reserved for use to control variations in Zulip's design to help visually impaired users.",
      web_font_size_px: "User-configured primary `font-size` for the web application, in pixels.",
      web_line_height_percent: "User-configured primary `line-height` for the web application, in percent, so a value of 120 represents a `line-height` of 1.2.",
      color_scheme: "Controls which [color theme](https://zulip.com/help/dark-theme) to use.",
      enable_drafts_synchronization: "A boolean parameter to control whether synchronizing drafts is enabled for the user. When synchronization is disabled, all drafts stored in the server will be automatically deleted from the server.",
      translate_emoticons: "Whether to [translate emoticons to emoji](https://zulip.com/help/configure-emoticon-translations) in messages the user sends.",
      display_emoji_reaction_users: "Whether to display the names of reacting users on a message.",
      default_language: "What [default language](https://zulip.com/help/change-your-language) to use for the account.",
      web_home_view: "The [home view](https://zulip.com/help/configure-home-view) used when opening a new Zulip web app window or hitting the `Esc` keyboard shortcut repeatedly.",
      web_escape_navigates_to_home_view: "Whether the escape key navigates to the [configured home view](https://zulip.com/help/configure-home-view).",
      left_side_userlist: "Whether the users list on left sidebar in narrow windows.",
      emojiset: "The user's configured [emoji set](https://zulip.com/help/emoji-and-emoticons#use-emoticons), used to display emoji to the user everywhere they appear in the UI.",
      demote_inactive_streams: "Whether to [hide inactive channels](https://zulip.com/help/manage-inactive-channels) in the left sidebar.",
      user_list_style: "The style selected by the user for the right sidebar user list.",
      web_animate_image_previews: "Controls how animated images should be played in the message feed in the web/desktop application.",
      web_stream_unreads_count_display_policy: "Configuration for which channels should be displayed with a numeric unread count in the left sidebar. Channels that do not have an unread count will have a simple dot indicator for whether there are any unread messages.",
      hide_ai_features: "Controls whether user wants AI features like topic summarization to be hidden in all Zulip clients.",
      web_left_sidebar_show_channel_folders: "Determines whether the web/desktop application's left sidebar displays any channel folders configured by the organization.",
      web_left_sidebar_unreads_count_summary: "Determines whether the web/desktop application's left sidebar displays the unread message count summary.",
      timezone: "The IANA identifier of the user's [profile time zone](https://zulip.com/help/change-your-timezone), which is used primarily to display the user's local time to other users.",
      enable_stream_desktop_notifications: "Enable visual desktop notifications for channel messages.",
      enable_stream_email_notifications: "Enable email notifications for channel messages.",
      enable_stream_push_notifications: "Enable mobile notifications for channel messages.",
      enable_stream_audible_notifications: "Enable audible desktop notifications for channel messages.",
      notification_sound: "Notification sound name.",
      enable_desktop_notifications: "Enable visual desktop notifications for direct messages and @-mentions.",
      enable_sounds: "Enable audible desktop notifications for direct messages and @-mentions.",
      email_notifications_batching_period_seconds: "The duration (in seconds) for which the server should wait to batch email notifications before sending them.",
      enable_offline_email_notifications: "Enable email notifications for direct messages and @-mentions received when the user is offline.",
      enable_offline_push_notifications: "Enable mobile notification for direct messages and @-mentions received when the user is offline.",
      enable_online_push_notifications: "Enable mobile notification for direct messages and @-mentions received when the user is online.",
      enable_followed_topic_desktop_notifications: "Enable visual desktop notifications for messages sent to followed topics.",
      enable_followed_topic_email_notifications: "Enable email notifications for messages sent to followed topics.",
      enable_followed_topic_push_notifications: "Enable push notifications for messages sent to followed topics.",
      enable_followed_topic_audible_notifications: "Enable audible desktop notifications for messages sent to followed topics.",
      enable_digest_emails: "Enable digest emails when the user is away.",
      enable_marketing_emails: "Enable marketing emails. Has no function outside Zulip Cloud.",
      enable_login_emails: "Enable email notifications for new logins to account.",
      message_content_in_email_notifications: "Include the message's content in email notifications for new messages.",
      pm_content_in_desktop_notifications: "Include content of direct messages in desktop notifications.",
      wildcard_mentions_notify: "Whether wildcard mentions (E.g. @**all**) should send notifications like a personal mention.",
      enable_followed_topic_wildcard_mentions_notify: "Whether wildcard mentions (e.g., @**all**) in messages sent to followed topics should send notifications like a personal mention.",
      desktop_icon_count_display: "Unread count badge (appears in desktop sidebar and browser tab)",
      realm_name_in_email_notifications_policy: "Whether to [include organization name in subject of message notification emails](https://zulip.com/help/email-notifications#include-organization-name-in-subject-line).",
      automatically_follow_topics_policy: "Which [topics to follow automatically](https://zulip.com/help/mute-a-topic).",
      automatically_unmute_topics_in_muted_streams_policy: "Which [topics to unmute automatically in muted channels](https://zulip.com/help/mute-a-topic).",
      automatically_follow_topics_where_mentioned: "Whether the server will automatically mark the user as following topics where the user is mentioned.",
      resolved_topic_notice_auto_read_policy: "Controls whether the resolved-topic notices are marked as read.",
      presence_enabled: "Display the presence status to other users when online.",
      enter_sends: "Whether pressing Enter in the compose box sends a message (or saves a message edit).",
      send_private_typing_notifications: "Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing direct messages.",
      send_stream_typing_notifications: "Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing channel messages.",
      send_read_receipts: "Whether other users are allowed to see whether you've read messages.",
      allow_private_data_export: "Whether organization administrators are allowed to export your private data.",
      email_address_visibility: "The [policy][permission-level] this user has selected for [which other users][help-email-visibility] in this organization can see their real email address.",
      web_navigate_to_sent_message: "Web/desktop app setting for whether the user's view should automatically go to the conversation where they sent a message."
    }
  },
  "PATCH /realm/user_settings_defaults": {
    operationId: "update-realm-user-settings-defaults",
    summary: "Update realm-level defaults of user settings",
    description: "Change the [default values of settings][new-user-defaults] for new users joining the organization. Essentially all [personal preference settings](https://zulip.com/api/update-settings) are supported.",
    tag: "server_and_organizations",
    featureLevel: 411,
    params: {
      starred_message_counts: "Whether clients should display the [number of starred messages](https://zulip.com/help/star-a-message#display-the-number-of-starred-messages).",
      receives_typing_notifications: "Whether the user is configured to receive typing notifications from other users. The server will only deliver typing notifications events to users who for whom this is enabled.",
      web_suggest_update_timezone: "Whether the user should be shown an alert, offering to update their [profile time zone](https://zulip.com/help/change-your-timezone), when the time displayed for the profile time zone differs from the current time displayed by the time zone configured on their device.",
      fluid_layout_width: "Whether to use the [maximum available screen width](https://zulip.com/help/enable-full-width-display) for the web app's center panel (message feed, recent conversations) on wide screens.",
      high_contrast_mode: "This setting is reserved for use to control variations in Zulip's design to help visually impaired users.",
      web_mark_read_on_scroll_policy: "Whether or not to mark messages as read when the user scrolls through their feed.",
      web_channel_default_view: "Web/desktop app setting controlling the default navigation behavior when clicking on a channel link.",
      web_font_size_px: "User-configured primary `font-size` for the web application, in pixels.",
      web_line_height_percent: "User-configured primary `line-height` for the web application, in percent, so a value of 120 represents a `line-height` of 1.2.",
      color_scheme: "Controls which [color theme](https://zulip.com/help/dark-theme) to use.",
      enable_drafts_synchronization: "A boolean parameter to control whether synchronizing drafts is enabled for the user. When synchronization is disabled, all drafts stored in the server will be automatically deleted from the server.",
      translate_emoticons: "Whether to [translate emoticons to emoji](https://zulip.com/help/configure-emoticon-translations) in messages the user sends.",
      display_emoji_reaction_users: "Whether to display the names of reacting users on a message.",
      web_home_view: "The [home view](https://zulip.com/help/configure-home-view) used when opening a new Zulip web app window or hitting the `Esc` keyboard shortcut repeatedly.",
      web_escape_navigates_to_home_view: "Whether the escape key navigates to the [configured home view](https://zulip.com/help/configure-home-view).",
      left_side_userlist: "Whether the users list on left sidebar in narrow windows.",
      emojiset: "The user's configured [emoji set](https://zulip.com/help/emoji-and-emoticons#use-emoticons), used to display emoji to the user everywhere they appear in the UI.",
      demote_inactive_streams: "Whether to [hide inactive channels](https://zulip.com/help/manage-inactive-channels) in the left sidebar.",
      user_list_style: "The style selected by the user for the right sidebar user list.",
      web_animate_image_previews: "Controls how animated images should be played in the message feed in the web/desktop application.",
      web_stream_unreads_count_display_policy: "Configuration for which channels should be displayed with a numeric unread count in the left sidebar. Channels that do not have an unread count will have a simple dot indicator for whether there are any unread messages.",
      hide_ai_features: "Controls whether user wants AI features like topic summarization to be hidden in all Zulip clients.",
      web_left_sidebar_show_channel_folders: "Determines whether the web/desktop application's left sidebar displays any channel folders configured by the organization.",
      web_left_sidebar_unreads_count_summary: "Determines whether the web/desktop application's left sidebar displays the unread message count summary.",
      enable_stream_desktop_notifications: "Enable visual desktop notifications for channel messages.",
      enable_stream_email_notifications: "Enable email notifications for channel messages.",
      enable_stream_push_notifications: "Enable mobile notifications for channel messages.",
      enable_stream_audible_notifications: "Enable audible desktop notifications for channel messages.",
      notification_sound: "Notification sound name.",
      enable_desktop_notifications: "Enable visual desktop notifications for direct messages and @-mentions.",
      enable_sounds: "Enable audible desktop notifications for direct messages and @-mentions.",
      enable_followed_topic_desktop_notifications: "Enable visual desktop notifications for messages sent to followed topics.",
      enable_followed_topic_email_notifications: "Enable email notifications for messages sent to followed topics.",
      enable_followed_topic_push_notifications: "Enable push notifications for messages sent to followed topics.",
      enable_followed_topic_audible_notifications: "Enable audible desktop notifications for messages sent to followed topics.",
      email_notifications_batching_period_seconds: "The duration (in seconds) for which the server should wait to batch email notifications before sending them.",
      enable_offline_email_notifications: "Enable email notifications for direct messages and @-mentions received when the user is offline.",
      enable_offline_push_notifications: "Enable mobile notification for direct messages and @-mentions received when the user is offline.",
      enable_online_push_notifications: "Enable mobile notification for direct messages and @-mentions received when the user is online.",
      enable_digest_emails: "Enable digest emails when the user is away.",
      message_content_in_email_notifications: "Include the message's content in email notifications for new messages.",
      pm_content_in_desktop_notifications: "Include content of direct messages in desktop notifications.",
      wildcard_mentions_notify: "Whether wildcard mentions (E.g. @**all**) should send notifications like a personal mention.",
      enable_followed_topic_wildcard_mentions_notify: "Whether wildcard mentions (e.g., @**all**) in messages sent to followed topics should send notifications like a personal mention.",
      desktop_icon_count_display: "Unread count badge (appears in desktop sidebar and browser tab)",
      realm_name_in_email_notifications_policy: "Whether to [include organization name in subject of message notification emails](https://zulip.com/help/email-notifications#include-organization-name-in-subject-line).",
      automatically_follow_topics_policy: "Which [topics to follow automatically](https://zulip.com/help/mute-a-topic).",
      automatically_unmute_topics_in_muted_streams_policy: "Which [topics to unmute automatically in muted channels](https://zulip.com/help/mute-a-topic).",
      automatically_follow_topics_where_mentioned: "Whether the server will automatically mark the user as following topics where the user is mentioned.",
      resolved_topic_notice_auto_read_policy: "Controls whether the resolved-topic notices are marked as read.",
      presence_enabled: "Display the presence status to other users when online.",
      enter_sends: "Whether pressing Enter in the compose box sends a message (or saves a message edit).",
      twenty_four_hour_time: "Whether time should be [displayed in 24-hour notation](https://zulip.com/help/change-the-time-format).",
      send_private_typing_notifications: "Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing direct messages.",
      send_stream_typing_notifications: "Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing channel messages.",
      send_read_receipts: "Whether other users are allowed to see whether you've read messages.",
      email_address_visibility: "The [policy][permission-level] for [which other users][help-email-visibility] in this organization can see the user's real email address.",
      web_navigate_to_sent_message: "Web/desktop app setting for whether the user's view should automatically go to the conversation where they sent a message."
    }
  },
  "POST /user_groups/create": {
    operationId: "create-user-group",
    summary: "Create a user group",
    description: "Create a new [user group](https://zulip.com/help/user-groups).",
    tag: "users",
    featureLevel: 324,
    params: {
      name: "The name of the user group.",
      description: "The description of the user group.",
      members: "An array containing the user IDs of the initial members for the new user group.",
      subgroups: "An array containing the IDs of the initial subgroups for the new user group.",
      can_add_members_group: "A [group-setting value][setting-values] defining the set of users who have permission to add members to this user group.",
      can_join_group: "A [group-setting value][setting-values] defining the set of users who have permission to join this user group.",
      can_leave_group: "A [group-setting value][setting-values] defining the set of users who have permission to leave this user group.",
      can_manage_group: "A [group-setting value][setting-values] defining the set of users who have permission to [manage this user group][manage-user-groups].",
      can_mention_group: "A [group-setting value][setting-values] defining the set of users who have permission to [mention this user group][mentions].",
      can_remove_members_group: "A [group-setting value][setting-values] defining the set of users who have permission to remove members from this user group."
    }
  },
  "GET /user_groups": {
    operationId: "get-user-groups",
    summary: "Get user groups",
    description: "Fetches all of the user groups in the organization.",
    tag: "users",
    featureLevel: 324,
    params: {
      include_deactivated_groups: "Whether to include deactivated user groups in the response."
    }
  },
  "PATCH /user_groups/{user_group_id}": {
    operationId: "update-user-group",
    summary: "Update a user group",
    description: "Update the name, description or any of the permission settings of a [user group](https://zulip.com/help/user-groups).",
    tag: "users",
    featureLevel: 386,
    params: {
      user_group_id: "The ID of the target user group.",
      name: "The new name of the group.",
      description: "The new description of the group.",
      can_add_members_group: "The set of users who have permission to add members to this user group expressed as an [update to a group-setting value][update-group-setting].",
      can_join_group: "The set of users who have permission to join this user group expressed as an [update to a group-setting value][update-group-setting].",
      can_leave_group: "The set of users who have permission to leave this user group expressed as an [update to a group-setting value][update-group-setting].",
      can_manage_group: "The set of users who have permission to [manage this user group][manage-user-groups] expressed as an [update to a group-setting value][update-group-setting].",
      can_mention_group: "The set of users who have permission to [mention this group][mentions], expressed as an [update to a group-setting value][update-group-setting].",
      can_remove_members_group: "The set of users who have permission to remove members from this user group expressed as an [update to a group-setting value][update-group-setting].",
      deactivated: "A deactivated user group can be reactivated by passing this parameter as `false`."
    }
  },
  "POST /user_groups/{user_group_id}/members": {
    operationId: "update-user-group-members",
    summary: "Update user group members",
    description: "Update the members of a [user group](https://zulip.com/help/user-groups). The user IDs must correspond to non-deactivated users.",
    tag: "users",
    featureLevel: 391,
    params: {
      user_group_id: "The ID of the target user group.",
      delete: "The list of user IDs to be removed from the user group.",
      add: "The list of user IDs to be added to the user group.",
      delete_subgroups: "The list of user group IDs to be removed from the user group.",
      add_subgroups: "The list of user group IDs to be added to the user group."
    }
  },
  "POST /user_groups/{user_group_id}/subgroups": {
    operationId: "update-user-group-subgroups",
    summary: "Update subgroups of a user group",
    description: "Update the subgroups of a [user group](https://zulip.com/help/user-groups).",
    tag: "users",
    featureLevel: 391,
    params: {
      user_group_id: "The ID of the target user group.",
      delete: "The list of user group IDs to be removed from the user group.",
      add: "The list of user group IDs to be added to the user group."
    }
  },
  "GET /user_groups/{user_group_id}/members": {
    operationId: "get-user-group-members",
    summary: "Get user group members",
    description: "Get the members of a [user group](https://zulip.com/help/user-groups).",
    tag: "users",
    featureLevel: 167,
    params: {
      user_group_id: "The ID of the target user group.",
      direct_member_only: "Whether to consider only the direct members of user group and not members of its subgroups. Default is `false`."
    }
  },
  "GET /user_groups/{user_group_id}/members/{user_id}": {
    operationId: "get-is-user-group-member",
    summary: "Get user group membership status",
    description: "Check whether a user is member of user group.",
    tag: "users",
    featureLevel: 303,
    params: {
      user_group_id: "The ID of the target user group.",
      user_id: "The target user's ID.",
      direct_member_only: "Whether to consider only the direct members of user group and not members of its subgroups. Default is `false`."
    }
  },
  "GET /user_groups/{user_group_id}/subgroups": {
    operationId: "get-user-group-subgroups",
    summary: "Get subgroups of a user group",
    description: "Get the subgroups of a [user group](https://zulip.com/help/user-groups).",
    tag: "users",
    featureLevel: 167,
    params: {
      user_group_id: "The ID of the target user group.",
      direct_subgroup_only: "Whether to consider only direct subgroups of the user group or subgroups of subgroups also."
    }
  },
  "POST /user_groups/{user_group_id}/deactivate": {
    operationId: "deactivate-user-group",
    summary: "Deactivate a user group",
    description: "Deactivate a user group. Deactivated user groups cannot be used for mentions, permissions, or any other purpose, but can be reactivated or renamed.",
    tag: "users",
    featureLevel: 290,
    params: {
      user_group_id: "The ID of the target user group."
    }
  },
  "POST /realm/filters": {
    operationId: "add-linkifier",
    summary: "Add a linkifier",
    description: "Configure [linkifiers](https://zulip.com/help/add-a-custom-linkifier), regular expression patterns that are automatically linkified when they appear in messages and topics.",
    tag: "server_and_organizations",
    featureLevel: 176,
    params: {
      pattern: "The [Python regular expression](https://docs.python.org/3/howto/regex.html) that should trigger the linkifier.",
      url_template: "The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template used for the link. If you used named groups in `pattern`, you can insert their content here with `{name_of_group}`."
    }
  },
  "POST /realm/playgrounds": {
    operationId: "add-code-playground",
    summary: "Add a code playground",
    description: "Configure [code playgrounds](https://zulip.com/help/code-blocks#code-playgrounds) for the organization. A realm has at most 100 (Parley's bound).",
    tag: "server_and_organizations",
    featureLevel: 49,
    params: {
      name: "The user-visible display name of the playground which can be used to pick the target playground, especially when multiple playground options exist for that programming language.",
      pygments_language: "The name of the Pygments language lexer for that programming language.",
      url_template: "The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template for the playground. The template should contain exactly one variable named `code`, which determines how the extracted code should be substituted in the playground URL."
    }
  },
  "DELETE /realm/playgrounds/{playground_id}": {
    operationId: "remove-code-playground",
    summary: "Remove a code playground",
    description: "Remove a [code playground](https://zulip.com/help/code-blocks#code-playgrounds) previously configured for an organization.",
    tag: "server_and_organizations",
    featureLevel: 49,
    params: {
      playground_id: "The ID of the playground that you want to remove."
    }
  },
  "POST /realm/test_welcome_bot_custom_message": {
    operationId: "test-welcome-bot-custom-message",
    summary: "Test welcome bot custom message",
    description: "Sends a test Welcome Bot custom message to the acting administrator. This allows administrators to preview how the custom welcome message will appear when received by new users upon joining the organization.",
    tag: "server_and_organizations",
    featureLevel: 416,
    params: {
      welcome_message_custom_text: "Custom message text, in Zulip Markdown format, to be used for this test message. Maximum length is 8000 characters."
    }
  },
  "GET /navigation_views": {
    operationId: "get-navigation-views",
    summary: "Get all navigation views",
    description: "Fetch all configured custom navigation views for the current user.",
    tag: "navigation_views",
    featureLevel: 390,
    params: {}
  },
  "POST /navigation_views": {
    operationId: "add-navigation-view",
    summary: "Add a navigation view",
    description: "Adds a new custom left sidebar navigation view configuration for the current user. This can be used both to configure built-in navigation views, or to add new navigation views. A user has at most 100 (Parley's bound).",
    tag: "navigation_views",
    featureLevel: 390,
    params: {
      fragment: "A unique identifier for the view, used to determine navigation behavior when clicked.",
      is_pinned: "Determines whether the view appears directly in the sidebar or is hidden in the \"More Views\" menu.",
      name: "The user-facing name for custom navigation views. Omit this field for built-in views."
    }
  },
  "PATCH /navigation_views/{fragment}": {
    operationId: "edit-navigation-view",
    summary: "Update the navigation view",
    description: "Update the details of an existing configured navigation view, such as its name or whether it's pinned.",
    tag: "navigation_views",
    featureLevel: 390,
    params: {
      fragment: "The unique URL hash of the navigation view to be updated.",
      is_pinned: "Determines whether the view is pinned (true) or hidden in the menu (false).",
      name: "The user-facing name for custom navigation views. Omit this field for built-in views."
    }
  },
  "DELETE /navigation_views/{fragment}": {
    operationId: "remove-navigation-view",
    summary: "Remove a navigation view",
    description: "Remove a navigation view.",
    tag: "navigation_views",
    featureLevel: 390,
    params: {
      fragment: "The unique URL hash of the navigation view to be removed."
    }
  },
  "GET /realm/linkifiers": {
    operationId: "get-linkifiers",
    summary: "Get linkifiers",
    description: "List all of an organization's configured [linkifiers](https://zulip.com/help/add-a-custom-linkifier), regular expression patterns that are automatically linkified when they appear in messages and topics.",
    tag: "server_and_organizations",
    featureLevel: 176,
    params: {}
  },
  "PATCH /realm/filters/{filter_id}": {
    operationId: "update-linkifier",
    summary: "Update a linkifier",
    description: "Update a [linkifier](https://zulip.com/help/add-a-custom-linkifier), regular expression patterns that are automatically linkified when they appear in messages and topics.",
    tag: "server_and_organizations",
    featureLevel: 176,
    params: {
      filter_id: "The ID of the linkifier that you want to update.",
      pattern: "The [Python regular expression](https://docs.python.org/3/howto/regex.html) that should trigger the linkifier.",
      url_template: "The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template used for the link. If you used named groups in `pattern`, you can insert their content here with `{name_of_group}`."
    }
  },
  "DELETE /realm/filters/{filter_id}": {
    operationId: "remove-linkifier",
    summary: "Remove a linkifier",
    description: "Remove [linkifiers](https://zulip.com/help/add-a-custom-linkifier), regular expression patterns that are automatically linkified when they appear in messages and topics.",
    tag: "server_and_organizations",
    featureLevel: 167,
    params: {
      filter_id: "The ID of the linkifier that you want to remove."
    }
  },
  "PATCH /realm/linkifiers": {
    operationId: "reorder-linkifiers",
    summary: "Reorder linkifiers",
    description: "Change the order that the regular expression patterns in the organization's [linkifiers](https://zulip.com/help/add-a-custom-linkifier) are matched in messages and topics. Useful when defining linkifiers with overlapping patterns.",
    tag: "server_and_organizations",
    featureLevel: 202,
    params: {
      ordered_linkifier_ids: "A list of the IDs of all the linkifiers defined in this organization, in the desired new order."
    }
  },
  "POST /users/me/presence": {
    operationId: "update-presence",
    summary: "Update your presence",
    description: "Update the current user's [presence][availability] and fetch presence data of other users in the organization.",
    tag: "users",
    featureLevel: 288,
    params: {
      last_update_id: "The identifier that specifies what presence data the client already has received, which allows the server to only return more recent user presence data.",
      history_limit_days: "Limits how far back in time to fetch user presence data. If not specified, defaults to 14 days. A value of N means that the oldest presence data fetched will be from at most N days ago.",
      new_user_input: "Whether the user has interacted with the client (e.g. moved the mouse, used the keyboard, etc.) since the previous presence request from this client.",
      ping_only: "Whether the client is sending a ping-only request, meaning it only wants to update the user's presence `status` on the server.",
      slim_presence: "Legacy parameter for configuring the format (modern or legacy) in which the server will return user presence data for the organization.",
      status: "The status of the user on this client."
    }
  },
  "GET /realm/presence": {
    operationId: "get-presence",
    summary: "Get presence of all users",
    description: "Get the presence information of all the users in an organization.",
    tag: "server_and_organizations",
    featureLevel: 178,
    params: {}
  },
  "GET /users/{user_id_or_email}/presence": {
    operationId: "get-user-presence",
    summary: "Get a user's presence",
    description: "Get the presence status for a specific user.",
    tag: "users",
    featureLevel: 178,
    params: {
      user_id_or_email: "The ID or Zulip API email address of the user whose presence you want to fetch."
    }
  },
  "GET /realm/profile_fields": {
    operationId: "get-custom-profile-fields",
    summary: "Get all custom profile fields",
    description: "Get all the [custom profile fields](https://zulip.com/help/custom-profile-fields) configured for the user's organization.",
    tag: "server_and_organizations",
    featureLevel: 296,
    params: {}
  },
  "POST /realm/profile_fields": {
    operationId: "create-custom-profile-field",
    summary: "Create a custom profile field",
    description: "[Create a custom profile field](https://zulip.com/help/custom-profile-fields#add-a-custom-profile-field) in the user's organization.",
    tag: "server_and_organizations",
    featureLevel: 296,
    params: {
      name: "The name of the custom profile field, which will appear both in user-facing settings UI for configuring custom profile fields and in UI displaying a user's profile.",
      hint: "The help text to be displayed for the custom profile field in user-facing settings UI for configuring custom profile fields.",
      field_type: "The field type can be any of the supported custom profile field types. See the [custom profile fields documentation](https://zulip.com/help/custom-profile-fields) for more details on what each type means.",
      field_data: "Field types 3 (List of options) and 7 (External account) support storing additional configuration for the field type in the `field_data` attribute.",
      display_in_profile_summary: "Whether clients should display this profile field in a summary section of a user's profile (or in a more easily accessible \"small profile\").",
      required: "Whether an organization administrator has configured this profile field as required.",
      editable_by_user: "Whether regular users can edit this profile field on their own account."
    }
  },
  "PATCH /realm/profile_fields": {
    operationId: "reorder-custom-profile-fields",
    summary: "Reorder custom profile fields",
    description: "Reorder the custom profile fields in the user's organization.",
    tag: "server_and_organizations",
    featureLevel: 167,
    params: {
      order: "A list of the IDs of all the custom profile fields defined in this organization, in the desired new order."
    }
  },
  "POST /channel_folders/create": {
    operationId: "create-channel-folder",
    summary: "Create a channel folder",
    description: "Create a new channel folder, that will be used to organize channels in left sidebar.",
    tag: "channels",
    featureLevel: 389,
    params: {
      name: "The name of the channel folder.",
      description: "The description of the channel folder."
    }
  },
  "GET /channel_folders": {
    operationId: "get-channel-folders",
    summary: "Get channel folders",
    description: "Fetches all of the channel folders in the organization. The folders are sorted by the `order` field.",
    tag: "channels",
    featureLevel: 414,
    params: {
      include_archived: "Whether to include archived channel folders in the response."
    }
  },
  "PATCH /channel_folders": {
    operationId: "patch-channel-folders",
    summary: "Reorder channel folders",
    description: "Given an array of channel folder IDs, this method will set the `order` property of all of the channel folders in the organization according to the order of the channel folder IDs specified in the request.",
    tag: "channels",
    featureLevel: 414,
    params: {
      order: "A list of channel folder IDs representing the new order."
    }
  },
  "PATCH /channel_folders/{channel_folder_id}": {
    operationId: "update-channel-folder",
    summary: "Update a channel folder",
    description: "Update the name or description of a channel folder.",
    tag: "channels",
    featureLevel: 389,
    params: {
      channel_folder_id: "The ID of the target channel folder.",
      name: "The new name of the channel folder.",
      description: "The new description of the channel folder.",
      is_archived: "Whether to archive or unarchive the channel folder."
    }
  },
  "POST /users/me/subscriptions": {
    operationId: "subscribe",
    summary: "Subscribe to a channel",
    description: "Subscribe one or more users to one or more channels.",
    tag: "channels",
    featureLevel: 407,
    params: {
      subscriptions: "A list of dictionaries containing the key `name` and value specifying the name of the channel to subscribe. If the channel does not exist a new channel is created. The description of the channel created can be specified by setting the dictionary key `description` with an appropriate value.",
      principals: "A list of user IDs (preferred) or Zulip API email addresses of the users to be subscribed to or unsubscribed from the channels specified in the `subscriptions` parameter. If not provided, then the requesting user/bot is subscribed.",
      authorization_errors_fatal: "A boolean specifying whether authorization errors (such as when the requesting user is not authorized to access a private channel) should be considered fatal or not. When `true`, an authorization error is reported as such. When set to `false`, the response will be a 200 and any channels where the request encountered an authorization error will be listed in the `unauthorized` key.",
      announce: "If one of the channels specified did not exist previously and is thus created by this call, this determines whether [notification bot](https://zulip.com/help/configure-automated-notices) will send an announcement about the new channel's creation.",
      invite_only: "As described above, this endpoint will create a new channel if passed a channel name that doesn't already exist. This parameters and the ones that follow are used to request an initial configuration of a created channel; they are ignored for channels that already exist.",
      is_web_public: "This parameter determines whether any newly created channels will be web-public channels.",
      is_default_stream: "This parameter determines whether any newly created channels will be added as [default channels][default-channels] for new users joining the organization.",
      history_public_to_subscribers: "Whether the channel's message history should be available to newly subscribed members, or users can only access messages they actually received while subscribed to the channel.",
      message_retention_days: "Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). Two special string format values are supported:",
      topics_policy: "Whether [named topics](https://zulip.com/help/introduction-to-topics) and the empty topic (i.e., [\"general chat\" topic](https://zulip.com/help/general-chat-topic) are enabled in this channel.",
      can_add_subscribers_group: "A [group-setting value][setting-values] defining the set of users who have permission to add subscribers to this channel.",
      can_remove_subscribers_group: "A [group-setting value][setting-values] defining the set of users who have permission to remove subscribers from this channel.",
      can_administer_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to administer this channel.",
      can_delete_any_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to delete any message in the channel.",
      can_delete_own_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to delete the messages that they have sent in the channel.",
      can_move_messages_out_of_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to move messages out of this channel.",
      can_move_messages_within_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to move messages within this channel.",
      can_send_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to post in this channel.",
      can_subscribe_group: "A [group-setting value][setting-values] defining the set of users who have permission to subscribe themselves to this channel.",
      can_resolve_topics_group: "A [group-setting value][setting-values] defining the set of users who have permission to resolve topics in the channel.",
      folder_id: "This parameter determines the folder to which the newly created channel will be added.",
      send_new_subscription_messages: "Whether any other users newly subscribed via this request should be sent a Notification Bot DM notifying them about their new subscription."
    }
  },
  "DELETE /users/me/subscriptions": {
    operationId: "unsubscribe",
    summary: "Unsubscribe from a channel",
    description: "Unsubscribe yourself or other users from one or more channels.",
    tag: "channels",
    featureLevel: 362,
    params: {
      subscriptions: "A list of channel names to unsubscribe from. This parameter is called `streams` in our Python API.",
      principals: "A list of user IDs (preferred) or Zulip API email addresses of the users to be subscribed to or unsubscribed from the channels specified in the `subscriptions` parameter. If not provided, then the requesting user/bot is subscribed."
    }
  },
  "PATCH /users/me/subscriptions": {
    operationId: "update-subscriptions",
    summary: "Update subscriptions",
    description: "Update which channels you are subscribed to.",
    tag: "channels",
    featureLevel: 362,
    params: {
      delete: "A list of channel names to unsubscribe from.",
      add: "A list of objects describing which channels to subscribe to, optionally including per-user subscription parameters (e.g. color) and if the channel is to be created, its description."
    }
  },
  "GET /users/me/subscriptions": {
    operationId: "get-subscriptions",
    summary: "Get subscribed channels",
    description: "Get all channels that the user is subscribed to.",
    tag: "channels",
    featureLevel: 412,
    params: {
      include_subscribers: "Whether each returned channel object should include a `subscribers` field containing a list of the user IDs of its subscribers."
    }
  },
  "POST /users/me/subscriptions/properties": {
    operationId: "update-subscription-settings",
    summary: "Update subscription settings",
    description: "This endpoint is used to update the user's personal settings for the channels they are subscribed to, including muting, color, pinning, and per-channel notification settings.",
    tag: "channels",
    featureLevel: 167,
    params: {
      subscription_data: "A list of objects that describe the changes that should be applied in each subscription. Each object represents a subscription, and must have a `stream_id` key that identifies the channel, as well as the `property` being modified and its new `value`."
    }
  },
  "GET /users/{user_id}/subscriptions/{stream_id}": {
    operationId: "get-subscription-status",
    summary: "Get subscription status",
    description: "Check whether a user is subscribed to a channel.",
    tag: "channels",
    featureLevel: 167,
    params: {
      user_id: "The target user's ID.",
      stream_id: "The ID of the channel to access."
    }
  },
  "POST /channels/create": {
    operationId: "create-channel",
    summary: "Create a channel",
    description: "Create a new [channel](https://zulip.com/help/create-channels) and optionally subscribe users to the newly created channel. The initial [channel settings](https://zulip.com/api/update-stream) will be determined by the optional parameters, like `invite_only`, detailed below.",
    tag: "channels",
    featureLevel: 417,
    params: {
      name: "The name of the new channel.",
      description: "The [description](https://zulip.com/help/change-the-channel-description) to use for the new channel being created, in text/markdown format.",
      subscribers: "A list of user IDs of the users to be subscribed to the new channel.",
      announce: "This determines whether [notification bot](https://zulip.com/help/configure-automated-notices) will send an announcement about the new channel's creation.",
      invite_only: "This parameter and the ones that follow are used to request an initial configuration of the new channel.",
      is_web_public: "This parameter determines whether the newly created channel will be a web-public channel.",
      is_default_stream: "This parameter determines whether the newly created channel will be added as a [default channel][default-channels] for new users joining the organization.",
      folder_id: "The ID of the folder to which the channel belongs.",
      send_new_subscription_messages: "Whether any other users newly subscribed via this request should be sent a Notification Bot DM notifying them about their new subscription.",
      topics_policy: "Whether [named topics](https://zulip.com/help/introduction-to-topics) and the empty topic (i.e., [\"general chat\" topic](https://zulip.com/help/general-chat-topic) are enabled in this channel.",
      history_public_to_subscribers: "Whether the channel's message history should be available to newly subscribed members, or users can only access messages they actually received while subscribed to the channel.",
      message_retention_days: "Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). Two special string format values are supported:",
      can_add_subscribers_group: "A [group-setting value][setting-values] defining the set of users who have permission to add subscribers to this channel.",
      can_delete_any_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to delete any message in the channel.",
      can_delete_own_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to delete the messages that they have sent in the channel.",
      can_remove_subscribers_group: "A [group-setting value][setting-values] defining the set of users who have permission to remove subscribers from this channel.",
      can_administer_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to administer this channel.",
      can_move_messages_out_of_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to move messages out of this channel.",
      can_move_messages_within_channel_group: "A [group-setting value][setting-values] defining the set of users who have permission to move messages within this channel.",
      can_send_message_group: "A [group-setting value][setting-values] defining the set of users who have permission to post in this channel.",
      can_subscribe_group: "A [group-setting value][setting-values] defining the set of users who have permission to subscribe themselves to this channel.",
      can_resolve_topics_group: "A [group-setting value][setting-values] defining the set of users who have permission to resolve topics in the channel."
    }
  },
  "GET /streams": {
    operationId: "get-streams",
    summary: "Get all channels",
    description: "Get all channels that the user [has access to](https://zulip.com/help/channel-permissions).",
    tag: "channels",
    featureLevel: 407,
    params: {
      include_public: "Include all public channels.",
      include_web_public: "Include all web-public channels.",
      include_subscribed: "Include all channels that the user is subscribed to.",
      exclude_archived: "Whether to exclude archived streams from the results.",
      include_all_active: "Deprecated parameter to include all channels. The user must have administrative privileges to use this parameter.",
      include_all: "Include all channels that the user has metadata access to.",
      include_default: "Include all default channels for the user's realm.",
      include_owner_subscribed: "If the user is a bot, include all channels that the bot's owner is subscribed to.",
      include_can_access_content: "Include all the channels that the user has content access to."
    }
  },
  "GET /streams/{stream_id}": {
    operationId: "get-stream-by-id",
    summary: "Get a channel by ID",
    description: "Fetch details for the channel with the ID `stream_id`.",
    tag: "channels",
    featureLevel: 407,
    params: {
      stream_id: "The ID of the channel to access."
    }
  },
  "PATCH /streams/{stream_id}": {
    operationId: "update-stream",
    summary: "Update a channel",
    description: "Configure the channel with the ID `stream_id`. This endpoint supports an organization administrator editing any property of a channel, including:",
    tag: "channels",
    featureLevel: 407,
    params: {
      stream_id: "The ID of the channel to access.",
      description: "The new [description](https://zulip.com/help/change-the-channel-description) for the channel, in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format.",
      new_name: "The new name for the channel.",
      is_private: "Change whether the channel is a private channel.",
      is_web_public: "Change whether the channel is a web-public channel.",
      history_public_to_subscribers: "Whether the channel's message history should be available to newly subscribed members, or users can only access messages they actually received while subscribed to the channel.",
      is_default_stream: "Add or remove the channel as a [default channel][default-channel] for new users joining the organization.",
      message_retention_days: "Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). Two special string format values are supported:",
      is_archived: "A boolean indicating whether the channel is [archived](https://zulip.com/help/archive-a-channel) or unarchived. Currently only allows unarchiving previously archived channels.",
      folder_id: "ID of the new folder to which the channel should belong.",
      topics_policy: "Whether [named topics](https://zulip.com/help/introduction-to-topics) and the empty topic (i.e., [\"general chat\" topic](https://zulip.com/help/general-chat-topic) are enabled in this channel.",
      can_add_subscribers_group: "The set of users who have permission to add subscribers to this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_remove_subscribers_group: "The set of users who have permission to unsubscribe others from this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_administer_channel_group: "The set of users who have permission to administer this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_delete_any_message_group: "The set of users who have permission to delete any message in the channel expressed as an [update to a group-setting value][update-group-setting].",
      can_delete_own_message_group: "The set of users who have permission to delete the messages that they have sent in the channel expressed as an [update to a group-setting value][update-group-setting].",
      can_move_messages_out_of_channel_group: "The set of users who have permission to move messages out of this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_move_messages_within_channel_group: "The set of users who have permission to move messages within this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_send_message_group: "The set of users who have permission to post in this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_subscribe_group: "The set of users who have permission to subscribe themselves to this channel expressed as an [update to a group-setting value][update-group-setting].",
      can_resolve_topics_group: "The set of users who have permission to to resolve topics in this channel expressed as an [update to a group-setting value][update-group-setting]."
    }
  },
  "DELETE /streams/{stream_id}": {
    operationId: "archive-stream",
    summary: "Archive a channel",
    description: "[Archive the channel](https://zulip.com/help/archive-a-channel) with the ID `stream_id`.",
    tag: "channels",
    featureLevel: 167,
    params: {
      stream_id: "The ID of the channel to access."
    }
  },
  "POST /streams/{stream_id}/delete_topic": {
    operationId: "delete-topic",
    summary: "Delete a topic",
    description: "Delete all messages in a topic. Messages are deleted in batches, newest first; when the request runs out of time after deleting some of them, `complete` is `false` and the client should repeat the request.",
    tag: "channels",
    featureLevel: 256,
    params: {
      stream_id: "The ID of the channel to access.",
      topic_name: "The name of the topic to delete."
    }
  },
  "POST /user_topics": {
    operationId: "update-user-topic",
    summary: "Update personal preferences for a topic",
    description: "Update the personal preferences for a topic, such as the topic's visibility policy, which is used to implement [mute a topic](https://zulip.com/help/mute-a-topic) and related features.",
    tag: "channels",
    featureLevel: 334,
    params: {
      stream_id: "The ID of the channel to access.",
      topic: "The topic for which the personal preferences needs to be updated. The request succeeds whether or not any messages have been sent to the topic. The value of `realm_empty_topic_display_name` is interpreted as the empty topic.",
      visibility_policy: "Controls which visibility policy to set: 0 = None, 1 = Muted, 2 = Unmuted, 3 = Followed."
    }
  },
  "PATCH /users/me/subscriptions/muted_topics": {
    operationId: "mute-topic",
    summary: "Topic muting",
    description: "[Mute or unmute a topic](https://zulip.com/help/mute-a-topic) within a channel that the current user is subscribed to. Deprecated: use POST /user_topics.",
    tag: "channels",
    featureLevel: 170,
    params: {
      stream_id: "The ID of the channel to access. Exactly one of `stream` and `stream_id` is given.",
      stream: "The name of the channel to access. Exactly one of `stream` and `stream_id` is given.",
      topic: "The topic to (un)mute. The request succeeds whether or not any messages have been sent to the topic.",
      op: "Whether to mute (`add`) or unmute (`remove`) the provided topic."
    }
  },
  "GET /get_stream_id": {
    operationId: "get-stream-id",
    summary: "Get channel ID",
    description: "Get the unique ID of a given channel.",
    tag: "channels",
    featureLevel: 167,
    params: {
      stream: "The name of the channel to access."
    }
  },
  "GET /streams/{stream_id}/members": {
    operationId: "get-subscribers",
    summary: "Get channel subscribers",
    description: "Get all users subscribed to a channel.",
    tag: "channels",
    featureLevel: 167,
    params: {
      stream_id: "The ID of the channel to access."
    }
  },
  "GET /streams/{stream_id}/email_address": {
    operationId: "get-stream-email-address",
    summary: "Get channel's email address",
    description: "Get email address of a channel.",
    tag: "channels",
    featureLevel: 335,
    params: {
      stream_id: "The ID of the channel to access.",
      sender_id: "The ID of a user or bot which should appear as the sender when messages are sent to the channel using the returned channel email address."
    }
  },
  "POST /default_streams": {
    operationId: "add-default-stream",
    summary: "Add a default channel",
    description: "Add a channel to the set of [default channels][default-channels] for new users joining the organization.",
    tag: "channels",
    featureLevel: 167,
    params: {
      stream_id: "The ID of the target channel."
    }
  },
  "DELETE /default_streams": {
    operationId: "remove-default-stream",
    summary: "Remove a default channel",
    description: "Remove a channel from the set of [default channels][default-channels] for new users joining the organization.",
    tag: "channels",
    featureLevel: 167,
    params: {
      stream_id: "The ID of the target channel."
    }
  },
  "POST /messages": {
    operationId: "send-message",
    summary: "Send a message",
    description: "Send a [channel message](https://zulip.com/help/introduction-to-topics) or a [direct message](https://zulip.com/help/direct-messages).",
    tag: "messages",
    featureLevel: 370,
    params: {
      type: "The type of message to be sent.",
      to: "For channel messages, either the name or integer ID of the channel. For direct messages, either a list containing integer user IDs or a list containing string Zulip API email addresses.",
      content: "The content of the message.",
      topic: "The topic of the message. Only required for channel messages (`\"type\": \"stream\"` or `\"type\": \"channel\"`), ignored otherwise.",
      queue_id: "For clients supporting [local echo](https://zulip.readthedocs.io/en/latest/subsystems/sending-messages.html#local-echo), the [event queue](https://zulip.com/api/register-queue) ID for the client. If passed, `local_id` is required. If the message is successfully sent, the server will include `local_id` in the `message` event that the client with this `queue_id` will receive notifying it of the new message via [`GET /events`](https://zulip.com/api/get-events). This lets the client know unambiguously that it shou...",
      local_id: "For clients supporting local echo, a unique string-format identifier chosen freely by the client; the server will pass it back to the client without inspecting it, as described in the `queue_id` description.",
      idempotency_key: "Parley addition: a key of 1 to 255 characters; a send with the same key as an earlier one of the same sender within 24 hours answers that message's `id` and sends nothing. The `Idempotency-Key` header does the same.",
      read_by_sender: "Whether the message should be initially marked read by its sender. If unspecified, the server uses a heuristic based on the client name."
    }
  },
  "GET /messages": {
    operationId: "get-messages",
    summary: "Get messages",
    description: "This endpoint is the primary way to fetch a messages. It is used by all official Zulip clients (e.g. the web, desktop, mobile, and terminal clients) as well as many bots, API clients, backup scripts, etc.",
    tag: "messages",
    featureLevel: 365,
    params: {
      anchor: "Integer message ID to anchor fetching of new messages. Supports special string values for when the client wants the server to compute the anchor to use:",
      include_anchor: "Whether a message with the specified ID matching the narrow should be included.",
      num_before: "The number of messages with IDs less than the anchor to retrieve. Required if `message_ids` is not provided.",
      num_after: "The number of messages with IDs greater than the anchor to retrieve. Required if `message_ids` is not provided.",
      narrow: "The narrow where you want to fetch the messages from. See how to [construct a narrow](https://zulip.com/api/construct-narrow).",
      client_gravatar: "Whether the client supports computing gravatars URLs. If enabled, `avatar_url` will be included in the response only if there is a Zulip avatar, and will be `null` for users who are using gravatar as their avatar. This option significantly reduces the compressed size of user data, since gravatar URLs are long, random strings and thus do not compress well. The `client_gravatar` field is set to `true` if clients can compute their own gravatars.",
      apply_markdown: "If `true`, message content is returned in the rendered HTML format. If `false`, message content is returned in the raw Markdown-format text that user entered.",
      use_first_unread_anchor: "Legacy way to specify `\"anchor\": \"first_unread\"` in Zulip 2.1.x and older.",
      message_ids: "A list of message IDs to fetch. The server will return messages corresponding to the subset of the requested message IDs that exist and the current user has access to, potentially filtered by the narrow (if that parameter is provided).",
      allow_empty_topic_name: "Whether the client supports processing the empty string as a topic in the topic name fields in the returned data, including in returned edit_history data."
    }
  },
  "POST /messages/flags": {
    operationId: "update-message-flags",
    summary: "Update personal message flags",
    description: "Add or remove personal message flags like `read` and `starred` on a collection of message IDs.",
    tag: "messages",
    featureLevel: 355,
    params: {
      messages: "An array containing the IDs of the target messages.",
      op: "Whether to `add` the flag or `remove` it.",
      flag: "The flag that should be added/removed."
    }
  },
  "POST /messages/flags/narrow": {
    operationId: "update-message-flags-for-narrow",
    summary: "Update personal message flags for narrow",
    description: "Add or remove personal message flags like `read` and `starred` on a range of messages within a narrow.",
    tag: "messages",
    featureLevel: 355,
    params: {
      anchor: "Integer message ID to anchor updating of flags. Supports special string values for when the client wants the server to compute the anchor to use:",
      include_anchor: "Whether a message with the specified ID matching the narrow should be included in the update range.",
      num_before: "Limit the number of messages preceding the anchor in the update range. The server may decrease this to bound transaction sizes.",
      num_after: "Limit the number of messages following the anchor in the update range. The server may decrease this to bound transaction sizes.",
      narrow: "The narrow you want update flags within. See how to [construct a narrow](https://zulip.com/api/construct-narrow).",
      op: "Whether to `add` the flag or `remove` it.",
      flag: "The flag that should be added/removed. See [available flags](https://zulip.com/api/update-message-flags#available-flags)."
    }
  },
  "POST /messages/render": {
    operationId: "render-message",
    summary: "Render a message",
    description: "Render a message to HTML.",
    tag: "messages",
    featureLevel: 167,
    params: {
      content: "The content of the message."
    }
  },
  "GET /messages/matches_narrow": {
    operationId: "check-messages-match-narrow",
    summary: "Check if messages match a narrow",
    description: "Check whether a set of messages match a [narrow](https://zulip.com/api/construct-narrow).",
    tag: "messages",
    featureLevel: 167,
    params: {
      msg_ids: "List of IDs for the messages to check.",
      narrow: "A structure defining the narrow to check against. See how to [construct a narrow](https://zulip.com/api/construct-narrow)."
    }
  },
  "GET /messages/{message_id}": {
    operationId: "get-message",
    summary: "Fetch a single message",
    description: "Given a message ID, return the message object.",
    tag: "messages",
    featureLevel: 365,
    params: {
      message_id: "The target message's ID.",
      apply_markdown: "If `true`, message content is returned in the rendered HTML format. If `false`, message content is returned in the raw [Zulip-flavored Markdown format](https://zulip.com/help/format-your-message-using-markdown) text that user entered.",
      allow_empty_topic_name: "Whether the client supports processing the empty string as a topic in the topic name fields in the returned data, including in returned edit_history data."
    }
  },
  "DELETE /messages/{message_id}": {
    operationId: "delete-message",
    summary: "Delete a message",
    description: "Permanently delete a message.",
    tag: "messages",
    featureLevel: 167,
    params: {
      message_id: "The target message's ID."
    }
  },
  "PATCH /messages/{message_id}": {
    operationId: "update-message",
    summary: "Edit a message",
    description: "Update the content, topic, or channel of the message with the specified ID.",
    tag: "messages",
    featureLevel: 379,
    params: {
      message_id: "The target message's ID.",
      topic: "The topic to move the message(s) to, to request changing the topic.",
      propagate_mode: "Which message(s) should be edited:",
      send_notification_to_old_thread: "Whether to send an automated message to the old topic to notify users where the messages were moved to.",
      send_notification_to_new_thread: "Whether to send an automated message to the new topic to notify users where the messages came from.",
      content: "The updated content of the target message.",
      prev_content_sha256: "An optional SHA-256 hash of the previous raw content of the message that the client has at the time of the request.",
      stream_id: "The channel ID to move the message(s) to, to request moving messages to another channel."
    }
  },
  "GET /messages/{message_id}/history": {
    operationId: "get-message-history",
    summary: "Get a message's edit history",
    description: "Fetch the message edit history of a previously edited message.",
    tag: "messages",
    featureLevel: 334,
    params: {
      message_id: "The target message's ID.",
      allow_empty_topic_name: "Whether the topic names i.e. `topic` and `prev_topic` fields in the `message_history` objects returned can be empty string."
    }
  },
  "POST /messages/{message_id}/report": {
    operationId: "report-message",
    summary: "Report a message",
    description: "Sends a notification to the organization's moderation request channel, if it is configured, that reports the targeted message for review and moderation.",
    tag: "messages",
    featureLevel: 382,
    params: {
      message_id: "The target message's ID.",
      report_type: "The reason that best describes why the current user is reporting the target message for moderation.",
      description: "A short description with additional context about why the current user is reporting the target message for moderation."
    }
  },
  "POST /messages/{message_id}/reactions": {
    operationId: "add-reaction",
    summary: "Add an emoji reaction",
    description: "Add an [emoji reaction](https://zulip.com/help/emoji-reactions) to a message.",
    tag: "messages",
    featureLevel: 193,
    params: {
      message_id: "The target message's ID.",
      emoji_name: "The target emoji's human-readable name.",
      emoji_code: "A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.",
      reaction_type: "A string indicating the type of emoji: `unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`."
    }
  },
  "DELETE /messages/{message_id}/reactions": {
    operationId: "remove-reaction",
    summary: "Remove an emoji reaction",
    description: "Remove an [emoji reaction](https://zulip.com/help/emoji-reactions) from a message.",
    tag: "messages",
    featureLevel: 193,
    params: {
      message_id: "The target message's ID.",
      emoji_name: "The target emoji's human-readable name.",
      emoji_code: "A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.",
      reaction_type: "A string indicating the type of emoji: `unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`."
    }
  },
  "GET /messages/{message_id}/read_receipts": {
    operationId: "get-read-receipts",
    summary: "Get a message's read receipts",
    description: "The IDs of the users who have marked the message as read and whose settings allow sharing that (`send_read_receipts`), never the message's sender. Refused when the organization disables read receipts (`enable_read_receipts`).",
    tag: "messages",
    featureLevel: 167,
    params: {
      message_id: "The target message's ID."
    }
  },
  "GET /users/me/{stream_id}/topics": {
    operationId: "get-stream-topics",
    summary: "Get topics in a channel",
    description: "Get all topics the user has access to in a specific channel, the one with the most recent message first. In a private channel with protected history, only the topics of messages the user received.",
    tag: "channels",
    featureLevel: 334,
    params: {
      stream_id: "The ID of the channel to access.",
      allow_empty_topic_name: "Whether the client supports processing the empty string as a topic name in the returned data. If `false`, the value of `realm_empty_topic_display_name` is returned in its place."
    }
  },
  "POST /mark_all_as_read": {
    operationId: "mark-all-as-read",
    summary: "Mark all messages as read",
    description: "Marks all of the current user's unread messages as read, in batches starting with the newest; `complete` is false when the batches ran out of time, and the client repeats the request. Deprecated: use POST /messages/flags/narrow.",
    tag: "messages",
    featureLevel: 211,
    params: {}
  },
  "POST /mark_stream_as_read": {
    operationId: "mark-stream-as-read",
    summary: "Mark messages in a channel as read",
    description: "Mark all the unread messages in a channel as read. Deprecated: use POST /messages/flags/narrow.",
    tag: "messages",
    featureLevel: 167,
    params: {
      stream_id: "The ID of the channel to access."
    }
  },
  "POST /mark_topic_as_read": {
    operationId: "mark-topic-as-read",
    summary: "Mark messages in a topic as read",
    description: "Mark all the unread messages in a topic as read. Deprecated: use POST /messages/flags/narrow.",
    tag: "messages",
    featureLevel: 334,
    params: {
      stream_id: "The ID of the channel to access.",
      topic_name: "The name of the topic whose messages should be marked as read. The realm's `realm_empty_topic_display_name` stands for the empty topic."
    }
  },
  "GET /scheduled_messages": {
    operationId: "get-scheduled-messages",
    summary: "Get scheduled messages",
    description: "Fetch all [scheduled messages](https://zulip.com/help/schedule-a-message) for the current user.",
    tag: "scheduled_messages",
    featureLevel: 181,
    params: {}
  },
  "POST /scheduled_messages": {
    operationId: "create-scheduled-message",
    summary: "Create a scheduled message",
    description: "Create a new [scheduled message](https://zulip.com/help/schedule-a-message).",
    tag: "scheduled_messages",
    featureLevel: 370,
    params: {
      type: "The type of scheduled message to be sent. `\"direct\"` for a direct message and `\"stream\"` or `\"channel\"` for a channel message.",
      to: "The scheduled message's tentative target audience.",
      content: "The content of the message.",
      topic: "The topic of the message. Only required for channel messages (`\"type\": \"stream\"` or `\"type\": \"channel\"`), ignored otherwise.",
      scheduled_delivery_timestamp: "The UNIX timestamp for when the message will be sent, in UTC seconds.",
      read_by_sender: "Whether the message should be initially marked read by its sender. If unspecified, the server uses a heuristic based on the client name and the recipient."
    }
  },
  "PATCH /scheduled_messages/{scheduled_message_id}": {
    operationId: "update-scheduled-message",
    summary: "Edit a scheduled message",
    description: "Edit an existing [scheduled message](https://zulip.com/help/schedule-a-message).",
    tag: "scheduled_messages",
    featureLevel: 370,
    params: {
      scheduled_message_id: "The ID of the scheduled message to update.",
      type: "The type of scheduled message to be sent. `\"direct\"` for a direct message and `\"stream\"` or `\"channel\"` for a channel message.",
      to: "The scheduled message's tentative target audience.",
      content: "The updated content of the scheduled message.",
      topic: "The updated topic of the scheduled message.",
      scheduled_delivery_timestamp: "The UNIX timestamp for when the message will be sent, in UTC seconds."
    }
  },
  "DELETE /scheduled_messages/{scheduled_message_id}": {
    operationId: "delete-scheduled-message",
    summary: "Delete a scheduled message",
    description: "Delete, and therefore cancel sending, a previously [scheduled message](https://zulip.com/help/schedule-a-message).",
    tag: "scheduled_messages",
    featureLevel: 173,
    params: {
      scheduled_message_id: "The ID of the scheduled message to delete."
    }
  },
  "GET /reminders": {
    operationId: "get-reminders",
    summary: "Get reminders",
    description: "Fetch all [reminders](https://zulip.com/help/schedule-a-reminder) for the current user.",
    tag: "reminders",
    featureLevel: 399,
    params: {}
  },
  "POST /reminders": {
    operationId: "create-message-reminder",
    summary: "Create a message reminder",
    description: "Schedule a reminder to be sent to the current user at the specified time. The reminder will link the relevant message.",
    tag: "reminders",
    featureLevel: 415,
    params: {
      message_id: "The ID of the previously sent message to reference in the reminder message.",
      scheduled_delivery_timestamp: "The UNIX timestamp for when the reminder will be sent, in UTC seconds.",
      note: "A note associated with the reminder shown in the Notification Bot message."
    }
  },
  "DELETE /reminders/{reminder_id}": {
    operationId: "delete-reminder",
    summary: "Delete a reminder",
    description: "Delete, and therefore cancel sending, a previously [scheduled reminder](https://zulip.com/help/schedule-a-reminder).",
    tag: "reminders",
    featureLevel: 399,
    params: {
      reminder_id: "The ID of the reminder to delete."
    }
  },
  "GET /drafts": {
    operationId: "get-drafts",
    summary: "Get drafts",
    description: "Fetch all drafts for the current user.",
    tag: "drafts",
    featureLevel: 167,
    params: {}
  },
  "POST /drafts": {
    operationId: "create-drafts",
    summary: "Create drafts",
    description: "Create one or more drafts on the server. These drafts will be automatically synchronized to other clients via `drafts` events.",
    tag: "drafts",
    featureLevel: 167,
    params: {
      drafts: "A JSON-encoded list of containing new draft objects."
    }
  },
  "PATCH /drafts/{draft_id}": {
    operationId: "edit-draft",
    summary: "Edit a draft",
    description: "Edit a draft on the server. The edit will be automatically synchronized to other clients via `drafts` events.",
    tag: "drafts",
    featureLevel: 167,
    params: {
      draft_id: "The ID of the draft to be edited.",
      draft: "A JSON-encoded object containing a replacement draft object for this ID."
    }
  },
  "DELETE /drafts/{draft_id}": {
    operationId: "delete-draft",
    summary: "Delete a draft",
    description: "Delete a single draft from the server. The deletion will be automatically synchronized to other clients via a `drafts` event.",
    tag: "drafts",
    featureLevel: 167,
    params: {
      draft_id: "The ID of the draft you want to delete."
    }
  },
  "GET /attachments": {
    operationId: "get-attachments",
    summary: "Get attachments",
    description: "Fetch metadata on files uploaded by the requesting user.",
    tag: "users",
    featureLevel: 167,
    params: {}
  },
  "DELETE /attachments/{attachment_id}": {
    operationId: "remove-attachment",
    summary: "Delete an attachment",
    description: "Delete an uploaded file given its attachment ID.",
    tag: "users",
    featureLevel: 167,
    params: {
      attachment_id: "The ID of the attachment to be deleted."
    }
  },
  "GET /user_uploads/{realm_id_str}/{filename}": {
    operationId: "get-file-temporary-url",
    summary: "Get public temporary URL",
    description: "Get a temporary URL for access to the file that doesn't require authentication.",
    tag: "messages",
    featureLevel: 167,
    params: {
      realm_id_str: "The realm ID.",
      filename: "Path to the URL."
    }
  },
  "GET /realm/emoji": {
    operationId: "get-custom-emoji",
    summary: "Get all custom emoji",
    description: "Get all the custom emoji in the user's organization.",
    tag: "server_and_organizations",
    featureLevel: 167,
    params: {}
  },
  "DELETE /realm/emoji/{emoji_name}": {
    operationId: "deactivate-custom-emoji",
    summary: "Deactivate custom emoji",
    description: "[Deactivate a custom emoji](https://zulip.com/help/custom-emoji#deactivate-custom-emoji) from the user's organization.",
    tag: "server_and_organizations",
    featureLevel: 190,
    params: {
      emoji_name: "The name of the custom emoji to deactivate."
    }
  },
  "GET /saved_snippets": {
    operationId: "get-saved-snippets",
    summary: "Get all saved snippets",
    description: "Fetch all the saved snippets for the current user.",
    tag: "drafts",
    featureLevel: 297,
    params: {}
  },
  "POST /saved_snippets": {
    operationId: "create-saved-snippet",
    summary: "Create a saved snippet",
    description: "Create a new saved snippet for the current user.",
    tag: "drafts",
    featureLevel: 297,
    params: {
      title: "The title of the saved snippet.",
      content: "The content of the saved snippet in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format."
    }
  },
  "PATCH /saved_snippets/{saved_snippet_id}": {
    operationId: "edit-saved-snippet",
    summary: "Edit a saved snippet",
    description: "Edit a saved snippet for the current user.",
    tag: "drafts",
    featureLevel: 368,
    params: {
      saved_snippet_id: "The ID of the saved snippet to edit.",
      title: "The title of the saved snippet.",
      content: "The content of the saved snippet in the original [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format."
    }
  },
  "DELETE /saved_snippets/{saved_snippet_id}": {
    operationId: "delete-saved-snippet",
    summary: "Delete a saved snippet",
    description: "Delete a saved snippet.",
    tag: "drafts",
    featureLevel: 297,
    params: {
      saved_snippet_id: "The ID of the saved snippet to delete."
    }
  },
  "POST /typing": {
    operationId: "set-typing-status",
    summary: "Set \"typing\" status",
    description: "Notify other users whether the current user is [typing a message][help-typing].",
    tag: "users",
    featureLevel: 372,
    params: {
      type: "Type of the message being composed.",
      op: "Whether the user has started (`\"start\"`) or stopped (`\"stop\"`) typing.",
      to: "User IDs of the recipients of the message being typed. Required for the `\"direct\"` type. Ignored in the case of `\"stream\"` or `\"channel\"` type.",
      stream_id: "ID of the channel in which the message is being typed. Required for the `\"stream\"` or `\"channel\"` type. Ignored in the case of `\"direct\"` type.",
      topic: "Topic to which message is being typed. Required for the `\"stream\"` or `\"channel\"` type. Ignored in the case of `\"direct\"` type."
    }
  },
  "POST /messages/{message_id}/typing": {
    operationId: "set-typing-status-for-message-edit",
    summary: "Set \"typing\" status for message editing",
    description: "Notify other users whether the current user is editing a message.",
    tag: "users",
    featureLevel: 351,
    params: {
      message_id: "The target message's ID.",
      op: "Whether the user has started (`\"start\"`) or stopped (`\"stop\"`) editing."
    }
  },
  "POST /register": {
    operationId: "register-queue",
    summary: "Register an event queue",
    description: "This powerful endpoint can be used to register a Zulip \"event queue\" (subscribed to certain types of \"events\", or updates to the messages and other Zulip data the current user has access to), as well as to fetch the current state of that data.",
    tag: "real_time_events",
    featureLevel: 419,
    params: {
      apply_markdown: "Set to `true` if you would like the content to be rendered in HTML format (otherwise the API will return the raw text that the user entered)",
      client_gravatar: "Whether the client supports computing gravatars URLs. If enabled, `avatar_url` will be included in the response only if there is a Zulip avatar, and will be `null` for users who are using gravatar as their avatar. This option significantly reduces the compressed size of user data, since gravatar URLs are long, random strings and thus do not compress well. The `client_gravatar` field is set to `true` if clients can compute their own gravatars.",
      include_subscribers: "Whether each returned channel object should include a `subscribers` field containing a list of the user IDs of its subscribers.",
      slim_presence: "If `true`, the `presences` object returned in the response will be keyed by user ID and the entry for each user's presence data will be in the modern format.",
      presence_history_limit_days: "Limits how far back in time to fetch user presence data. If not specified, defaults to 14 days. A value of N means that the oldest presence data fetched will be from at most N days ago.",
      event_types: "A JSON-encoded array indicating which types of events you're interested in. Values that you might find useful include:",
      all_public_streams: "Whether you would like to request message events from all public channels. Useful for workflow bots that you'd like to see all new messages sent to public channels. (You can also subscribe the user to private channels).",
      client_capabilities: "Dictionary containing details on features the client supports that are relevant to the format of responses sent by the server.",
      fetch_event_types: "Same as the `event_types` parameter except that the values in `fetch_event_types` are used to fetch initial data. If `fetch_event_types` is not provided, `event_types` is used and if `event_types` is not provided, this parameter defaults to `null`.",
      narrow: "A JSON-encoded array of arrays of length 2 indicating the [narrow filter(s)](https://zulip.com/api/construct-narrow) for which you'd like to receive events for."
    }
  },
  "GET /events": {
    operationId: "get-events",
    summary: "Get events from an event queue",
    description: "This endpoint allows you to receive new events from [a registered event queue](https://zulip.com/api/register-queue).",
    tag: "real_time_events",
    featureLevel: 419,
    params: {
      queue_id: "The ID of an event queue that was previously registered via `POST /api/v1/register` (see [Register a queue](https://zulip.com/api/register-queue).",
      last_event_id: "The highest event ID in this queue that you've received and wish to acknowledge. See the [code for `call_on_each_event`](https://github.com/zulip/python-zulip-api/blob/main/zulip/zulip/__init__.py) in the [zulip Python module](https://github.com/zulip/python-zulip-api) for an example implementation of correctly processing each event exactly once.",
      dont_block: "Set to `true` if the client is requesting a nonblocking reply. If not specified, the request will block until either a new event is available or a few minutes have passed, in which case the server will send the client a heartbeat event."
    }
  },
  "DELETE /events": {
    operationId: "delete-queue",
    summary: "Delete an event queue",
    description: "Delete a previously registered queue.",
    tag: "real_time_events",
    featureLevel: 167,
    params: {
      queue_id: "The ID of an event queue that was previously registered via `POST /api/v1/register` (see [Register a queue](https://zulip.com/api/register-queue)."
    }
  },
  "POST /user_uploads": {
    operationId: "upload-file",
    summary: "Upload a file",
    description: "[Upload](https://zulip.com/help/share-and-upload-files) a single file and get the corresponding URL.",
    tag: "messages",
    featureLevel: 296,
    params: {}
  },
  "POST /realm/emoji/{emoji_name}": {
    operationId: "upload-custom-emoji",
    summary: "Upload custom emoji",
    description: "This endpoint is used to upload a custom emoji for use in the user's organization. Access to this endpoint depends on the [organization's configuration](https://zulip.com/help/custom-emoji#change-who-can-add-custom-emoji).",
    tag: "server_and_organizations",
    featureLevel: 167,
    params: {
      emoji_name: "The name that should be associated with the uploaded emoji image/gif. The emoji name can only contain letters, numbers, dashes, and spaces. Upper and lower case letters are treated the same, and underscores (\\_) are treated the same as spaces (consistent with how the Zulip UI handles emoji)."
    }
  }
};
