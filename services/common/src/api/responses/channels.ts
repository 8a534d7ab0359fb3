// Generated once from ../shared/reference/zulip-openapi.yaml (Zulip's 200 responses), then owned
// as code: edit freely where Parley legitimately differs.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IgnoredParametersUnsupported, ChannelFolder, Subscription, get_streams_200_response_allOf_streams_inner, BasicChannel } from './components';

export const CreateChannelFolderResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    channel_folder_id: Type.Integer({ description: 'The unique ID of the created channel folder.' }),
  },
  { $id: 'CreateChannelFolderResponse', additionalProperties: false },
);
export type CreateChannelFolderResponse = Static<typeof CreateChannelFolderResponse>;

export const GetChannelFoldersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    channel_folders: Type.Optional(Type.Array(ChannelFolder, { description: 'A list of channel folder objects.' })),
  },
  { $id: 'GetChannelFoldersResponse', additionalProperties: false },
);
export type GetChannelFoldersResponse = Static<typeof GetChannelFoldersResponse>;

export const ReorderChannelFoldersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ReorderChannelFoldersResponse', additionalProperties: false },
);
export type ReorderChannelFoldersResponse = Static<typeof ReorderChannelFoldersResponse>;

export const UpdateChannelFolderResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateChannelFolderResponse', additionalProperties: false },
);
export type UpdateChannelFolderResponse = Static<typeof UpdateChannelFolderResponse>;

export const SubscribeResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    subscribed: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String(), { description: '`{id}`: List of the names of the channels that were subscribed to as a result of the query.' }), {
        description: 'A dictionary where the key is the ID of the user and the value is a list of the names of the channels that user was subscribed to as a result of the request.',
      }),
    ),
    already_subscribed: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String(), { description: '`{id}`: List of the names of the channels that the user is already subscribed to.' }), {
        description:
          'A dictionary where the key is the ID of the user and the value is a list of the names of the channels that where the user was not added as a subscriber in this request, because they were already a subscriber.',
      }),
    ),
    unauthorized: Type.Optional(
      Type.Array(Type.String(), { description: 'A list of names of channels that the requesting user/bot was not authorized to subscribe to. Only present if `"authorization_errors_fatal": false`.' }),
    ),
    new_subscription_messages_sent: Type.Optional(Type.Boolean({ description: 'Only present if the parameter `send_new_subscription_messages` in the request was `true`.' })),
  },
  { $id: 'SubscribeResponse', additionalProperties: false },
);
export type SubscribeResponse = Static<typeof SubscribeResponse>;

export const UnsubscribeResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    not_removed: Type.Optional(Type.Array(Type.String(), { description: "A list of the names of channels that the user is already unsubscribed from, and hence doesn't need to be unsubscribed." })),
    removed: Type.Optional(Type.Array(Type.String(), { description: 'A list of the names of channels which were unsubscribed from as a result of the query.' })),
  },
  { $id: 'UnsubscribeResponse', additionalProperties: false },
);
export type UnsubscribeResponse = Static<typeof UnsubscribeResponse>;

export const UpdateSubscriptionsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    subscribed: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String(), { description: '`{id}`: A list of the names of channels that the user was subscribed to as a result of the query.' }), {
        description: 'A dictionary where the key is the ID of the user and the value is a list of the names of the channels that were subscribed to as a result of the query.',
      }),
    ),
    already_subscribed: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String(), { description: '`{id}`: A list of the names of channels that the user was already subscribed to.' }), {
        description: 'A dictionary where the key is the ID of the user and the value is a list of the names of the channels that the user is already subscribed to.',
      }),
    ),
    not_removed: Type.Optional(Type.Array(Type.String(), { description: "A list of the names of channels that the user is already unsubscribed from, and hence doesn't need to be unsubscribed." })),
    removed: Type.Optional(Type.Array(Type.String(), { description: 'A list of the names of channels which were unsubscribed from as a result of the query.' })),
    new_subscription_messages_sent: Type.Optional(Type.Boolean({ description: 'Only present if the parameter `send_new_subscription_messages` in the request was `true`.' })),
  },
  { $id: 'UpdateSubscriptionsResponse', additionalProperties: false },
);
export type UpdateSubscriptionsResponse = Static<typeof UpdateSubscriptionsResponse>;

export const GetSubscriptionsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    subscriptions: Type.Array(Subscription, { description: 'A list of dictionaries where each dictionary contains information about one of the subscribed channels.' }),
  },
  { $id: 'GetSubscriptionsResponse', additionalProperties: false },
);
export type GetSubscriptionsResponse = Static<typeof GetSubscriptionsResponse>;

export const UpdateSubscriptionPropertiesResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateSubscriptionPropertiesResponse', additionalProperties: false },
);
export type UpdateSubscriptionPropertiesResponse = Static<typeof UpdateSubscriptionPropertiesResponse>;

export const GetSubscriptionStatusResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    is_subscribed: Type.Optional(Type.Boolean({ description: 'Whether the user is subscribed to the channel.' })),
  },
  { $id: 'GetSubscriptionStatusResponse', additionalProperties: false },
);
export type GetSubscriptionStatusResponse = Static<typeof GetSubscriptionStatusResponse>;

export const CreateChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    id: Type.Optional(Type.Integer({ description: 'The ID of the newly created channel.' })),
  },
  { $id: 'CreateChannelResponse', additionalProperties: false },
);
export type CreateChannelResponse = Static<typeof CreateChannelResponse>;

export const GetChannelsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    streams: Type.Optional(Type.Array(get_streams_200_response_allOf_streams_inner, { description: 'A list of channel objects with details on the requested channels.' })),
  },
  { $id: 'GetChannelsResponse', additionalProperties: false },
);
export type GetChannelsResponse = Static<typeof GetChannelsResponse>;

export const GetChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    stream: Type.Optional(BasicChannel),
  },
  { $id: 'GetChannelResponse', additionalProperties: false },
);
export type GetChannelResponse = Static<typeof GetChannelResponse>;

export const UpdateChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateChannelResponse', additionalProperties: false },
);
export type UpdateChannelResponse = Static<typeof UpdateChannelResponse>;

export const ArchiveChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ArchiveChannelResponse', additionalProperties: false },
);
export type ArchiveChannelResponse = Static<typeof ArchiveChannelResponse>;

export const GetChannelIdResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    stream_id: Type.Optional(Type.Integer({ description: 'The ID of the given channel.' })),
  },
  { $id: 'GetChannelIdResponse', additionalProperties: false },
);
export type GetChannelIdResponse = Static<typeof GetChannelIdResponse>;

export const GetChannelMembersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    subscribers: Type.Optional(Type.Array(Type.Integer(), { description: 'A list containing the IDs of all active users who are subscribed to the channel.' })),
  },
  { $id: 'GetChannelMembersResponse', additionalProperties: false },
);
export type GetChannelMembersResponse = Static<typeof GetChannelMembersResponse>;

export const GetChannelEmailAddressResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    email: Type.Optional(Type.String({ description: 'Email address of the channel.' })),
  },
  { $id: 'GetChannelEmailAddressResponse', additionalProperties: false },
);
export type GetChannelEmailAddressResponse = Static<typeof GetChannelEmailAddressResponse>;

export const AddDefaultChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'AddDefaultChannelResponse', additionalProperties: false },
);
export type AddDefaultChannelResponse = Static<typeof AddDefaultChannelResponse>;

export const RemoveDefaultChannelResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RemoveDefaultChannelResponse', additionalProperties: false },
);
export type RemoveDefaultChannelResponse = Static<typeof RemoveDefaultChannelResponse>;

/** channels: the response schema of each route, by `METHOD /path`. */
export const channelsResponses = {
  'POST /channel_folders/create': CreateChannelFolderResponse,
  'GET /channel_folders': GetChannelFoldersResponse,
  'PATCH /channel_folders': ReorderChannelFoldersResponse,
  'PATCH /channel_folders/{channel_folder_id}': UpdateChannelFolderResponse,
  'POST /users/me/subscriptions': SubscribeResponse,
  'DELETE /users/me/subscriptions': UnsubscribeResponse,
  'PATCH /users/me/subscriptions': UpdateSubscriptionsResponse,
  'GET /users/me/subscriptions': GetSubscriptionsResponse,
  'POST /users/me/subscriptions/properties': UpdateSubscriptionPropertiesResponse,
  'GET /users/{user_id}/subscriptions/{stream_id}': GetSubscriptionStatusResponse,
  'POST /channels/create': CreateChannelResponse,
  'GET /streams': GetChannelsResponse,
  'GET /streams/{stream_id}': GetChannelResponse,
  'PATCH /streams/{stream_id}': UpdateChannelResponse,
  'DELETE /streams/{stream_id}': ArchiveChannelResponse,
  'GET /get_stream_id': GetChannelIdResponse,
  'GET /streams/{stream_id}/members': GetChannelMembersResponse,
  'GET /streams/{stream_id}/email_address': GetChannelEmailAddressResponse,
  'POST /default_streams': AddDefaultChannelResponse,
  'DELETE /default_streams': RemoveDefaultChannelResponse,
} satisfies Record<string, TSchema>;
