import { FEATURE_LEVEL, ZULIP_VERSION } from '@parley/common';
import { errorCodesMarkdown } from './errors';

/** The description's introduction (Markdown): what every endpoint shares. */
export function introduction(): string {
  return `Parley is a team chat server whose REST API is wire-compatible with Zulip's: Zulip clients and bots
talk to it unchanged. This description is generated from Parley's gateway route table (every
endpoint, its parameters and who may call it) and a response schema per endpoint; it is served at
\`/api/v1/openapi.json\` and \`/api/v1/openapi.yaml\` and rendered at \`/api/docs\`.

Anything Parley has that Zulip does not is marked **Parley addition** (and \`x-parley-addition: true\`).

## Feature level

Parley follows Zulip ${ZULIP_VERSION}'s API at feature level **${FEATURE_LEVEL}**: \`GET /server_settings\` and
\`POST /register\` publish it as \`zulip_feature_level\` (and, Parley addition, as \`service_feature_level\`,
the name Parley's spec gives it). Parley's own release is this description's \`info.version\`. Each operation's \`x-zulip-feature-level\` is the level of the latest change Zulip's
reference records for that endpoint, the behaviour it matches (0: none since feature levels began).

## Authentication

HTTP Basic: the user's or bot's email as the username and its API key as the password
(\`curl -u EMAIL:API_KEY\`). \`POST /fetch_api_key\` trades a username and password for the key.
Endpoints marked with no security need no credentials. Missing credentials answer 401 \`UNAUTHORIZED\` with
\`WWW-Authenticate: Basic realm="zulip"\`. Parley addition: the uploads, tus and file endpoints also take a
browser session cookie (\`POST /accounts/login\`) with an \`X-CSRFToken\` header equal to the \`csrftoken\` cookie.

## Parameters

As Zulip: in the query string or a form body (\`application/x-www-form-urlencoded\`, or multipart);
integers in decimal, booleans as \`true\`/\`false\`, lists and objects as JSON text. The parameter \`client\`
(the client's name) is accepted everywhere.

## The envelope

Every JSON response is an object with \`result\` and \`msg\`:
success is HTTP 200 \`{"result": "success", "msg": "", ...data}\`; an error is
\`{"result": "error", "msg": "...", "code": "...", ...extra}\` with the HTTP status of the error.

**\`ignored_parameters_unsupported\`**: a success lists the request's parameters that the endpoint does not
take (they were ignored) in \`ignored_parameters_unsupported\`, as Zulip does since feature level 167.
A name longer than 100 characters (longer than any of Zulip's) is ignored without being listed,
so the list is at most 1,000 names of at most 100 characters.

## Errors

Clients branch on \`code\`. The codes Parley answers, their HTTP statuses and extra fields:

${errorCodesMarkdown()}

Parley addition: an unknown \`/api/v1\` path answers 404 \`NOT_FOUND\`, a wrong method 405, a body over
\`MAX_BODY_BYTES\` 413, and a service that is down 503 \`SERVICE_UNAVAILABLE\`: always the envelope, never a hang.

## Rate limits

Responses carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix time) when rate
limiting is on: per user for authenticated requests (\`RATE_LIMIT_USER\`, 200 per 60 s by default; \`GET /events\`
long polls neither count nor are refused), per client address otherwise (\`RATE_LIMIT_ANONYMOUS\`; avatars and custom emoji
images under \`/user_avatars/\` in a bucket of their own, \`RATE_LIMIT_IMAGES\`), and per username
for failed password logins (\`RATE_LIMIT_LOGIN\`). Past the limit: HTTP 429, \`RATE_LIMIT_HIT\`, with a \`Retry-After\`
header and the same number of seconds in the body's \`retry-after\`.

## Idempotent send (Parley addition)

A retry of \`POST /messages\` is harmless: a request with the same \`Idempotency-Key\` header (1 to 255
characters; or the \`idempotency_key\` parameter) as an earlier one of the same sender within 24 hours, or, for
clients doing local echo, the same \`queue_id\` + \`local_id\`, answers the first message's \`id\` and sends nothing,
even when retries race on different replicas. A send that failed leaves its key free.

## Uploads and tus

\`POST /user_uploads\` takes one file (multipart); \`/api/v1/tus\` is tus 1.0.0 (creation, creation-with-upload,
termination, expiration) for resumable uploads: create with \`POST /tus\` (\`Upload-Length\`, \`Upload-Metadata\`
with \`filename\` and \`filetype\`), send with \`PATCH\` at \`Upload-Offset\`, resume after \`HEAD\`; the request that
completes an upload answers \`{url, filename}\` as \`POST /user_uploads\` does. Files are read at
\`/user_uploads/{path_id}\`, outside \`/api/v1\`.
`;
}
