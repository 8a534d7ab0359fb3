// Response schemas of the routes Zulip's reference does not document, written by hand.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { get_streams_200_response_allOf_streams_inner, IgnoredParametersUnsupported } from './components';
import { UpdateSettingsResponse } from './users';

/** `{"result":"success","msg":""}`, as Zulip's SimpleSuccess. */
export const SimpleSuccess = Type.Object({
  result: Type.Literal('success'),
  msg: Type.String(),
  ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
}, { $id: 'SimpleSuccess', additionalProperties: false });
export type SimpleSuccess = Static<typeof SimpleSuccess>;

export const GetDefaultChannelsResponse = Type.Object({
  result: Type.Literal('success'),
  msg: Type.String(),
  ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  default_streams: Type.Array(get_streams_200_response_allOf_streams_inner, { description: "The organization's default channels, as `GET /streams` describes them." }),
}, { $id: 'GetDefaultChannelsResponse', additionalProperties: false });
export type GetDefaultChannelsResponse = Static<typeof GetDefaultChannelsResponse>;

/** The last PATCH of a tus upload: the file, as Zulip answers it (no envelope). */
export const TusCompleteResponse = Type.Object({
  url: Type.String({ description: 'The file\'s URL (`/user_uploads/...`), for linking in a message.' }),
  filename: Type.String({ description: 'The file\'s (sanitized) name.' }),
}, { $id: 'TusCompleteResponse' });
export type TusCompleteResponse = Static<typeof TusCompleteResponse>;

/** Parley addition: POST /accounts/login's answer (the session is in its cookies). */
export const LoginResponse = Type.Object({
  result: Type.Literal('success'),
  msg: Type.String(),
  user_id: Type.Integer({ description: 'The user now logged in.' }),
}, { $id: 'LoginResponse', additionalProperties: false, 'x-parley-addition': true });
export type LoginResponse = Static<typeof LoginResponse>;

export const HealthStatus = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('ready'), Type.Literal('not ready')]),
}, { $id: 'HealthStatus' });

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
  // The gateway's own replies (app.ts), outside the route table.
  'POST /accounts/login': LoginResponse,
  'POST /accounts/logout': SimpleSuccess,
} satisfies Record<string, TSchema>;
