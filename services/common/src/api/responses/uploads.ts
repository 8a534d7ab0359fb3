// Generated once from ../shared/reference/zulip-openapi.yaml (Zulip's 200 responses), then owned
// as code: edit freely where Parley legitimately differs.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IgnoredParametersUnsupported, Attachment, RealmEmoji } from './components';

export const GetAttachmentsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    attachments: Type.Optional(Type.Array(Attachment, { description: 'A list of `attachment` objects, each containing details about a file uploaded by the user.' })),
    upload_space_used: Type.Optional(Type.Integer({ description: 'The total size of all files uploaded by users in the organization, in bytes.' })),
  },
  { $id: 'GetAttachmentsResponse', additionalProperties: false },
);
export type GetAttachmentsResponse = Static<typeof GetAttachmentsResponse>;

export const DeleteAttachmentResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteAttachmentResponse', additionalProperties: false },
);
export type DeleteAttachmentResponse = Static<typeof DeleteAttachmentResponse>;

export const GetFileTemporaryUrlResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    url: Type.Optional(Type.String({ description: "A temporary URL that can be used to access the uploaded file without Zulip's normal API authentication." })),
  },
  { $id: 'GetFileTemporaryUrlResponse', additionalProperties: false },
);
export type GetFileTemporaryUrlResponse = Static<typeof GetFileTemporaryUrlResponse>;

export const GetRealmEmojiResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    emoji: Type.Optional(Type.Record(Type.String(), RealmEmoji, { description: 'An object that contains `emoji` objects, each identified with their emoji ID as the key.' })),
  },
  { $id: 'GetRealmEmojiResponse', additionalProperties: false },
);
export type GetRealmEmojiResponse = Static<typeof GetRealmEmojiResponse>;

export const DeactivateRealmEmojiResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeactivateRealmEmojiResponse', additionalProperties: false },
);
export type DeactivateRealmEmojiResponse = Static<typeof DeactivateRealmEmojiResponse>;

export const UploadFileResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    uri: Type.Optional(Type.String({ description: 'The URL of the uploaded file. Alias of `url`.', deprecated: true })),
    url: Type.Optional(Type.String({ description: 'The URL of the uploaded file.' })),
    filename: Type.Optional(
      Type.String({ description: 'The filename that Zulip stored the upload as. This usually differs from the basename of the URL when HTML escaping is required to generate a valid URL.' }),
    ),
  },
  { $id: 'UploadFileResponse', additionalProperties: false },
);
export type UploadFileResponse = Static<typeof UploadFileResponse>;

export const UploadCustomEmojiResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UploadCustomEmojiResponse', additionalProperties: false },
);
export type UploadCustomEmojiResponse = Static<typeof UploadCustomEmojiResponse>;

export const AvatarResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    avatar_url: Type.String({ description: "The caller's new avatar URL (with `?version=N`), realm-relative unless Gravatar's." }),
  },
  { $id: 'AvatarResponse', additionalProperties: false },
);
export type AvatarResponse = Static<typeof AvatarResponse>;

/** uploads: the response schema of each route, by `METHOD /path`. */
export const uploadsResponses = {
  'GET /attachments': GetAttachmentsResponse,
  'DELETE /attachments/{attachment_id}': DeleteAttachmentResponse,
  'GET /user_uploads/{realm_id_str}/{filename}': GetFileTemporaryUrlResponse,
  'GET /realm/emoji': GetRealmEmojiResponse,
  'DELETE /realm/emoji/{emoji_name}': DeactivateRealmEmojiResponse,
  'POST /user_uploads': UploadFileResponse,
  'POST /realm/emoji/{emoji_name}': UploadCustomEmojiResponse,
  'DELETE /users/me/avatar': AvatarResponse,
  'POST /users/me/avatar': AvatarResponse,
} satisfies Record<string, TSchema>;
