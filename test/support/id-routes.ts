import { randomUUID } from 'node:crypto';
import { routes } from '@parley/gateway';
import { Api, type Params } from './api';
import type { TestRealm, TestUser } from './fixtures';
import { ok } from './responses';
import { assertMatchesContract } from './openapi';
import { multipart, pathIdOf, rawRequest, uploadFile } from './uploads';
import { linksOf, Mailbox } from './smtp';

/**
 * Every route that takes an object by ID, and how to call it: one object of every kind made
 * in a realm, the kinds each ID parameter takes, and for every route the smallest other
 * parameters that would make a call succeed, so that its answer is the one about the ID.
 * test/isolation.test.ts calls them with another realm's IDs, test/fuzz.test.ts with IDs at
 * the edges of the integers; both compare the answer with the one for an ID that does not exist.
 */
export type Json = Record<string, any>;
export type Id = number | string;

/** One object of every kind, made in one realm. */
export interface Objects {
  channel: number;
  message: number;
  direct: number;
  user: number;
  /** The same user, by the real email everyone may see. */
  userEmail: string;
  group: number;
  draft: number;
  snippet: number;
  attachment: number;
  pathId: string;
  linkifier: number;
  field: number;
  scheduled: number;
  reminder: number;
  folder: number;
  emoji: string;
  queue: string;
  playground: number;
  view: string;
  bot: number;
  /** A reusable invitation link: its ID, and its key (the anonymous sign-up routes take it, bound to the Host's realm). */
  invite: number;
  inviteKey: string;
  /** An email invitation: its ID, and the key its mail carries (the anonymous confirmation routes take it). */
  emailInvite: number;
  confirmKey: string;
  /** A password-reset link's token, mailed to the member (the anonymous reset routes take it, bound to the Host's realm). */
  resetToken: string;
}
export type Kind = keyof Objects;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
let counter = 0;
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

async function addEmoji(user: TestUser, name: string): Promise<void> {
  const { body, type } = multipart([{ field: 'f1', filename: 'e.png', type: 'image/png', content: PNG }]);
  const res = await rawRequest('POST', `/api/v1/realm/emoji/${name}`, {
    creds: user,
    body,
    headers: { 'content-type': type, 'content-length': String(body.length) },
  });
  const json = JSON.parse(res.body.toString('utf8'));
  assertMatchesContract({ method: 'POST', path: `/realm/emoji/${name}`, status: res.status, body: json });
  expect([res.status, json.msg]).toEqual([200, '']);
}

/** Realm r's objects: the realm-wide ones made by its owner, the personal ones by its member. */
export async function makeObjects(r: TestRealm): Promise<Objects> {
  const { owner, member } = r;
  const channel = ok(await owner.api.post('/channels/create', { name: unique('Isolated'), subscribers: [owner.user_id, member.user_id] })).id as number;
  const message = ok(await member.api.post('/messages', { type: 'stream', to: channel, topic: 'secret', content: 'channel secret' })).id as number;
  const direct = ok(await member.api.post('/messages', { type: 'direct', to: JSON.stringify([r.other.user_id]), content: 'direct secret' })).id as number;
  const group = ok(await owner.api.post('/user_groups/create', { name: unique('Group'), description: 'g', members: [member.user_id] })).group_id as number;
  const [draft] = ok(
    await member.api.post('/drafts', {
      drafts: JSON.stringify([{ type: 'stream', to: [channel], topic: 'draft', content: 'draft secret', timestamp: Math.floor(Date.now() / 1000) }]),
    }),
  ).ids as number[];
  const snippet = ok(await member.api.post('/saved_snippets', { title: 'Snippet', content: 'snippet secret' })).saved_snippet_id as number;
  const uploaded = await uploadFile(member, { filename: 'secret.txt', content: 'file secret', type: 'text/plain' });
  expect([uploaded.status, uploaded.body.msg]).toEqual([200, '']);
  const pathId = pathIdOf(uploaded.body.url);
  const attachment = (ok(await member.api.get('/attachments')).attachments as Json[]).find((x) => x.path_id === pathId)!.id as number;
  const n = ++counter;
  const linkifier = ok(await owner.api.post('/realm/filters', { pattern: `#iso${n}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${n}/{id}` })).id as number;
  const field = ok(await owner.api.post('/realm/profile_fields', { field_type: 1, name: unique('Field') })).id as number;
  const scheduled = ok(
    await member.api.post('/scheduled_messages', {
      type: 'stream',
      to: channel,
      topic: 'later',
      content: 'scheduled secret',
      scheduled_delivery_timestamp: inAnHour(),
    }),
  ).scheduled_message_id as number;
  const reminder = ok(await member.api.post('/reminders', { message_id: message, scheduled_delivery_timestamp: inAnHour() })).reminder_id as number;
  const folder = ok(await owner.api.post('/channel_folders/create', { name: unique('Folder'), description: 'f' })).channel_folder_id as number;
  const emoji = unique('iso');
  await addEmoji(member, emoji);
  const queue = ok(await member.api.post('/register', { event_types: ['message'] })).queue_id as string;
  const playground = ok(await owner.api.post('/realm/playgrounds', { name: unique('Play'), pygments_language: 'python', url_template: 'https://play.example/?c={code}' })).id as number;
  const view = `narrow/channel/${channel}-isolated`;
  ok(await member.api.post('/navigation_views', { fragment: view, is_pinned: true, name: unique('View') }));
  const bot = (await r.addUser({ name: unique('Isolated bot'), bot: true, botOwner: member.user_id })).user_id;
  const link = ok(await owner.api.post('/invites/multiuse', {})).invite_link as string;
  const invite = (ok(await owner.api.get('/invites')).invites as Json[]).find((i) => i.link_url === link)!.id as number;
  const inviteKey = /\/join\/([^/]+)\/$/.exec(link)![1];
  const invitee = `${unique('invitee')}@isolation.test`;
  ok(await owner.api.post('/invites', { invitee_emails: invitee, stream_ids: [] }));
  const emailInvite = (ok(await owner.api.get('/invites')).invites as Json[]).find((i) => i.email === invitee)!.id as number;
  const confirmLink = linksOf(await new Mailbox().waitFor(invitee)).find((l) => l.includes('/accounts/do_confirm/'))!;
  const confirmKey = /\/accounts\/do_confirm\/([^/]+)\/$/.exec(confirmLink)![1];
  ok(await new Api().post('/password_reset', { email: member.email }, { contract: 'envelope', headers: { host: r.host } }));
  const resetLink = linksOf(await new Mailbox().waitFor(member.email, { subject: /Password reset/ })).find((l) => l.includes('/accounts/password/reset/'))!;
  const resetToken = /\/accounts\/password\/reset\/([^/]+)\/$/.exec(resetLink)![1];
  return {
    channel,
    message,
    direct,
    user: member.user_id,
    userEmail: member.email,
    group,
    draft,
    snippet,
    attachment,
    pathId,
    linkifier,
    field,
    scheduled,
    reminder,
    folder,
    emoji,
    queue,
    playground,
    view,
    bot,
    invite,
    inviteKey,
    emailInvite,
    confirmKey,
    resetToken,
  };
}

/** Which objects a path or body parameter of this name takes (several kinds: each is tried). */
export const KINDS_OF_PARAM: Record<string, Kind[]> = {
  message_id: ['message', 'direct'],
  stream_id: ['channel'],
  user_id: ['user'],
  user_id_or_email: ['user'],
  email: ['userEmail'],
  muted_user_id: ['user'],
  user_group_id: ['group'],
  group_id: ['group'],
  draft_id: ['draft'],
  saved_snippet_id: ['snippet'],
  attachment_id: ['attachment'],
  filter_id: ['linkifier'],
  field_id: ['field'],
  scheduled_message_id: ['scheduled'],
  reminder_id: ['reminder'],
  channel_folder_id: ['folder'],
  emoji_name: ['emoji'],
  queue_id: ['queue'],
  playground_id: ['playground'],
  fragment: ['view'],
  bot_id: ['bot'],
  invite_id: ['invite', 'emailInvite'],
  key: ['inviteKey', 'confirmKey'],
  token: ['resetToken'],
};

/** An ID of that kind that exists in no realm. */
const MISSING: Partial<Record<Kind, Id>> = {
  emoji: 'no_such_emoji_anywhere',
  userEmail: 'no-such-user@nowhere.isolation.test',
  view: 'narrow/is/no-such-view',
  inviteKey: 'NoSuchInvitationKey0123456789abc',
  confirmKey: 'NoSuchConfirmationKey0123456789a',
  resetToken: 'NoSuchResetToken0123456789abcdef',
};
export const missingId = (kind: Kind): Id => (kind === 'queue' ? randomUUID() : (MISSING[kind] ?? 999999999));

/**
 * Per route (`METHOD path`), the smallest other parameters that would make the call succeed
 * on an object of the caller's own realm, so that the answer is the one about the ID, not
 * about a missing parameter. Realm B's own objects may be used (`o`).
 */
export const PATH_ROUTES: Record<string, (o: Objects, r: TestRealm) => Params> = {
  'GET /users/:user_id': () => ({}),
  'PATCH /users/:user_id': () => ({ full_name: 'Hijacked Name' }),
  'GET /users/:email': () => ({}),
  'PATCH /users/:email': () => ({ full_name: 'Hijacked Name' }),
  'DELETE /users/:user_id': () => ({}),
  'POST /users/:user_id/reactivate': () => ({}),
  'POST /users/:user_id/status': () => ({ status_text: 'hijacked' }),
  'GET /users/:user_id/status': () => ({}),
  'POST /users/me/muted_users/:muted_user_id': () => ({}),
  'DELETE /users/me/muted_users/:muted_user_id': () => ({}),
  'PATCH /user_groups/:user_group_id': () => ({ name: unique('Hijacked') }),
  'POST /user_groups/:user_group_id/members': (_o, r) => ({ add: [r.owner.user_id] }),
  'POST /user_groups/:user_group_id/subgroups': (o) => ({ add: [o.group] }),
  'GET /user_groups/:user_group_id/members': () => ({}),
  'GET /user_groups/:user_group_id/members/:user_id': () => ({}),
  'GET /user_groups/:user_group_id/subgroups': () => ({}),
  'POST /user_groups/:user_group_id/deactivate': () => ({}),
  'PATCH /realm/filters/:filter_id': () => ({ pattern: '#hijack-(?P<id>[0-9]+)', url_template: 'https://evil.example/{id}' }),
  'DELETE /realm/filters/:filter_id': () => ({}),
  'PATCH /realm/profile_fields/:field_id': () => ({ name: unique('Hijacked') }),
  'DELETE /realm/profile_fields/:field_id': () => ({}),
  'PATCH /channel_folders/:channel_folder_id': () => ({ name: unique('Hijacked') }),
  'GET /users/:user_id/subscriptions/:stream_id': () => ({}),
  'GET /streams/:stream_id': () => ({}),
  'PATCH /streams/:stream_id': () => ({ description: 'Hijacked' }),
  'DELETE /streams/:stream_id': () => ({}),
  'GET /streams/:stream_id/members': () => ({}),
  'POST /streams/:stream_id/delete_topic': () => ({ topic_name: 'x' }),
  'GET /messages/:message_id': () => ({}),
  'DELETE /messages/:message_id': () => ({}),
  'PATCH /messages/:message_id': () => ({ content: 'Hijacked' }),
  'GET /messages/:message_id/history': () => ({}),
  'POST /messages/:message_id/report': () => ({ report_type: 'other', description: 'Hijacked' }),
  'POST /messages/:message_id/reactions': () => ({ emoji_name: 'smile' }),
  'DELETE /messages/:message_id/reactions': () => ({ emoji_name: 'smile' }),
  'GET /messages/:message_id/read_receipts': () => ({}),
  'GET /users/me/:stream_id/topics': () => ({}),
  'GET /streams/:stream_id/email_address': () => ({}),
  'GET /users/:user_id_or_email/presence': () => ({}),
  'POST /messages/:message_id/typing': () => ({ op: 'start' }),
  'PATCH /scheduled_messages/:scheduled_message_id': () => ({ content: 'Hijacked' }),
  'DELETE /scheduled_messages/:scheduled_message_id': () => ({}),
  'DELETE /reminders/:reminder_id': () => ({}),
  'PATCH /drafts/:draft_id': (o) => ({ draft: { type: 'stream', to: [o.channel], topic: 'x', content: 'Hijacked', timestamp: Math.floor(Date.now() / 1000) } }),
  'DELETE /drafts/:draft_id': () => ({}),
  'DELETE /attachments/:attachment_id': () => ({}),
  'DELETE /realm/emoji/:emoji_name': () => ({}),
  'PATCH /saved_snippets/:saved_snippet_id': () => ({ title: 'Hijacked' }),
  'PATCH /bots/:bot_id': () => ({ full_name: unique('Hijacked') }),
  'DELETE /bots/:bot_id': () => ({}),
  'POST /bots/:bot_id/api_key/regenerate': () => ({}),
  'DELETE /saved_snippets/:saved_snippet_id': () => ({}),
  'DELETE /realm/playgrounds/:playground_id': () => ({}),
  'PATCH /navigation_views/:fragment*': () => ({ is_pinned: false }),
  'DELETE /navigation_views/:fragment*': () => ({}),
  'POST /users/:user_id/password': () => ({ new_password: 'hijacked-password' }),
  'DELETE /invites/multiuse/:invite_id': () => ({}),
  // Anonymous: realm B's Host (its owner's requests carry it) with realm A's key.
  'GET /invites/link/:key': () => ({}),
  'POST /invites/link/:key/accept': () => ({ email: `${unique('hijack')}@isolation.test` }),
  'DELETE /invites/:invite_id': () => ({}),
  'POST /invites/:invite_id/resend': () => ({}),
  'GET /invites/confirm/:key': () => ({}),
  'POST /invites/confirm/:key': () => ({ full_name: 'Hijacker', password: 'hijack-password' }),
  'GET /password_reset/:token': () => ({}),
  'POST /password_reset/:token': () => ({ new_password: 'hijacked-password' }),
};

/** Routes with an ID path parameter that test/isolation.test.ts exercises with a test of their own. */
export const SPECIAL_ROUTES = new Set(['GET /user_uploads/:realm_id_str/:filename*']);

/**
 * Routes that take an ID in the body or query rather than the path: the ID parameter (named
 * as in KINDS_OF_PARAM) and the call's parameters with the ID in place.
 */
interface BodyCase {
  route: string;
  param: string;
  params: (o: Objects, id: Id) => Params;
  at?: (o: Objects) => string;
}
export const BODY_ROUTES: BodyCase[] = [
  { route: 'GET /events', param: 'queue_id', params: (_o, id) => ({ queue_id: id, dont_block: true }) },
  { route: 'DELETE /events', param: 'queue_id', params: (_o, id) => ({ queue_id: id }) },
  { route: 'POST /default_streams', param: 'stream_id', params: (_o, id) => ({ stream_id: id }) },
  { route: 'DELETE /default_streams', param: 'stream_id', params: (_o, id) => ({ stream_id: id }) },
  { route: 'POST /messages', param: 'stream_id', params: (_o, id) => ({ type: 'stream', to: id, topic: 'x', content: 'Hijacked' }) },
  { route: 'POST /messages', param: 'user_id', params: (_o, id) => ({ type: 'direct', to: JSON.stringify([id]), content: 'Hijacked' }) },
  { route: 'POST /reminders', param: 'message_id', params: (_o, id) => ({ message_id: id, scheduled_delivery_timestamp: inAnHour() }) },
  { route: 'POST /scheduled_messages', param: 'stream_id', params: (_o, id) => ({ type: 'stream', to: id, topic: 'x', content: 'Hijacked', scheduled_delivery_timestamp: inAnHour() }) },
  { route: 'POST /typing', param: 'stream_id', params: (_o, id) => ({ op: 'start', type: 'stream', stream_id: id, topic: 'x' }) },
  { route: 'POST /user_topics', param: 'stream_id', params: (_o, id) => ({ stream_id: id, topic: 'x', visibility_policy: 1 }) },
  { route: 'POST /user_topics', param: 'stream_id', params: (_o, id) => ({ stream_id: id, topic: 'x', visibility_policy: 0 }) },
  { route: 'PATCH /users/me/subscriptions/muted_topics', param: 'stream_id', params: (_o, id) => ({ stream_id: id, topic: 'x', op: 'add' }) },
  { route: 'PATCH /users/me/subscriptions/muted_topics', param: 'stream_id', params: (_o, id) => ({ stream_id: id, topic: 'x', op: 'remove' }) },
  { route: 'POST /typing', param: 'user_id', params: (_o, id) => ({ op: 'start', type: 'direct', to: [id] }) },
  { route: 'POST /messages/flags', param: 'message_id', params: (_o, id) => ({ messages: [id], op: 'add', flag: 'starred' }) },
  { route: 'POST /submessage', param: 'message_id', params: (_o, id) => ({ message_id: id, msg_type: 'widget', content: '{"type":"vote","key":"canned,0","vote":1}' }) },
  { route: 'POST /mark_stream_as_read', param: 'stream_id', params: (_o, id) => ({ stream_id: id }) },
  { route: 'POST /mark_topic_as_read', param: 'stream_id', params: (_o, id) => ({ stream_id: id, topic_name: 'x' }) },
  { route: 'POST /user_groups/create', param: 'user_id', params: (_o, id) => ({ name: unique('Grab'), description: 'g', members: [id] }) },
  { route: 'POST /user_groups/:user_group_id/members', param: 'user_id', params: (_o, id) => ({ add: [id] }), at: (o) => `/user_groups/${o.group}/members` },
  { route: 'POST /user_groups/:user_group_id/subgroups', param: 'group_id', params: (_o, id) => ({ add: [id] }), at: (o) => `/user_groups/${o.group}/subgroups` },
  { route: 'POST /users/me/subscriptions', param: 'user_id', params: (_o, id) => ({ subscriptions: [{ name: 'Isolation lobby' }], principals: [id] }) },
  { route: 'PATCH /streams/:stream_id', param: 'channel_folder_id', params: (_o, id) => ({ folder_id: id }), at: (o) => `/streams/${o.channel}` },
  { route: 'GET /streams/:stream_id/email_address', param: 'user_id', params: (_o, id) => ({ sender_id: id }), at: (o) => `/streams/${o.channel}/email_address` },
  { route: 'PATCH /users/me/profile_data', param: 'field_id', params: (_o, id) => ({ data: [{ id, value: 'Hijacked' }] }) },
  { route: 'DELETE /users/me/profile_data', param: 'field_id', params: (_o, id) => ({ data: [id] }) },
  { route: 'PATCH /bots/:bot_id', param: 'user_id', params: (_o, id) => ({ bot_owner_id: id }), at: (o) => `/bots/${o.bot}` },
];

export interface Case {
  name: string;
  /** `METHOD path` of its route. */
  route: string;
  method: string;
  /** The path, query or body with this ID in place of the varied parameter(s). */
  call: (id: Id) => { path: string; params: Params };
  kind: Kind;
  /** The target realm's object of this kind. */
  id: Id;
  missing: Id;
  /** The path parameter that takes the ID (the first, for "all of"); none when the ID travels in the query or body. */
  pathParam?: string;
  /** How many path parameters take the ID at once (1 unless "all of"). */
  varied: number;
}

/** The caller's side: its realm, whose objects fill the parameters that are not varied. */
export interface Side {
  realm: TestRealm;
  objects: Objects;
}

/** Answers the Zulip reference does not document: only their envelope is checked. */
const ENVELOPE_ONLY = [
  'PATCH /realm/profile_fields/:field_id',
  'DELETE /realm/profile_fields/:field_id',
  'PATCH /users/me/profile_data',
  'DELETE /users/me/profile_data',
  'POST /submessage',
  'PATCH /bots/:bot_id',
  'DELETE /bots/:bot_id',
  'POST /bots/:bot_id/api_key/regenerate',
  'POST /users/:user_id/password',
  'GET /invites/link/:key',
  'POST /invites/link/:key/accept',
  'GET /invites/confirm/:key',
  'POST /invites/confirm/:key',
  'GET /password_reset/:token',
  'POST /password_reset/:token',
];

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
export const pathParams = (path: string) => [...path.matchAll(/:([a-z_]+)\*?/g)].map((m) => m[1]);
const fill = (path: string, values: Record<string, Id>) => path.replace(/:([a-z_]+)\*?/g, (_m, name: string) => encodeURIComponent(String(values[name])));
const ownValue = (o: Objects, param: string): Id => {
  const kind = KINDS_OF_PARAM[param]?.[0];
  if (!kind) throw new Error(`no kind of object known for the path parameter '${param}'`);
  return o[kind];
};

/**
 * The cases of one route: each ID parameter in turn takes the target's object (and the missing
 * ID) while the others, if any, take the caller's own; with two or more, also all at once.
 */
export function pathCases(method: string, path: string, caller: Side, target: Objects): Case[] {
  const params = pathParams(path);
  const extra = PATH_ROUTES[`${method} ${path}`];
  const cases: Case[] = [];
  const variants: string[][] = params.map((p) => [p]);
  if (params.length > 1) variants.push(params);
  for (const varied of variants) {
    // The first varied parameter gives the kinds tried; the others follow it to the target's object.
    for (const kind of KINDS_OF_PARAM[varied[0]]) {
      const id = target[kind];
      const missing = missingId(kind);
      const label = varied.length === 1 ? `${varied[0]}=${kind}` : `all of ${varied.join(', ')}`;
      cases.push({
        name: `${method} ${path} (${label})`,
        route: `${method} ${path}`,
        method,
        kind,
        id,
        missing,
        pathParam: varied[0],
        varied: varied.length,
        call: (v) => {
          const values: Record<string, Id> = {};
          for (const p of params) {
            if (!varied.includes(p)) values[p] = ownValue(caller.objects, p);
            else if (p === varied[0]) values[p] = v;
            else values[p] = v === id ? ownValue(target, p) : missingId(KINDS_OF_PARAM[p][0]);
          }
          return { path: fill(path, values), params: extra(caller.objects, caller.realm) };
        },
      });
    }
  }
  return cases;
}

export function bodyCases(caller: Side, target: Objects): Case[] {
  return BODY_ROUTES.flatMap(({ route, param, params, at }) => {
    const [method, path] = route.split(' ');
    return KINDS_OF_PARAM[param].map((kind) => ({
      name: `${route} (${param}=${kind} in the body)`,
      route,
      method,
      kind,
      id: target[kind],
      missing: missingId(kind),
      varied: 1,
      call: (v: Id) => ({ path: at ? at(caller.objects) : path, params: params(caller.objects, v) }),
    }));
  });
}

/** Moving a message of the caller's realm into the target's channel. */
export function moveCase(caller: Side, target: Objects): Case {
  return {
    name: 'PATCH /messages/:message_id (stream_id=channel in the body: a move)',
    route: 'PATCH /messages/:message_id',
    method: 'PATCH',
    kind: 'channel',
    id: target.channel,
    missing: 999999999,
    varied: 1,
    call: (v) => ({ path: `/messages/${caller.objects.message}`, params: { stream_id: v, propagate_mode: 'change_one' } }),
  };
}

export const idRoutes = () => routes.filter((r) => r.path.includes(':'));

const withoutId = (msg: string, id: Id) => (typeof id === 'number' ? msg.replace(new RegExp(`(?<![\\d-])${String(id).replace('-', '\\-')}(?!\\d)`, 'g'), '<id>') : msg.split(id).join('<id>'));

/** The answer with the ID itself (a whole number in msg, not a part of another) taken out of msg, for comparison. */
export const answer = (res: { status: number; body: Json }, id: Id) => ({
  status: res.status,
  result: res.body.result,
  code: res.body.code,
  msg: typeof res.body.msg === 'string' ? withoutId(res.body.msg, id) : res.body.msg,
});

export async function callAs(user: TestUser, c: Case, id: Id): Promise<{ status: number; body: Json }> {
  const { path, params } = c.call(id);
  const api = user.api;
  const opts = ENVELOPE_ONLY.some((k) => c.name.startsWith(`${k} (`)) ? { contract: 'envelope' as const } : {};
  switch (c.method) {
    case 'GET':
      return api.get(path, params, opts);
    case 'POST':
      return api.post(path, params, opts);
    case 'PATCH':
      return api.patch(path, params, opts);
    case 'DELETE':
      return api.delete(path, params, opts);
    default:
      throw new Error(`unexpected method ${c.method}`);
  }
}
