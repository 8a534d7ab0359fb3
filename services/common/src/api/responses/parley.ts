// Response schemas of the routes Zulip's reference does not document, written by hand.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { BasicBotBase_services_inner, get_streams_200_response_allOf_streams_inner, IgnoredParametersUnsupported } from './components';
import { UpdateSettingsResponse } from './users';

/** `{"result":"success","msg":""}`, as Zulip's SimpleSuccess. */
export const SimpleSuccess = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'SimpleSuccess', additionalProperties: false },
);
export type SimpleSuccess = Static<typeof SimpleSuccess>;

export const GetDefaultChannelsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    default_streams: Type.Array(get_streams_200_response_allOf_streams_inner, { description: "The organization's default channels, as `GET /streams` describes them." }),
  },
  { $id: 'GetDefaultChannelsResponse', additionalProperties: false },
);
export type GetDefaultChannelsResponse = Static<typeof GetDefaultChannelsResponse>;

const success = {
  result: Type.Literal('success'),
  msg: Type.String(),
  ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
};
const channelName = (what: string) => Type.Union([Type.String(), Type.Null()], { description: `The name of the bot's ${what}; \`null\` for none.` });
const botDefaults = {
  default_sending_stream: channelName('default sending channel'),
  default_events_register_stream: channelName('default channel for events and register data'),
  default_all_public_streams: Type.Boolean({ description: 'Whether the bot receives events of every public channel by default.' }),
};

/** POST /bots (Zulip's add_bot_backend). */
export const CreateBotResponse = Type.Object(
  {
    ...success,
    user_id: Type.Integer({ description: "The new bot's user ID." }),
    api_key: Type.String({ description: "The new bot's API key." }),
    avatar_url: Type.String({ description: "The new bot's avatar URL." }),
    ...botDefaults,
  },
  { $id: 'CreateBotResponse', additionalProperties: false },
);

/** One of GET /bots' bots: Zulip's fields (username ...) and the fields of register's realm_bots. */
export const OwnBot = Type.Object(
  {
    username: Type.String({ description: "The bot's email address." }),
    user_id: Type.Integer({ description: "The bot's user ID." }),
    full_name: Type.String({ description: "The bot's name." }),
    bot_type: Type.Integer({ description: 'The type of bot: `1` generic, `2` incoming webhook.' }),
    is_active: Type.Boolean({ description: 'Always `true`: only active bots are listed.' }),
    api_key: Type.String({ description: "The bot's API key." }),
    avatar_url: Type.String({ description: "The bot's avatar URL." }),
    ...botDefaults,
    owner_id: Type.Union([Type.Integer(), Type.Null()], { description: "The bot's owner: the caller." }),
    services: Type.Array(BasicBotBase_services_inner, { description: 'Always empty: Parley has no outgoing webhook or embedded bots.' }),
  },
  { $id: 'OwnBot', additionalProperties: false },
);

export const GetBotsResponse = Type.Object(
  {
    ...success,
    bots: Type.Array(OwnBot, { description: "The caller's active bots, oldest first (at most 100)." }),
  },
  { $id: 'GetBotsResponse', additionalProperties: false },
);

/** PATCH /bots/{bot_id} (Zulip's patch_bot_backend). */
export const UpdateBotResponse = Type.Object(
  {
    ...success,
    full_name: Type.String({ description: "The bot's name." }),
    avatar_url: Type.String({ description: "The bot's avatar URL." }),
    service_interface: Type.Integer({ description: 'Always `1`: Parley has no outgoing webhook bots.' }),
    service_payload_url: Type.Null({ description: 'Always `null`.' }),
    config_data: Type.Null({ description: 'Always `null`.' }),
    ...botDefaults,
    bot_owner: Type.Optional(Type.String({ description: "The email address of the bot's owner, as others see it." })),
  },
  { $id: 'UpdateBotResponse', additionalProperties: false },
);

export const RegenerateBotApiKeyResponse = Type.Object(
  {
    ...success,
    api_key: Type.String({ description: "The bot's new API key." }),
  },
  { $id: 'RegenerateBotApiKeyResponse', additionalProperties: false },
);

/** The last PATCH of a tus upload: the file, as Zulip answers it (no envelope). */
export const TusCompleteResponse = Type.Object(
  {
    url: Type.String({ description: "The file's URL (`/user_uploads/...`), for linking in a message." }),
    filename: Type.String({ description: "The file's (sanitized) name." }),
  },
  { $id: 'TusCompleteResponse' },
);
export type TusCompleteResponse = Static<typeof TusCompleteResponse>;

/** Parley addition: POST /accounts/login's answer (the session is in its cookies). */
export const LoginResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    user_id: Type.Integer({ description: 'The user now logged in.' }),
  },
  { $id: 'LoginResponse', additionalProperties: false, 'x-parley-addition': true },
);
export type LoginResponse = Static<typeof LoginResponse>;

export const HealthStatus = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('ready'), Type.Literal('not ready')]),
  },
  { $id: 'HealthStatus' },
);

/** Schemas only the hand-written operations (extra-operations.ts) use. */
export const extraSchemas: TSchema[] = [TusCompleteResponse, LoginResponse, HealthStatus, SimpleSuccess];

export const parleyResponses = {
  'PATCH /settings/display': UpdateSettingsResponse,
  'PATCH /settings/notifications': UpdateSettingsResponse,
  'PATCH /realm': SimpleSuccess,
  'PATCH /realm/profile_fields/{field_id}': SimpleSuccess,
  'DELETE /realm/profile_fields/{field_id}': SimpleSuccess,
  'PATCH /users/me/profile_data': SimpleSuccess,
  'DELETE /users/me/profile_data': SimpleSuccess,
  'GET /default_streams': GetDefaultChannelsResponse,
  'POST /bots': CreateBotResponse,
  'GET /bots': GetBotsResponse,
  'PATCH /bots/{bot_id}': UpdateBotResponse,
  'DELETE /bots/{bot_id}': SimpleSuccess,
  'POST /bots/{bot_id}/api_key/regenerate': RegenerateBotApiKeyResponse,
  // The gateway's own replies (app.ts), outside the route table.
  'POST /accounts/login': LoginResponse,
  'POST /accounts/logout': SimpleSuccess,
} satisfies Record<string, TSchema>;
