// Maintained by hand. Generated once (commit 3609baa, 2026-11-25) from Zulip's reference, now
// test/reference/zulip-openapi.yaml: the schemas its 200 responses use, named as OpenAPI
// Generator names inline models (`<operationId>_200_response_allOf_<property>_inner`). The
// script that did it was never committed and there is nothing to re-run: the file is owned
// as code, unchanged since but free to differ where Parley legitimately does. A new schema is
// written here (or in its service's file) by hand from the reference; test/support/openapi.ts
// checks every integration test's responses against both the reference and Parley's
// description, so a schema that disagrees with what Parley sends fails there.
import { Type } from '@sinclair/typebox';

export const IgnoredParametersUnsupported = Type.Array(Type.String(), {
  $id: 'IgnoredParametersUnsupported',
  description: 'An array of any parameters sent in the request that are not supported by the endpoint.',
});

export const get_server_settings_200_response_allOf_authentication_methods = Type.Object(
  {
    password: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using password.' })),
    dev: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using development API key.' })),
    email: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using email.' })),
    ldap: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using LDAP.' })),
    remoteuser: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using REMOTE_USER.' })),
    github: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using their GitHub account.' })),
    azuread: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using their Microsoft Entra ID account.' })),
    gitlab: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using their GitLab account.' })),
    apple: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using their Apple account.' })),
    google: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using their Google account.' })),
    saml: Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using SAML.' })),
    'openid connect': Type.Optional(Type.Boolean({ description: 'Whether the user can authenticate using OpenID Connect.' })),
  },
  {
    $id: 'get_server_settings_200_response_allOf_authentication_methods',
    description: 'Each key-value pair in the object indicates whether the authentication method is enabled on this server.',
    deprecated: true,
    additionalProperties: false,
  },
);

export const get_server_settings_200_response_allOf_external_authentication_methods_inner = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        description:
          'A unique, table, machine-readable name for the authentication method, intended to be used by clients with special behavior for specific authentication methods to correctly identify the method.',
      }),
    ),
    display_name: Type.Optional(Type.String({ description: 'Display name of the authentication method, to be used in all buttons for the authentication method.' })),
    display_icon: Type.Optional(Type.Union([Type.String({ description: 'URL for an image to be displayed as an icon in all buttons for the external authentication method.' }), Type.Null()])),
    login_url: Type.Optional(Type.String({ description: 'URL to be used to initiate authentication using this method.' })),
    signup_url: Type.Optional(Type.String({ description: 'URL to be used to initiate account registration using this method.' })),
  },
  { $id: 'get_server_settings_200_response_allOf_external_authentication_methods_inner', additionalProperties: false },
);

export const profile_data_value = Type.Object(
  {
    value: Type.Optional(Type.String({ description: "User's personal value for this custom profile field." })),
    rendered_value: Type.Optional(Type.String({ description: 'The `value` rendered in HTML. Will only be present for custom profile field types that support Markdown rendering.' })),
  },
  { $id: 'profile_data_value', description: '`{id}`: Object with data about what value the user filled in the custom profile field with that ID.', additionalProperties: false },
);

export const profile_data = Type.Record(Type.String(), profile_data_value, { $id: 'profile_data', description: "Only present if `is_bot` is false; bots can't have custom profile fields." });

export const User = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The unique ID of the user.' })),
    delivery_email: Type.Optional(
      Type.Union([
        Type.String({
          description:
            "The user's real email address. This value will be `null` if you cannot access user's real email address. For bot users, this field is always set to the real email of the bot, because bot users always have `email_address_visibility` set to everyone.",
        }),
        Type.Null(),
      ]),
    ),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address of the user or bot.' })),
    full_name: Type.Optional(Type.String({ description: 'Full name of the user or bot, used for all display purposes.' })),
    date_joined: Type.Optional(Type.String({ description: 'The time the user account was created.' })),
    is_active: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user account has been deactivated.' })),
    is_owner: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is an organization owner. If true, `is_admin` will also be true.' })),
    is_admin: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is an organization administrator.' })),
    is_guest: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is a guest user.' })),
    is_bot: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is a bot or full account.' })),
    bot_type: Type.Optional(Type.Union([Type.Integer({ description: 'An integer describing the type of bot:' }), Type.Null()])),
    bot_owner_id: Type.Optional(
      Type.Union([
        Type.Integer({ description: "If the user is a bot (i.e. `is_bot` is true), then `bot_owner_id` is the user ID of the bot's owner (usually, whoever created the bot)." }),
        Type.Null(),
      ]),
    ),
    role: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(200), Type.Literal(300), Type.Literal(400), Type.Literal(600)], {
        description: '[Organization-level role](https://zulip.com/api/roles-and-permissions) of the user. Possible values are:',
      }),
    ),
    timezone: Type.Optional(
      Type.String({
        description: "The IANA identifier of the user's [profile time zone](https://zulip.com/help/change-your-timezone), which is used primarily to display the user's local time to other users.",
      }),
    ),
    avatar_url: Type.Optional(Type.Union([Type.String({ description: "URL for the user's avatar." }), Type.Null()])),
    avatar_version: Type.Optional(
      Type.Integer({
        description:
          "Version for the user's avatar. Used for cache-busting requests for the user's avatar. Clients generally shouldn't need to use this; most avatar URLs sent by Zulip will already end with `?v={avatar_version}`.",
      }),
    ),
    profile_data: Type.Optional(Type.Record(Type.String(), profile_data_value, { description: "Only present if `is_bot` is false; bots can't have custom profile fields." })),
  },
  { $id: 'User', description: 'A dictionary containing basic data on a given Zulip user.', additionalProperties: false },
);

export const GroupSettingValue_oneOf = Type.Object(
  {
    direct_members: Type.Optional(Type.Array(Type.Integer(), { description: 'The list of IDs of individual users in the collection of users with this permission.' })),
    direct_subgroups: Type.Optional(Type.Array(Type.Integer(), { description: 'The list of IDs of the groups in the collection of users with this permission.' })),
  },
  { $id: 'GroupSettingValue_oneOf', description: 'An object with these fields:', additionalProperties: false },
);

export const GroupSettingValue = Type.Union([Type.Integer({ description: 'The ID of the [user group](https://zulip.com/help/user-groups) with this permission.' }), GroupSettingValue_oneOf], {
  $id: 'GroupSettingValue',
});

export const get_user_groups_200_response_allOf_user_groups_inner = Type.Object(
  {
    description: Type.Optional(Type.String({ description: 'The human-readable description of the user group.' })),
    id: Type.Optional(Type.Integer({ description: "The user group's integer ID." })),
    date_created: Type.Optional(Type.Union([Type.Integer({ description: 'The UNIX timestamp for when the user group was created, in UTC seconds.' }), Type.Null()])),
    creator_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user who created this user group.' }), Type.Null()])),
    members: Type.Optional(Type.Array(Type.Integer(), { description: "The integer user IDs of the user group's members, which are guaranteed to be non-deactivated users in the organization." })),
    direct_subgroup_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The integer user group IDs of the direct subgroups.' })),
    name: Type.Optional(Type.String({ description: 'User group name.' })),
    is_system_group: Type.Optional(Type.Boolean({ description: 'Whether the user group is a system group which cannot be modified by users.' })),
    can_add_members_group: Type.Optional(GroupSettingValue),
    can_join_group: Type.Optional(GroupSettingValue),
    can_leave_group: Type.Optional(GroupSettingValue),
    can_manage_group: Type.Optional(GroupSettingValue),
    can_mention_group: Type.Optional(GroupSettingValue),
    can_remove_members_group: Type.Optional(GroupSettingValue),
    deactivated: Type.Optional(Type.Boolean({ description: 'Whether the user group is deactivated. Deactivated groups cannot be used as a subgroup of another group or used for any other purpose.' })),
  },
  { $id: 'get_user_groups_200_response_allOf_user_groups_inner', additionalProperties: false },
);

export const get_linkifiers_200_response_allOf_linkifiers_inner = Type.Object(
  {
    pattern: Type.Optional(Type.String({ description: 'The string regex pattern which represents the pattern that should be linkified by this linkifier.' })),
    url_template: Type.Optional(Type.String({ description: 'The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template to be used for linkifying matches.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the linkifier.' })),
  },
  { $id: 'get_linkifiers_200_response_allOf_linkifiers_inner', additionalProperties: false },
);

export const ModernPresenceFormat = Type.Object(
  {
    active_timestamp: Type.Optional(
      Type.Integer({
        description:
          'The UNIX timestamp of the last time a client connected to Zulip reported that the user was actually present (e.g. via focusing a browser window or interacting with a computer running the desktop app).',
      }),
    ),
    idle_timestamp: Type.Optional(
      Type.Integer({ description: "The UNIX timestamp of the last time the user had a client connected to Zulip, including idle clients where the user hasn't interacted with the system recently." }),
    ),
  },
  { $id: 'ModernPresenceFormat', description: '`{user_id}`: Presence data (modern format) for the user with the specified ID.', additionalProperties: false },
);

export const LegacyPresenceFormat = Type.Object(
  {
    client: Type.Optional(Type.String({ description: "The client's platform name." })),
    status: Type.Optional(Type.Union([Type.Literal('idle'), Type.Literal('active')], { description: 'The status of the user on this client. Will be either `"idle"` or `"active"`.' })),
    timestamp: Type.Optional(Type.Integer({ description: "The UNIX timestamp of when this client sent the user's presence to the server with the precision of a second." })),
    pushable: Type.Optional(Type.Boolean({ description: 'Whether the client is capable of showing mobile/push notifications to the user.' })),
  },
  { $id: 'LegacyPresenceFormat', description: '`{client_name}` or `"aggregated"`: Object containing the details of the user\'s presence.', additionalProperties: false },
);

export const update_presence_200_response_allOf_presences_value = Type.Union(
  [ModernPresenceFormat, Type.Record(Type.String(), LegacyPresenceFormat, { description: '`{user_email}`: Presence data (legacy format) for the user with the specified Zulip API email.' })],
  { $id: 'update_presence_200_response_allOf_presences_value', description: 'Will be one of these two formats (modern or legacy) for user presence data:' },
);

export const CustomProfileField = Type.Object(
  {
    id: Type.Integer({ description: 'The ID of the custom profile field. This will be referenced in the custom profile fields section of user objects.' }),
    type: Type.Integer({ description: 'An integer indicating the type of the custom profile field, which determines how it is configured and displayed to users.' }),
    order: Type.Integer({ description: "Custom profile fields are displayed in both settings UI and UI showing users' profiles in increasing `order`." }),
    name: Type.String({ description: 'The name of the custom profile field.' }),
    hint: Type.String({ description: 'The help text to be displayed for the custom profile field in user-facing settings UI for configuring custom profile fields.' }),
    field_data: Type.Optional(
      Type.String({ description: 'Field types 3 (List of options) and 7 (External account) support storing additional configuration for the field type in the `field_data` attribute.' }),
    ),
    display_in_profile_summary: Type.Optional(Type.Boolean({ description: 'Whether the custom profile field, display or not on the user card.', default: false })),
    required: Type.Boolean({ description: 'Whether an organization administrator has configured this profile field as required.' }),
    editable_by_user: Type.Boolean({ description: 'Whether regular users can edit this profile field on their own account.', default: true }),
  },
  { $id: 'CustomProfileField', description: 'Dictionary containing the details of a custom profile field configured for this organization.', additionalProperties: false },
);

export const ChannelFolder = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The name of the channel folder.' })),
    date_created: Type.Optional(Type.Union([Type.Integer({ description: 'The UNIX timestamp for when the channel folder was created, in UTC seconds.' }), Type.Null()])),
    creator_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user who created this channel folder.' }), Type.Null()])),
    description: Type.Optional(Type.String({ description: 'The description of the channel folder.' })),
    rendered_description: Type.Optional(
      Type.String({ description: 'The description of the channel folder rendered as HTML, intended to be used when displaying the channel folder description in a UI.' }),
    ),
    order: Type.Optional(
      Type.Integer({
        description: 'This value determines in which order the channel folders will be displayed in the UI. The value is 0 indexed, and the value with the lower order will be displayed first.',
      }),
    ),
    id: Type.Optional(Type.Integer({ description: 'The ID of the channel folder.' })),
    is_archived: Type.Optional(Type.Boolean({ description: 'Whether the channel folder is archived or not.' })),
  },
  { $id: 'ChannelFolder', description: "Object containing the channel folder's attributes.", additionalProperties: false },
);

export const TopicsPolicy = Type.Union([Type.Literal('inherit'), Type.Literal('allow_empty_topic'), Type.Literal('disable_empty_topic'), Type.Literal('empty_topic_only')], {
  $id: 'TopicsPolicy',
  description:
    'Whether [named topics](https://zulip.com/help/introduction-to-topics) and the empty topic (i.e., ["general chat" topic](https://zulip.com/help/general-chat-topic) are enabled in this channel.',
});

export const ChannelCanAddSubscribersGroup = GroupSettingValue;

export const CanRemoveSubscribersGroup = GroupSettingValue;

export const CanAdministerChannelGroup = GroupSettingValue;

export const CanDeleteAnyMessageGroup = GroupSettingValue;

export const CanDeleteOwnMessageGroup = GroupSettingValue;

export const CanMoveMessagesOutOfChannelGroup = GroupSettingValue;

export const CanMoveMessagesWithinChannelGroup = GroupSettingValue;

export const CanSendMessageGroup = GroupSettingValue;

export const CanSubscribeGroup = GroupSettingValue;

export const CanResolveTopicsGroup = GroupSettingValue;

export const Subscription = Type.Object(
  {
    stream_id: Type.Optional(Type.Integer({ description: 'The unique ID of a channel.' })),
    name: Type.Optional(Type.String({ description: 'The name of a channel.' })),
    description: Type.Optional(
      Type.String({
        description:
          "The [description](https://zulip.com/help/change-the-channel-description) of the channel in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format, intended to be used to prepopulate UI for editing a channel's description.",
      }),
    ),
    rendered_description: Type.Optional(
      Type.String({
        description: 'The [description](https://zulip.com/help/change-the-channel-description) of the channel rendered as HTML, intended to be used when displaying the channel description in a UI.',
      }),
    ),
    date_created: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the channel was created, in UTC seconds.' })),
    creator_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user who created this channel.' }), Type.Null()])),
    invite_only: Type.Optional(Type.Boolean({ description: 'Specifies whether the channel is private or not. Only people who have been invited can access a private channel.' })),
    subscribers: Type.Optional(
      Type.Array(Type.Integer(), { description: 'A list of user IDs of users who are also subscribed to a given channel. Included only if `include_subscribers` is `true`.' }),
    ),
    partial_subscribers: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'If [`include_subscribers="partial"`](https://zulip.com/api/get-subscriptions#parameter-include_subscribers) was requested, the server may, at its discretion, send a `partial_subscribers` list rather than a `subscribers` list for channels with a large number of subscribers.',
      }),
    ),
    desktop_notifications: Type.Optional(Type.Union([Type.Boolean({ description: 'A boolean specifying whether desktop notifications are enabled for the given channel.' }), Type.Null()])),
    email_notifications: Type.Optional(Type.Union([Type.Boolean({ description: 'A boolean specifying whether email notifications are enabled for the given channel.' }), Type.Null()])),
    wildcard_mentions_notify: Type.Optional(
      Type.Union([Type.Boolean({ description: 'A boolean specifying whether wildcard mentions trigger notifications as though they were personal mentions in this channel.' }), Type.Null()]),
    ),
    push_notifications: Type.Optional(Type.Union([Type.Boolean({ description: 'A boolean specifying whether push notifications are enabled for the given channel.' }), Type.Null()])),
    audible_notifications: Type.Optional(Type.Union([Type.Boolean({ description: 'A boolean specifying whether audible notifications are enabled for the given channel.' }), Type.Null()])),
    pin_to_top: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the given channel has been pinned to the top.' })),
    is_muted: Type.Optional(
      Type.Boolean({
        description:
          'Whether the user has muted the channel. Muted channels do not count towards your total unread count and do not show up in the `Combined feed` view (previously known as `All messages`).',
      }),
    ),
    in_home_view: Type.Optional(Type.Boolean({ description: 'Legacy property for if the given channel is muted, with inverted meaning.', deprecated: true })),
    is_announcement_only: Type.Optional(Type.Boolean({ description: 'Whether only organization administrators can post to the channel.', deprecated: true })),
    is_web_public: Type.Optional(Type.Boolean({ description: 'Whether the channel has been configured to allow unauthenticated access to its message history from the web.' })),
    color: Type.Optional(Type.String({ description: "The user's personal color for the channel." })),
    stream_post_policy: Type.Optional(
      Type.Integer({
        description:
          'A deprecated representation of a superset of the users who have permission to post messages to the channel available for backwards-compatibility. Clients should use `can_send_message_group` instead.',
        deprecated: true,
      }),
    ),
    message_retention_days: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            'Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). There are two special values:',
        }),
        Type.Null(),
      ]),
    ),
    history_public_to_subscribers: Type.Optional(Type.Boolean({ description: 'Whether the history of the channel is public to its subscribers.' })),
    first_message_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the first message in the channel.' }), Type.Null()])),
    folder_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the folder to which the channel belongs.' }), Type.Null()])),
    topics_policy: Type.Optional(TopicsPolicy),
    is_recently_active: Type.Optional(
      Type.Boolean({
        description: 'Whether the channel has recent message activity. Clients should use this to implement [hiding inactive channels](https://zulip.com/help/manage-inactive-channels).',
      }),
    ),
    stream_weekly_traffic: Type.Optional(
      Type.Union([Type.Integer({ description: 'The average number of messages sent to the channel per week, as estimated based on recent weeks, rounded to the nearest integer.' }), Type.Null()]),
    ),
    can_add_subscribers_group: Type.Optional(ChannelCanAddSubscribersGroup),
    can_remove_subscribers_group: Type.Optional(CanRemoveSubscribersGroup),
    can_administer_channel_group: Type.Optional(CanAdministerChannelGroup),
    can_delete_any_message_group: Type.Optional(CanDeleteAnyMessageGroup),
    can_delete_own_message_group: Type.Optional(CanDeleteOwnMessageGroup),
    can_move_messages_out_of_channel_group: Type.Optional(CanMoveMessagesOutOfChannelGroup),
    can_move_messages_within_channel_group: Type.Optional(CanMoveMessagesWithinChannelGroup),
    can_send_message_group: Type.Optional(CanSendMessageGroup),
    can_subscribe_group: Type.Optional(CanSubscribeGroup),
    can_resolve_topics_group: Type.Optional(CanResolveTopicsGroup),
    is_archived: Type.Optional(Type.Boolean({ description: 'A boolean indicating whether the channel is [archived](https://zulip.com/help/archive-a-channel).' })),
    subscriber_count: Type.Optional(
      Type.Number({
        description:
          'The total number of non-deactivated users (including bots) who are subscribed to the channel. Clients are responsible for updating this value using `peer_add` and `peer_remove` events.',
      }),
    ),
  },
  { $id: 'Subscription', additionalProperties: false },
);

export const get_streams_200_response_allOf_streams_inner = Type.Object(
  {
    stream_id: Type.Integer({ description: 'The unique ID of the channel.' }),
    name: Type.String({ description: 'The name of the channel.' }),
    is_archived: Type.Boolean({ description: 'A boolean indicating whether the channel is [archived](https://zulip.com/help/archive-a-channel).' }),
    description: Type.String({
      description:
        "The short description of the channel in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format, intended to be used to prepopulate UI for editing a channel's description.",
    }),
    date_created: Type.Integer({ description: 'The UNIX timestamp for when the channel was created, in UTC seconds.' }),
    creator_id: Type.Union([Type.Integer({ description: 'The ID of the user who created this channel.' }), Type.Null()]),
    invite_only: Type.Boolean({ description: 'Specifies whether the channel is private or not. Only people who have been invited can access a private channel.' }),
    rendered_description: Type.String({ description: 'The short description of the channel rendered as HTML, intended to be used when displaying the channel description in a UI.' }),
    is_web_public: Type.Boolean({ description: 'Whether the channel has been configured to allow unauthenticated access to its message history from the web.' }),
    stream_post_policy: Type.Integer({
      description:
        'A deprecated representation of a superset of the users who have permission to post messages to the channel available for backwards-compatibility. Clients should use `can_send_message_group` instead.',
      deprecated: true,
    }),
    message_retention_days: Type.Union([
      Type.Integer({
        description:
          'Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). There are two special values:',
      }),
      Type.Null(),
    ]),
    history_public_to_subscribers: Type.Boolean({ description: 'Whether the history of the channel is public to its subscribers.' }),
    topics_policy: Type.Optional(TopicsPolicy),
    first_message_id: Type.Union([Type.Integer({ description: 'The ID of the first message in the channel.' }), Type.Null()]),
    folder_id: Type.Union([Type.Integer({ description: 'The ID of the folder to which the channel belongs.' }), Type.Null()]),
    is_recently_active: Type.Boolean({
      description:
        'Whether the channel has recent message activity. Clients should use this to implement [hide inactive channels](https://zulip.com/help/manage-inactive-channels) if `demote_inactive_streams` is enabled.',
    }),
    is_announcement_only: Type.Boolean({ description: 'Whether the given channel is announcement only or not.', deprecated: true }),
    can_add_subscribers_group: Type.Optional(ChannelCanAddSubscribersGroup),
    can_remove_subscribers_group: CanRemoveSubscribersGroup,
    can_administer_channel_group: Type.Optional(CanAdministerChannelGroup),
    can_delete_any_message_group: Type.Optional(CanDeleteAnyMessageGroup),
    can_delete_own_message_group: Type.Optional(CanDeleteOwnMessageGroup),
    can_move_messages_out_of_channel_group: Type.Optional(CanMoveMessagesOutOfChannelGroup),
    can_move_messages_within_channel_group: Type.Optional(CanMoveMessagesWithinChannelGroup),
    can_send_message_group: Type.Optional(CanSendMessageGroup),
    can_subscribe_group: CanSubscribeGroup,
    can_resolve_topics_group: Type.Optional(CanResolveTopicsGroup),
    subscriber_count: Type.Number({
      description:
        'The total number of non-deactivated users (including bots) who are subscribed to the channel. Clients are responsible for updating this value using `peer_add` and `peer_remove` events.',
    }),
    stream_weekly_traffic: Type.Union([
      Type.Integer({ description: 'The average number of messages sent to the channel per week, as estimated based on recent weeks, rounded to the nearest integer.' }),
      Type.Null(),
    ]),
    is_default: Type.Optional(Type.Boolean({ description: 'Only present when [`include_default`][include_default] parameter is `true`.' })),
  },
  { $id: 'get_streams_200_response_allOf_streams_inner', description: 'Object containing basic details about the channel.', additionalProperties: false },
);

export const BasicChannel = Type.Object(
  {
    stream_id: Type.Integer({ description: 'The unique ID of the channel.' }),
    name: Type.String({ description: 'The name of the channel.' }),
    is_archived: Type.Boolean({ description: 'A boolean indicating whether the channel is [archived](https://zulip.com/help/archive-a-channel).' }),
    description: Type.String({
      description:
        "The short description of the channel in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format, intended to be used to prepopulate UI for editing a channel's description.",
    }),
    date_created: Type.Integer({ description: 'The UNIX timestamp for when the channel was created, in UTC seconds.' }),
    creator_id: Type.Union([Type.Integer({ description: 'The ID of the user who created this channel.' }), Type.Null()]),
    invite_only: Type.Boolean({ description: 'Specifies whether the channel is private or not. Only people who have been invited can access a private channel.' }),
    rendered_description: Type.String({ description: 'The short description of the channel rendered as HTML, intended to be used when displaying the channel description in a UI.' }),
    is_web_public: Type.Boolean({ description: 'Whether the channel has been configured to allow unauthenticated access to its message history from the web.' }),
    stream_post_policy: Type.Integer({
      description:
        'A deprecated representation of a superset of the users who have permission to post messages to the channel available for backwards-compatibility. Clients should use `can_send_message_group` instead.',
      deprecated: true,
    }),
    message_retention_days: Type.Union([
      Type.Integer({
        description:
          'Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). There are two special values:',
      }),
      Type.Null(),
    ]),
    history_public_to_subscribers: Type.Boolean({ description: 'Whether the history of the channel is public to its subscribers.' }),
    topics_policy: Type.Optional(TopicsPolicy),
    first_message_id: Type.Union([Type.Integer({ description: 'The ID of the first message in the channel.' }), Type.Null()]),
    folder_id: Type.Union([Type.Integer({ description: 'The ID of the folder to which the channel belongs.' }), Type.Null()]),
    is_recently_active: Type.Boolean({
      description:
        'Whether the channel has recent message activity. Clients should use this to implement [hide inactive channels](https://zulip.com/help/manage-inactive-channels) if `demote_inactive_streams` is enabled.',
    }),
    is_announcement_only: Type.Boolean({ description: 'Whether the given channel is announcement only or not.', deprecated: true }),
    can_add_subscribers_group: Type.Optional(ChannelCanAddSubscribersGroup),
    can_remove_subscribers_group: CanRemoveSubscribersGroup,
    can_administer_channel_group: Type.Optional(CanAdministerChannelGroup),
    can_delete_any_message_group: Type.Optional(CanDeleteAnyMessageGroup),
    can_delete_own_message_group: Type.Optional(CanDeleteOwnMessageGroup),
    can_move_messages_out_of_channel_group: Type.Optional(CanMoveMessagesOutOfChannelGroup),
    can_move_messages_within_channel_group: Type.Optional(CanMoveMessagesWithinChannelGroup),
    can_send_message_group: Type.Optional(CanSendMessageGroup),
    can_subscribe_group: CanSubscribeGroup,
    can_resolve_topics_group: Type.Optional(CanResolveTopicsGroup),
    subscriber_count: Type.Number({
      description:
        'The total number of non-deactivated users (including bots) who are subscribed to the channel. Clients are responsible for updating this value using `peer_add` and `peer_remove` events.',
    }),
    stream_weekly_traffic: Type.Union([
      Type.Integer({ description: 'The average number of messages sent to the channel per week, as estimated based on recent weeks, rounded to the nearest integer.' }),
      Type.Null(),
    ]),
  },
  { $id: 'BasicChannel', description: 'Object containing basic details about the channel.', additionalProperties: false },
);

export const MessagesBase_display_recipient_oneOf_inner = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'ID of the user.' })),
    email: Type.Optional(Type.String({ description: 'Zulip API email of the user.' })),
    full_name: Type.Optional(Type.String({ description: 'Full name of the user.' })),
    is_mirror_dummy: Type.Optional(Type.Boolean({ description: 'Whether the user is a mirror dummy.' })),
  },
  { $id: 'MessagesBase_display_recipient_oneOf_inner', additionalProperties: false },
);

export const MessagesBase_display_recipient = Type.Union([Type.String(), Type.Array(MessagesBase_display_recipient_oneOf_inner)], {
  $id: 'MessagesBase_display_recipient',
  description: 'Data on the recipient of the message; either the name of a channel or a dictionary containing basic data on the users who received the message.',
});

export const MessagesBase_edit_history_inner = Type.Object(
  {
    prev_content: Type.Optional(Type.String({ description: "Only present if message's content was edited." })),
    prev_rendered_content: Type.Optional(Type.String({ description: "Only present if message's content was edited." })),
    prev_stream: Type.Optional(Type.Integer({ description: "Only present if message's channel was edited." })),
    prev_topic: Type.Optional(Type.String({ description: "Only present if message's topic was edited." })),
    stream: Type.Optional(Type.Integer({ description: "Only present if message's channel was edited." })),
    timestamp: Type.Integer({ description: 'The UNIX timestamp for the edit.' }),
    topic: Type.Optional(Type.String({ description: "Only present if message's topic was edited." })),
    user_id: Type.Union([Type.Integer({ description: 'The ID of the user that made the edit.' }), Type.Null()]),
  },
  { $id: 'MessagesBase_edit_history_inner', additionalProperties: false },
);

export const EmojiReaction = Type.Object(
  {
    emoji_name: Type.Optional(Type.String({ description: 'Name of the emoji.' })),
    emoji_code: Type.Optional(Type.String({ description: 'A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.' })),
    reaction_type: Type.Optional(
      Type.Union([Type.Literal('unicode_emoji'), Type.Literal('realm_emoji'), Type.Literal('zulip_extra_emoji')], {
        description: 'A string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`.',
      }),
    ),
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user who added the reaction.' })),
  },
  { $id: 'EmojiReaction', additionalProperties: false },
);

export const MessagesBase_submessages_inner = Type.Object(
  {
    msg_type: Type.Optional(Type.String({ description: 'The type of the message.' })),
    content: Type.Optional(Type.String({ description: 'The new content of the submessage.' })),
    message_id: Type.Optional(Type.Integer({ description: 'The ID of the message to which the submessage has been added.' })),
    sender_id: Type.Optional(Type.Integer({ description: 'The ID of the user who sent the message.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the submessage.' })),
  },
  { $id: 'MessagesBase_submessages_inner', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner = Type.Object(
  {
    text: Type.Optional(Type.String({ description: 'The original link text present in the topic.' })),
    url: Type.Optional(Type.String({ description: 'The expanded target url which the link points to.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner', additionalProperties: false },
);

export const get_messages_200_response_allOf_messages_inner = Type.Object(
  {
    avatar_url: Type.Optional(
      Type.Union([
        Type.String({ description: "The URL of the message sender's avatar. Can be `null` only if the current user has access to the sender's real email address and `client_gravatar` was `true`." }),
        Type.Null(),
      ]),
    ),
    client: Type.Optional(Type.String({ description: 'A Zulip "client" string, describing what Zulip client sent the message.' })),
    content: Type.Optional(Type.String({ description: 'The content/body of the message. When `apply_markdown` is set, it will be in HTML format.' })),
    content_type: Type.Optional(
      Type.String({ description: 'The HTTP `content_type` for the message content. This will be `text/html` or `text/x-markdown`, depending on whether `apply_markdown` was set.' }),
    ),
    display_recipient: Type.Optional(MessagesBase_display_recipient),
    edit_history: Type.Optional(
      Type.Array(MessagesBase_edit_history_inner, {
        description: 'An array of objects, with each object documenting the changes in a previous edit made to the message, ordered chronologically from most recent to least recent edit.',
      }),
    ),
    id: Type.Optional(Type.Integer({ description: 'The unique message ID. Messages should always be displayed sorted by ID.' })),
    is_me_message: Type.Optional(Type.Boolean({ description: 'Whether the message is a [/me status message][status-messages]' })),
    last_edit_timestamp: Type.Optional(Type.Integer({ description: "The UNIX timestamp for when the message's content was last edited, in UTC seconds." })),
    last_moved_timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was last moved to a different channel or topic, in UTC seconds.' })),
    reactions: Type.Optional(Type.Array(EmojiReaction, { description: 'Data on any reactions to the message.' })),
    recipient_id: Type.Optional(Type.Integer({ description: 'A unique ID for the set of users receiving the message (either a channel or group of users). Useful primarily for hashing.' })),
    sender_email: Type.Optional(Type.String({ description: "The Zulip API email address of the message's sender." })),
    sender_full_name: Type.Optional(Type.String({ description: "The full name of the message's sender." })),
    sender_id: Type.Optional(Type.Integer({ description: "The user ID of the message's sender." })),
    sender_realm_str: Type.Optional(Type.String({ description: 'A string identifier for the realm the sender is in. Unique only within the context of a given Zulip server.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present for channel messages; the ID of the channel.' })),
    subject: Type.Optional(
      Type.String({ description: 'The `topic` of the message. Currently always `""` for direct messages, though this could change if Zulip adds support for topics in direct message conversations.' }),
    ),
    submessages: Type.Optional(Type.Array(MessagesBase_submessages_inner, { description: 'Data used for certain experimental Zulip integrations.' })),
    timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was sent, in UTC seconds.' })),
    topic_links: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner, {
        description:
          "Data on any links to be included in the `topic` line (these are generated by [custom linkification filters](https://zulip.com/help/add-a-custom-linkifier) that match content in the message's topic.)",
      }),
    ),
    type: Type.Optional(Type.String({ description: 'The type of the message: `"stream"` or `"private"`.' })),
    flags: Type.Optional(Type.Array(Type.String(), { description: "The user's [message flags][message-flags] for the message." })),
    match_content: Type.Optional(Type.String({ description: 'Only present if keyword search was included among the narrow parameters.' })),
    match_subject: Type.Optional(Type.String({ description: 'Only present if keyword search was included among the narrow parameters.' })),
  },
  { $id: 'get_messages_200_response_allOf_messages_inner', description: 'Object containing details of the message.', additionalProperties: false },
);

export const check_messages_match_narrow_200_response_allOf_messages_value = Type.Object(
  {
    match_content: Type.Optional(
      Type.String({
        description:
          'HTML content of a queried message that matches the narrow. If the narrow is a search narrow, `<span class="highlight">` elements will be included, wrapping the matches for the search keywords.',
      }),
    ),
    match_subject: Type.Optional(
      Type.String({
        description:
          'HTML-escaped topic of a queried message that matches the narrow. If the narrow is a search narrow, `<span class="highlight">` elements will be included wrapping the matches for the search keywords.',
      }),
    ),
  },
  {
    $id: 'check_messages_match_narrow_200_response_allOf_messages_value',
    description: '`message_id`: The ID of the message that matches the narrow. No record will be returned for queried messages that do not match the narrow.',
    additionalProperties: false,
  },
);

export const get_message_200_response_allOf_message = Type.Object(
  {
    avatar_url: Type.Optional(
      Type.Union([
        Type.String({ description: "The URL of the message sender's avatar. Can be `null` only if the current user has access to the sender's real email address and `client_gravatar` was `true`." }),
        Type.Null(),
      ]),
    ),
    client: Type.Optional(Type.String({ description: 'A Zulip "client" string, describing what Zulip client sent the message.' })),
    content: Type.Optional(Type.String({ description: 'The content/body of the message. When `apply_markdown` is set, it will be in HTML format.' })),
    content_type: Type.Optional(
      Type.String({ description: 'The HTTP `content_type` for the message content. This will be `text/html` or `text/x-markdown`, depending on whether `apply_markdown` was set.' }),
    ),
    display_recipient: Type.Optional(MessagesBase_display_recipient),
    edit_history: Type.Optional(
      Type.Array(MessagesBase_edit_history_inner, {
        description: 'An array of objects, with each object documenting the changes in a previous edit made to the message, ordered chronologically from most recent to least recent edit.',
      }),
    ),
    id: Type.Optional(Type.Integer({ description: 'The unique message ID. Messages should always be displayed sorted by ID.' })),
    is_me_message: Type.Optional(Type.Boolean({ description: 'Whether the message is a [/me status message][status-messages]' })),
    last_edit_timestamp: Type.Optional(Type.Integer({ description: "The UNIX timestamp for when the message's content was last edited, in UTC seconds." })),
    last_moved_timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was last moved to a different channel or topic, in UTC seconds.' })),
    reactions: Type.Optional(Type.Array(EmojiReaction, { description: 'Data on any reactions to the message.' })),
    recipient_id: Type.Optional(Type.Integer({ description: 'A unique ID for the set of users receiving the message (either a channel or group of users). Useful primarily for hashing.' })),
    sender_email: Type.Optional(Type.String({ description: "The Zulip API email address of the message's sender." })),
    sender_full_name: Type.Optional(Type.String({ description: "The full name of the message's sender." })),
    sender_id: Type.Optional(Type.Integer({ description: "The user ID of the message's sender." })),
    sender_realm_str: Type.Optional(Type.String({ description: 'A string identifier for the realm the sender is in. Unique only within the context of a given Zulip server.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present for channel messages; the ID of the channel.' })),
    subject: Type.Optional(
      Type.String({ description: 'The `topic` of the message. Currently always `""` for direct messages, though this could change if Zulip adds support for topics in direct message conversations.' }),
    ),
    submessages: Type.Optional(Type.Array(MessagesBase_submessages_inner, { description: 'Data used for certain experimental Zulip integrations.' })),
    timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was sent, in UTC seconds.' })),
    topic_links: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner, {
        description:
          "Data on any links to be included in the `topic` line (these are generated by [custom linkification filters](https://zulip.com/help/add-a-custom-linkifier) that match content in the message's topic.)",
      }),
    ),
    type: Type.Optional(Type.String({ description: 'The type of the message: `"stream"` or `"private"`.' })),
    flags: Type.Optional(Type.Array(Type.String(), { description: "The user's [message flags][message-flags] for the message." })),
  },
  { $id: 'get_message_200_response_allOf_message', description: 'An object containing details of the message.', additionalProperties: false },
);

export const Attachment_messages_inner = Type.Object(
  {
    date_sent: Type.Optional(Type.Integer({ description: 'Time when the message was sent as a UNIX timestamp multiplied by 1000 (matching the format of getTime() in JavaScript).' })),
    id: Type.Optional(Type.Integer({ description: 'The unique message ID. Messages should always be displayed sorted by ID.' })),
  },
  { $id: 'Attachment_messages_inner', additionalProperties: false },
);

export const Attachment = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The unique ID for the attachment.' })),
    name: Type.Optional(Type.String({ description: 'Name of the uploaded file.' })),
    path_id: Type.Optional(
      Type.String({
        description:
          'A representation of the path of the file within the repository of user-uploaded files. If the `path_id` of a file is `{realm_id}/ab/cdef/temp_file.py`, its URL will be: `{server_url}/user_uploads/{realm_id}/ab/cdef/temp_file.py`.',
      }),
    ),
    size: Type.Optional(Type.Integer({ description: 'Size of the file in bytes.' })),
    create_time: Type.Optional(Type.Integer({ description: 'Time when the attachment was uploaded as a UNIX timestamp multiplied by 1000 (matching the format of getTime() in JavaScript).' })),
    messages: Type.Optional(
      Type.Array(Attachment_messages_inner, {
        description:
          'Contains basic details on any Zulip messages that have been sent referencing this [uploaded file](https://zulip.com/api/upload-file). This includes messages sent by any user in the Zulip organization who sent a message containing a link to the uploaded file.',
      }),
    ),
  },
  { $id: 'Attachment', description: 'Dictionary containing details of a file uploaded by a user.', additionalProperties: false },
);

export const get_message_history_200_response_allOf_message_history_inner = Type.Object(
  {
    topic: Type.Optional(Type.String({ description: 'The topic of the message immediately after this edit event.' })),
    prev_topic: Type.Optional(Type.String({ description: "Only present if message's topic was edited." })),
    stream: Type.Optional(Type.Integer({ description: "Only present if message's channel was edited." })),
    prev_stream: Type.Optional(Type.Integer({ description: "Only present if message's channel was edited." })),
    content: Type.Optional(
      Type.String({ description: 'The raw [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) content of the message immediately after this edit event.' }),
    ),
    rendered_content: Type.Optional(Type.String({ description: 'The rendered HTML representation of `content`.' })),
    prev_content: Type.Optional(Type.String({ description: "Only present if message's content was edited." })),
    prev_rendered_content: Type.Optional(Type.String({ description: "Only present if message's content was edited." })),
    user_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user that made the edit.' }), Type.Null()])),
    content_html_diff: Type.Optional(Type.String({ description: "Only present if message's content was edited." })),
    timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for this edit.' })),
  },
  { $id: 'get_message_history_200_response_allOf_message_history_inner', additionalProperties: false },
);

export const ScheduledMessageBase_to = Type.Union([Type.Integer(), Type.Array(Type.Integer())], { $id: 'ScheduledMessageBase_to', description: "The scheduled message's tentative target audience." });

export const ScheduledMessage = Type.Object(
  {
    scheduled_message_id: Type.Integer({ description: 'The unique ID of the scheduled message, which can be used to modify or delete the scheduled message.' }),
    type: Type.Union([Type.Literal('stream'), Type.Literal('private')], { description: 'The type of the scheduled message. Either `"stream"` or `"private"`.' }),
    to: ScheduledMessageBase_to,
    topic: Type.Optional(Type.String({ description: 'Only present if `type` is `"stream"`.' })),
    content: Type.String({ description: 'The content/body of the scheduled message, in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format.' }),
    rendered_content: Type.String({ description: 'The content/body of the scheduled message rendered in HTML.' }),
    scheduled_delivery_timestamp: Type.Integer({ description: 'The UNIX timestamp for when the message will be sent by the server, in UTC seconds.' }),
    failed: Type.Boolean({ description: 'Whether the server has tried to send the scheduled message and it failed to successfully send.' }),
  },
  { $id: 'ScheduledMessage', description: 'Object containing details of the scheduled message.', additionalProperties: false },
);

export const Draft = Type.Object(
  {
    id: Type.Optional(
      Type.Integer({ description: 'The unique ID of the draft. It will only used whenever the drafts are fetched. This field should not be specified when the draft is being created or edited.' }),
    ),
    type: Type.Union([Type.Literal(''), Type.Literal('stream'), Type.Literal('private')], {
      description: 'The type of the draft. Either unaddressed (empty string), `"stream"`, or `"private"` (for one-on-one and group direct messages).',
    }),
    to: Type.Array(Type.Integer(), {
      description:
        'An array of the tentative target audience IDs. For channel messages, this should contain exactly 1 ID, the ID of the target channel. For direct messages, this should be an array of target user IDs. For unaddressed drafts, this is ignored, and clients should send an empty array.',
    }),
    topic: Type.String({
      description:
        'For channel message drafts, the tentative topic name. For direct or unaddressed messages, this will be ignored and should ideally be the empty string. Should not contain null bytes.',
    }),
    content: Type.String({ description: 'The body of the draft. Should not contain null bytes.' }),
    timestamp: Type.Optional(
      Type.Integer({
        description:
          'A Unix timestamp (seconds only) representing when the draft was last edited. When creating a draft, this key need not be present and it will be filled in automatically by the server.',
      }),
    ),
  },
  { $id: 'Draft', description: 'A dictionary for representing a message draft.', additionalProperties: false },
);

export const RealmEmoji = Type.Object(
  {
    id: Type.Optional(Type.String({ description: "The ID for this emoji, same as the object's key." })),
    name: Type.Optional(Type.String({ description: 'The user-friendly name for this emoji. Users in the organization can use this emoji by writing this name between colons (`:name :`).' })),
    source_url: Type.Optional(Type.String({ description: "The path relative to the organization's URL where the emoji's image can be found." })),
    still_url: Type.Optional(Type.Union([Type.String({ description: "Only non-null when the emoji's image is animated." }), Type.Null()])),
    deactivated: Type.Optional(Type.Boolean({ description: 'Whether the emoji has been deactivated or not.' })),
    author_id: Type.Optional(Type.Union([Type.Integer({ description: 'The user ID of the user who uploaded the custom emoji. Will be `null` if the uploader is unknown.' }), Type.Null()])),
  },
  { $id: 'RealmEmoji', description: '`{emoji_id}`: Object containing details about the emoji with the specified ID. It has the following properties:', additionalProperties: false },
);

export const SavedSnippet = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The unique ID of the saved snippet.' })),
    title: Type.Optional(Type.String({ description: 'The title of the saved snippet.' })),
    content: Type.Optional(Type.String({ description: 'The content of the saved snippet in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format.' })),
    date_created: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the saved snippet was created, in UTC seconds.' })),
  },
  { $id: 'SavedSnippet', description: 'Object containing the details of the saved snippet.', additionalProperties: false },
);

export const register_queue_200_response_allOf_custom_profile_field_types_value = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the custom profile field type.' })),
    name: Type.Optional(Type.String({ description: 'The name of the custom profile field type.' })),
  },
  {
    $id: 'register_queue_200_response_allOf_custom_profile_field_types_value',
    description: '`{FIELD_TYPE}`: Dictionary which contains the details of the field type with the field type as the name of the property itself. The current supported field types are as follows:',
    additionalProperties: false,
  },
);

export const OnboardingStep = Type.Object(
  {
    type: Type.Optional(Type.String({ description: 'The type of the onboarding step. Valid value is `"one_time_notice"`.' })),
    name: Type.Optional(Type.String({ description: 'The name of the onboarding step.' })),
  },
  { $id: 'OnboardingStep', description: 'Dictionary containing details of a single onboarding step.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_31_muted_topics_inner_inner = Type.Union([Type.String(), Type.Integer()], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_31_muted_topics_inner_inner',
});

export const get_events_200_response_allOf_events_inner_oneOf_33_muted_users_inner = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the muted user.' })),
    timestamp: Type.Optional(Type.Integer({ description: 'An integer UNIX timestamp representing when the user was muted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_33_muted_users_inner', description: 'Object containing the user ID and timestamp of a muted user.', additionalProperties: false },
);

export const register_queue_200_response_allOf_presences_value = Type.Union(
  [ModernPresenceFormat, Type.Record(Type.String(), LegacyPresenceFormat, { description: '`{user_email}`: Presence data (legacy format) for the user with the specified Zulip API email.' })],
  { $id: 'register_queue_200_response_allOf_presences_value', description: 'Will be one of these two formats (modern or legacy) for user presence data:' },
);

export const RealmDomain = Type.Object(
  {
    domain: Type.Optional(Type.String({ description: 'The new allowed domain.' })),
    allow_subdomains: Type.Optional(Type.Boolean({ description: 'Whether subdomains are allowed for this domain.' })),
  },
  { $id: 'RealmDomain', description: 'Object containing details of the newly added domain.', additionalProperties: false },
);

export const register_queue_200_response_allOf_realm_linkifiers_inner = Type.Object(
  {
    pattern: Type.Optional(
      Type.String({ description: 'The [Python regular expression](https://docs.python.org/3/howto/regex.html) pattern which represents the pattern that should be linkified on matching.' }),
    ),
    url_template: Type.Optional(
      Type.String({ description: 'The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template with which the pattern matching string should be linkified.' }),
    ),
    id: Type.Optional(Type.Integer({ description: 'The ID of the linkifier.' })),
  },
  { $id: 'register_queue_200_response_allOf_realm_linkifiers_inner', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_51_realm_filters_inner_inner = Type.Union([Type.Integer(), Type.String()], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_51_realm_filters_inner_inner',
});

export const RealmPlayground = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The unique ID for the realm playground.' })),
    name: Type.Optional(
      Type.String({
        description:
          'The user-visible display name of the playground. Clients should display this in UI for picking which playground to open a code block in, to differentiate between multiple configured playground options for a given pygments language.',
      }),
    ),
    pygments_language: Type.Optional(Type.String({ description: 'The name of the Pygments language lexer for that programming language.' })),
    url_template: Type.Optional(
      Type.String({
        description:
          'The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template for the playground. The template contains exactly one variable named `code`, which determines how the extracted code should be substituted in the playground URL.',
      }),
    ),
  },
  { $id: 'RealmPlayground', description: 'Object containing details about a realm playground.', additionalProperties: false },
);

export const UserGroup = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The name of the user group.' })),
    date_created: Type.Optional(Type.Union([Type.Integer({ description: 'The UNIX timestamp for when the user group was created, in UTC seconds.' }), Type.Null()])),
    creator_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user who created this user group.' }), Type.Null()])),
    description: Type.Optional(Type.String({ description: 'The description of the user group.' })),
    members: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the ID of the users who are members of this user group.' })),
    direct_subgroup_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the ID of the direct_subgroups of this user group.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the user group.' })),
    is_system_group: Type.Optional(Type.Boolean({ description: 'Whether the user group is a system group which cannot be directly modified by users.' })),
    can_add_members_group: Type.Optional(GroupSettingValue),
    can_join_group: Type.Optional(GroupSettingValue),
    can_leave_group: Type.Optional(GroupSettingValue),
    can_manage_group: Type.Optional(GroupSettingValue),
    can_mention_group: Type.Optional(GroupSettingValue),
    can_remove_members_group: Type.Optional(GroupSettingValue),
    deactivated: Type.Optional(Type.Boolean({ description: 'Whether the user group is deactivated. Deactivated groups cannot be used as a subgroup of another group or used for any other purpose.' })),
  },
  { $id: 'UserGroup', description: "Object containing the user group's attributes.", additionalProperties: false },
);

export const BasicBotBase_services_inner_oneOf = Type.Object(
  {
    base_url: Type.Optional(Type.String({ description: 'The URL the outgoing webhook is configured to post to.' })),
    token: Type.Optional(Type.String({ description: 'A unique token that the third-party service can use to confirm that the request is indeed coming from Zulip.' })),
    interface: Type.Optional(Type.Integer({ description: 'An integer indicating what format requests are posted in:' })),
  },
  { $id: 'BasicBotBase_services_inner_oneOf', description: 'When the bot is an outgoing webhook.', additionalProperties: false },
);

export const BasicBotBase_services_inner_oneOf_1 = Type.Object(
  {
    service_name: Type.Optional(Type.String({ description: 'The name of the bot.' })),
    config_data: Type.Optional(
      Type.Record(Type.String(), Type.String({ description: '`{config_key}`: Description/value of the configuration data key.' }), {
        description:
          'A dictionary of string key/value pairs, which describe the configuration for the bot. These are usually details like API keys, and are unique to the integration/bot. Can be an empty dictionary.',
      }),
    ),
  },
  { $id: 'BasicBotBase_services_inner_oneOf_1', description: 'When the bot is an embedded bot.', additionalProperties: false },
);

export const BasicBotBase_services_inner = Type.Union([BasicBotBase_services_inner_oneOf, BasicBotBase_services_inner_oneOf_1], {
  $id: 'BasicBotBase_services_inner',
  description: 'Object with extra configuration details for the bot. The fields in the object depend on the type of bot.',
});

export const Bot = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The user ID of the bot.' })),
    full_name: Type.Optional(Type.String({ description: 'The full name of the bot.' })),
    api_key: Type.Optional(Type.String({ description: 'The API key of the bot which it uses to make API requests.' })),
    default_sending_stream: Type.Optional(
      Type.Union([Type.String({ description: "The default sending channel of the bot. If `null`, the bot doesn't have a default sending channel." }), Type.Null()]),
    ),
    default_events_register_stream: Type.Optional(
      Type.Union([Type.String({ description: "The default channel for which the bot receives events/register data. If `null`, the bot doesn't have such a default channel." }), Type.Null()]),
    ),
    default_all_public_streams: Type.Optional(Type.Boolean({ description: 'Whether the bot can send messages to all channels by default.' })),
    avatar_url: Type.Optional(Type.String({ description: "The URL of the bot's avatar." })),
    owner_id: Type.Optional(Type.Union([Type.Integer({ description: "The user ID of the bot's owner." }), Type.Null()])),
    services: Type.Optional(
      Type.Array(BasicBotBase_services_inner, {
        description: 'An array containing extra configuration fields only relevant for outgoing webhook bots and embedded bots. This is always a single-element array.',
      }),
    ),
    email: Type.Optional(Type.String({ description: 'The email of the bot.' })),
    bot_type: Type.Optional(Type.Union([Type.Integer({ description: 'An integer describing the type of bot:' }), Type.Null()])),
    is_active: Type.Optional(Type.Boolean({ description: 'A boolean describing whether the user account has been deactivated.' })),
  },
  { $id: 'Bot', description: 'Object containing details of a bot.', additionalProperties: false },
);

export const register_queue_200_response_allOf_realm_embedded_bots_inner = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The name of the bot.' })),
    config: Type.Optional(
      Type.Record(Type.String(), Type.String({ description: '`{config_key}`: Description/value of the configuration data key.' }), {
        description:
          'A dictionary of string key/value pairs, which describe the configuration for the bot. These are usually details like API keys, and are unique to the integration/bot. Can be an empty dictionary.',
      }),
    ),
  },
  {
    $id: 'register_queue_200_response_allOf_realm_embedded_bots_inner',
    description: 'Object containing details of an embedded bot. Embedded bots are an experimental feature not enabled in production yet.',
    additionalProperties: false,
  },
);

export const WebhookConfigOption_inner = Type.Object(
  {
    key: Type.Optional(Type.String({ description: 'A key for the configuration option.' })),
    label: Type.Optional(Type.String({ description: 'A human-readable label of the configuration option.' })),
    validator: Type.Optional(Type.String({ description: 'The name of the validator function for the configuration option.' })),
  },
  { $id: 'WebhookConfigOption_inner', additionalProperties: false },
);

export const WebhookUrlOption_inner = Type.Object(
  {
    key: Type.Optional(Type.String({ description: 'The parameter variable to encode the users input for this option in the integrations webhook URL.' })),
    label: Type.Optional(Type.String({ description: 'A human-readable label of the url option.' })),
    validator: Type.Optional(Type.String({ description: 'The name of the validator function for the configuration option.' })),
  },
  { $id: 'WebhookUrlOption_inner', additionalProperties: false },
);

export const register_queue_200_response_allOf_realm_incoming_webhook_bots_inner = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'A machine-readable unique name identifying the integration, all-lower-case without spaces.' })),
    display_name: Type.Optional(
      Type.String({ description: 'A human-readable display name identifying the integration that this bot implements, intended to be used in menus for selecting which integration to create.' }),
    ),
    all_event_types: Type.Optional(
      Type.Union([
        Type.Array(Type.String(), { description: 'For incoming webhook integrations that support the Zulip server filtering incoming events, the list of event types supported by it.' }),
        Type.Null(),
      ]),
    ),
    config_options: Type.Optional(
      Type.Array(WebhookConfigOption_inner, { description: 'An array of configuration options that can be set when creating a bot user for this incoming webhook integration.' }),
    ),
    url_options: Type.Optional(
      Type.Array(WebhookUrlOption_inner, {
        description:
          'An array of optional URL parameter options for the incoming webhook integration. In the web app, these are used when [generating a URL for an integration](https://zulip.com/help/generate-integration-url).',
      }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_realm_incoming_webhook_bots_inner', description: 'Object containing details of the bot.', additionalProperties: false },
);

export const register_queue_200_response_allOf_recent_private_conversations_inner = Type.Object(
  {
    max_message_id: Type.Optional(Type.Integer({ description: 'The highest message ID of the conversation, intended to support sorting the conversations by recency.' })),
    user_ids: Type.Optional(
      Type.Array(Type.Integer(), { description: 'The list of users other than the current user in the direct message conversation. This will be an empty list for direct messages sent to oneself.' }),
    ),
  },
  {
    $id: 'register_queue_200_response_allOf_recent_private_conversations_inner',
    description: "Object describing a single recent direct conversation in the user's history.",
    additionalProperties: false,
  },
);

export const NavigationView = Type.Object(
  {
    fragment: Type.String({ description: 'A unique identifier for the view, used to determine navigation behavior when clicked.' }),
    is_pinned: Type.Boolean({ description: 'Determines whether the view appears directly in the sidebar or is hidden in the "More Views" menu.' }),
    name: Type.Optional(Type.Union([Type.String({ description: 'The user-facing name for custom navigation views. Omit this field for built-in views.' }), Type.Null()])),
  },
  {
    $id: 'NavigationView',
    description: "Represents a user's personal configuration for a specific navigation view (displayed most visibly at the top of the web application's left sidebar).",
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_never_subscribed_inner = Type.Object(
  {
    stream_id: Type.Optional(Type.Integer({ description: 'The unique ID of the channel.' })),
    name: Type.Optional(Type.String({ description: 'The name of the channel.' })),
    is_archived: Type.Optional(Type.Boolean({ description: 'A boolean indicating whether the channel is [archived](https://zulip.com/help/archive-a-channel).' })),
    description: Type.Optional(
      Type.String({
        description:
          "The short description of the channel in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format, intended to be used to prepopulate UI for editing a channel's description.",
      }),
    ),
    date_created: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the channel was created, in UTC seconds.' })),
    creator_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the user who created this channel.' }), Type.Null()])),
    invite_only: Type.Optional(Type.Boolean({ description: 'Specifies whether the channel is private or not. Only people who have been invited can access a private channel.' })),
    rendered_description: Type.Optional(Type.String({ description: 'The short description of the channel rendered as HTML, intended to be used when displaying the channel description in a UI.' })),
    is_web_public: Type.Optional(Type.Boolean({ description: 'Whether the channel has been configured to allow unauthenticated access to its message history from the web.' })),
    stream_post_policy: Type.Optional(
      Type.Integer({
        description:
          'A deprecated representation of a superset of the users who have permission to post messages to the channel available for backwards-compatibility. Clients should use `can_send_message_group` instead.',
        deprecated: true,
      }),
    ),
    message_retention_days: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            'Number of days that messages sent to this channel will be stored before being automatically deleted by the [message retention policy](https://zulip.com/help/message-retention-policy). There are two special values:',
        }),
        Type.Null(),
      ]),
    ),
    history_public_to_subscribers: Type.Optional(Type.Boolean({ description: 'Whether the history of the channel is public to its subscribers.' })),
    topics_policy: Type.Optional(TopicsPolicy),
    first_message_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the first message in the channel.' }), Type.Null()])),
    folder_id: Type.Optional(Type.Union([Type.Integer({ description: 'The ID of the folder to which the channel belongs.' }), Type.Null()])),
    is_recently_active: Type.Optional(
      Type.Boolean({
        description:
          'Whether the channel has recent message activity. Clients should use this to implement [hide inactive channels](https://zulip.com/help/manage-inactive-channels) if `demote_inactive_streams` is enabled.',
      }),
    ),
    is_announcement_only: Type.Optional(Type.Boolean({ description: 'Whether the given channel is announcement only or not.', deprecated: true })),
    can_add_subscribers_group: Type.Optional(ChannelCanAddSubscribersGroup),
    can_remove_subscribers_group: Type.Optional(CanRemoveSubscribersGroup),
    can_administer_channel_group: Type.Optional(CanAdministerChannelGroup),
    can_delete_any_message_group: Type.Optional(CanDeleteAnyMessageGroup),
    can_delete_own_message_group: Type.Optional(CanDeleteOwnMessageGroup),
    can_move_messages_out_of_channel_group: Type.Optional(CanMoveMessagesOutOfChannelGroup),
    can_move_messages_within_channel_group: Type.Optional(CanMoveMessagesWithinChannelGroup),
    can_send_message_group: Type.Optional(CanSendMessageGroup),
    can_subscribe_group: Type.Optional(CanSubscribeGroup),
    can_resolve_topics_group: Type.Optional(CanResolveTopicsGroup),
    subscriber_count: Type.Optional(
      Type.Number({
        description:
          'The total number of non-deactivated users (including bots) who are subscribed to the channel. Clients are responsible for updating this value using `peer_add` and `peer_remove` events.',
      }),
    ),
    stream_weekly_traffic: Type.Optional(
      Type.Union([Type.Integer({ description: 'The average number of messages sent to the channel per week, as estimated based on recent weeks, rounded to the nearest integer.' }), Type.Null()]),
    ),
    subscribers: Type.Optional(Type.Array(Type.Integer(), { description: 'A list of user IDs of users who are subscribed to the channel. Included only if `include_subscribers` is `true`.' })),
    partial_subscribers: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'If [`include_subscribers="partial"`](https://zulip.com/api/get-subscriptions#parameter-include_subscribers) was requested, the server may, at its discretion, send a `partial_subscribers` list rather than a `subscribers` list for channels with a large number of subscribers.',
      }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_never_subscribed_inner', description: 'Object containing basic details about the channel.', additionalProperties: false },
);

export const register_queue_200_response_allOf_unread_msgs_pms_inner = Type.Object(
  {
    other_user_id: Type.Optional(
      Type.Integer({
        description:
          "The user ID of the other participant in this one-on-one direct message conversation. Will be the current user's ID for messages that they sent in a one-on-one direct message conversation with themself.",
      }),
    ),
    sender_id: Type.Optional(
      Type.Integer({ description: 'Old name for the `other_user_id` field. Clients should access this field in Zulip server versions that do not yet support `other_user_id`.', deprecated: true }),
    ),
    unread_message_ids: Type.Optional(
      Type.Array(Type.Integer(), {
        description: 'The message IDs of the recent unread direct messages sent by either user in this one-on-one direct message conversation, sorted in ascending order.',
      }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_unread_msgs_pms_inner', additionalProperties: false },
);

export const register_queue_200_response_allOf_unread_msgs_streams_inner = Type.Object(
  {
    topic: Type.Optional(Type.String({ description: 'The topic under which the messages were sent.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel to which the messages were sent.' })),
    unread_message_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The message IDs of the recent unread messages sent in this channel, sorted in ascending order.' })),
  },
  { $id: 'register_queue_200_response_allOf_unread_msgs_streams_inner', additionalProperties: false },
);

export const register_queue_200_response_allOf_unread_msgs_huddles_inner = Type.Object(
  {
    user_ids_string: Type.Optional(
      Type.String({
        description:
          'A string containing the IDs of all users in the group direct message conversation, including the current user, separated by commas and sorted numerically; for example: `"1,2,3"`.',
      }),
    ),
    unread_message_ids: Type.Optional(
      Type.Array(Type.Integer(), { description: 'The message IDs of the recent unread messages which have been sent in this group direct message conversation, sorted in ascending order.' }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_unread_msgs_huddles_inner', additionalProperties: false },
);

export const register_queue_200_response_allOf_unread_msgs = Type.Object(
  {
    count: Type.Optional(
      Type.Integer({
        description:
          'The total number of unread messages to display. This includes one-on-one and group direct messages, as well as channel messages that are not [muted](https://zulip.com/help/mute-a-topic).',
      }),
    ),
    pms: Type.Optional(
      Type.Array(register_queue_200_response_allOf_unread_msgs_pms_inner, {
        description: 'An array of objects where each object contains details of unread one-on-one direct messages with a specific user.',
      }),
    ),
    streams: Type.Optional(
      Type.Array(register_queue_200_response_allOf_unread_msgs_streams_inner, {
        description:
          'An array of dictionaries where each dictionary contains details of all unread messages of a single subscribed channel. This includes muted channels and muted topics, even though those messages are excluded from `count`.',
      }),
    ),
    huddles: Type.Optional(
      Type.Array(register_queue_200_response_allOf_unread_msgs_huddles_inner, {
        description: 'An array of objects where each object contains details of unread group direct messages with a specific group of users.',
      }),
    ),
    mentions: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'Array containing the IDs of all unread messages in which the user was mentioned directly, and unread [non-muted](https://zulip.com/help/mute-a-topic) messages in which the user was mentioned through a wildcard.',
      }),
    ),
    old_unreads_missing: Type.Optional(
      Type.Boolean({
        description:
          'Whether this data set was truncated because the user has too many unread messages. When truncation occurs, only the most recent `MAX_UNREAD_MESSAGES` (currently 50000) messages will be considered when forming this response. When `true`, we recommend that clients display a warning, as they are likely to produce erroneous results until reloaded with the user having fewer than `MAX_UNREAD_MESSAGES` unread messages.',
      }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_unread_msgs', description: 'Present if `message` and `update_message_flags` are both present in `event_types`.', additionalProperties: false },
);

export const DefaultChannelGroup = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'Name of the default channel group.' })),
    description: Type.Optional(Type.String({ description: 'Description of the default channel group.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the default channel group.' })),
    streams: Type.Optional(Type.Array(Type.Integer(), { description: 'An array of IDs of all the channels in the default stream group.' })),
  },
  { $id: 'DefaultChannelGroup', description: 'Dictionary containing details of a default channel group.', additionalProperties: false },
);

export const register_queue_200_response_allOf_user_status = Type.Object(
  {
    away: Type.Optional(Type.Boolean({ description: 'If present, the user has marked themself "away".', deprecated: true })),
    status_text: Type.Optional(Type.String({ description: "If present, the text content of the user's status message." })),
    emoji_name: Type.Optional(Type.String({ description: "If present, the name for the emoji to associate with the user's status." })),
    emoji_code: Type.Optional(Type.String({ description: 'If present, a unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.' })),
    reaction_type: Type.Optional(
      Type.Union([Type.Literal('unicode_emoji'), Type.Literal('realm_emoji'), Type.Literal('zulip_extra_emoji')], {
        description: 'If present, a string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`.',
      }),
    ),
  },
  {
    $id: 'register_queue_200_response_allOf_user_status',
    description: '`{user_id}`: Object containing the status details of a user with the key of the object being the ID of the user.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_user_settings_emojiset_choices_inner = Type.Object(
  {
    key: Type.Optional(Type.String({ description: 'The key or the name of the emoji set which will be the value of `emojiset` if this emoji set is chosen.' })),
    text: Type.Optional(Type.String({ description: 'The text describing the emoji set.' })),
  },
  { $id: 'register_queue_200_response_allOf_user_settings_emojiset_choices_inner', description: 'Object describing a emoji set.', additionalProperties: false },
);

export const register_queue_200_response_allOf_user_settings = Type.Object(
  {
    twenty_four_hour_time: Type.Optional(
      Type.Union([Type.Boolean({ description: 'Whether time should be [displayed in 24-hour notation](https://zulip.com/help/change-the-time-format).' }), Type.Null()]),
    ),
    web_mark_read_on_scroll_policy: Type.Optional(Type.Integer({ description: 'Whether or not to mark messages as read when the user scrolls through their feed.' })),
    web_channel_default_view: Type.Optional(Type.Integer({ description: 'Web/desktop app setting controlling the default navigation behavior when clicking on a channel link.' })),
    starred_message_counts: Type.Optional(
      Type.Boolean({ description: 'Whether clients should display the [number of starred messages](https://zulip.com/help/star-a-message#display-the-number-of-starred-messages).' }),
    ),
    receives_typing_notifications: Type.Optional(
      Type.Boolean({
        description: 'Whether the user is configured to receive typing notifications from other users. The server will only deliver typing notifications events to users who for whom this is enabled.',
      }),
    ),
    web_suggest_update_timezone: Type.Optional(
      Type.Boolean({
        description:
          'Whether the user should be shown an alert, offering to update their [profile time zone](https://zulip.com/help/change-your-timezone), when the time displayed for the profile time zone differs from the current time displayed by the time zone configured on their device.',
      }),
    ),
    fluid_layout_width: Type.Optional(
      Type.Boolean({
        description:
          "Whether to use the [maximum available screen width](https://zulip.com/help/enable-full-width-display) for the web app's center panel (message feed, recent conversations) on wide screens.",
      }),
    ),
    high_contrast_mode: Type.Optional(Type.Boolean({ description: "This setting is reserved for use to control variations in Zulip's design to help visually impaired users." })),
    web_font_size_px: Type.Optional(Type.Integer({ description: 'User-configured primary `font-size` for the web application, in pixels.' })),
    web_line_height_percent: Type.Optional(
      Type.Integer({ description: 'User-configured primary `line-height` for the web application, in percent, so a value of 120 represents a `line-height` of 1.2.' }),
    ),
    color_scheme: Type.Optional(Type.Integer({ description: 'Controls which [color theme](https://zulip.com/help/dark-theme) to use.' })),
    translate_emoticons: Type.Optional(Type.Boolean({ description: 'Whether to [translate emoticons to emoji](https://zulip.com/help/configure-emoticon-translations) in messages the user sends.' })),
    display_emoji_reaction_users: Type.Optional(Type.Boolean({ description: 'Whether to display the names of reacting users on a message.' })),
    default_language: Type.Optional(Type.String({ description: 'What [default language](https://zulip.com/help/change-your-language) to use for the account.' })),
    web_home_view: Type.Optional(
      Type.String({ description: 'The [home view](https://zulip.com/help/configure-home-view) used when opening a new Zulip web app window or hitting the `Esc` keyboard shortcut repeatedly.' }),
    ),
    web_escape_navigates_to_home_view: Type.Optional(Type.Boolean({ description: 'Whether the escape key navigates to the [configured home view](https://zulip.com/help/configure-home-view).' })),
    left_side_userlist: Type.Optional(Type.Boolean({ description: 'Whether the users list on left sidebar in narrow windows.' })),
    emojiset: Type.Optional(
      Type.String({ description: "The user's configured [emoji set](https://zulip.com/help/emoji-and-emoticons#use-emoticons), used to display emoji to the user everywhere they appear in the UI." }),
    ),
    demote_inactive_streams: Type.Optional(Type.Integer({ description: 'Whether to [hide inactive channels](https://zulip.com/help/manage-inactive-channels) in the left sidebar.' })),
    user_list_style: Type.Optional(Type.Integer({ description: 'The style selected by the user for the right sidebar user list.' })),
    web_animate_image_previews: Type.Optional(Type.String({ description: 'Controls how animated images should be played in the message feed in the web/desktop application.' })),
    web_stream_unreads_count_display_policy: Type.Optional(
      Type.Integer({
        description:
          'Configuration for which channels should be displayed with a numeric unread count in the left sidebar. Channels that do not have an unread count will have a simple dot indicator for whether there are any unread messages.',
      }),
    ),
    hide_ai_features: Type.Optional(Type.Boolean({ description: 'Controls whether user wants AI features like topic summarization to be hidden in all Zulip clients.' })),
    web_left_sidebar_show_channel_folders: Type.Optional(
      Type.Boolean({ description: "Determines whether the web/desktop application's left sidebar displays any channel folders configured by the organization." }),
    ),
    web_left_sidebar_unreads_count_summary: Type.Optional(Type.Boolean({ description: "Determines whether the web/desktop application's left sidebar displays the unread message count summary." })),
    timezone: Type.Optional(
      Type.String({
        description: "The IANA identifier of the user's [profile time zone](https://zulip.com/help/change-your-timezone), which is used primarily to display the user's local time to other users.",
      }),
    ),
    enter_sends: Type.Optional(
      Type.Boolean({ description: 'Whether the user setting for [sending on pressing Enter](https://zulip.com/help/configure-send-message-keys) in the compose box is enabled.' }),
    ),
    enable_drafts_synchronization: Type.Optional(
      Type.Boolean({
        description:
          'A boolean parameter to control whether synchronizing drafts is enabled for the user. When synchronization is disabled, all drafts stored in the server will be automatically deleted from the server.',
      }),
    ),
    enable_stream_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for channel messages.' })),
    enable_stream_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for channel messages.' })),
    enable_stream_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notifications for channel messages.' })),
    enable_stream_audible_notifications: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for channel messages.' })),
    notification_sound: Type.Optional(Type.String({ description: 'Notification sound name.' })),
    enable_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for direct messages and @-mentions.' })),
    enable_sounds: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for direct messages and @-mentions.' })),
    enable_followed_topic_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for messages sent to followed topics.' })),
    enable_followed_topic_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for messages sent to followed topics.' })),
    enable_followed_topic_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable push notifications for messages sent to followed topics.' })),
    enable_followed_topic_audible_notifications: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for messages sent to followed topics.' })),
    email_notifications_batching_period_seconds: Type.Optional(
      Type.Integer({ description: 'The duration (in seconds) for which the server should wait to batch email notifications before sending them.' }),
    ),
    enable_offline_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for direct messages and @-mentions received when the user is offline.' })),
    enable_offline_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notification for direct messages and @-mentions received when the user is offline.' })),
    enable_online_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notification for direct messages and @-mentions received when the user is online.' })),
    enable_digest_emails: Type.Optional(Type.Boolean({ description: 'Enable digest emails when the user is away.' })),
    enable_marketing_emails: Type.Optional(Type.Boolean({ description: 'Enable marketing emails. Has no function outside Zulip Cloud.' })),
    enable_login_emails: Type.Optional(Type.Boolean({ description: 'Enable email notifications for new logins to account.' })),
    message_content_in_email_notifications: Type.Optional(Type.Boolean({ description: "Include the message's content in email notifications for new messages." })),
    pm_content_in_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Include content of direct messages in desktop notifications.' })),
    wildcard_mentions_notify: Type.Optional(Type.Boolean({ description: 'Whether wildcard mentions (E.g. @**all**) should send notifications like a personal mention.' })),
    enable_followed_topic_wildcard_mentions_notify: Type.Optional(
      Type.Boolean({ description: 'Whether wildcard mentions (e.g., @**all**) in messages sent to followed topics should send notifications like a personal mention.' }),
    ),
    desktop_icon_count_display: Type.Optional(Type.Integer({ description: 'Unread count badge (appears in desktop sidebar and browser tab)' })),
    realm_name_in_email_notifications_policy: Type.Optional(
      Type.Integer({
        description: 'Whether to [include organization name in subject of message notification emails](https://zulip.com/help/email-notifications#include-organization-name-in-subject-line).',
      }),
    ),
    automatically_follow_topics_policy: Type.Optional(Type.Integer({ description: 'Which [topics to follow automatically](https://zulip.com/help/mute-a-topic).' })),
    automatically_unmute_topics_in_muted_streams_policy: Type.Optional(Type.Integer({ description: 'Which [topics to unmute automatically in muted channels](https://zulip.com/help/mute-a-topic).' })),
    automatically_follow_topics_where_mentioned: Type.Optional(Type.Boolean({ description: 'Whether the server will automatically mark the user as following topics where the user is mentioned.' })),
    resolved_topic_notice_auto_read_policy: Type.Optional(Type.String({ description: 'Controls whether the resolved-topic notices are marked as read.' })),
    presence_enabled: Type.Optional(Type.Boolean({ description: 'Display the presence status to other users when online.' })),
    available_notification_sounds: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Array containing the names of the notification sound options supported by this Zulip server. Only relevant to support UI for configuring notification sounds.',
      }),
    ),
    emojiset_choices: Type.Optional(
      Type.Array(register_queue_200_response_allOf_user_settings_emojiset_choices_inner, {
        description: 'Array of dictionaries where each dictionary describes an emoji set supported by this version of the Zulip server.',
      }),
    ),
    send_private_typing_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Whether the user has chosen to send [typing notifications](https://zulip.com/help/typing-notifications) when composing direct messages. The client should send typing notifications for direct messages if and only if this setting is enabled.',
      }),
    ),
    send_stream_typing_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Whether the user has chosen to send [typing notifications](https://zulip.com/help/typing-notifications) when composing channel messages. The client should send typing notifications for channel messages if and only if this setting is enabled.',
      }),
    ),
    send_read_receipts: Type.Optional(Type.Boolean({ description: "Whether other users are allowed to see whether you've read messages." })),
    allow_private_data_export: Type.Optional(Type.Boolean({ description: 'Whether organization administrators are allowed to export your private data.' })),
    email_address_visibility: Type.Optional(
      Type.Integer({ description: "The [policy][permission-level] for [which other users][help-email-visibility] in this organization can see the user's real email address." }),
    ),
    web_navigate_to_sent_message: Type.Optional(
      Type.Boolean({ description: "Web/desktop app setting for whether the user's view should automatically go to the conversation where they sent a message." }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_user_settings', description: 'Present if `user_settings` is present in `fetch_event_types`.', additionalProperties: false },
);

export const register_queue_200_response_allOf_user_topics_inner = Type.Object(
  {
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel to which the topic belongs.' })),
    topic_name: Type.Optional(Type.String({ description: 'The name of the topic.' })),
    last_updated: Type.Optional(Type.Integer({ description: 'An integer UNIX timestamp representing when the user-topic relationship was changed.' })),
    visibility_policy: Type.Optional(Type.Integer({ description: "An integer indicating the user's visibility configuration for the topic." })),
  },
  { $id: 'register_queue_200_response_allOf_user_topics_inner', description: "Object describing the user's configuration for a given topic.", additionalProperties: false },
);

export const register_queue_200_response_allOf_push_devices_value = Type.Object(
  {
    status: Type.Optional(Type.String({ description: 'The push account\'s registration status. Either `"active"`, `"pending"`, or `"failed"`.' })),
    error_code: Type.Optional(
      Type.Union([
        Type.String({ description: 'If the status is `"failed"`, a [Zulip API error code](https://zulip.com/api/rest-error-handling) indicating the type of failure that occurred.' }),
        Type.Null(),
      ]),
    ),
  },
  {
    $id: 'register_queue_200_response_allOf_push_devices_value',
    description: '`{push_account_id}`: Dictionary containing the details of a push device with the push account ID as the key.',
    additionalProperties: false,
  },
);

export const RealmAuthenticationMethod = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'Boolean describing whether the authentication method (i.e. its key) is enabled in this organization.' })),
    available: Type.Optional(
      Type.Boolean({ description: 'Boolean describing whether the authentication method is available for use. If false, the organization is not eligible to enable the authentication method.' }),
    ),
    unavailable_reason: Type.Optional(Type.String({ description: "Reason why the authentication method is unavailable. This field is optional and is only present when 'available' is false." })),
  },
  {
    $id: 'RealmAuthenticationMethod',
    description: 'Dictionary describing the properties of an authentication method for the organization - its enabled status and availability for use by the organization.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_realm_available_video_chat_providers_value = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The name of the video call provider.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the video call provider.' })),
  },
  {
    $id: 'register_queue_200_response_allOf_realm_available_video_chat_providers_value',
    description: '`{provider_name}`: Dictionary containing the details of the video call provider with the name of the chat provider as the key.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_realm_default_external_accounts_value = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The name of the external account provider' })),
    text: Type.Optional(Type.String({ description: 'The text describing the external account.' })),
    hint: Type.Optional(Type.String({ description: 'The help text to be displayed for the custom profile field in user-facing settings UI for configuring custom profile fields for this account.' })),
    url_pattern: Type.Optional(Type.String({ description: 'The regex pattern of the URL of a profile page on the external site.' })),
  },
  {
    $id: 'register_queue_200_response_allOf_realm_default_external_accounts_value',
    description: '`{site_name}`: Dictionary containing the details of the default external account provider with the name of the website as the key.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_giphy_rating_options_value = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The description of the rating option.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the rating option.' })),
  },
  {
    $id: 'register_queue_200_response_allOf_giphy_rating_options_value',
    description: '`{rating_name}`: Dictionary containing the details of the rating with the name of the rating as the key.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_server_thumbnail_formats_inner = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'The file path component of the thumbnail format.' })),
    max_width: Type.Optional(Type.Integer({ description: 'The maximum width of this format.' })),
    max_height: Type.Optional(Type.Integer({ description: 'The maximum height of this format.' })),
    format: Type.Optional(Type.String({ description: 'The extension of this format.' })),
    animated: Type.Optional(Type.Boolean({ description: 'If this file format is animated. These formats are only generated for uploaded imates which themselves are animated.' })),
  },
  { $id: 'register_queue_200_response_allOf_server_thumbnail_formats_inner', additionalProperties: false },
);

export const register_queue_200_response_allOf_realm_billing = Type.Object(
  {
    has_pending_sponsorship_request: Type.Optional(
      Type.Boolean({
        description: 'Whether there is a pending sponsorship request for the organization. Note that this field will always be `false` if the user is not in `can_manage_billing_group`.',
      }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_realm_billing', description: 'Present if `realm_billing` is present in `fetch_event_types`.', additionalProperties: false },
);

export const register_queue_200_response_allOf_realm_user_settings_defaults = Type.Object(
  {
    twenty_four_hour_time: Type.Optional(
      Type.Union([Type.Boolean({ description: 'Whether time should be [displayed in 24-hour notation](https://zulip.com/help/change-the-time-format).' }), Type.Null()]),
    ),
    web_mark_read_on_scroll_policy: Type.Optional(Type.Integer({ description: 'Whether or not to mark messages as read when the user scrolls through their feed.' })),
    web_channel_default_view: Type.Optional(Type.Integer({ description: 'Web/desktop app setting controlling the default navigation behavior when clicking on a channel link.' })),
    starred_message_counts: Type.Optional(
      Type.Boolean({ description: 'Whether clients should display the [number of starred messages](https://zulip.com/help/star-a-message#display-the-number-of-starred-messages).' }),
    ),
    receives_typing_notifications: Type.Optional(
      Type.Boolean({
        description: 'Whether the user is configured to receive typing notifications from other users. The server will only deliver typing notifications events to users who for whom this is enabled.',
      }),
    ),
    web_suggest_update_timezone: Type.Optional(
      Type.Boolean({
        description:
          'Whether the user should be shown an alert, offering to update their [profile time zone](https://zulip.com/help/change-your-timezone), when the time displayed for the profile time zone differs from the current time displayed by the time zone configured on their device.',
      }),
    ),
    fluid_layout_width: Type.Optional(
      Type.Boolean({
        description:
          "Whether to use the [maximum available screen width](https://zulip.com/help/enable-full-width-display) for the web app's center panel (message feed, recent conversations) on wide screens.",
      }),
    ),
    high_contrast_mode: Type.Optional(Type.Boolean({ description: "This setting is reserved for use to control variations in Zulip's design to help visually impaired users." })),
    web_font_size_px: Type.Optional(Type.Integer({ description: 'User-configured primary `font-size` for the web application, in pixels.' })),
    web_line_height_percent: Type.Optional(
      Type.Integer({ description: 'User-configured primary `line-height` for the web application, in percent, so a value of 120 represents a `line-height` of 1.2.' }),
    ),
    color_scheme: Type.Optional(Type.Integer({ description: 'Controls which [color theme](https://zulip.com/help/dark-theme) to use.' })),
    translate_emoticons: Type.Optional(Type.Boolean({ description: 'Whether to [translate emoticons to emoji](https://zulip.com/help/configure-emoticon-translations) in messages the user sends.' })),
    display_emoji_reaction_users: Type.Optional(Type.Boolean({ description: 'Whether to display the names of reacting users on a message.' })),
    default_language: Type.Optional(Type.String({ description: 'What [default language](https://zulip.com/help/change-your-language) to use for the account.' })),
    web_home_view: Type.Optional(
      Type.String({ description: 'The [home view](https://zulip.com/help/configure-home-view) used when opening a new Zulip web app window or hitting the `Esc` keyboard shortcut repeatedly.' }),
    ),
    web_escape_navigates_to_home_view: Type.Optional(Type.Boolean({ description: 'Whether the escape key navigates to the [configured home view](https://zulip.com/help/configure-home-view).' })),
    left_side_userlist: Type.Optional(Type.Boolean({ description: 'Whether the users list on left sidebar in narrow windows.' })),
    emojiset: Type.Optional(
      Type.String({ description: "The user's configured [emoji set](https://zulip.com/help/emoji-and-emoticons#use-emoticons), used to display emoji to the user everywhere they appear in the UI." }),
    ),
    demote_inactive_streams: Type.Optional(Type.Integer({ description: 'Whether to [hide inactive channels](https://zulip.com/help/manage-inactive-channels) in the left sidebar.' })),
    user_list_style: Type.Optional(Type.Integer({ description: 'The style selected by the user for the right sidebar user list.' })),
    web_animate_image_previews: Type.Optional(Type.String({ description: 'Controls how animated images should be played in the message feed in the web/desktop application.' })),
    web_stream_unreads_count_display_policy: Type.Optional(
      Type.Integer({
        description:
          'Configuration for which channels should be displayed with a numeric unread count in the left sidebar. Channels that do not have an unread count will have a simple dot indicator for whether there are any unread messages.',
      }),
    ),
    hide_ai_features: Type.Optional(Type.Boolean({ description: 'Controls whether user wants AI features like topic summarization to be hidden in all Zulip clients.' })),
    web_left_sidebar_show_channel_folders: Type.Optional(
      Type.Boolean({ description: "Determines whether the web/desktop application's left sidebar displays any channel folders configured by the organization." }),
    ),
    web_left_sidebar_unreads_count_summary: Type.Optional(Type.Boolean({ description: "Determines whether the web/desktop application's left sidebar displays the unread message count summary." })),
    enable_stream_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for channel messages.' })),
    enable_stream_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for channel messages.' })),
    enable_stream_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notifications for channel messages.' })),
    enable_stream_audible_notifications: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for channel messages.' })),
    notification_sound: Type.Optional(Type.String({ description: 'Notification sound name.' })),
    enable_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for direct messages and @-mentions.' })),
    enable_sounds: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for direct messages and @-mentions.' })),
    enable_offline_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for direct messages and @-mentions received when the user is offline.' })),
    enable_offline_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notification for direct messages and @-mentions received when the user is offline.' })),
    enable_online_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable mobile notification for direct messages and @-mentions received when the user is online.' })),
    enable_followed_topic_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Enable visual desktop notifications for messages sent to followed topics.' })),
    enable_followed_topic_email_notifications: Type.Optional(Type.Boolean({ description: 'Enable email notifications for messages sent to followed topics.' })),
    enable_followed_topic_push_notifications: Type.Optional(Type.Boolean({ description: 'Enable push notifications for messages sent to followed topics.' })),
    enable_followed_topic_audible_notifications: Type.Optional(Type.Boolean({ description: 'Enable audible desktop notifications for messages sent to followed topics.' })),
    enable_digest_emails: Type.Optional(Type.Boolean({ description: 'Enable digest emails when the user is away.' })),
    enable_marketing_emails: Type.Optional(Type.Boolean({ description: 'Enable marketing emails. Has no function outside Zulip Cloud.' })),
    enable_login_emails: Type.Optional(Type.Boolean({ description: 'Enable email notifications for new logins to account.' })),
    message_content_in_email_notifications: Type.Optional(Type.Boolean({ description: "Include the message's content in email notifications for new messages." })),
    pm_content_in_desktop_notifications: Type.Optional(Type.Boolean({ description: 'Include content of direct messages in desktop notifications.' })),
    wildcard_mentions_notify: Type.Optional(Type.Boolean({ description: 'Whether wildcard mentions (E.g. @**all**) should send notifications like a personal mention.' })),
    enable_followed_topic_wildcard_mentions_notify: Type.Optional(
      Type.Boolean({ description: 'Whether wildcard mentions (e.g., @**all**) in messages sent to followed topics should send notifications like a personal mention.' }),
    ),
    desktop_icon_count_display: Type.Optional(Type.Integer({ description: 'Unread count badge (appears in desktop sidebar and browser tab)' })),
    realm_name_in_email_notifications_policy: Type.Optional(
      Type.Integer({
        description: 'Whether to [include organization name in subject of message notification emails](https://zulip.com/help/email-notifications#include-organization-name-in-subject-line).',
      }),
    ),
    automatically_follow_topics_policy: Type.Optional(Type.Integer({ description: 'Which [topics to follow automatically](https://zulip.com/help/mute-a-topic).' })),
    automatically_unmute_topics_in_muted_streams_policy: Type.Optional(Type.Integer({ description: 'Which [topics to unmute automatically in muted channels](https://zulip.com/help/mute-a-topic).' })),
    automatically_follow_topics_where_mentioned: Type.Optional(Type.Boolean({ description: 'Whether the server will automatically mark the user as following topics where the user is mentioned.' })),
    resolved_topic_notice_auto_read_policy: Type.Optional(Type.String({ description: 'Controls whether the resolved-topic notices are marked as read.' })),
    presence_enabled: Type.Optional(Type.Boolean({ description: 'Display the presence status to other users when online.' })),
    enter_sends: Type.Optional(
      Type.Boolean({ description: 'Whether the user setting for [sending on pressing Enter](https://zulip.com/help/configure-send-message-keys) in the compose box is enabled.' }),
    ),
    enable_drafts_synchronization: Type.Optional(
      Type.Boolean({
        description:
          'A boolean parameter to control whether synchronizing drafts is enabled for the user. When synchronization is disabled, all drafts stored in the server will be automatically deleted from the server.',
      }),
    ),
    email_notifications_batching_period_seconds: Type.Optional(
      Type.Integer({ description: 'The duration (in seconds) for which the server should wait to batch email notifications before sending them.' }),
    ),
    available_notification_sounds: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Array containing the names of the notification sound options supported by this Zulip server. Only relevant to support UI for configuring notification sounds.',
      }),
    ),
    emojiset_choices: Type.Optional(
      Type.Array(register_queue_200_response_allOf_user_settings_emojiset_choices_inner, {
        description: 'Array of dictionaries where each dictionary describes an emoji set supported by this version of the Zulip server.',
      }),
    ),
    send_private_typing_notifications: Type.Optional(
      Type.Boolean({ description: 'Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing direct messages.' }),
    ),
    send_stream_typing_notifications: Type.Optional(
      Type.Boolean({ description: 'Whether [typing notifications](https://zulip.com/help/typing-notifications) be sent when composing channel messages.' }),
    ),
    send_read_receipts: Type.Optional(Type.Boolean({ description: "Whether other users are allowed to see whether you've read messages." })),
    allow_private_data_export: Type.Optional(Type.Boolean({ description: 'Whether organization administrators are allowed to export your private data.' })),
    email_address_visibility: Type.Optional(
      Type.Integer({ description: "The [policy][permission-level] for [which other users][help-email-visibility] in this organization can see the user's real email address." }),
    ),
    web_navigate_to_sent_message: Type.Optional(
      Type.Boolean({ description: "Web/desktop app setting for whether the user's view should automatically go to the conversation where they sent a message." }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_realm_user_settings_defaults', description: 'Present if `realm_user_settings_defaults` is present in `fetch_event_types`.', additionalProperties: false },
);

export const register_queue_200_response_allOf_cross_realm_bots_inner = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The unique ID of the user.' })),
    delivery_email: Type.Optional(
      Type.Union([
        Type.String({
          description:
            "The user's real email address. This value will be `null` if you cannot access user's real email address. For bot users, this field is always set to the real email of the bot, because bot users always have `email_address_visibility` set to everyone.",
        }),
        Type.Null(),
      ]),
    ),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address of the user or bot.' })),
    full_name: Type.Optional(Type.String({ description: 'Full name of the user or bot, used for all display purposes.' })),
    date_joined: Type.Optional(Type.String({ description: 'The time the user account was created.' })),
    is_active: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user account has been deactivated.' })),
    is_owner: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is an organization owner. If true, `is_admin` will also be true.' })),
    is_admin: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is an organization administrator.' })),
    is_guest: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is a guest user.' })),
    is_bot: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user is a bot or full account.' })),
    bot_type: Type.Optional(Type.Union([Type.Integer({ description: 'An integer describing the type of bot:' }), Type.Null()])),
    bot_owner_id: Type.Optional(
      Type.Union([
        Type.Integer({ description: "If the user is a bot (i.e. `is_bot` is true), then `bot_owner_id` is the user ID of the bot's owner (usually, whoever created the bot)." }),
        Type.Null(),
      ]),
    ),
    role: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(200), Type.Literal(300), Type.Literal(400), Type.Literal(600)], {
        description: '[Organization-level role](https://zulip.com/api/roles-and-permissions) of the user. Possible values are:',
      }),
    ),
    timezone: Type.Optional(
      Type.String({
        description: "The IANA identifier of the user's [profile time zone](https://zulip.com/help/change-your-timezone), which is used primarily to display the user's local time to other users.",
      }),
    ),
    avatar_url: Type.Optional(Type.Union([Type.String({ description: "URL for the user's avatar." }), Type.Null()])),
    avatar_version: Type.Optional(
      Type.Integer({
        description:
          "Version for the user's avatar. Used for cache-busting requests for the user's avatar. Clients generally shouldn't need to use this; most avatar URLs sent by Zulip will already end with `?v={avatar_version}`.",
      }),
    ),
    profile_data: Type.Optional(Type.Record(Type.String(), profile_data_value, { description: "Only present if `is_bot` is false; bots can't have custom profile fields." })),
    is_system_bot: Type.Optional(
      Type.Boolean({ description: "Whether the user is a system bot. System bots are special bot user accounts that are managed by the system, rather than the organization's administrators." }),
    ),
  },
  { $id: 'register_queue_200_response_allOf_cross_realm_bots_inner', description: 'A dictionary containing basic data on a given Zulip user.', additionalProperties: false },
);

export const GroupPermissionSetting = Type.Object(
  {
    require_system_group: Type.Optional(Type.Boolean({ description: 'Whether the setting can only be set to a system user group.' })),
    allow_internet_group: Type.Optional(Type.Boolean({ description: 'Whether the setting can be set to `role:internet` system group.' })),
    allow_nobody_group: Type.Optional(Type.Boolean({ description: 'Whether the setting can be set to `role:nobody` system group.' })),
    allow_everyone_group: Type.Optional(Type.Boolean({ description: 'Whether the setting can be set to `role:everyone` system group.' })),
    default_group_name: Type.Optional(Type.String({ description: 'Name of the default group for the setting.' })),
    default_for_system_groups: Type.Optional(Type.Union([Type.String({ description: 'Name of the default group for the setting for system groups.' }), Type.Null()])),
    allowed_system_groups: Type.Optional(Type.Array(Type.String(), { description: 'An array of names of system groups to which the setting can be set to.' })),
  },
  {
    $id: 'GroupPermissionSetting',
    description: 'Configuration for a group permission setting specifying the groups to which the setting can be set to and the default values for the setting.',
    additionalProperties: false,
  },
);

export const register_queue_200_response_allOf_server_supported_permission_settings = Type.Object(
  {
    realm: Type.Optional(Type.Record(Type.String(), GroupPermissionSetting, { description: 'Configuration for realm level group permission settings.' })),
    stream: Type.Optional(Type.Record(Type.String(), GroupPermissionSetting, { description: 'Configuration for channel level group permission settings.' })),
    group: Type.Optional(Type.Record(Type.String(), GroupPermissionSetting, { description: 'Configuration for group level group permission settings.' })),
  },
  { $id: 'register_queue_200_response_allOf_server_supported_permission_settings', description: 'Present if `realm` is present in `fetch_event_types`.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('alert_words', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    alert_words: Type.Optional(Type.Array(Type.String(), { description: 'An array of strings, where each string is an alert word (or phrase) configured by the user.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf',
    description: "Event sent to a user's clients when that user's set of configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words) have changed.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_1_setting = Type.Union([Type.Boolean(), Type.Integer(), Type.String()], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_1_setting',
  description: 'New value of the changed setting.',
});

export const get_events_200_response_allOf_events_inner_oneOf_1 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('update_display_settings', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    user: Type.Optional(Type.String({ description: 'The Zulip API email of the user.' })),
    setting_name: Type.Optional(Type.String({ description: 'Name of the changed display setting.' })),
    setting: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_1_setting),
    language_name: Type.Optional(Type.String({ description: 'Present only if the setting to be changed is `default_language`. Contains the name of the new default language in English.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_1',
    description:
      'Event sent to clients that have requested the `update_display_settings` event type and did not include `user_settings_object` in their `client_capabilities` when registering the event queue.',
    deprecated: true,
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_2 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('update_global_notifications', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    user: Type.Optional(Type.String({ description: 'The Zulip API email of the user.' })),
    notification_name: Type.Optional(Type.String({ description: 'Name of the changed notification setting.' })),
    setting: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_1_setting),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_2',
    description:
      "Event sent to a user's clients when that user's [notification settings](https://zulip.com/api/update-settings) have changed with an additional rule that it is only sent to clients that did not include `user_settings_object` in their `client_capabilities` when registering the event queue.",
    deprecated: true,
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_3 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_settings', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    property: Type.Optional(Type.String({ description: 'Name of the changed setting.' })),
    value: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_1_setting),
    language_name: Type.Optional(Type.String({ description: 'Present only if the setting to be changed is `default_language`. Contains the name of the new default language in English.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_3', description: "Event sent to a user's clients when that user's settings have changed.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of modified user.' })),
    full_name: Type.Optional(Type.String({ description: 'The new full name for the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf', description: 'When a user changes their full name.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_1 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user who is affected by this change.' })),
    avatar_url: Type.Optional(Type.String({ description: 'The URL of the new avatar for the user.' })),
    avatar_source: Type.Optional(Type.String({ description: 'The new avatar data source type for the user.' })),
    avatar_url_medium: Type.Optional(Type.String({ description: 'The new medium-size avatar URL for user.' })),
    avatar_version: Type.Optional(Type.Integer({ description: "The version number for the user's avatar. This is useful for cache-busting." })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_1', description: 'When a user changes their avatar.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_2 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of modified user.' })),
    email: Type.Optional(Type.String({ description: 'The Zulip API email of the user.', deprecated: true })),
    timezone: Type.Optional(Type.String({ description: 'The IANA identifier of the new profile time zone for the user.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_2',
    description: 'When a user changes their [profile time zone](https://zulip.com/help/change-your-timezone).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_3 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user/bot whose owner has changed.' })),
    bot_owner_id: Type.Optional(Type.Integer({ description: 'The user ID of the new bot owner.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_3', description: 'When the owner of a bot changes.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_4 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user affected by this change.' })),
    role: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(200), Type.Literal(300), Type.Literal(400), Type.Literal(600)], {
        description: 'The new [role](https://zulip.com/api/roles-and-permissions) of the user.',
      }),
    ),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_4', description: 'When the [role](https://zulip.com/help/user-roles) of a user changes.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_5 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user affected by this change.' })),
    delivery_email: Type.Optional(Type.Union([Type.String({ description: 'The new delivery email of the user.' }), Type.Null()])),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_5',
    description:
      "When the value of a user's delivery email as visible to you changes, either due to the email address changing or your access to the user's email changing via an update to their `email_address_visibility` setting.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6_custom_profile_field = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the custom profile field which user updated.' })),
    value: Type.Optional(Type.Union([Type.String({ description: "User's personal value for this custom profile field, or `null` if unset." }), Type.Null()])),
    rendered_value: Type.Optional(Type.String({ description: 'The `value` rendered in HTML. Will only be present for custom profile field types that support Markdown rendering.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6_custom_profile_field',
    description: 'Object containing details about the custom profile data change.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user affected by this change.' })),
    custom_profile_field: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6_custom_profile_field),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6', description: 'When the user updates one of their custom profile fields.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_7 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user affected by this change.' })),
    new_email: Type.Optional(
      Type.String({
        description: "The new value of `email` for the user. The client should update any data structures associated with this user to use this new value as the user's Zulip API email address.",
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_7',
    description:
      "When the Zulip API email address of a user changes, either due to the user's email address changing, or due to changes in the user's [email address visibility][help-email-visibility].",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_8 = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user affected by this change.' })),
    is_active: Type.Optional(Type.Boolean({ description: 'A boolean describing whether the user account has been deactivated.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_8',
    description: "When a user is deactivated or reactivated. Only users who can access the modified user under the organization's `can_access_all_users_group` policy will receive this event.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_4_person = Type.Union(
  [
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_1,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_2,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_3,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_4,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_5,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_6,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_7,
    get_events_200_response_allOf_events_inner_oneOf_4_person_oneOf_8,
  ],
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_4_person', description: 'Object containing the changed details of the user. It has multiple forms depending on the value changed.' },
);

export const get_events_200_response_allOf_events_inner_oneOf_4 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_user', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    person: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_4_person),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_4',
    description: 'Event sent generally to all users who can access the modified user for changes in the set of users or those users metadata.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_5 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('subscription', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    subscriptions: Type.Optional(Type.Array(Subscription, { description: 'A list of dictionaries where each dictionary contains information about one of the subscribed channels.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_5',
    description: "Event sent to a user's clients when that user's channel subscriptions have changed (either the set of subscriptions or their properties).",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_6_subscriptions_inner = Type.Object(
  {
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel.' })),
    name: Type.Optional(Type.String({ description: 'The name of the channel.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_6_subscriptions_inner', description: 'Dictionary containing details about the unsubscribed channel.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_6 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('subscription', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    subscriptions: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_6_subscriptions_inner, {
        description: 'A list of dictionaries, where each dictionary contains information about one of the newly unsubscribed channels.',
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_6',
    description: "Event sent to a user's clients when that user has been unsubscribed from one or more channels.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_7_value = Type.Union([Type.Integer(), Type.Boolean(), Type.String()], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_7_value',
  description: 'The new value of the changed property.',
});

export const get_events_200_response_allOf_events_inner_oneOf_7 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('subscription', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel whose subscription details have changed.' })),
    property: Type.Optional(
      Type.String({
        description:
          'The property of the subscription which has changed. For details on the various subscription properties that a user can change, see [POST /users/me/subscriptions/properties](https://zulip.com/api/update-subscription-settings).',
      }),
    ),
    value: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_7_value),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_7',
    description:
      "Event sent to a user's clients when a property of the user's subscription to a channel has been updated. This event is used only for personal properties like `is_muted` or `pin_to_top`. See the [`stream op: update` event](https://zulip.com/api/get-events#stream-update) for updates to global properties of a channel.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_8 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('subscription', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('peer_add')),
    stream_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The IDs of channels that have new or updated subscriber data.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The IDs of the users who are newly visible as subscribed to the specified channels.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_8',
    description: 'Event sent when another user subscribes to a channel, or their subscription is newly visible to the current user.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_9 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('subscription', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('peer_remove')),
    stream_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The IDs of the channels from which the users have been unsubscribed from.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'The IDs of the users who have been unsubscribed.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_9',
    description: 'Event sent to other users when users have been unsubscribed from channels. Sent to all users if the channel is public or to only the existing subscribers if the channel is private.',
    additionalProperties: false,
  },
);

export const MessagesEvent = Type.Object(
  {
    avatar_url: Type.Optional(
      Type.Union([
        Type.String({ description: "The URL of the message sender's avatar. Can be `null` only if the current user has access to the sender's real email address and `client_gravatar` was `true`." }),
        Type.Null(),
      ]),
    ),
    client: Type.Optional(Type.String({ description: 'A Zulip "client" string, describing what Zulip client sent the message.' })),
    content: Type.Optional(Type.String({ description: 'The content/body of the message. When `apply_markdown` is set, it will be in HTML format.' })),
    content_type: Type.Optional(
      Type.String({ description: 'The HTTP `content_type` for the message content. This will be `text/html` or `text/x-markdown`, depending on whether `apply_markdown` was set.' }),
    ),
    display_recipient: Type.Optional(MessagesBase_display_recipient),
    edit_history: Type.Optional(
      Type.Array(MessagesBase_edit_history_inner, {
        description: 'An array of objects, with each object documenting the changes in a previous edit made to the message, ordered chronologically from most recent to least recent edit.',
      }),
    ),
    id: Type.Optional(Type.Integer({ description: 'The unique message ID. Messages should always be displayed sorted by ID.' })),
    is_me_message: Type.Optional(Type.Boolean({ description: 'Whether the message is a [/me status message][status-messages]' })),
    last_edit_timestamp: Type.Optional(Type.Integer({ description: "The UNIX timestamp for when the message's content was last edited, in UTC seconds." })),
    last_moved_timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was last moved to a different channel or topic, in UTC seconds.' })),
    reactions: Type.Optional(Type.Array(EmojiReaction, { description: 'Data on any reactions to the message.' })),
    recipient_id: Type.Optional(Type.Integer({ description: 'A unique ID for the set of users receiving the message (either a channel or group of users). Useful primarily for hashing.' })),
    sender_email: Type.Optional(Type.String({ description: "The Zulip API email address of the message's sender." })),
    sender_full_name: Type.Optional(Type.String({ description: "The full name of the message's sender." })),
    sender_id: Type.Optional(Type.Integer({ description: "The user ID of the message's sender." })),
    sender_realm_str: Type.Optional(Type.String({ description: 'A string identifier for the realm the sender is in. Unique only within the context of a given Zulip server.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present for channel messages; the ID of the channel.' })),
    subject: Type.Optional(
      Type.String({ description: 'The `topic` of the message. Currently always `""` for direct messages, though this could change if Zulip adds support for topics in direct message conversations.' }),
    ),
    submessages: Type.Optional(Type.Array(MessagesBase_submessages_inner, { description: 'Data used for certain experimental Zulip integrations.' })),
    timestamp: Type.Optional(Type.Integer({ description: 'The UNIX timestamp for when the message was sent, in UTC seconds.' })),
    topic_links: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner, {
        description:
          "Data on any links to be included in the `topic` line (these are generated by [custom linkification filters](https://zulip.com/help/add-a-custom-linkifier) that match content in the message's topic.)",
      }),
    ),
    type: Type.Optional(Type.String({ description: 'The type of the message: `"stream"` or `"private"`.' })),
  },
  { $id: 'MessagesEvent', description: 'Object containing details of the message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_10 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('message', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    message: Type.Optional(MessagesEvent),
    flags: Type.Optional(Type.Array(Type.String(), { description: "The user's [message flags][message-flags] for the message." })),
    local_message_id: Type.Optional(
      Type.String({ description: "To the sender's own queue only, when the send named it (`queue_id` and `local_id`): the `local_id`, as Zulip sends it (the reference's event schema omits it)." }),
    ),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_10', description: 'Event type for messages.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_11 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('has_zoom_token', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    value: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the user has zoom token or not.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_11',
    description:
      "Event sent to a user's clients when the user completes the OAuth flow for the [Zoom integration](https://zulip.com/help/configure-call-provider). Clients need to know whether initiating Zoom OAuth is required before creating a Zoom call.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_12 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('invites_changed', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_12',
    description:
      'A simple event sent when the set of invitations changes. This event is sent to organization administrators and the creator of the changed invitation; this tells clients they need to refetch data from `GET /invites` if they are displaying UI containing active invitations.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_13 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_user', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    person: Type.Optional(User),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_13',
    description:
      'Event sent to all users in a Zulip organization when a new user joins or when a guest user gains access to a user. Processing this event is important to being able to display basic details on other users given only their ID.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_14_person = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the deactivated user.' })),
    full_name: Type.Optional(Type.String({ description: 'The full name of the user.', deprecated: true })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_14_person', description: 'Object containing details of the deactivated user.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_14 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_user', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    person: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_14_person),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_14', description: 'Event sent to guest users when they lose access to a user.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_15_presence_value = Type.Object(
  {
    client: Type.Optional(Type.String({ description: "The client's platform name." })),
    status: Type.Optional(Type.Union([Type.Literal('idle'), Type.Literal('active')], { description: 'The status of the user on this client. Will be either `idle` or `active`.' })),
    timestamp: Type.Optional(Type.Integer({ description: "The UNIX timestamp of when this client sent the user's presence to the server with the precision of a second." })),
    pushable: Type.Optional(Type.Boolean({ description: 'Whether the client is capable of showing mobile/push notifications to the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_15_presence_value', description: "`{client_name}`: Object containing the details of the user's presence.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_15 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('presence', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    presences: Type.Optional(
      Type.Record(Type.String(), ModernPresenceFormat, {
        description: 'Only present for clients that support the `simplified_presence_events` [client capability](https://zulip.com/api/register-queue#parameter-client_capabilities).',
      }),
    ),
    user_id: Type.Optional(
      Type.Integer({ description: 'Not present for clients that support the `simplified_presence_events` [client capability](https://zulip.com/api/register-queue#parameter-client_capabilities).' }),
    ),
    email: Type.Optional(
      Type.String({
        description: 'Not present for clients that support the `simplified_presence_events` [client capability](https://zulip.com/api/register-queue#parameter-client_capabilities).',
        deprecated: true,
      }),
    ),
    server_timestamp: Type.Optional(
      Type.Number({ description: 'Not present for clients that support the `simplified_presence_events` [client capability](https://zulip.com/api/register-queue#parameter-client_capabilities).' }),
    ),
    presence: Type.Optional(
      Type.Record(Type.String(), get_events_200_response_allOf_events_inner_oneOf_15_presence_value, {
        description: 'Not present for clients that support the `simplified_presence_events` [client capability](https://zulip.com/api/register-queue#parameter-client_capabilities).',
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_15',
    description: 'Event sent to all users in an organization when a user comes back online after being offline for a while.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_16 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('stream', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('create')),
    streams: Type.Optional(Type.Array(BasicChannel, { description: 'Array of objects, each containing details about the newly added channel(s).' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_16',
    description:
      'Event sent when a new channel is created to users who can see the new channel exists (for private channels, only subscribers and organization administrators will receive this event).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_17_streams_inner = Type.Object(
  {
    stream_id: Type.Optional(Type.Integer({ description: 'ID of the deleted channel.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_17_streams_inner', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_17 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('stream', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('delete')),
    streams: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_17_streams_inner, { description: 'Array of objects, each containing ID of the channel that was deleted.', deprecated: true }),
    ),
    stream_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the channels that were deleted.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_17',
    description:
      'Event sent when a user loses access to a channel they previously [could access](https://zulip.com/help/channel-permissions) because they are unsubscribed from a private channel or their [role](https://zulip.com/help/user-roles) has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_18_value_oneOf = Type.Object(
  {
    direct_members: Type.Optional(Type.Array(Type.Integer(), { description: 'The list of IDs of individual users in the collection of users with this permission.' })),
    direct_subgroups: Type.Optional(Type.Array(Type.Integer(), { description: 'The list of IDs of the groups in the collection of users with this permission.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_18_value_oneOf',
    description: 'If an object, it will be a [group-setting value][setting-values] with these fields:',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_18_value = Type.Union(
  [get_events_200_response_allOf_events_inner_oneOf_18_value_oneOf, Type.Integer(), Type.Boolean(), Type.Union([Type.String(), Type.Null()])],
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_18_value', description: 'The new value of the changed property.' },
);

export const get_events_200_response_allOf_events_inner_oneOf_18 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('stream', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel whose details have changed.' })),
    name: Type.Optional(Type.String({ description: 'The name of the channel whose details have changed.' })),
    property: Type.Optional(
      Type.String({
        description: 'The property of the channel which has changed. See [GET /streams](https://zulip.com/api/get-streams#response) response for details on the various properties of a channel.',
      }),
    ),
    value: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_18_value),
    rendered_description: Type.Optional(Type.String({ description: 'Note: Only present if the changed property was `description`.' })),
    history_public_to_subscribers: Type.Optional(Type.Boolean({ description: 'Note: Only present if the changed property was `invite_only`.' })),
    is_web_public: Type.Optional(Type.Boolean({ description: 'Note: Only present if the changed property was `invite_only`.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_18',
    description:
      'Event sent to all users who can see that a channel exists when a property of that channel changes. See [GET /streams](https://zulip.com/api/get-streams#response) response for details on the various properties of a channel.',
    additionalProperties: false,
  },
);

export const EmojiReactionEvent_allOf_user = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'ID of the user.' })),
    email: Type.Optional(Type.String({ description: 'Zulip API email of the user.' })),
    full_name: Type.Optional(Type.String({ description: 'Full name of the user.' })),
    is_mirror_dummy: Type.Optional(Type.Boolean({ description: 'Whether the user is a mirror dummy.' })),
  },
  { $id: 'EmojiReactionEvent_allOf_user', description: 'Dictionary with data on the user who added the reaction, including the user ID as the `user_id` field.', deprecated: true },
);

export const EventIdSchema = Type.Integer({ $id: 'EventIdSchema', description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' });

export const get_events_200_response_allOf_events_inner_oneOf_19_allOf_type = Type.Literal('reaction', {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_19_allOf_type',
  description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
});

export const get_events_200_response_allOf_events_inner_oneOf_19 = Type.Object(
  {
    emoji_name: Type.Optional(Type.String({ description: 'Name of the emoji.' })),
    emoji_code: Type.Optional(Type.String({ description: 'A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.' })),
    reaction_type: Type.Optional(
      Type.Union([Type.Literal('unicode_emoji'), Type.Literal('realm_emoji'), Type.Literal('zulip_extra_emoji')], {
        description: 'A string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`.',
      }),
    ),
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user who added the reaction.' })),
    user: Type.Optional(EmojiReactionEvent_allOf_user),
    id: Type.Optional(EventIdSchema),
    type: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_19_allOf_type),
    op: Type.Optional(Type.Literal('add')),
    message_id: Type.Optional(Type.Integer({ description: 'The ID of the message to which a reaction was added.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_19',
    description: 'Event sent when a reaction is added to a message. Sent to all users who were recipients of the message.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_20_allOf_type = Type.Literal('reaction', {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_20_allOf_type',
  description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
});

export const get_events_200_response_allOf_events_inner_oneOf_20 = Type.Object(
  {
    emoji_name: Type.Optional(Type.String({ description: 'Name of the emoji.' })),
    emoji_code: Type.Optional(Type.String({ description: 'A unique identifier, defining the specific emoji codepoint requested, within the namespace of the `reaction_type`.' })),
    reaction_type: Type.Optional(
      Type.Union([Type.Literal('unicode_emoji'), Type.Literal('realm_emoji'), Type.Literal('zulip_extra_emoji')], {
        description: 'A string indicating the type of emoji. Each emoji `reaction_type` has an independent namespace for values of `emoji_code`.',
      }),
    ),
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user who added the reaction.' })),
    user: Type.Optional(EmojiReactionEvent_allOf_user),
    id: Type.Optional(EventIdSchema),
    type: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_20_allOf_type),
    op: Type.Optional(Type.Literal('remove')),
    message_id: Type.Optional(Type.Integer({ description: 'The ID of the message from which the reaction was removed.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_20',
    description: 'Event sent when a reaction is removed from a message. Sent to all users who were recipients of the message.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_21 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('attachment', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    attachment: Type.Optional(Attachment),
    upload_space_used: Type.Optional(Type.Integer({ description: 'The total size of all files uploaded by in the organization, in bytes.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_21',
    description: "Event sent to a user's clients when the user uploads a new file in a Zulip message. Useful to implement live update in UI showing all files the current user has uploaded.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_22 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('attachment', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    attachment: Type.Optional(Attachment),
    upload_space_used: Type.Optional(Type.Integer({ description: 'The total size of all files uploaded by in the organization, in bytes.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_22',
    description: "Event sent to a user's clients when details of a file that user uploaded are changed. Most updates will be changes in the list of messages that reference the uploaded file.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_23_attachment = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the deleted attachment.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_23_attachment', description: 'Dictionary containing the ID of the deleted attachment.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_23 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('attachment', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    attachment: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_23_attachment),
    upload_space_used: Type.Optional(Type.Integer({ description: 'The total size of all files uploaded by in the organization, in bytes.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_23',
    description: "Event sent to a user's clients when the user deletes a file they had uploaded. Useful primarily for UI showing all the files the current user has uploaded.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_24 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('push_device', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    push_account_id: Type.Optional(Type.String({ description: 'The push account ID for this client registration.' })),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('failed'), Type.Literal('pending')], { description: 'The updated registration status. Will be `"active"`, `"failed"`, or `"pending"`.' }),
    ),
    error_code: Type.Optional(
      Type.Union([
        Type.String({ description: 'If the status is `"failed"`, a [Zulip API error code](https://zulip.com/api/rest-error-handling) indicating the type of failure that occurred.' }),
        Type.Null(),
      ]),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_24',
    description: "Event sent to a user's clients when the metadata in the `push_devices` dictionary for the user changes.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_25 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('submessage', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    msg_type: Type.Optional(Type.String({ description: 'The type of the message.' })),
    content: Type.Optional(Type.String({ description: 'The new content of the submessage.' })),
    message_id: Type.Optional(Type.Integer({ description: 'The ID of the message to which the submessage has been added.' })),
    sender_id: Type.Optional(Type.Integer({ description: 'The ID of the user who sent the message.' })),
    submessage_id: Type.Optional(Type.Integer({ description: 'The ID of the submessage.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_25', description: 'Event sent when a submessage is added to a message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_26 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_status', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    away: Type.Optional(Type.Boolean({ description: 'Whether the user has marked themself "away" with this status.', deprecated: true })),
    status_text: Type.Optional(Type.String({ description: 'The text content of the status message.' })),
    emoji_name: Type.Optional(Type.String({ description: 'The [emoji name](https://zulip.com/api/update-status#parameter-emoji_name) for the emoji the user selected for their new status.' })),
    emoji_code: Type.Optional(Type.String({ description: 'The [emoji code](https://zulip.com/api/update-status#parameter-emoji_code) for the emoji the user selected for their new status.' })),
    reaction_type: Type.Optional(
      Type.Union([Type.Literal('unicode_emoji'), Type.Literal('realm_emoji'), Type.Literal('zulip_extra_emoji')], {
        description: 'The [emoji type](https://zulip.com/api/update-status#parameter-reaction_type) for the emoji the user selected for their new status.',
      }),
    ),
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user whose status changed.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_26',
    description: 'Event sent to all users who can access the modified user when the status of a user changes.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_27 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('custom_profile_fields', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    fields: Type.Optional(
      Type.Array(CustomProfileField, { description: 'An array of dictionaries where each dictionary contains details of a single new custom profile field for the Zulip organization.' }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_27',
    description: 'Event sent to all users in a Zulip organization when new custom profile field types are configured for that Zulip organization.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_28 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('default_stream_groups', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    default_stream_groups: Type.Optional(Type.Array(DefaultChannelGroup, { description: 'An array of dictionaries where each dictionary contains details about a single default channel group.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_28',
    description: "Event sent to all users in a Zulip organization when an organization administrator changes the organization's configured default channel groups.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_29 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('default_streams', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    default_streams: Type.Optional(
      Type.Array(Type.Integer(), { description: 'An array of IDs of all the [default channels](https://zulip.com/help/set-default-streams-for-new-users) in the organization.' }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_29',
    description: 'Event sent to all users in a Zulip organization when the default channels in the organization are changed by an organization administrator.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_30 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('delete_message', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    message_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Only present for clients that support the `bulk_message_deletion` [client capability][client-capabilities].' })),
    message_id: Type.Optional(Type.Integer({ description: 'Only present for clients that do not support the `bulk_message_deletion` [client capability][client-capabilities].' })),
    message_type: Type.Optional(Type.Union([Type.Literal('private'), Type.Literal('stream')], { description: 'The type of message. Either `"stream"` or `"private"`.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present if `message_type` is `"stream"`.' })),
    topic: Type.Optional(Type.String({ description: 'Only present if `message_type` is `"stream"`.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_30', description: 'Event sent when a message has been deleted.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_31 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('muted_topics', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    muted_topics: Type.Optional(
      Type.Array(Type.Array(get_events_200_response_allOf_events_inner_oneOf_31_muted_topics_inner_inner), {
        description:
          'Array of tuples, where each tuple describes a muted topic. The first element of the tuple is the channel name in which the topic has to be muted, the second element is the topic name to be muted and the third element is an integer UNIX timestamp representing when the topic was muted.',
        deprecated: true,
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_31',
    description: "Event sent to a user's clients when that user's set of configured muted topics have changed.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_32 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_topic', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the channel to which the topic belongs.' })),
    topic_name: Type.Optional(Type.String({ description: 'The name of the topic.' })),
    last_updated: Type.Optional(Type.Integer({ description: 'An integer UNIX timestamp representing when the user-topic relationship was last changed.' })),
    visibility_policy: Type.Optional(Type.Integer({ description: "An integer indicating the user's visibility preferences for the topic, such as whether the topic is muted." })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_32',
    description: "Event sent to a user's clients when the user mutes/unmutes a topic, or otherwise modifies their personal per-topic configuration.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_33 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('muted_users', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    muted_users: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_33_muted_users_inner, { description: 'A list of dictionaries where each dictionary describes a muted user.' }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_33',
    description: "Event sent to a user's clients when that user's set of configured [muted users](https://zulip.com/api/mute-user) have changed.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_34 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('heartbeat', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_34',
    description: 'Heartbeat events are sent by the server to avoid longpolling connections being affected by networks that kill idle HTTP connections.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_35 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('onboarding_steps', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    onboarding_steps: Type.Optional(Type.Array(OnboardingStep, { description: 'An array of dictionaries where each dictionary contains details about a single onboarding step.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_35',
    description: 'Event sent when the set of onboarding steps to show for the current user has changed (e.g. because the user dismissed one).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_36 = Type.Object(
  {
    id: Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' }),
    type: Type.Literal('update_message', {
      description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
    }),
    user_id: Type.Union([Type.Integer({ description: 'The ID of the user who sent the message.' }), Type.Null()]),
    rendering_only: Type.Boolean({ description: 'Whether the event only updates the rendered content of the message.' }),
    message_id: Type.Integer({ description: 'The ID of the message which was edited or updated.' }),
    message_ids: Type.Array(Type.Integer(), { description: 'A sorted list of IDs of messages to which any channel or topic changes encoded in this event should be applied.' }),
    flags: Type.Array(Type.String(), { description: "The user's personal [message flags][message-flags] for the message with ID `message_id` following the edit." }),
    edit_timestamp: Type.Integer({ description: 'The time when this message edit operation was processed by the server.' }),
    stream_name: Type.Optional(Type.String({ description: 'Only present if the message was edited and originally sent to a channel.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present if the message was edited and originally sent to a channel.' })),
    new_stream_id: Type.Optional(Type.Integer({ description: 'Only present if message(s) were moved to a different channel.' })),
    propagate_mode: Type.Optional(
      Type.Union([Type.Literal('change_one'), Type.Literal('change_later'), Type.Literal('change_all')], {
        description: 'Only present if this event moved messages to a different topic and/or channel.',
      }),
    ),
    orig_subject: Type.Optional(Type.String({ description: 'Only present if this event moved messages to a different topic and/or channel.' })),
    subject: Type.Optional(
      Type.String({
        description: 'Only present if this event moved messages to a different topic; this field will not be present when moving messages to the same topic name in a different channel.',
      }),
    ),
    topic_links: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_36_topic_links_inner, {
        description: 'Only present if this event moved messages to a different topic; this field will not be present when moving messages to the same topic name in a different channel.',
      }),
    ),
    orig_content: Type.Optional(Type.String({ description: 'Only present if this event changed the message content.' })),
    orig_rendered_content: Type.Optional(Type.String({ description: 'Only present if this event changed the message content.' })),
    content: Type.Optional(Type.String({ description: 'Only present if this event changed the message content or updated the message content for an [inline URL preview][inline-url-previews].' })),
    rendered_content: Type.Optional(
      Type.String({ description: 'Only present if this event changed the message content or updated the message content for an [inline URL preview][inline-url-previews].' }),
    ),
    is_me_message: Type.Optional(Type.Boolean({ description: 'Only present if this event changed the message content.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_36',
    description:
      "Event sent when a message's content, topic and/or channel has been edited or when a message's content has a rendering update, such as for an [inline URL preview][inline-url-previews]. Sent to all users who had received the original message.",
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_37_sender = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: "The user's ID." })),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address for the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_37_sender', description: 'Object describing the user who is typing the message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_37_recipients_inner = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user.' })),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address for the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_37_recipients_inner', description: 'Object containing the user ID and Zulip API email of a recipient.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_37 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('typing', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('start')),
    message_type: Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('stream')], { description: 'Type of message being composed. Must be `"stream"` or `"direct"`.' })),
    sender: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_37_sender),
    recipients: Type.Optional(Type.Array(get_events_200_response_allOf_events_inner_oneOf_37_recipients_inner, { description: 'Only present if `message_type` is `"direct"`.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present if `message_type` is `"stream"`.' })),
    topic: Type.Optional(Type.String({ description: 'Only present if `message_type` is `"stream"`.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_37', description: 'Event sent when a user starts typing a message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_38_sender = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: "The user's ID." })),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address for the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_38_sender', description: 'Object describing the user who was previously typing the message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_38_recipients_inner = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user.' })),
    email: Type.Optional(Type.String({ description: 'The Zulip API email address for the user.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_38_recipients_inner', description: 'Object containing the user ID and email of a recipient.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_38 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('typing', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('stop')),
    message_type: Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('stream')], { description: 'Type of message being composed. Must be `"stream"` or `"direct"`.' })),
    sender: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_38_sender),
    recipients: Type.Optional(Type.Array(get_events_200_response_allOf_events_inner_oneOf_38_recipients_inner, { description: 'Only present if `message_type` is `"direct"`.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Only present if `message_type` is `"stream"`.' })),
    topic: Type.Optional(Type.String({ description: 'Only present if `message_type` is `"stream"`.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_38', description: 'Event sent when a user stops typing a message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_39_recipient = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('channel')], { description: 'Type of message being composed. Must be `"channel"` or `"direct"`.' })),
    channel_id: Type.Optional(Type.Integer({ description: 'Only present if `type` is `"channel"`.' })),
    topic: Type.Optional(Type.String({ description: 'Only present if `type` is `"channel"`.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Present only if `type` is `direct`.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_39_recipient', description: 'Object containing details about recipients of message edit typing notification.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_39 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('typing_edit_message', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('start')),
    sender_id: Type.Optional(Type.Integer({ description: 'The ID of the user who is typing the edit of the message.' })),
    message_id: Type.Optional(Type.Integer({ description: 'Indicates the message id of the message that is being edited.' })),
    recipient: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_39_recipient),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_39',
    description:
      'Event sent when a user starts editing a message. Event sent when a user starts typing in a textarea to edit the content of a message. See the [edit message typing notifications endpoint](https://zulip.com/api/set-typing-status-for-message-edit).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_40 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('typing_edit_message', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('stop')),
    sender_id: Type.Optional(Type.Integer({ description: 'The ID of the user who sent the message.' })),
    message_id: Type.Optional(Type.Integer({ description: 'Indicates the message id of the message that is being edited.' })),
    recipient: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_39_recipient),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_40',
    description:
      'Event sent when a user stops typing in a textarea to edit the content of a message. See the [edit message typing notifications endpoint](https://zulip.com/api/set-typing-status-for-message-edit).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_41 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('update_message_flags', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    operation: Type.Optional(Type.Literal('add', { description: 'Old name for the `op` field in this event type.', deprecated: true })),
    flag: Type.Optional(Type.String({ description: 'The [flag][message-flags] that was added.' })),
    messages: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of all messages to which the flag was added.' })),
    all: Type.Optional(
      Type.Boolean({ description: 'Whether the specified flag was added to all messages. This field is only relevant for the `"read"` flag, and will be `false` for all other flags.' }),
    ),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_41', description: 'Event sent to a user when [message flags][message-flags] are added to messages.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_42_message_details_value = Type.Object(
  {
    type: Type.Union([Type.Literal('private'), Type.Literal('stream')], { description: 'The type of this message. Either `"stream"` or `"private"`.' }),
    mentioned: Type.Optional(Type.Boolean({ description: 'A flag which indicates whether the message contains a mention of the user.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Present only if `type` is `private`.' })),
    stream_id: Type.Optional(Type.Integer({ description: 'Present only if `type` is `"stream"`.' })),
    topic: Type.Optional(Type.String({ description: 'Present only if `type` is `"stream"`.' })),
    unmuted_stream_msg: Type.Optional(
      Type.Boolean({ description: '**Deprecated** internal implementation detail. Clients should ignore this field as it will be removed in the future.', deprecated: true }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_42_message_details_value',
    description: '`{message_id}`: Object containing details about the message with the specified ID.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_42 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('update_message_flags', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    operation: Type.Optional(Type.Literal('remove', { description: 'Old name for the `op` field in this event type.', deprecated: true })),
    flag: Type.Optional(Type.String({ description: 'The [flag][message-flags] to be removed.' })),
    messages: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the messages from which the flag was removed.' })),
    all: Type.Optional(Type.Boolean({ description: 'Will be `false` for all specified flags.', deprecated: true })),
    message_details: Type.Optional(
      Type.Record(Type.String(), get_events_200_response_allOf_events_inner_oneOf_42_message_details_value, { description: 'Only present if the specified `flag` is `"read"`.' }),
    ),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_42', description: 'Event sent to a user when [message flags][message-flags] are removed from messages.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_43 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    group: Type.Optional(UserGroup),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_43',
    description: 'Event sent to users in an organization when a [user group](https://zulip.com/help/user-groups) is created.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_44_data = Type.Object(
  {
    name: Type.Optional(Type.String({ description: "The new name of the user group. Only present if the group's name changed." })),
    description: Type.Optional(Type.String({ description: 'The new description of the group. Only present if the description changed.' })),
    can_add_members_group: Type.Optional(GroupSettingValue),
    can_join_group: Type.Optional(GroupSettingValue),
    can_leave_group: Type.Optional(GroupSettingValue),
    can_manage_group: Type.Optional(GroupSettingValue),
    can_mention_group: Type.Optional(GroupSettingValue),
    can_remove_members_group: Type.Optional(GroupSettingValue),
    deactivated: Type.Optional(Type.Boolean({ description: 'Whether the user group is deactivated. Deactivated groups cannot be used as a subgroup of another group or used for any other purpose.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_44_data', description: 'Dictionary containing the changed details of the user group.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_44 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the user group whose details have changed.' })),
    data: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_44_data),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_44',
    description: 'Event sent to all users in a Zulip organization when a property of a user group is changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_45 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add_members')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the user group with new members.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the users who have been added to the user group.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_45', description: 'Event sent to all users when users have been added to a user group.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_46 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove_members')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the user group whose details have changed.' })),
    user_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the users who have been removed from the user group.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_46', description: 'Event sent to all users when users have been removed from a user group.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_47 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add_subgroups')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the user group whose details have changed.' })),
    direct_subgroup_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the subgroups that have been added to the user group.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_47', description: 'Event sent to all users when subgroups have been added to a user group.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_48 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove_subgroups')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the user group whose details have changed.' })),
    direct_subgroup_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Array containing the IDs of the subgroups that have been removed from the user group.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_48', description: 'Event sent to all users when subgroups have been removed from a user group.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_49 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('user_group', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    group_id: Type.Optional(Type.Integer({ description: 'The ID of the group which has been deleted.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_49',
    description: 'Event sent when a user group is deactivated but only to clients with `include_deactivated_groups` client capability set to `false`.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_50_realm_linkifiers_inner = Type.Object(
  {
    pattern: Type.Optional(
      Type.String({ description: 'The [Python regular expression](https://docs.python.org/3/howto/regex.html) that represents the pattern that should be linkified by this linkifier.' }),
    ),
    url_template: Type.Optional(Type.String({ description: 'The [RFC 6570](https://www.rfc-editor.org/rfc/rfc6570.html) compliant URL template to be used for linkifying matches.' })),
    id: Type.Optional(Type.Integer({ description: 'The ID of the linkifier.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_50_realm_linkifiers_inner', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_50 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_linkifiers', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    realm_linkifiers: Type.Optional(
      Type.Array(get_events_200_response_allOf_events_inner_oneOf_50_realm_linkifiers_inner, {
        description: 'An ordered array of dictionaries where each dictionary contains details about a single linkifier.',
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_50',
    description: 'Event sent to all users in a Zulip organization when the set of configured [linkifiers](https://zulip.com/help/add-a-custom-linkifier) for the organization has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_51 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_filters', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    realm_filters: Type.Optional(
      Type.Array(Type.Array(get_events_200_response_allOf_events_inner_oneOf_51_realm_filters_inner_inner), {
        description:
          'An array of tuples, where each tuple described a linkifier. The first element of the tuple was a string regex pattern which represented the pattern to be linkified on matching, for example `"#(?P<id>[123])"`. The second element was the URL format string that the pattern should be linkified with. A URL format string for the above example would be `"https://realm.com/my_realm_filter/%(id)s"`. And the third element was the ID of the realm filter.',
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_51',
    description:
      'Legacy event type that is no longer sent to clients. Previously, sent to all users in a Zulip organization when the set of configured [linkifiers](https://zulip.com/help/add-a-custom-linkifier) for the organization was changed.',
    deprecated: true,
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_52 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_playgrounds', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    realm_playgrounds: Type.Optional(Type.Array(RealmPlayground, { description: 'An array of dictionaries where each dictionary contains data about a single playground entry.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_52',
    description: 'Event sent to all users in a Zulip organization when the set of configured [code playgrounds](https://zulip.com/help/code-blocks#code-playgrounds) for the organization has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_53 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_emoji', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    realm_emoji: Type.Optional(Type.Record(Type.String(), RealmEmoji, { description: 'An object in which each key describes a realm emoji.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_53',
    description:
      'Event sent to all users in a Zulip organization when a [custom emoji](https://zulip.com/help/custom-emoji) has been updated, typically when a new emoji has been added or an old one has been deactivated. The event contains all custom emoji configured for the organization, not just the updated custom emoji.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_54 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_domains', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    realm_domain: Type.Optional(RealmDomain),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_54',
    description:
      'Event sent to all users in a Zulip organization when the set of [allowed domains for new users](https://zulip.com/help/restrict-account-creation#configuring-email-domain-restrictions) has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_55_realm_domain = Type.Object(
  {
    domain: Type.Optional(Type.String({ description: 'The domain whose settings have changed.' })),
    allow_subdomains: Type.Optional(Type.Boolean({ description: 'Whether subdomains are allowed for this domain.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_55_realm_domain', description: 'Object containing details of the edited domain.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_55 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_domains', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('change')),
    realm_domain: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_55_realm_domain),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_55',
    description:
      'Event sent to all users in a Zulip organization when the set of [allowed domains for new users](https://zulip.com/help/restrict-account-creation#configuring-email-domain-restrictions) has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_56 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_domains', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    domain: Type.Optional(Type.String({ description: 'The domain to be removed.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_56',
    description:
      'Event sent to all users in a Zulip organization when the set of [allowed domains for new users](https://zulip.com/help/restrict-account-creation#configuring-email-domain-restrictions) has changed.',
    additionalProperties: false,
  },
);

export const RealmExport = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the data export.' })),
    acting_user_id: Type.Optional(Type.Integer({ description: 'The ID of the user who created the data export.' })),
    export_time: Type.Optional(Type.Number({ description: 'The UNIX timestamp of when the data export was started.' })),
    deleted_timestamp: Type.Optional(Type.Union([Type.Number({ description: 'The UNIX timestamp of when the data export was deleted.' }), Type.Null()])),
    failed_timestamp: Type.Optional(Type.Union([Type.Number({ description: 'The UNIX timestamp of when the data export failed.' }), Type.Null()])),
    export_url: Type.Optional(Type.Union([Type.String({ description: 'The URL to download the generated data export.' }), Type.Null()])),
    pending: Type.Optional(
      Type.Boolean({ description: 'Whether the data export is pending, which indicates it is still being generated, or if it succeeded, failed or was deleted before being generated.' }),
    ),
    export_type: Type.Optional(Type.Integer({ description: 'Whether the data export is a public or a standard data export.' })),
  },
  { $id: 'RealmExport', description: 'Object containing details about a [data export](https://zulip.com/help/export-your-organization).', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_57 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_export', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    exports: Type.Optional(Type.Array(RealmExport, { description: 'An array of dictionaries where each dictionary contains details about a data export of the organization.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_57',
    description: 'Event sent to the user who requested a [data export](https://zulip.com/help/export-your-organization) when the status of the data export changes.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_58 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_export_consent', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    user_id: Type.Optional(Type.Integer({ description: 'The ID of the user whose setting was changed.' })),
    consented: Type.Optional(Type.Boolean({ description: 'Whether the user has consented for their private data export.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_58',
    description:
      'Event sent to administrators when the [data export consent][help-export-consent] status for a user changes, whether due to a user changing their consent preferences or a user being created or reactivated (since user creation/activation events do not contain these data).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_59 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_bot', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    bot: Type.Optional(Bot),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_59',
    description: 'Event sent to users who can administer a newly created bot user. Clients will also receive a `realm_user` event that contains basic details (but not the API key).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_60 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_bot', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    bot: Type.Optional(
      Type.Object(
        {
          user_id: Type.Optional(Type.Integer({ description: 'The user ID of the bot.' })),
          full_name: Type.Optional(Type.String({ description: 'The full name of the bot.' })),
          api_key: Type.Optional(Type.String({ description: 'The API key of the bot which it uses to make API requests.' })),
          default_sending_stream: Type.Optional(
            Type.Union([Type.String({ description: "The default sending channel of the bot. If `null`, the bot doesn't have a default sending channel." }), Type.Null()]),
          ),
          default_events_register_stream: Type.Optional(
            Type.Union([Type.String({ description: "The default channel for which the bot receives events/register data. If `null`, the bot doesn't have such a default channel." }), Type.Null()]),
          ),
          default_all_public_streams: Type.Optional(Type.Boolean({ description: 'Whether the bot can send messages to all channels by default.' })),
          avatar_url: Type.Optional(Type.String({ description: "The URL of the bot's avatar." })),
          owner_id: Type.Optional(Type.Union([Type.Integer({ description: "The user ID of the bot's owner." }), Type.Null()])),
          services: Type.Optional(
            Type.Array(BasicBotBase_services_inner, {
              description: 'An array containing extra configuration fields only relevant for outgoing webhook bots and embedded bots. This is always a single-element array.',
            }),
          ),
          is_active: Type.Optional(Type.Boolean({ description: 'A boolean describing whether the user account has been deactivated.' })),
        },
        {
          description:
            'Object containing details about the changed bot. It contains two properties: the user ID of the bot and the property to be changed. The changed property is one of the remaining properties listed below.',
          additionalProperties: false,
        },
      ),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_60',
    description:
      'Event sent to users who can administer a bot user when the bot is configured. Clients may also receive a `realm_user` event that for changes in public data about the bot (name, etc.).',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_61_bot = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The user ID of the deactivated bot.' })),
    full_name: Type.Optional(Type.String({ description: 'The full name of the deactivated bot.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_61_bot', description: 'Object containing details about the deactivated bot.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_61 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_bot', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    bot: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_61_bot),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_61', description: 'Event sent to all users when a bot has been deactivated.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_62_bot = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ description: 'The user ID of the deactivated bot.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_62_bot', description: 'Object containing details about the deactivated bot.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_62 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_bot', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('delete')),
    bot: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_62_bot),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_62',
    description: 'Event sent to all users when a bot has been deactivated. Note that this is very similar to the bot_remove event and one of them will be removed soon.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_63_value = Type.Union([Type.String(), Type.Boolean(), Type.Union([Type.Integer(), Type.Null()])], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_63_value',
  description: 'The new value of the property.',
});

export const get_events_200_response_allOf_events_inner_oneOf_63 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    property: Type.Optional(Type.String({ description: 'The name of the property that was changed.' })),
    value: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_63_value),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_63',
    description: 'The simpler of two possible event types sent to all users in a Zulip organization when the configuration of the organization (realm) has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_64 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('deactivated')),
    realm_id: Type.Optional(Type.Integer({ description: 'The ID of the deactivated realm.' })),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_64',
    description:
      'Event sent to all users in a Zulip organization when the organization (realm) is deactivated. Its main purpose is to flush active longpolling connections so clients can immediately show the organization as deactivated.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_65 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('restart', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    zulip_version: Type.Optional(
      Type.String({
        description:
          'The Zulip version number, in the format where this appears in the [server_settings](https://zulip.com/api/get-server-settings) and [register](https://zulip.com/api/register-queue) responses.',
      }),
    ),
    zulip_merge_base: Type.Optional(
      Type.String({
        description:
          'The Zulip merge base number, in the format where this appears in the [server_settings](https://zulip.com/api/get-server-settings) and [register](https://zulip.com/api/register-queue) responses.',
      }),
    ),
    zulip_feature_level: Type.Optional(Type.Integer({ description: 'The [Zulip feature level](https://zulip.com/api/changelog) of the server after the restart.' })),
    server_generation: Type.Optional(Type.Integer({ description: 'The timestamp at which the server started.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_65', description: 'Event sent to all the users whenever the Zulip server restarts.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_66 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('web_reload_client', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    immediate: Type.Optional(
      Type.Boolean({
        description:
          'Whether the client should fetch a new event queue immediately, rather than using a backoff strategy to avoid thundering herds. A Zulip development server uses this parameter to reload clients immediately.',
      }),
    ),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_66',
    description:
      'An event which signals the official Zulip web/desktop app to update, by reloading the page and fetching a new queue; this will generally follow a `restart` event. Clients which do not obtain their code from the server (e.g. mobile and terminal clients, which store their code locally) should ignore this event.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_67_data = Type.Object(
  {
    allow_message_editing: Type.Optional(Type.Boolean({ description: "Whether this organization's [message edit policy][config-message-editing] allows editing the content of messages." })),
    authentication_methods: Type.Optional(
      Type.Record(Type.String(), RealmAuthenticationMethod, {
        description:
          'Dictionary of authentication method keys mapped to dictionaries that describe the properties of the named authentication method for the organization - its enabled status and availability for use by the organization.',
      }),
    ),
    can_access_all_users_group: Type.Optional(GroupSettingValue),
    can_create_groups: Type.Optional(GroupSettingValue),
    can_create_bots_group: Type.Optional(GroupSettingValue),
    can_create_write_only_bots_group: Type.Optional(GroupSettingValue),
    can_create_public_channel_group: Type.Optional(GroupSettingValue),
    can_create_private_channel_group: Type.Optional(GroupSettingValue),
    can_create_web_public_channel_group: Type.Optional(GroupSettingValue),
    can_add_custom_emoji_group: Type.Optional(GroupSettingValue),
    can_add_subscribers_group: Type.Optional(GroupSettingValue),
    can_delete_any_message_group: Type.Optional(GroupSettingValue),
    can_delete_own_message_group: Type.Optional(GroupSettingValue),
    can_set_delete_message_policy_group: Type.Optional(GroupSettingValue),
    can_set_topics_policy_group: Type.Optional(GroupSettingValue),
    can_invite_users_group: Type.Optional(GroupSettingValue),
    can_mention_many_users_group: Type.Optional(GroupSettingValue),
    can_move_messages_between_channels_group: Type.Optional(GroupSettingValue),
    can_move_messages_between_topics_group: Type.Optional(GroupSettingValue),
    can_resolve_topics_group: Type.Optional(GroupSettingValue),
    can_manage_all_groups: Type.Optional(GroupSettingValue),
    can_manage_billing_group: Type.Optional(GroupSettingValue),
    can_summarize_topics_group: Type.Optional(GroupSettingValue),
    create_multiuse_invite_group: Type.Optional(GroupSettingValue),
    default_code_block_language: Type.Optional(
      Type.String({ description: 'The default pygments language code to be used for code blocks in this organization. If an empty string, no default has been set.' }),
    ),
    default_language: Type.Optional(Type.String({ description: 'The default language for the organization.' })),
    description: Type.Optional(Type.String({ description: 'The description of the organization, used on login and registration pages.' })),
    digest_emails_enabled: Type.Optional(Type.Boolean({ description: 'Whether the organization has enabled [weekly digest emails](https://zulip.com/help/digest-emails).' })),
    digest_weekday: Type.Optional(Type.Integer({ description: 'The day of the week when the organization will send its weekly digest email to inactive users.' })),
    direct_message_initiator_group: Type.Optional(GroupSettingValue),
    direct_message_permission_group: Type.Optional(GroupSettingValue),
    disallow_disposable_email_addresses: Type.Optional(Type.Boolean({ description: 'Whether the organization disallows disposable email addresses.' })),
    email_changes_disabled: Type.Optional(
      Type.Boolean({
        description:
          'Whether users are allowed to change their own email address in this organization. This is typically disabled for organizations that synchronize accounts from LDAP or a similar corporate database.',
      }),
    ),
    enable_read_receipts: Type.Optional(Type.Boolean({ description: 'Whether read receipts is enabled in the organization or not.' })),
    emails_restricted_to_domains: Type.Optional(
      Type.Boolean({
        description:
          'Whether [new users joining](https://zulip.com/help/restrict-account-creation#configuring-email-domain-restrictions) this organization are required to have an email address in one of the `realm_domains` configured for the organization.',
      }),
    ),
    enable_guest_user_dm_warning: Type.Optional(Type.Boolean({ description: 'Whether clients should show a warning when a user is composing a DM to a guest user in this organization.' })),
    enable_guest_user_indicator: Type.Optional(Type.Boolean({ description: 'Whether clients should display "(guest)" after the names of guest users to prominently highlight their status.' })),
    enable_spectator_access: Type.Optional(Type.Boolean({ description: 'Whether web-public channels are enabled in this organization.' })),
    giphy_rating: Type.Optional(Type.Integer({ description: 'Maximum rating of the GIFs that will be retrieved from GIPHY.' })),
    icon_source: Type.Optional(
      Type.String({
        description:
          "String indicating whether the organization's [profile icon](https://zulip.com/help/create-your-organization-profile) was uploaded by a user or is the default. Useful for UI allowing editing the organization's icon.",
      }),
    ),
    icon_url: Type.Optional(Type.String({ description: "The URL of the organization's [profile icon](https://zulip.com/help/create-your-organization-profile)." })),
    inline_image_preview: Type.Optional(
      Type.Boolean({ description: 'Whether this organization has been configured to enable [previews of linked images](https://zulip.com/help/image-video-and-website-previews).' }),
    ),
    inline_url_embed_preview: Type.Optional(
      Type.Boolean({ description: 'Whether this organization has been configured to enable [previews of linked websites](https://zulip.com/help/image-video-and-website-previews).' }),
    ),
    invite_required: Type.Optional(Type.Boolean({ description: 'Whether an invitation is required to join this organization.' })),
    jitsi_server_url: Type.Optional(Type.Union([Type.String({ description: "The URL of the custom Jitsi Meet server configured in this organization's settings." }), Type.Null()])),
    logo_source: Type.Optional(
      Type.String({
        description:
          "String indicating whether the organization's [profile wide logo](https://zulip.com/help/create-your-organization-profile) was uploaded by a user or is the default. Useful for UI allowing editing the organization's wide logo.",
      }),
    ),
    logo_url: Type.Optional(Type.String({ description: "The URL of the organization's wide logo configured in the [organization profile](https://zulip.com/help/create-your-organization-profile)." })),
    topics_policy: Type.Optional(
      Type.Union([Type.Literal('allow_empty_topic'), Type.Literal('disable_empty_topic')], {
        description: 'The organization\'s default policy for sending channel messages to the [empty "general chat" topic](https://zulip.com/help/general-chat-topic).',
      }),
    ),
    mandatory_topics: Type.Optional(Type.Boolean({ description: 'Whether [topics are required](https://zulip.com/help/require-topics) for messages in this organization.', deprecated: true })),
    max_file_upload_size_mib: Type.Optional(Type.Integer({ description: 'The new maximum file size that can be uploaded to this Zulip organization.' })),
    message_content_allowed_in_email_notifications: Type.Optional(
      Type.Boolean({ description: 'Whether notification emails in this organization are allowed to contain Zulip the message content, or simply indicate that a new message was sent.' }),
    ),
    message_content_delete_limit_seconds: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            "Messages sent more than this many seconds ago cannot be deleted with this organization's [message deletion policy](https://zulip.com/help/restrict-message-editing-and-deletion).",
        }),
        Type.Null(),
      ]),
    ),
    message_content_edit_limit_seconds: Type.Optional(
      Type.Union([
        Type.Integer({
          description: "Messages sent more than this many seconds ago cannot be edited with this organization's [message edit policy](https://zulip.com/help/restrict-message-editing-and-deletion).",
        }),
        Type.Null(),
      ]),
    ),
    message_edit_history_visibility_policy: Type.Optional(
      Type.String({ description: 'Which type of message edit history is configured to allow users to access [message edit history](https://zulip.com/help/view-a-messages-edit-history).' }),
    ),
    moderation_request_channel_id: Type.Optional(
      Type.Integer({ description: 'The ID of the private channel to which messages flagged by users for moderation are sent. Moderators can use this channel to review and act on reported content.' }),
    ),
    move_messages_within_stream_limit_seconds: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            "Messages sent more than this many seconds ago cannot be moved within a channel to another topic by users who have permission to do so based on this organization's [topic edit policy](https://zulip.com/help/restrict-moving-messages). This setting does not affect moderators and administrators.",
        }),
        Type.Null(),
      ]),
    ),
    move_messages_between_streams_limit_seconds: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            "Messages sent more than this many seconds ago cannot be moved between channels by users who have permission to do so based on this organization's [message move policy](https://zulip.com/help/restrict-moving-messages). This setting does not affect moderators and administrators.",
        }),
        Type.Null(),
      ]),
    ),
    name: Type.Optional(Type.String({ description: 'The name of the organization, used in login pages etc.' })),
    name_changes_disabled: Type.Optional(
      Type.Boolean({
        description:
          'Indicates whether users are [allowed to change](https://zulip.com/help/restrict-name-and-email-changes) their name via the Zulip UI in this organization. Typically disabled in organizations syncing this type of account information from an external user database like LDAP.',
      }),
    ),
    night_logo_source: Type.Optional(
      Type.String({
        description:
          "String indicating whether the organization's dark theme [profile wide logo](https://zulip.com/help/create-your-organization-profile) was uploaded by a user or is the default. Useful for UI allowing editing the organization's wide logo.",
      }),
    ),
    night_logo_url: Type.Optional(
      Type.String({ description: "The URL of the organization's dark theme wide-format logo configured in the [organization profile](https://zulip.com/help/create-your-organization-profile)." }),
    ),
    new_stream_announcements_stream_id: Type.Optional(
      Type.Integer({ description: 'The ID of the channel to which automated messages announcing the [creation of new channels][new-channel-announce] are sent.' }),
    ),
    org_type: Type.Optional(Type.Integer({ description: 'The [organization type](https://zulip.com/help/organization-type) for the realm.' })),
    plan_type: Type.Optional(Type.Integer({ description: 'The plan type of the organization.' })),
    presence_disabled: Type.Optional(Type.Boolean({ description: 'Whether online presence of other users is shown in this organization.' })),
    push_notifications_enabled: Type.Optional(
      Type.Boolean({
        description:
          'Whether push notifications are enabled for this organization. Typically `true` for Zulip Cloud and self-hosted realms that have a valid registration for the [Mobile push notifications service](https://zulip.readthedocs.io/en/latest/production/mobile-push-notifications.html), and `false` for self-hosted servers that do not.',
      }),
    ),
    push_notifications_enabled_end_timestamp: Type.Optional(
      Type.Union([
        Type.Integer({
          description:
            "If the server expects the realm's push notifications access to end at a definite time in the future, the time at which this is expected to happen. Mobile clients should use this field to display warnings to users when the indicated timestamp is near.",
        }),
        Type.Null(),
      ]),
    ),
    require_e2ee_push_notifications: Type.Optional(
      Type.Boolean({
        description:
          'Whether this realm is configured to disallow sending mobile push notifications with message content through the legacy mobile push notifications APIs. The new API uses end-to-end encryption to protect message content and metadata from being accessible to the push bouncer service, APNs, and FCM. Clients that support the new E2EE API will use it automatically regardless of this setting.',
      }),
    ),
    require_unique_names: Type.Optional(
      Type.Boolean({
        description:
          'Indicates whether the organization is configured to require users to have unique full names. If true, the server will reject attempts to create a new user, or change the name of an existing user, where doing so would lead to two users whose names are identical modulo case and unicode normalization.',
      }),
    ),
    send_welcome_emails: Type.Optional(
      Type.Boolean({
        description: 'Whether or not this organization is configured to send the standard Zulip [welcome emails](https://zulip.com/help/disable-welcome-emails) to new users joining the organization.',
      }),
    ),
    signup_announcements_stream_id: Type.Optional(
      Type.Integer({ description: 'The ID of the channel to which automated messages announcing that [new users have joined the organization][new-user-announce] are sent.' }),
    ),
    upload_quota_mib: Type.Optional(Type.Union([Type.Integer({ description: 'The new upload quota for the Zulip organization.' }), Type.Null()])),
    video_chat_provider: Type.Optional(Type.Integer({ description: 'The configured [video call provider](https://zulip.com/help/configure-call-provider) for the organization.' })),
    waiting_period_threshold: Type.Optional(
      Type.Integer({
        description:
          'Members whose accounts have been created at least this many days ago will be treated as [full members][calc-full-member] for the purpose of settings that restrict access to new members.',
      }),
    ),
    want_advertise_in_communities_directory: Type.Optional(
      Type.Boolean({ description: 'Whether the organization has given permission to be advertised in the Zulip [communities directory](https://zulip.com/help/communities-directory).' }),
    ),
    welcome_message_custom_text: Type.Optional(Type.String({ description: "This organization's configured custom message for Welcome Bot to send to new user accounts, in Zulip Markdown format." })),
    zulip_update_announcements_stream_id: Type.Optional(
      Type.Integer({ description: 'The ID of the channel to which automated messages announcing new features or other end-user updates about the Zulip software are sent.' }),
    ),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_67_data', description: 'An object containing the properties that have changed.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_67 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update_dict')),
    property: Type.Optional(Type.String({ description: 'Always `"default"`. Present for backwards-compatibility with older clients that predate the `update_dict` event style.', deprecated: true })),
    data: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_67_data),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_67',
    description: 'The more general of two event types that may be used when sending an event to all users in a Zulip organization when the configuration of the organization (realm) has changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_68_value = Type.Union([Type.Boolean(), Type.Integer(), Type.String()], {
  $id: 'get_events_200_response_allOf_events_inner_oneOf_68_value',
  description: 'The new value of the property.',
});

export const get_events_200_response_allOf_events_inner_oneOf_68 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('realm_user_settings_defaults', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    property: Type.Optional(Type.String({ description: 'The name of the property that was changed.' })),
    value: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_68_value),
  },
  {
    $id: 'get_events_200_response_allOf_events_inner_oneOf_68',
    description: 'Event sent to all users in a Zulip organization when the [default settings for new users][new-user-defaults] of the organization (realm) have changed.',
    additionalProperties: false,
  },
);

export const get_events_200_response_allOf_events_inner_oneOf_69 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('drafts', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    drafts: Type.Optional(Type.Array(Draft, { description: 'An array containing objects for the newly created drafts.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_69', description: 'Event containing details of newly created drafts.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_70 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('drafts', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    draft: Type.Optional(Draft),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_70', description: 'Event containing details for an edited draft.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_71 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('drafts', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    draft_id: Type.Optional(Type.Integer({ description: 'The ID of the draft that was just deleted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_71', description: 'Event containing the ID of a deleted draft.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_72 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('navigation_view', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    navigation_view: Type.Optional(NavigationView),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_72', description: 'Event containing details of a newly configured navigation view.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_73_data = Type.Object(
  {
    name: Type.Optional(Type.Union([Type.String({ description: 'The user-facing name for custom navigation views. Omit this field for built-in views.' }), Type.Null()])),
    is_pinned: Type.Optional(Type.Union([Type.Boolean({ description: 'Determines whether the view is pinned (true) or hidden in the menu (false).' }), Type.Null()])),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_73_data', description: 'A dictionary containing the updated properties of the navigation view.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_73 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('navigation_view', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    fragment: Type.Optional(Type.String({ description: 'The unique URL hash of the navigation view being updated.' })),
    data: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_73_data),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_73', description: 'Event containing details of an update to an existing navigation view.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_74 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('navigation_view', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    fragment: Type.Optional(Type.String({ description: 'The unique URL hash of the navigation view that was just deleted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_74', description: 'Event containing the fragment of a deleted navigation view.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_75 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('saved_snippets', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    saved_snippet: Type.Optional(SavedSnippet),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_75', description: 'Event containing details of a newly created saved snippet.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_76 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('saved_snippets', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    saved_snippet: Type.Optional(SavedSnippet),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_76', description: 'Event containing details of the edited saved snippet.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_77 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('saved_snippets', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    saved_snippet_id: Type.Optional(Type.Integer({ description: 'The ID of the saved snippet that was just deleted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_77', description: 'Event containing the ID of a deleted saved snippet.', additionalProperties: false },
);

export const Reminder = Type.Object(
  {
    reminder_id: Type.Integer({ description: 'The unique ID of the reminder, which can be used to delete the reminder.' }),
    type: Type.Literal('private', { description: 'The type of the reminder. Always set to `"private"`.' }),
    to: Type.Array(Type.Integer(), { description: 'Contains the ID of the user who scheduled the reminder, and to which the reminder will be sent.' }),
    content: Type.String({ description: 'The content/body of the reminder, in [Zulip-flavored Markdown](https://zulip.com/help/format-your-message-using-markdown) format.' }),
    rendered_content: Type.String({ description: 'The content/body of the reminder rendered in HTML.' }),
    scheduled_delivery_timestamp: Type.Integer({ description: 'The UNIX timestamp for when the message will be sent by the server, in UTC seconds.' }),
    failed: Type.Boolean({ description: 'Whether the server has tried to send the reminder and it failed to successfully send.' }),
    reminder_target_message_id: Type.Integer({ description: 'The ID of the message that the reminder is created for.' }),
  },
  { $id: 'Reminder', description: 'Object containing details of the scheduled message.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_78 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('reminders', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    reminders: Type.Optional(Type.Array(Reminder, { description: 'An array of objects containing details of the newly created reminders.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_78', description: "Event sent to a user's clients when a reminder is scheduled.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_79 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('reminders', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    reminder_id: Type.Optional(Type.Integer({ description: 'The ID of the reminder that was deleted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_79', description: "Event sent to a user's clients when a reminder is deleted.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_80 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('scheduled_messages', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    scheduled_messages: Type.Optional(Type.Array(ScheduledMessage, { description: 'An array of objects containing details of the newly created scheduled messages.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_80', description: "Event sent to a user's clients when scheduled messages are created.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_81 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('scheduled_messages', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    scheduled_message: Type.Optional(ScheduledMessage),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_81', description: "Event sent to a user's clients when a scheduled message is edited.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_82 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('scheduled_messages', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('remove')),
    scheduled_message_id: Type.Optional(Type.Integer({ description: 'The ID of the scheduled message that was deleted.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_82', description: "Event sent to a user's clients when a scheduled message is deleted.", additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_83 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('channel_folder', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('add')),
    channel_folder: Type.Optional(ChannelFolder),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_83', description: 'Event sent to users in an organization when a channel folder is created.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_84_data = Type.Object(
  {
    name: Type.Optional(Type.String({ description: "The new name of the channel folder. Only present if the channel folder's name changed." })),
    description: Type.Optional(Type.String({ description: 'The new description of the channel folder. Only present if the description changed.' })),
    rendered_description: Type.Optional(Type.String({ description: 'The new rendered description of the channel folder. Only present if the description changed.' })),
    is_archived: Type.Optional(Type.Boolean({ description: 'Whether the channel folder is archived or not. Only present if the channel folder is archived or unarchived.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_84_data', description: 'Dictionary containing the changed details of the channel folder.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_84 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('channel_folder', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('update')),
    channel_folder_id: Type.Optional(Type.Number({ description: 'ID of the updated channel folder.' })),
    data: Type.Optional(get_events_200_response_allOf_events_inner_oneOf_84_data),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_84', description: 'Event sent to users in an organization when a channel folder is updated.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner_oneOf_85 = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'The ID of the event. Events appear in increasing order but may not be consecutive.' })),
    type: Type.Optional(
      Type.Literal('channel_folder', {
        description: "The event's type, relevant both for client-side dispatch and server-side filtering by event type in [POST /register](https://zulip.com/api/register-queue).",
      }),
    ),
    op: Type.Optional(Type.Literal('reorder')),
    order: Type.Optional(Type.Array(Type.Integer(), { description: 'A list of channel folder IDs representing the new order.' })),
  },
  { $id: 'get_events_200_response_allOf_events_inner_oneOf_85', description: 'Event sent to users in an organization when channel folders are reordered.', additionalProperties: false },
);

export const get_events_200_response_allOf_events_inner = Type.Union(
  [
    get_events_200_response_allOf_events_inner_oneOf,
    get_events_200_response_allOf_events_inner_oneOf_1,
    get_events_200_response_allOf_events_inner_oneOf_2,
    get_events_200_response_allOf_events_inner_oneOf_3,
    get_events_200_response_allOf_events_inner_oneOf_4,
    get_events_200_response_allOf_events_inner_oneOf_5,
    get_events_200_response_allOf_events_inner_oneOf_6,
    get_events_200_response_allOf_events_inner_oneOf_7,
    get_events_200_response_allOf_events_inner_oneOf_8,
    get_events_200_response_allOf_events_inner_oneOf_9,
    get_events_200_response_allOf_events_inner_oneOf_10,
    get_events_200_response_allOf_events_inner_oneOf_11,
    get_events_200_response_allOf_events_inner_oneOf_12,
    get_events_200_response_allOf_events_inner_oneOf_13,
    get_events_200_response_allOf_events_inner_oneOf_14,
    get_events_200_response_allOf_events_inner_oneOf_15,
    get_events_200_response_allOf_events_inner_oneOf_16,
    get_events_200_response_allOf_events_inner_oneOf_17,
    get_events_200_response_allOf_events_inner_oneOf_18,
    get_events_200_response_allOf_events_inner_oneOf_19,
    get_events_200_response_allOf_events_inner_oneOf_20,
    get_events_200_response_allOf_events_inner_oneOf_21,
    get_events_200_response_allOf_events_inner_oneOf_22,
    get_events_200_response_allOf_events_inner_oneOf_23,
    get_events_200_response_allOf_events_inner_oneOf_24,
    get_events_200_response_allOf_events_inner_oneOf_25,
    get_events_200_response_allOf_events_inner_oneOf_26,
    get_events_200_response_allOf_events_inner_oneOf_27,
    get_events_200_response_allOf_events_inner_oneOf_28,
    get_events_200_response_allOf_events_inner_oneOf_29,
    get_events_200_response_allOf_events_inner_oneOf_30,
    get_events_200_response_allOf_events_inner_oneOf_31,
    get_events_200_response_allOf_events_inner_oneOf_32,
    get_events_200_response_allOf_events_inner_oneOf_33,
    get_events_200_response_allOf_events_inner_oneOf_34,
    get_events_200_response_allOf_events_inner_oneOf_35,
    get_events_200_response_allOf_events_inner_oneOf_36,
    get_events_200_response_allOf_events_inner_oneOf_37,
    get_events_200_response_allOf_events_inner_oneOf_38,
    get_events_200_response_allOf_events_inner_oneOf_39,
    get_events_200_response_allOf_events_inner_oneOf_40,
    get_events_200_response_allOf_events_inner_oneOf_41,
    get_events_200_response_allOf_events_inner_oneOf_42,
    get_events_200_response_allOf_events_inner_oneOf_43,
    get_events_200_response_allOf_events_inner_oneOf_44,
    get_events_200_response_allOf_events_inner_oneOf_45,
    get_events_200_response_allOf_events_inner_oneOf_46,
    get_events_200_response_allOf_events_inner_oneOf_47,
    get_events_200_response_allOf_events_inner_oneOf_48,
    get_events_200_response_allOf_events_inner_oneOf_49,
    get_events_200_response_allOf_events_inner_oneOf_50,
    get_events_200_response_allOf_events_inner_oneOf_51,
    get_events_200_response_allOf_events_inner_oneOf_52,
    get_events_200_response_allOf_events_inner_oneOf_53,
    get_events_200_response_allOf_events_inner_oneOf_54,
    get_events_200_response_allOf_events_inner_oneOf_55,
    get_events_200_response_allOf_events_inner_oneOf_56,
    get_events_200_response_allOf_events_inner_oneOf_57,
    get_events_200_response_allOf_events_inner_oneOf_58,
    get_events_200_response_allOf_events_inner_oneOf_59,
    get_events_200_response_allOf_events_inner_oneOf_60,
    get_events_200_response_allOf_events_inner_oneOf_61,
    get_events_200_response_allOf_events_inner_oneOf_62,
    get_events_200_response_allOf_events_inner_oneOf_63,
    get_events_200_response_allOf_events_inner_oneOf_64,
    get_events_200_response_allOf_events_inner_oneOf_65,
    get_events_200_response_allOf_events_inner_oneOf_66,
    get_events_200_response_allOf_events_inner_oneOf_67,
    get_events_200_response_allOf_events_inner_oneOf_68,
    get_events_200_response_allOf_events_inner_oneOf_69,
    get_events_200_response_allOf_events_inner_oneOf_70,
    get_events_200_response_allOf_events_inner_oneOf_71,
    get_events_200_response_allOf_events_inner_oneOf_72,
    get_events_200_response_allOf_events_inner_oneOf_73,
    get_events_200_response_allOf_events_inner_oneOf_74,
    get_events_200_response_allOf_events_inner_oneOf_75,
    get_events_200_response_allOf_events_inner_oneOf_76,
    get_events_200_response_allOf_events_inner_oneOf_77,
    get_events_200_response_allOf_events_inner_oneOf_78,
    get_events_200_response_allOf_events_inner_oneOf_79,
    get_events_200_response_allOf_events_inner_oneOf_80,
    get_events_200_response_allOf_events_inner_oneOf_81,
    get_events_200_response_allOf_events_inner_oneOf_82,
    get_events_200_response_allOf_events_inner_oneOf_83,
    get_events_200_response_allOf_events_inner_oneOf_84,
    get_events_200_response_allOf_events_inner_oneOf_85,
  ],
  { $id: 'get_events_200_response_allOf_events_inner' },
);
