/**
 * The endpoints that are not rows of the route table: file bodies streamed to the uploads
 * service, tus, browser sessions, files outside /api/v1, health checks and this description.
 * Written by hand as OpenAPI operations; their JSON response schemas live with the others
 * (responses/), by the same `METHOD /path` key.
 */
type Op = Record<string, unknown>;

const json = (ref: string, description = 'Success.') => ({ description, content: { 'application/json': { schema: { $ref: ref } } } });
const bodyless = (description: string, headers: Record<string, unknown> = {}) => ({ description, headers });
const tusHeaders = {
  'Tus-Resumable': { description: 'The tus version: `1.0.0`.', schema: { type: 'string' } },
  'Upload-Offset': { description: 'Bytes received so far.', schema: { type: 'integer' } },
  'Upload-Length': { description: "The upload's total size.", schema: { type: 'integer' } },
};
const tusRequestHeader = (name: string, description: string, required = true) => ({ name, in: 'header', required, description, schema: { type: 'string' } });
const ERRORS = {
  400: { $ref: '#/components/responses/BadRequest' },
  401: { $ref: '#/components/responses/Unauthorized' },
  403: { $ref: '#/components/responses/Forbidden' },
  429: { $ref: '#/components/responses/RateLimited' },
};
const SESSION = [{ basicAuth: [] }, { sessionCookie: [], csrfToken: [] }];
const UPLOADS = 'uploads';

/** Paths under /api/v1 (the description's server). */
export const extraApiPaths: Record<string, Record<string, Op>> = {
  '/user_uploads': {
    post: {
      operationId: 'upload-file',
      summary: 'Upload a file',
      tags: [UPLOADS],
      security: SESSION,
      'x-zulip-feature-level': 296,
      description:
        'Uploads one file (multipart/form-data, any field name), streamed to the store; at most `max_file_upload_size_mib`. Basic auth, or a browser session cookie with its CSRF token (Parley addition: `POST /accounts/login`).',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { filename: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } },
      responses: { 200: json('#/components/schemas/UploadFileResponse'), ...ERRORS },
    },
  },
  '/realm/emoji/{emoji_name}': {
    post: {
      operationId: 'upload-custom-emoji',
      summary: 'Upload custom emoji',
      tags: [UPLOADS],
      'x-zulip-feature-level': 0,
      description: 'Adds a custom emoji: one image file (multipart/form-data), at most `MAX_EMOJI_FILE_SIZE_MIB`.',
      parameters: [{ name: 'emoji_name', in: 'path', required: true, description: 'The name of the custom emoji.', schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { filename: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } },
      responses: { 200: json('#/components/schemas/UploadCustomEmojiResponse'), ...ERRORS },
    },
  },
  '/users/me/avatar': {
    post: {
      operationId: 'set-avatar',
      summary: 'Upload own avatar',
      tags: ['users'],
      security: SESSION,
      'x-zulip-feature-level': 0,
      description:
        "Zulip's `POST /users/me/avatar` (not in its API reference): exactly one image file (multipart/form-data, any field name; PNG, GIF, JPEG or WebP), at most `max_avatar_file_size_mib`, becomes the caller's avatar, cropped to a centred square and stored as 100×100 and 500×500 (`-medium.png`) PNGs. `avatar_source` becomes `U`, `avatar_version` goes up and the realm hears `realm_user` `update`. Refused when the realm's `avatar_changes_disabled` is set and the caller is no administrator. Answers the new `avatar_url`.",
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { filename: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } },
      responses: { 200: json('#/components/schemas/AvatarResponse'), ...ERRORS },
    },
  },
  '/tus': {
    options: {
      operationId: 'tus-options',
      summary: 'tus: server capabilities',
      tags: [UPLOADS],
      security: [],
      'x-zulip-feature-level': 415,
      description:
        'The tus 1.0.0 discovery request (and CORS preflight): no credentials needed. Answers `Tus-Version`, `Tus-Extension` (creation, creation-with-upload, termination, expiration) and `Tus-Max-Size`.',
      responses: {
        400: bodyless('Not a tus request.'),
        204: bodyless('Capabilities.', { 'Tus-Version': { schema: { type: 'string' } }, 'Tus-Extension': { schema: { type: 'string' } }, 'Tus-Max-Size': { schema: { type: 'integer' } } }),
      },
    },
    post: {
      operationId: 'tus-create',
      summary: 'tus: create an upload',
      tags: [UPLOADS],
      security: SESSION,
      'x-zulip-feature-level': 415,
      description:
        "Creates a resumable upload ([tus 1.0.0](https://tus.io/protocols/resumable-upload), as Zulip's `/api/v1/tus`). `Upload-Metadata` carries `filename` and `filetype` (base64). With a body (`Content-Type: application/offset+octet-stream`) it is creation-with-upload. The final `PATCH` of an upload answers `{url, filename}`, as `POST /user_uploads` does.",
      parameters: [
        tusRequestHeader('Tus-Resumable', '`1.0.0`.'),
        tusRequestHeader('Upload-Length', "The file's size in bytes."),
        tusRequestHeader('Upload-Metadata', 'Comma-separated `key base64(value)` pairs: `filename`, `filetype`.', false),
      ],
      responses: {
        201: bodyless('Created: `Location` names the upload.', { Location: { schema: { type: 'string' } }, ...tusHeaders }),
        413: bodyless('Larger than `max_file_upload_size_mib`.'),
        ...ERRORS,
      },
    },
  },
  '/tus/{upload_id}': {
    head: {
      operationId: 'tus-status',
      summary: "tus: an upload's offset",
      tags: [UPLOADS],
      security: SESSION,
      'x-zulip-feature-level': 415,
      description: 'How much of the upload the server has (`Upload-Offset`): where to resume.',
      parameters: [{ name: 'upload_id', in: 'path', required: true, schema: { type: 'string' } }, tusRequestHeader('Tus-Resumable', '`1.0.0`.')],
      responses: { 200: bodyless("The upload's state.", tusHeaders), 404: bodyless('No such upload.'), ...ERRORS },
    },
    patch: {
      operationId: 'tus-append',
      summary: 'tus: append to an upload',
      tags: [UPLOADS],
      security: SESSION,
      'x-zulip-feature-level': 415,
      description: 'Appends bytes at `Upload-Offset` (`Content-Type: application/offset+octet-stream`). The request that completes the upload answers 200 with `{url, filename}` JSON; the others 204.',
      parameters: [
        { name: 'upload_id', in: 'path', required: true, schema: { type: 'string' } },
        tusRequestHeader('Tus-Resumable', '`1.0.0`.'),
        tusRequestHeader('Upload-Offset', 'Where these bytes go.'),
      ],
      requestBody: { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
      responses: {
        200: json('#/components/schemas/TusCompleteResponse', 'The upload is complete: it is an attachment now.'),
        204: bodyless('Appended; more to come.', tusHeaders),
        409: bodyless("`Upload-Offset` does not match the server's."),
        ...ERRORS,
      },
    },
    delete: {
      operationId: 'tus-terminate',
      summary: 'tus: abandon an upload',
      tags: [UPLOADS],
      security: SESSION,
      'x-zulip-feature-level': 415,
      description: 'Termination: the unfinished upload and its bytes are deleted.',
      parameters: [{ name: 'upload_id', in: 'path', required: true, schema: { type: 'string' } }, tusRequestHeader('Tus-Resumable', '`1.0.0`.')],
      responses: { 204: bodyless('Deleted.'), 404: bodyless('No such upload.'), ...ERRORS },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'get-openapi-json',
      summary: 'This description (JSON)',
      tags: ['parley'],
      security: [],
      'x-parley-addition': true,
      description: "Parley addition: this OpenAPI 3.1 description, generated from the gateway's route table and response schemas.",
      responses: { 200: { description: 'The description.', content: { 'application/json': { schema: { type: 'object' } } } }, 429: { $ref: '#/components/responses/RateLimited' } },
    },
  },
  '/openapi.yaml': {
    get: {
      operationId: 'get-openapi-yaml',
      summary: 'This description (YAML)',
      tags: ['parley'],
      security: [],
      'x-parley-addition': true,
      description: 'Parley addition: the same description as `/openapi.json`, in YAML.',
      responses: { 200: { description: 'The description.', content: { 'application/yaml': { schema: { type: 'string' } } } }, 429: { $ref: '#/components/responses/RateLimited' } },
    },
  },
};

const ROOT = [{ url: '/', description: 'Outside /api/v1.' }];

/** Paths outside /api/v1 (each with its own server, the site's root). */
export const extraRootPaths: Record<string, Record<string, unknown>> = {
  '/accounts/login': {
    servers: ROOT,
    post: {
      operationId: 'login',
      summary: 'Log in (browser session)',
      tags: ['authentication'],
      security: [],
      'x-parley-addition': true,
      description:
        "Parley addition (Zulip's is an HTML form): checks the username and password and opens a browser session: sets the `sessionid` (httpOnly, SameSite=Lax) and `csrftoken` cookies. The endpoints open to sessions (uploads, tus, files) then take the cookie with an `X-CSRFToken` header equal to `csrftoken`. Failed logins are rate-limited per username (`RATE_LIMIT_LOGIN`). A browser's form, so guarded against login CSRF as Django guards Zulip's: the pre-login `csrftoken` cookie (the web client's pages set it) must be echoed in `X-CSRFToken` or the `csrfmiddlewaretoken` field, and an `Origin` other than the site's, or `Sec-Fetch-Site: cross-site`/`same-site`, is refused, with 403 `CSRF_FAILED`, before the password is checked. API clients use `POST /fetch_api_key`, which needs neither.",
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['username', 'password'],
              properties: { username: { type: 'string' }, password: { type: 'string' }, csrfmiddlewaretoken: { type: 'string', description: 'The `csrftoken` cookie, unless sent in `X-CSRFToken`.' } },
            },
          },
        },
      },
      responses: {
        200: { ...json('#/components/schemas/LoginResponse'), headers: { 'Set-Cookie': { schema: { type: 'string' } } } },
        400: ERRORS[400],
        401: ERRORS[401],
        403: ERRORS[403],
        429: ERRORS[429],
      },
    },
  },
  '/accounts/logout': {
    servers: ROOT,
    post: {
      operationId: 'logout',
      summary: 'Log out (browser session)',
      tags: ['authentication'],
      security: [{ sessionCookie: [], csrfToken: [] }],
      'x-parley-addition': true,
      description: 'Parley addition: ends the session of the cookie (with its CSRF token), clears it and sets a new pre-login `csrftoken` cookie.',
      responses: { 200: json('#/components/schemas/SimpleSuccess'), 401: ERRORS[401], 403: ERRORS[403] },
    },
  },
  '/user_uploads/{path_id}': {
    servers: ROOT,
    get: {
      operationId: 'get-uploaded-file',
      summary: 'Download an uploaded file',
      tags: [UPLOADS],
      security: [{ basicAuth: [] }, { sessionCookie: [] }, {}],
      'x-zulip-feature-level': 0,
      description:
        'The file itself (`path_id` is the rest of the path, slashes included, e.g. `2/4e/m2A3MSqF/zulip.txt`; a temporary URL is `temporary/<token>/<filename>` and needs no credentials). Readable by the uploader and whoever may read a message linking to it. The folder store streams it with type, disposition and caching headers; S3 redirects to a presigned URL.',
      parameters: [{ name: 'path_id', in: 'path', required: true, schema: { type: 'string' }, allowReserved: true }],
      responses: {
        200: { description: 'The file.', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
        302: bodyless('S3: a presigned URL.', { Location: { schema: { type: 'string' } } }),
        404: json('#/components/schemas/CodedError', 'No such file, or not readable by the caller.'),
      },
    },
  },
  '/user_avatars/{path}': {
    servers: ROOT,
    get: {
      operationId: 'get-custom-emoji-image',
      summary: 'An avatar or custom emoji image',
      tags: [UPLOADS],
      security: [],
      'x-zulip-feature-level': 0,
      description:
        'Public images, as in Zulip. Avatars (the `avatar_url` of users, `-medium.png` for 500×500): `default/<hash>.png`, the default avatar Parley draws (a symmetric 5×5 pattern, 100×100 PNG), and `<realm_id>/avatars/<hash>.png`, an uploaded one; cached for a year (their URLs carry `?version=N`). Custom emoji images: the `source_url` of `GET /realm/emoji`.',
      parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' }, allowReserved: true }],
      responses: {
        200: { description: 'The image.', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } },
        404: json('#/components/schemas/CodedError', 'No such image.'),
      },
    },
  },
  '/api/docs': {
    servers: ROOT,
    get: {
      operationId: 'get-api-docs',
      summary: 'The API docs page',
      tags: ['parley'],
      security: [],
      'x-parley-addition': true,
      description: 'Parley addition: this description rendered as a page (Redoc, served by Parley itself).',
      responses: { 200: { description: 'HTML.', content: { 'text/html': { schema: { type: 'string' } } } }, 404: { description: 'Never: the page always exists.' } },
    },
  },
  '/healthz': {
    servers: ROOT,
    get: {
      operationId: 'healthz',
      summary: 'Liveness',
      tags: ['parley'],
      security: [],
      'x-parley-addition': true,
      description: 'Parley addition: `{"status":"ok"}` while the gateway runs.',
      responses: { 200: { description: 'Alive.', content: { 'application/json': { schema: { $ref: '#/components/schemas/HealthStatus' } } } }, 404: { description: 'Never.' } },
    },
  },
  '/readyz': {
    servers: ROOT,
    get: {
      operationId: 'readyz',
      summary: 'Readiness',
      tags: ['parley'],
      security: [],
      'x-parley-addition': true,
      description: 'Parley addition: `{"status":"ready"}` when the gateway reaches the users service, else 503 `{"status":"not ready"}`.',
      responses: {
        200: { description: 'Ready.', content: { 'application/json': { schema: { $ref: '#/components/schemas/HealthStatus' } } } },
        503: { description: 'Not ready.', content: { 'application/json': { schema: { $ref: '#/components/schemas/HealthStatus' } } } },
        404: { description: 'Never.' },
      },
    },
  },
};
