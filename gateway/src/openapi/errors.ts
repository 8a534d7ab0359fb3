import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/**
 * The error envelope: every error, whatever the endpoint, is `{"result":"error","msg","code",
 * ...extra}` with the HTTP status the service chose. Clients branch on `code`; some codes
 * carry extra fields, listed in ERROR_CODES.
 */
export const CodedError = Type.Object(
  {
    result: Type.Literal('error'),
    msg: Type.String({ description: 'A human-readable description of the error.' }),
    code: Type.String({ description: 'A string that identifies the error (see the table in the description).' }),
  },
  {
    $id: 'CodedError',
    description: 'The error envelope. Fields beyond these depend on `code` (see the table of codes in the description).',
    additionalProperties: true,
  },
);
export type CodedError = Static<typeof CodedError>;

export interface ErrorCodeDoc {
  status: number[];
  meaning: string;
  /** Extra fields the error carries beside result, msg and code (always, unless Type.Optional). */
  extra?: Record<string, TSchema>;
}

/** Every code Parley answers, with its HTTP statuses and extra fields (services/common/src/errors.ts). */
export const ERROR_CODES: Record<string, ErrorCodeDoc> = {
  BAD_REQUEST: {
    status: [400, 403, 405, 413],
    meaning: 'A request Parley refuses: a bad value, a permission a role lacks (400 as Zulip, 403 where Zulip answers 403), a wrong method (405), a body too large (413).',
  },
  INVITATION_FAILED: {
    status: [400],
    meaning: 'POST /invites invited nobody, or not everyone: per-address reasons in `errors`.',
    extra: {
      errors: Type.Array(Type.Array(Type.Union([Type.String(), Type.Boolean()])), {
        description:
          'Per skipped address: the address, why ("Invalid address.", "Outside your domain.", "Already has an account.", "Account has been deactivated."), and whether its account is deactivated.',
      }),
      sent_invitations: Type.Boolean({ description: 'Whether any invitation was sent.' }),
      license_limit_reached: Type.Boolean({ description: 'Always false: Parley has no licenses.' }),
      daily_limit_reached: Type.Boolean({ description: "Whether the organization's daily bound on invitation mails (100) was reached." }),
    },
  },
  REQUEST_VARIABLE_MISSING: { status: [400], meaning: 'A required parameter is missing.', extra: { var_name: Type.String({ description: 'The missing parameter.' }) } },
  REQUEST_VARIABLE_INVALID: { status: [400], meaning: 'A parameter has an invalid value.' },
  UNAUTHORIZED: {
    status: [401],
    meaning:
      'No credentials (Basic auth, or a session cookie where allowed), or an API key of another realm than the one the request\'s host names ("Account is not associated with this subdomain"). The response has `WWW-Authenticate: Basic realm="zulip"`.',
  },
  INVALID_API_KEY: { status: [401], meaning: 'The API key does not match the email.' },
  USER_DEACTIVATED: { status: [401], meaning: 'The account is deactivated.' },
  REALM_DEACTIVATED: { status: [401], meaning: 'The organization is deactivated.' },
  AUTHENTICATION_FAILED: { status: [401], meaning: 'Wrong username or password (POST /fetch_api_key, POST /accounts/login).' },
  CSRF_FAILED: {
    status: [403],
    meaning: 'A session-cookie request without a matching `X-CSRFToken` header, or a login (`POST /accounts/login`) from another origin or without the pre-login `csrftoken` cookie echoed.',
  },
  RATE_LIMIT_HIT: {
    status: [429],
    meaning: 'Too many requests; retry after `retry-after` seconds (also the `Retry-After` header).',
    extra: { 'retry-after': Type.Number({ description: 'Seconds until the request may be retried.' }) },
  },
  NOT_FOUND: { status: [404], meaning: 'No such endpoint or object (an unknown /api/v1 path answers this too).' },
  SERVICE_UNAVAILABLE: { status: [503], meaning: 'A Parley service is down or did not answer within its deadline (Parley addition: Zulip has no such code).' },
  INTERNAL_SERVER_ERROR: { status: [500], meaning: 'An unexpected error; its details go to the server log only.' },
  STREAM_DOES_NOT_EXIST: {
    status: [400],
    meaning: 'No such channel (or one the caller cannot see).',
    extra: { stream_id: Type.Optional(Type.Integer({ description: 'When the channel was named by ID.' })), stream: Type.Optional(Type.String({ description: 'When the channel was named by name.' })) },
  },
  CHANNEL_ALREADY_EXISTS: { status: [409], meaning: 'A channel of that name exists.' },
  CANNOT_DEACTIVATE_LAST_USER: {
    status: [400],
    meaning: "The organization's only active account, or its only owner, cannot deactivate itself.",
    extra: {
      is_last_owner: Type.Boolean({ description: 'Whether the caller is the only owner (true) or the only active account (false).' }),
      entity: Type.String({ description: '"organization owner" or "user", as the message names it.' }),
    },
  },
  CANNOT_DEACTIVATE_GROUP_IN_USE: {
    status: [400],
    meaning: 'The user group is used by a setting.',
    extra: { objections: Type.Array(Type.Unknown(), { description: 'The settings that use the group.' }) },
  },
  BAD_NARROW: { status: [400], meaning: 'An invalid narrow.', extra: { desc: Type.String({ description: 'What is wrong with the narrow.' }) } },
  BAD_EVENT_QUEUE_ID: { status: [400], meaning: 'The event queue does not exist (it expired): register again.', extra: { queue_id: Type.String() } },
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: {
    status: [400],
    meaning: 'Some of the messages to move are past the move time limit.',
    extra: { first_message_id_allowed_to_move: Type.Integer(), total_messages_in_topic: Type.Integer(), total_messages_allowed_to_move: Type.Integer() },
  },
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: { status: [400], meaning: 'The sender may not use @**all** (and the like) in this channel.' },
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: { status: [400], meaning: 'The sender may not use @**topic** in this topic.' },
  NONEXISTENT_SUBDOMAIN: {
    status: [404],
    meaning: "A password login (POST /fetch_api_key, POST /accounts/login) on a host that names no realm, or by an email whose account is in another realm: log in at that realm's host.",
  },
  UNAUTHORIZED_PRINCIPAL: { status: [403], meaning: 'The caller may not act for that user.', extra: { principal: Type.Union([Type.String(), Type.Integer()]) } },
  PUSH_SERVICE_NOT_CONFIGURED: { status: [400], meaning: 'No push notification service runs (POST /mobile_push/register and its E2EE test).' },
  INVALID_PUSH_DEVICE_TOKEN: { status: [400], meaning: 'A test notification named a push token the user never registered.' },
  REACTION_ALREADY_EXISTS: { status: [400], meaning: 'The caller has already reacted to the message with that emoji.' },
  REACTION_DOES_NOT_EXIST: { status: [400], meaning: 'The caller has no such reaction to the message.' },
};

/** The table of codes in Markdown, for the description's introduction. */
export function errorCodesMarkdown(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, d]) =>
      `| \`${code}\` | ${d.status.join(', ')} | ${d.meaning} | ${Object.keys(d.extra ?? {})
        .map((k) => `\`${k}\``)
        .join(', ')} |`,
  );
  return ['| code | HTTP status | meaning | extra fields |', '|---|---|---|---|', ...rows].join('\n');
}

/** A schema per code with extra fields (`CodedError` plus them), for the components section. */
export function errorSchemas(): Record<string, TObject> {
  const out: Record<string, TObject> = {};
  for (const [code, d] of Object.entries(ERROR_CODES)) {
    if (!d.extra) continue;
    const name = `${code.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())}Error`;
    out[name] = Type.Object(
      {
        result: Type.Literal('error'),
        msg: Type.String(),
        code: Type.Literal(code),
        ...d.extra,
      },
      { $id: name, description: `The \`${code}\` error: ${d.meaning}` },
    );
  }
  return out;
}
