import type { Route } from '@parley/common/api';

/**
 * Who may call each route of the route table (services/common/src/api/routes.ts), on a realm
 * with Zulip's default settings and the requests of route-samples.ts: the expectations of the
 * authorization matrix (test/authz-matrix.test.ts); test/route-access.test.ts fails for a route
 * without a row. An oracle, kept with the tests so that no production code can read it: the
 * services enforce permissions, and the matrix checks them against this (ADR 0016). Each row
 * says which roles succeed; every other role is refused with HTTP 400 BAD_REQUEST (how Zulip
 * refuses a missing permission: the spec's error table), unless `except` says otherwise. Callers without valid
 * credentials are not listed per row: they follow from the route's `auth` (see `expectedOutcome`).
 */
export const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as const;
export type RoleName = (typeof ROLES)[number];
/** The matrix's callers: one user per role, a deactivated user, and no credentials at all. */
export type Caller = RoleName | 'deactivated' | 'anonymous';
export const CALLERS: readonly Caller[] = [...ROLES, 'deactivated', 'anonymous'];

export interface Refusal {
  status: number;
  code: string;
}
/** A 2xx success envelope, or an error with this status and code. */
export type Outcome = 'success' | Refusal;

export interface RouteAccess {
  /** The roles that succeed, on a sample request whose objects the caller may otherwise use. */
  allowed: readonly RoleName[];
  /** Outcomes that differ from what `allowed` and the route's `auth` imply (other refusals than 400 BAD_REQUEST). */
  except?: Partial<Record<Caller, Outcome>>;
  /** Why, when the row is not obvious from the route. */
  why?: string;
}

export const BAD_REQUEST: Refusal = { status: 400, code: 'BAD_REQUEST' };
export const UNAUTHORIZED: Refusal = { status: 401, code: 'UNAUTHORIZED' };
export const USER_DEACTIVATED: Refusal = { status: 401, code: 'USER_DEACTIVATED' };
const AUTHENTICATION_FAILED: Refusal = { status: 401, code: 'AUTHENTICATION_FAILED' };
const UNAUTHORIZED_PRINCIPAL: Refusal = { status: 400, code: 'UNAUTHORIZED_PRINCIPAL' };

const EVERYONE: readonly RoleName[] = ROLES;
/** Everyone but guests (bots have the member role). */
const MEMBERS: readonly RoleName[] = ['owner', 'admin', 'moderator', 'member', 'bot'];
/** Everyone but bots: Zulip's @human_users_only endpoints ("This endpoint does not accept bot requests."). */
const HUMANS: readonly RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest'];
const ADMINS: readonly RoleName[] = ['owner', 'admin'];
const OWNERS: readonly RoleName[] = ['owner'];

const everyone: RouteAccess = { allowed: EVERYONE };
const admins: RouteAccess = { allowed: ADMINS };
const humans: RouteAccess = { allowed: HUMANS, why: "human users only (Zulip's @human_users_only)" };
/** A named user group made by another member: its managers by default (the creator) and can_manage_all_groups (owners). */
const groupManagers: RouteAccess = { allowed: OWNERS, why: "the group is another member's; can_manage_all_groups defaults to owners" };

export const routeAccess: Record<string, RouteAccess> = {
  'GET /server_settings': { allowed: EVERYONE, why: 'public: credentials, valid or not, are ignored' },
  'POST /fetch_api_key': {
    allowed: EVERYONE,
    except: { deactivated: USER_DEACTIVATED, bot: AUTHENTICATION_FAILED },
    why: 'public: each caller logs in with its own email and password; a deactivated account is refused, and a bot has no usable password in Zulip',
  },
  'GET /users/me': everyone,
  'DELETE /users/me': { allowed: EVERYONE, why: 'each caller deactivates its own account (a fresh one of its role), as Zulip lets any user, bots too' },
  'GET /users': everyone,
  'POST /users': {
    allowed: OWNERS,
    why: 'only holders of can_create_users, which the server grants (manage grant), not any role; the owner create-realm makes holds it, no other caller here does',
  },
  'GET /users/:user_id': everyone,
  'PATCH /users/:user_id': admins,
  'GET /users/:email': { allowed: EVERYONE, why: "the author's real email, which everyone may see (email_address_visibility defaults to everyone)" },
  'PATCH /users/:email': { allowed: ADMINS, why: 'a fresh member named by the real email everyone may see: administrators, as by ID' },
  'DELETE /users/:user_id': admins,
  'POST /users/:user_id/reactivate': admins,
  'POST /users/:user_id/password': { allowed: ADMINS, why: "a fresh member's password: administrators (Parley's; owners only for an owner's)" },
  'POST /invites/multiuse': { allowed: ADMINS, why: 'create_multiuse_invite_group defaults to administrators; guests and bots never (require_member_or_admin)' },
  'GET /invites': { allowed: ['owner', 'admin', 'moderator', 'member'], why: 'guests and bots are refused (require_member_or_admin); others see their own links, administrators every one' },
  'DELETE /invites/multiuse/:invite_id': { allowed: ADMINS, why: "the owner's link: administrators or its creator (access_multiuse_invite_by_id)" },
  'POST /password_reset': { allowed: EVERYONE, why: "public: asks a reset mail for an address of the Host's realm, whoever asks (credentials are not read)" },
  'GET /password_reset/:token': { allowed: EVERYONE, why: 'public: the mailed token is the proof, whoever asks (credentials are not read)' },
  'POST /password_reset/:token': { allowed: EVERYONE, why: "public: sets a fresh member's password through the mailed token, whoever asks (credentials are not read)" },
  'GET /invites/link/:key': { allowed: EVERYONE, why: "public: a fresh link of the Host's realm, whoever asks (credentials are not read)" },
  'POST /invites/link/:key/accept': { allowed: EVERYONE, why: "public: mails a fresh address a sign-up confirmation through a fresh link of the Host's realm (credentials are not read)" },
  'POST /invites': { allowed: ['owner', 'admin', 'moderator', 'member'], why: 'can_invite_users_group defaults to members; guests and bots never (require_member_or_admin)' },
  'DELETE /invites/:invite_id': { allowed: ADMINS, why: "the owner's invitation: administrators or its sender" },
  'POST /invites/:invite_id/resend': { allowed: ADMINS, why: "the owner's invitation: administrators or its sender" },
  'GET /invites/confirm/:key': { allowed: EVERYONE, why: "public: a fresh invitation's mailed key in the Host's realm (credentials are not read)" },
  'POST /invites/confirm/:key': { allowed: EVERYONE, why: "public: makes the account of a fresh invitation's mailed key (credentials are not read)" },
  // Zulip's @require_member_or_admin: guests and bots are refused; the sample bot is the member's own.
  'POST /bots': { allowed: ['owner', 'admin', 'moderator', 'member'], why: 'can_create_bots_group defaults to members; guests and bots never' },
  'GET /bots': { allowed: ['owner', 'admin', 'moderator', 'member'], why: 'guests and bots are refused (require_member_or_admin)' },
  'PATCH /bots/:bot_id': { allowed: ['owner', 'admin', 'member'], why: "the bot is the member's: its owner and administrators (access_bot_by_id)" },
  'DELETE /bots/:bot_id': { allowed: ['owner', 'admin', 'member'], why: "the bot is the member's: its owner and administrators (access_bot_by_id)" },
  'POST /bots/:bot_id/api_key/regenerate': { allowed: ['owner', 'admin', 'member'], why: "the bot is the member's: its owner and administrators (access_bot_by_id)" },
  'GET /users/me/alert_words': everyone,
  'POST /users/me/alert_words': everyone,
  'DELETE /users/me/alert_words': everyone,
  'POST /users/me/muted_users/:muted_user_id': everyone,
  'DELETE /users/me/muted_users/:muted_user_id': everyone,
  'POST /users/me/status': humans,
  'POST /users/me/apns_device_token': humans,
  'DELETE /users/me/apns_device_token': humans,
  'POST /users/me/android_gcm_reg_id': humans,
  'DELETE /users/me/android_gcm_reg_id': humans,
  'POST /mobile_push/test_notification': humans,
  'POST /mobile_push/register': {
    allowed: [],
    why: 'no push notification service: PUSH_SERVICE_NOT_CONFIGURED for humans, bots refused first',
    except: Object.fromEntries(HUMANS.map((r) => [r, { status: 400, code: 'PUSH_SERVICE_NOT_CONFIGURED' }])),
  },
  'POST /mobile_push/e2ee/test_notification': {
    allowed: [],
    why: 'no push notification service: PUSH_SERVICE_NOT_CONFIGURED for humans, bots refused first',
    except: Object.fromEntries(HUMANS.map((r) => [r, { status: 400, code: 'PUSH_SERVICE_NOT_CONFIGURED' }])),
  },
  'POST /users/:user_id/status': { allowed: ADMINS, why: 'spec: administrators only' },
  'GET /users/:user_id/status': everyone,

  'PATCH /settings': humans,
  'PATCH /settings/display': humans,
  'PATCH /settings/notifications': humans,
  'PATCH /realm/user_settings_defaults': { allowed: ADMINS, why: 'spec: administrators only' },
  'PATCH /realm': admins,

  'POST /user_groups/create': { allowed: MEMBERS, why: 'can_create_groups defaults to members' },
  'GET /user_groups': everyone,
  'PATCH /user_groups/:user_group_id': groupManagers,
  'POST /user_groups/:user_group_id/members': groupManagers,
  'POST /user_groups/:user_group_id/subgroups': groupManagers,
  'GET /user_groups/:user_group_id/members': everyone,
  'GET /user_groups/:user_group_id/members/:user_id': everyone,
  'GET /user_groups/:user_group_id/subgroups': everyone,
  'POST /user_groups/:user_group_id/deactivate': groupManagers,

  'POST /realm/filters': admins,
  'GET /realm/linkifiers': everyone,
  'PATCH /realm/filters/:filter_id': admins,
  'DELETE /realm/filters/:filter_id': admins,
  'PATCH /realm/linkifiers': admins,
  'POST /realm/playgrounds': admins,
  'DELETE /realm/playgrounds/:playground_id': admins,
  'POST /realm/test_welcome_bot_custom_message': admins,

  'GET /navigation_views': everyone,
  'POST /navigation_views': everyone,
  'PATCH /navigation_views/:fragment*': everyone,
  'DELETE /navigation_views/:fragment*': everyone,

  'POST /users/me/presence': humans,
  'GET /realm/presence': everyone,
  'GET /users/:user_id_or_email/presence': everyone,

  'GET /realm/profile_fields': everyone,
  'POST /realm/profile_fields': { allowed: ADMINS, why: 'spec: administrators only' },
  'PATCH /realm/profile_fields': admins,
  'PATCH /realm/profile_fields/:field_id': admins,
  'DELETE /realm/profile_fields/:field_id': admins,
  'PATCH /users/me/profile_data': humans,
  'DELETE /users/me/profile_data': humans,

  'POST /channel_folders/create': admins,
  'GET /channel_folders': everyone,
  'PATCH /channel_folders': admins,
  'PATCH /channel_folders/:channel_folder_id': admins,

  'POST /users/me/subscriptions': { allowed: MEMBERS, why: 'everyone but guests can subscribe to a public channel' },
  'DELETE /users/me/subscriptions': everyone,
  'PATCH /users/me/subscriptions': { allowed: MEMBERS, why: 'Zulip runs its POST view, which refuses guests, even for an empty add' },
  'GET /users/me/subscriptions': everyone,
  'POST /users/me/subscriptions/properties': everyone,
  'GET /users/:user_id/subscriptions/:stream_id': everyone,
  'POST /channels/create': { allowed: MEMBERS, why: 'can_create_public_channel_group defaults to members' },
  'GET /streams': everyone,
  'GET /streams/:stream_id': everyone,
  'PATCH /streams/:stream_id': { allowed: ADMINS, why: "another member's channel: administrators administer every channel" },
  'DELETE /streams/:stream_id': { allowed: ADMINS, why: "another member's channel: administrators administer every channel" },
  'GET /get_stream_id': everyone,
  'GET /streams/:stream_id/members': everyone,
  'GET /streams/:stream_id/email_address': everyone,
  'POST /streams/:stream_id/delete_topic': {
    allowed: ADMINS,
    except: { moderator: UNAUTHORIZED_PRINCIPAL, member: UNAUTHORIZED_PRINCIPAL, guest: UNAUTHORIZED_PRINCIPAL, bot: UNAUTHORIZED_PRINCIPAL },
    why: 'Zulip\'s require_realm_admin: "Must be an organization administrator", code UNAUTHORIZED_PRINCIPAL',
  },
  'POST /user_topics': everyone,
  'PATCH /users/me/subscriptions/muted_topics': everyone,
  'GET /default_streams': everyone,
  'POST /default_streams': admins,
  'DELETE /default_streams': admins,

  'POST /messages': everyone,
  'GET /messages': everyone,
  'POST /messages/flags': everyone,
  'POST /messages/flags/narrow': everyone,
  'POST /messages/render': everyone,
  'GET /messages/matches_narrow': everyone,
  'GET /messages/:message_id': everyone,
  'DELETE /messages/:message_id': { allowed: ADMINS, why: "another member's message: can_delete_any_message_group defaults to administrators" },
  'PATCH /messages/:message_id': { allowed: EVERYONE, why: "editing the content of one's own recent message" },
  'GET /messages/:message_id/history': everyone,
  'POST /messages/:message_id/report': everyone,
  'POST /messages/:message_id/reactions': everyone,
  'POST /submessage': everyone,
  'DELETE /messages/:message_id/reactions': everyone,
  'POST /mark_all_as_read': everyone,
  'POST /mark_stream_as_read': everyone,
  'POST /mark_topic_as_read': everyone,
  'GET /messages/:message_id/read_receipts': everyone,
  'GET /users/me/:stream_id/topics': everyone,

  'GET /scheduled_messages': everyone,
  'POST /scheduled_messages': everyone,
  'PATCH /scheduled_messages/:scheduled_message_id': everyone,
  'DELETE /scheduled_messages/:scheduled_message_id': everyone,
  'GET /reminders': everyone,
  'POST /reminders': everyone,
  'DELETE /reminders/:reminder_id': everyone,
  'GET /drafts': everyone,
  'POST /drafts': everyone,
  'PATCH /drafts/:draft_id': everyone,
  'DELETE /drafts/:draft_id': everyone,

  'GET /attachments': everyone,
  'DELETE /attachments/:attachment_id': everyone,
  'GET /user_uploads/:realm_id_str/:filename*': everyone,
  'GET /realm/emoji': everyone,
  'DELETE /realm/emoji/:emoji_name': { allowed: ADMINS, why: "another member's emoji: administrators or its author" },
  'DELETE /users/me/avatar': { allowed: EVERYONE, why: "one's own avatar, bots' and guests' too, as Zulip (with the realm's default avatar_changes_disabled off)" },
  'GET /saved_snippets': everyone,
  'POST /saved_snippets': everyone,
  'PATCH /saved_snippets/:saved_snippet_id': everyone,
  'DELETE /saved_snippets/:saved_snippet_id': everyone,
  'POST /typing': everyone,
  'POST /messages/:message_id/typing': { allowed: EVERYONE, why: "typing while editing one's own message" },

  'POST /register': everyone,
  'GET /events': everyone,
  'DELETE /events': everyone,
};

export const routeKey = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** What a caller should get from a route, by its row (and the route's `auth` for callers without valid credentials). */
export function expectedOutcome(route: Pick<Route, 'method' | 'path' | 'auth'>, caller: Caller): Outcome {
  const access = routeAccess[routeKey(route)];
  if (!access) throw new Error(`${routeKey(route)} has no row in route-access.ts`);
  const exception = access.except?.[caller];
  if (exception) return exception;
  if (caller === 'anonymous') return route.auth === 'public' ? 'success' : UNAUTHORIZED;
  if (caller === 'deactivated') return route.auth === 'public' ? 'success' : USER_DEACTIVATED;
  return access.allowed.includes(caller) ? 'success' : BAD_REQUEST;
}
