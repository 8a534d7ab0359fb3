// Generated once from ../shared/reference/zulip-openapi.yaml (Zulip's 200 responses), then owned
// as code: edit freely where Parley legitimately differs.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  IgnoredParametersUnsupported,
  get_server_settings_200_response_allOf_authentication_methods,
  get_server_settings_200_response_allOf_external_authentication_methods_inner,
  profile_data,
  User,
  get_user_groups_200_response_allOf_user_groups_inner,
  get_linkifiers_200_response_allOf_linkifiers_inner,
  LegacyPresenceFormat,
  update_presence_200_response_allOf_presences_value,
  CustomProfileField,
} from './components';

export const GetServerSettingsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    authentication_methods: Type.Optional(get_server_settings_200_response_allOf_authentication_methods),
    external_authentication_methods: Type.Optional(
      Type.Array(get_server_settings_200_response_allOf_external_authentication_methods_inner, {
        description: 'A list of dictionaries describing the available external authentication methods (E.g. Google, GitHub, or SAML) enabled for this organization.',
      }),
    ),
    service_feature_level: Type.Integer({
      description:
        "Parley addition: the same as `zulip_feature_level` (the spec's name for it, which the spec asks for beside Zulip's; a validator of Zulip's schema, which allows no other field, refuses it). Parley's own release is this description's `info.version`.",
      'x-parley-addition': true,
    }),
    zulip_feature_level: Type.Optional(
      Type.Integer({
        description:
          'An integer indicating what features are available on the server. The feature level increases monotonically; a value of N means the server supports all API features introduced before feature level N. This is designed to provide a simple way for client apps to decide whether the server supports a given feature or API change. See the [changelog](https://zulip.com/api/changelog) for details on what each feature level means.',
      }),
    ),
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
    push_notifications_enabled: Type.Optional(Type.Boolean({ description: 'Whether mobile/push notifications are configured.' })),
    is_incompatible: Type.Optional(Type.Boolean({ description: 'Whether the Zulip client that has sent a request to this endpoint is deemed incompatible with the server.' })),
    email_auth_enabled: Type.Optional(Type.Boolean({ description: 'Setting for allowing users authenticate with an email-password combination.' })),
    require_email_format_usernames: Type.Optional(
      Type.Boolean({
        description:
          'Whether all valid usernames for authentication to this organization will be email addresses. This is important for clients to know whether to do client side validation of email address format in a login prompt.',
      }),
    ),
    realm_uri: Type.Optional(Type.String({ description: "The organization's canonical URL. Alias of `realm_url`.", deprecated: true })),
    realm_url: Type.Optional(Type.String({ description: "The organization's canonical URL." })),
    realm_name: Type.Optional(Type.String({ description: "The organization's name (for display purposes)." })),
    realm_icon: Type.Optional(
      Type.String({ description: "The URL for the organization's logo formatted as a square image, used for identifying the organization in small locations in the mobile and desktop apps." }),
    ),
    realm_description: Type.Optional(
      Type.String({ description: 'HTML description of the organization, as configured by the [organization profile](https://zulip.com/help/create-your-organization-profile).' }),
    ),
    realm_web_public_access_enabled: Type.Optional(
      Type.Boolean({
        description:
          'Whether the organization has enabled the creation of [web-public channels](https://zulip.com/help/public-access-option) and at least one web-public channel on the server currently exists. Clients that support viewing content in web-public channels without an account can use this to determine whether to offer that feature on the login page for an organization.',
      }),
    ),
  },
  { $id: 'GetServerSettingsResponse', additionalProperties: false },
);
export type GetServerSettingsResponse = Static<typeof GetServerSettingsResponse>;

export const FetchApiKeyResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    api_key: Type.String({ description: 'The API key that can be used to authenticate as the requested user.' }),
    email: Type.String({ description: 'The email address of the user who owns the API key.' }),
    user_id: Type.Optional(Type.Integer({ description: 'The unique ID of the user who owns the API key.' })),
  },
  { $id: 'FetchApiKeyResponse', additionalProperties: false },
);
export type FetchApiKeyResponse = Static<typeof FetchApiKeyResponse>;

export const GetOwnUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    avatar_url: Type.Optional(Type.String({ description: "URL for the requesting user's avatar." })),
    avatar_version: Type.Optional(
      Type.Integer({
        description:
          "Version for the requesting user's avatar. Used for cache-busting requests for the user's avatar. Clients generally shouldn't need to use this; most avatar URLs sent by Zulip will already end with `?v={avatar_version}`.",
      }),
    ),
    email: Type.Optional(Type.String({ description: 'Zulip API email of the requesting user.' })),
    full_name: Type.Optional(Type.String({ description: 'Full name of the requesting user.' })),
    is_admin: Type.Optional(Type.Boolean({ description: 'A boolean indicating if the requesting user is an admin.' })),
    is_owner: Type.Optional(Type.Boolean({ description: 'A boolean indicating if the requesting user is an organization owner.' })),
    role: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(200), Type.Literal(300), Type.Literal(400), Type.Literal(600)], {
        description: '[Organization-level role](https://zulip.com/api/roles-and-permissions) of the requesting user. Possible values are:',
      }),
    ),
    is_guest: Type.Optional(Type.Boolean({ description: 'A boolean indicating if the requesting user is a guest.' })),
    is_bot: Type.Optional(Type.Boolean({ description: 'A boolean indicating if the requesting user is a bot.' })),
    is_active: Type.Optional(Type.Boolean({ description: 'A boolean specifying whether the requesting user account has been deactivated.' })),
    timezone: Type.Optional(
      Type.String({
        description:
          "The IANA identifier of the requesting user's [profile time zone](https://zulip.com/help/change-your-timezone), which is used primarily to display the user's local time to other users.",
      }),
    ),
    date_joined: Type.Optional(Type.String({ description: "The time the requesting user's account was created." })),
    max_message_id: Type.Optional(Type.Integer({ description: "The integer ID of the last message received by the requesting user's account.", deprecated: true })),
    user_id: Type.Optional(Type.Integer({ description: "The user's ID." })),
    delivery_email: Type.Optional(Type.String({ description: "The requesting user's real email address." })),
    bot_type: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: "A bot's type, as the User object of `GET /users` has it; absent for a person. Zulip's server sends it for bots, though its reference omits it here.",
      }),
    ),
    bot_owner_id: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: "A bot's owner (null for an unowned bot), as the User object of `GET /users` has it; absent for a person. Zulip's server sends it for bots, though its reference omits it here.",
      }),
    ),
    profile_data: Type.Optional(profile_data),
  },
  { $id: 'GetOwnUserResponse', additionalProperties: false },
);
export type GetOwnUserResponse = Static<typeof GetOwnUserResponse>;

export const GetUsersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    members: Type.Optional(Type.Array(User, { description: 'A list of `user` objects, each containing details about a user in the organization.' })),
  },
  { $id: 'GetUsersResponse', additionalProperties: false },
);
export type GetUsersResponse = Static<typeof GetUsersResponse>;

export const CreateUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    user_id: Type.Optional(Type.Integer({ description: 'The ID assigned to the newly created user.' })),
  },
  { $id: 'CreateUserResponse', additionalProperties: false },
);
export type CreateUserResponse = Static<typeof CreateUserResponse>;

export const GetUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    user: Type.Optional(User),
  },
  { $id: 'GetUserResponse', additionalProperties: false },
);
export type GetUserResponse = Static<typeof GetUserResponse>;

export const UpdateUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserResponse', additionalProperties: false },
);
export type UpdateUserResponse = Static<typeof UpdateUserResponse>;

export const DeactivateUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeactivateUserResponse', additionalProperties: false },
);
export type DeactivateUserResponse = Static<typeof DeactivateUserResponse>;

export const DeactivateOwnUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeactivateOwnUserResponse', additionalProperties: false },
);
export type DeactivateOwnUserResponse = Static<typeof DeactivateOwnUserResponse>;

export const ReactivateUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ReactivateUserResponse', additionalProperties: false },
);
export type ReactivateUserResponse = Static<typeof ReactivateUserResponse>;

const alertWords = Type.Array(Type.String(), { description: 'An array of strings, where each string is an alert word (or phrase) configured by the user.' });

export const GetAlertWordsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    alert_words: alertWords,
  },
  { $id: 'GetAlertWordsResponse', additionalProperties: false },
);
export type GetAlertWordsResponse = Static<typeof GetAlertWordsResponse>;

export const AddAlertWordsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    alert_words: alertWords,
  },
  { $id: 'AddAlertWordsResponse', additionalProperties: false },
);
export type AddAlertWordsResponse = Static<typeof AddAlertWordsResponse>;

export const RemoveAlertWordsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    alert_words: alertWords,
  },
  { $id: 'RemoveAlertWordsResponse', additionalProperties: false },
);
export type RemoveAlertWordsResponse = Static<typeof RemoveAlertWordsResponse>;

export const MuteUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'MuteUserResponse', additionalProperties: false },
);
export type MuteUserResponse = Static<typeof MuteUserResponse>;

export const UnmuteUserResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UnmuteUserResponse', additionalProperties: false },
);
export type UnmuteUserResponse = Static<typeof UnmuteUserResponse>;

export const UpdateOwnStatusResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateOwnStatusResponse', additionalProperties: false },
);
export type UpdateOwnStatusResponse = Static<typeof UpdateOwnStatusResponse>;

export const AddApnsDeviceTokenResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'AddApnsDeviceTokenResponse', additionalProperties: false },
);
export type AddApnsDeviceTokenResponse = Static<typeof AddApnsDeviceTokenResponse>;

export const RemoveApnsDeviceTokenResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RemoveApnsDeviceTokenResponse', additionalProperties: false },
);
export type RemoveApnsDeviceTokenResponse = Static<typeof RemoveApnsDeviceTokenResponse>;

export const AddFcmTokenResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'AddFcmTokenResponse', additionalProperties: false },
);
export type AddFcmTokenResponse = Static<typeof AddFcmTokenResponse>;

export const RemoveFcmTokenResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RemoveFcmTokenResponse', additionalProperties: false },
);
export type RemoveFcmTokenResponse = Static<typeof RemoveFcmTokenResponse>;

export const TestPushNotificationResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'TestPushNotificationResponse', additionalProperties: false },
);
export type TestPushNotificationResponse = Static<typeof TestPushNotificationResponse>;

export const RegisterPushDeviceResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RegisterPushDeviceResponse', additionalProperties: false },
);
export type RegisterPushDeviceResponse = Static<typeof RegisterPushDeviceResponse>;

export const E2eeTestPushNotificationResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'E2eeTestPushNotificationResponse', additionalProperties: false },
);
export type E2eeTestPushNotificationResponse = Static<typeof E2eeTestPushNotificationResponse>;

export const UpdateUserStatusResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserStatusResponse', additionalProperties: false },
);
export type UpdateUserStatusResponse = Static<typeof UpdateUserStatusResponse>;

export const GetUserStatusResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    status: Type.Optional(
      Type.Object(
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
          description:
            "The status set by the user. Note that, if the user doesn't have a status currently set, then the returned dictionary will be empty as none of the keys listed below will be present.",
          additionalProperties: false,
        },
      ),
    ),
  },
  { $id: 'GetUserStatusResponse', additionalProperties: false },
);
export type GetUserStatusResponse = Static<typeof GetUserStatusResponse>;

export const UpdateSettingsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateSettingsResponse', additionalProperties: false },
);
export type UpdateSettingsResponse = Static<typeof UpdateSettingsResponse>;

export const UpdateRealmUserDefaultsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateRealmUserDefaultsResponse', additionalProperties: false },
);
export type UpdateRealmUserDefaultsResponse = Static<typeof UpdateRealmUserDefaultsResponse>;

export const CreateUserGroupResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    group_id: Type.Integer({ description: 'The unique ID of the created user group.' }),
  },
  { $id: 'CreateUserGroupResponse', additionalProperties: false },
);
export type CreateUserGroupResponse = Static<typeof CreateUserGroupResponse>;

export const GetUserGroupsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    user_groups: Type.Optional(Type.Array(get_user_groups_200_response_allOf_user_groups_inner, { description: 'A list of `user_group` objects.' })),
  },
  { $id: 'GetUserGroupsResponse', additionalProperties: false },
);
export type GetUserGroupsResponse = Static<typeof GetUserGroupsResponse>;

export const UpdateUserGroupResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserGroupResponse', additionalProperties: false },
);
export type UpdateUserGroupResponse = Static<typeof UpdateUserGroupResponse>;

export const UpdateUserGroupMembersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserGroupMembersResponse', additionalProperties: false },
);
export type UpdateUserGroupMembersResponse = Static<typeof UpdateUserGroupMembersResponse>;

export const UpdateUserGroupSubgroupsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserGroupSubgroupsResponse', additionalProperties: false },
);
export type UpdateUserGroupSubgroupsResponse = Static<typeof UpdateUserGroupSubgroupsResponse>;

export const GetUserGroupMembersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    members: Type.Optional(Type.Array(Type.Integer(), { description: 'A list containing the user IDs of members of the user group.' })),
  },
  { $id: 'GetUserGroupMembersResponse', additionalProperties: false },
);
export type GetUserGroupMembersResponse = Static<typeof GetUserGroupMembersResponse>;

export const GetUserGroupMemberResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    is_user_group_member: Type.Optional(Type.Boolean({ description: 'Whether the user is member of user group.' })),
  },
  { $id: 'GetUserGroupMemberResponse', additionalProperties: false },
);
export type GetUserGroupMemberResponse = Static<typeof GetUserGroupMemberResponse>;

export const GetUserGroupSubgroupsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    subgroups: Type.Optional(Type.Array(Type.Integer(), { description: 'A list containing the IDs of subgroups of the user group.' })),
  },
  { $id: 'GetUserGroupSubgroupsResponse', additionalProperties: false },
);
export type GetUserGroupSubgroupsResponse = Static<typeof GetUserGroupSubgroupsResponse>;

export const DeactivateUserGroupResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeactivateUserGroupResponse', additionalProperties: false },
);
export type DeactivateUserGroupResponse = Static<typeof DeactivateUserGroupResponse>;

export const AddLinkifierResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    id: Type.Optional(Type.Integer({ description: 'The numeric ID assigned to this filter.' })),
  },
  { $id: 'AddLinkifierResponse', additionalProperties: false },
);
export type AddLinkifierResponse = Static<typeof AddLinkifierResponse>;

export const GetLinkifiersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    linkifiers: Type.Optional(Type.Array(get_linkifiers_200_response_allOf_linkifiers_inner, { description: 'An ordered array of objects, where each object describes a linkifier.' })),
  },
  { $id: 'GetLinkifiersResponse', additionalProperties: false },
);
export type GetLinkifiersResponse = Static<typeof GetLinkifiersResponse>;

export const UpdateLinkifierResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateLinkifierResponse', additionalProperties: false },
);
export type UpdateLinkifierResponse = Static<typeof UpdateLinkifierResponse>;

export const RemoveLinkifierResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RemoveLinkifierResponse', additionalProperties: false },
);
export type RemoveLinkifierResponse = Static<typeof RemoveLinkifierResponse>;

export const ReorderLinkifiersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ReorderLinkifiersResponse', additionalProperties: false },
);
export type ReorderLinkifiersResponse = Static<typeof ReorderLinkifiersResponse>;

export const UpdatePresenceResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    presence_last_update_id: Type.Optional(Type.Integer({ description: 'The identifier for the latest user presence data returned in the `presences` data of the response.' })),
    server_timestamp: Type.Optional(Type.Number({ description: 'Only present if `ping_only` is `false`.' })),
    presences: Type.Optional(Type.Record(Type.String(), update_presence_200_response_allOf_presences_value, { description: 'Only present if `ping_only` is `false`.' })),
    zephyr_mirror_active: Type.Optional(Type.Boolean({ description: 'Legacy property for a part of the Zephyr mirroring system.', deprecated: true })),
  },
  { $id: 'UpdatePresenceResponse', additionalProperties: false },
);
export type UpdatePresenceResponse = Static<typeof UpdatePresenceResponse>;

export const GetRealmPresenceResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    server_timestamp: Type.Optional(Type.Number({ description: 'The time when the server fetched the `presences` data included in the response.' })),
    presences: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Record(Type.String(), LegacyPresenceFormat, { description: "`{user_email}`: Object containing the details of a user's presence. The object's key is the user's Zulip API email." }),
        { description: 'A dictionary where each entry describes the presence details of a user in the Zulip organization.' },
      ),
    ),
  },
  { $id: 'GetRealmPresenceResponse', additionalProperties: false },
);
export type GetRealmPresenceResponse = Static<typeof GetRealmPresenceResponse>;

export const GetUserPresenceResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    presence: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object(
          {
            timestamp: Type.Optional(Type.Integer({ description: 'When this update was received. If the timestamp is more than a few minutes in the past, the user is offline.' })),
            status: Type.Optional(Type.String({ description: 'Whether the user had recently interacted with Zulip at the time of the timestamp. Will be either `"active"` or `"idle"`' })),
          },
          { additionalProperties: false, description: '`{client_name}` or `"aggregated"`: Object containing the details of the user\'s presence.' },
        ),
        { description: 'An object containing the presence details for the user.' },
      ),
    ),
  },
  { $id: 'GetUserPresenceResponse', additionalProperties: false },
);
export type GetUserPresenceResponse = Static<typeof GetUserPresenceResponse>;

export const GetCustomProfileFieldsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    custom_fields: Type.Optional(Type.Array(CustomProfileField, { description: 'An array containing all the custom profile fields defined in this Zulip organization.' })),
  },
  { $id: 'GetCustomProfileFieldsResponse', additionalProperties: false },
);
export type GetCustomProfileFieldsResponse = Static<typeof GetCustomProfileFieldsResponse>;

export const CreateCustomProfileFieldResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    id: Type.Optional(Type.Integer({ description: 'The ID for the custom profile field.' })),
  },
  { $id: 'CreateCustomProfileFieldResponse', additionalProperties: false },
);
export type CreateCustomProfileFieldResponse = Static<typeof CreateCustomProfileFieldResponse>;

export const ReorderCustomProfileFieldsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ReorderCustomProfileFieldsResponse', additionalProperties: false },
);
export type ReorderCustomProfileFieldsResponse = Static<typeof ReorderCustomProfileFieldsResponse>;

const simpleSuccess = (id: string) =>
  Type.Object(
    {
      result: Type.Literal('success'),
      msg: Type.String(),
      ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    },
    { $id: id, additionalProperties: false },
  );

export const ResetUserPasswordResponse = simpleSuccess('ResetUserPasswordResponse');
export type ResetUserPasswordResponse = Static<typeof ResetUserPasswordResponse>;

/** Zulip's Invite: a reusable invitation link has `link_url`, an email invitation `email` and `notify_referrer_on_join`. */
export const Invite = Type.Object(
  {
    id: Type.Integer({ description: 'The ID of the invitation.' }),
    invited_by_user_id: Type.Integer({ description: 'The user ID of the user who created the invitation.' }),
    invited: Type.Integer({ description: 'The UNIX timestamp for when the invitation was created, in UTC seconds.' }),
    expiry_date: Type.Union([Type.Integer(), Type.Null()], { description: 'The UNIX timestamp for when the invitation will expire, in UTC seconds. If `null`, the invitation never expires.' }),
    invited_as: Type.Integer({ description: 'The organization-level role of the user that is created when the invitation is accepted.' }),
    email: Type.Optional(Type.String({ description: 'The email address the invitation was sent to (email invitations only).' })),
    notify_referrer_on_join: Type.Optional(Type.Boolean({ description: 'Whether the referrer is told when someone joins (email invitations only).' })),
    link_url: Type.Optional(Type.String({ description: 'The URL of the reusable invitation link.' })),
    is_multiuse: Type.Boolean({ description: 'Whether the invitation is a reusable invitation link (else an email invitation).' }),
  },
  { $id: 'Invite', additionalProperties: false },
);

export const CreateMultiuseInviteResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    invite_link: Type.String({ description: 'The URL of the reusable invitation link that was created by this request.' }),
  },
  { $id: 'CreateMultiuseInviteResponse', additionalProperties: false },
);
export type CreateMultiuseInviteResponse = Static<typeof CreateMultiuseInviteResponse>;

export const GetInvitesResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    invites: Type.Array(Invite, { description: 'The unexpired invitations the user can manage: every one for administrators, their own for others.' }),
  },
  { $id: 'GetInvitesResponse', additionalProperties: false },
);
export type GetInvitesResponse = Static<typeof GetInvitesResponse>;

export const RevokeMultiuseInviteResponse = simpleSuccess('RevokeMultiuseInviteResponse');
export type RevokeMultiuseInviteResponse = Static<typeof RevokeMultiuseInviteResponse>;

export const GetInviteLinkResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    realm_name: Type.String({ description: "The name of the organization the link invites to (the request's Host's)." }),
    realm_url: Type.String({ description: "The organization's URL." }),
    realm_icon: Type.String({ description: "The URL of the organization's icon." }),
    invited_as: Type.Integer({ description: 'The role the new user gets (100 owner, 200 administrator, 300 moderator, 400 member, 600 guest).' }),
    expired: Type.Boolean({ description: 'Always false: an expired, revoked or unknown link is an error.' }),
  },
  { $id: 'GetInviteLinkResponse', additionalProperties: false },
);
export type GetInviteLinkResponse = Static<typeof GetInviteLinkResponse>;

export const AcceptInviteLinkResponse = simpleSuccess('AcceptInviteLinkResponse');
export type AcceptInviteLinkResponse = Static<typeof AcceptInviteLinkResponse>;

export const SendInvitesResponse = simpleSuccess('SendInvitesResponse');
export type SendInvitesResponse = Static<typeof SendInvitesResponse>;

export const RevokeInviteResponse = simpleSuccess('RevokeInviteResponse');
export type RevokeInviteResponse = Static<typeof RevokeInviteResponse>;

export const ResendInviteResponse = simpleSuccess('ResendInviteResponse');
export type ResendInviteResponse = Static<typeof ResendInviteResponse>;

export const GetConfirmationResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    realm_name: Type.String({ description: "The name of the organization (the request's Host's)." }),
    realm_url: Type.String({ description: "The organization's URL." }),
    realm_icon: Type.String({ description: "The URL of the organization's icon." }),
    email: Type.String({ description: 'The address the account is for, proven by the mailed link.' }),
    invited_as: Type.Integer({ description: 'The role the new user gets (100 owner, 200 administrator, 300 moderator, 400 member, 600 guest).' }),
    is_invitation: Type.Boolean({ description: 'Whether the link is an email invitation (else a sign-up confirmation through a reusable link).' }),
  },
  { $id: 'GetConfirmationResponse', additionalProperties: false },
);
export type GetConfirmationResponse = Static<typeof GetConfirmationResponse>;

export const CompleteRegistrationResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    user_id: Type.Integer({ description: 'The ID of the new user.' }),
    email: Type.String({ description: "The new user's email for the API (HTTP Basic authentication)." }),
    api_key: Type.String({ description: "The new user's API key." }),
  },
  { $id: 'CompleteRegistrationResponse', additionalProperties: false },
);
export type CompleteRegistrationResponse = Static<typeof CompleteRegistrationResponse>;

export const RequestPasswordResetResponse = simpleSuccess('RequestPasswordResetResponse');

export const GetPasswordResetResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    email: Type.String({ description: "The account's email address (the one to log in with)." }),
    full_name: Type.String({ description: "The user's full name." }),
    realm_name: Type.String({ description: "The name of the organization (the request's Host's)." }),
  },
  { $id: 'GetPasswordResetResponse', additionalProperties: false },
);
export type GetPasswordResetResponse = Static<typeof GetPasswordResetResponse>;

export const ResetPasswordResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    email: Type.String({ description: "The account's email address, to log in with the new password." }),
  },
  { $id: 'ResetPasswordResponse', additionalProperties: false },
);
export type ResetPasswordResponse = Static<typeof ResetPasswordResponse>;

/** users: the response schema of each route, by `METHOD /path`. */
export const usersResponses = {
  'GET /server_settings': GetServerSettingsResponse,
  'POST /fetch_api_key': FetchApiKeyResponse,
  'POST /password_reset': RequestPasswordResetResponse,
  'GET /password_reset/{token}': GetPasswordResetResponse,
  'POST /password_reset/{token}': ResetPasswordResponse,
  'GET /users/me': GetOwnUserResponse,
  'GET /users': GetUsersResponse,
  'POST /users': CreateUserResponse,
  'GET /users/{user_id}': GetUserResponse,
  'PATCH /users/{user_id}': UpdateUserResponse,
  'GET /users/{email}': GetUserResponse,
  'PATCH /users/{email}': UpdateUserResponse,
  'DELETE /users/{user_id}': DeactivateUserResponse,
  'DELETE /users/me': DeactivateOwnUserResponse,
  'POST /users/{user_id}/reactivate': ReactivateUserResponse,
  'POST /users/{user_id}/password': ResetUserPasswordResponse,
  'POST /invites/multiuse': CreateMultiuseInviteResponse,
  'GET /invites': GetInvitesResponse,
  'DELETE /invites/multiuse/{invite_id}': RevokeMultiuseInviteResponse,
  'GET /invites/link/{key}': GetInviteLinkResponse,
  'POST /invites/link/{key}/accept': AcceptInviteLinkResponse,
  'POST /invites': SendInvitesResponse,
  'DELETE /invites/{invite_id}': RevokeInviteResponse,
  'POST /invites/{invite_id}/resend': ResendInviteResponse,
  'GET /invites/confirm/{key}': GetConfirmationResponse,
  'POST /invites/confirm/{key}': CompleteRegistrationResponse,
  'GET /users/me/alert_words': GetAlertWordsResponse,
  'POST /users/me/alert_words': AddAlertWordsResponse,
  'DELETE /users/me/alert_words': RemoveAlertWordsResponse,
  'POST /users/me/muted_users/{muted_user_id}': MuteUserResponse,
  'DELETE /users/me/muted_users/{muted_user_id}': UnmuteUserResponse,
  'POST /users/me/status': UpdateOwnStatusResponse,
  'POST /users/me/apns_device_token': AddApnsDeviceTokenResponse,
  'DELETE /users/me/apns_device_token': RemoveApnsDeviceTokenResponse,
  'POST /users/me/android_gcm_reg_id': AddFcmTokenResponse,
  'DELETE /users/me/android_gcm_reg_id': RemoveFcmTokenResponse,
  'POST /mobile_push/test_notification': TestPushNotificationResponse,
  'POST /mobile_push/register': RegisterPushDeviceResponse,
  'POST /mobile_push/e2ee/test_notification': E2eeTestPushNotificationResponse,
  'POST /users/{user_id}/status': UpdateUserStatusResponse,
  'GET /users/{user_id}/status': GetUserStatusResponse,
  'PATCH /settings': UpdateSettingsResponse,
  'PATCH /realm/user_settings_defaults': UpdateRealmUserDefaultsResponse,
  'POST /user_groups/create': CreateUserGroupResponse,
  'GET /user_groups': GetUserGroupsResponse,
  'PATCH /user_groups/{user_group_id}': UpdateUserGroupResponse,
  'POST /user_groups/{user_group_id}/members': UpdateUserGroupMembersResponse,
  'POST /user_groups/{user_group_id}/subgroups': UpdateUserGroupSubgroupsResponse,
  'GET /user_groups/{user_group_id}/members': GetUserGroupMembersResponse,
  'GET /user_groups/{user_group_id}/members/{user_id}': GetUserGroupMemberResponse,
  'GET /user_groups/{user_group_id}/subgroups': GetUserGroupSubgroupsResponse,
  'POST /user_groups/{user_group_id}/deactivate': DeactivateUserGroupResponse,
  'POST /realm/filters': AddLinkifierResponse,
  'GET /realm/linkifiers': GetLinkifiersResponse,
  'PATCH /realm/filters/{filter_id}': UpdateLinkifierResponse,
  'DELETE /realm/filters/{filter_id}': RemoveLinkifierResponse,
  'PATCH /realm/linkifiers': ReorderLinkifiersResponse,
  'POST /users/me/presence': UpdatePresenceResponse,
  'GET /realm/presence': GetRealmPresenceResponse,
  'GET /users/{user_id_or_email}/presence': GetUserPresenceResponse,
  'GET /realm/profile_fields': GetCustomProfileFieldsResponse,
  'POST /realm/profile_fields': CreateCustomProfileFieldResponse,
  'PATCH /realm/profile_fields': ReorderCustomProfileFieldsResponse,
} satisfies Record<string, TSchema>;
