import { randomUUID } from 'node:crypto';
import { routes } from '@parley/gateway';
import { Api, type Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';
import { assertMatchesContract } from './support/openapi';
import { multipart, pathIdOf, rawRequest, uploadFile } from './support/uploads';

/**
 * Realm isolation (issue #11, part 3). Realm A makes one object of every kind that routes
 * take by ID; realm B's owner (the most privileged user there) then calls every such route,
 * generated from the gateway's route table, with realm A's ID and with an ID that does not
 * exist. The two answers must be the same error (no existence leak) and realm A's object
 * must be unchanged afterwards (no cross-realm write). A route with an ID parameter this
 * file does not know how to call fails the test, so new routes get covered.
 */
type Json = Record<string, any>;
type Id = number | string;

/** One object of every kind, made in one realm. */
interface Objects {
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
}
type Kind = keyof Objects;

let a: TestRealm;
let b: TestRealm;
let objA: Objects;
let objB: Objects;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

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
async function makeObjects(r: TestRealm): Promise<Objects> {
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
  };
}

/** Realm A's object of this kind as realm A sees it (its owner for realm-wide ones, its member for personal ones). */
async function snapshot(kind: Kind): Promise<unknown> {
  const { owner, member } = a;
  switch (kind) {
    case 'channel':
      return [
        ok(await owner.api.get(`/streams/${objA.channel}`)).stream,
        ok(await owner.api.get(`/streams/${objA.channel}/members`)).subscribers,
        (ok(await owner.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as Json[]).map((s) => s.stream_id),
      ];
    case 'message':
    case 'direct': {
      const id = objA[kind];
      const { message } = ok(await member.api.get(`/messages/${id}`));
      return [message, ok(await member.api.get(`/messages/${id}/history`)).message_history];
    }
    case 'user':
    case 'userEmail':
      return [ok(await owner.api.get(`/users/${objA.user}`)).user, ok(await owner.api.get(`/users/${objA.user}/status`)).status];
    case 'group':
      return [
        (ok(await owner.api.get('/user_groups', { include_deactivated_groups: true })).user_groups as Json[]).find((g) => g.id === objA.group),
        ok(await owner.api.get(`/user_groups/${objA.group}/members`)).members,
      ];
    case 'draft':
      return (ok(await member.api.get('/drafts')).drafts as Json[]).find((d) => d.id === objA.draft) ?? 'gone';
    case 'snippet':
      return (ok(await member.api.get('/saved_snippets')).saved_snippets as Json[]).find((s) => s.id === objA.snippet) ?? 'gone';
    case 'attachment':
    case 'pathId': {
      const file = await rawRequest('GET', `/user_uploads/${objA.pathId}`, { creds: member });
      return [(ok(await member.api.get('/attachments')).attachments as Json[]).find((x) => x.id === objA.attachment) ?? 'gone', file.status, file.body.toString()];
    }
    case 'linkifier':
      return (ok(await owner.api.get('/realm/linkifiers')).linkifiers as Json[]).find((l) => l.id === objA.linkifier) ?? 'gone';
    case 'field':
      return (ok(await owner.api.get('/realm/profile_fields')).custom_fields as Json[]).find((f) => f.id === objA.field) ?? 'gone';
    case 'scheduled':
      return (ok(await member.api.get('/scheduled_messages')).scheduled_messages as Json[]).find((s) => s.scheduled_message_id === objA.scheduled) ?? 'gone';
    case 'reminder':
      return (ok(await member.api.get('/reminders')).reminders as Json[]).find((s) => s.reminder_id === objA.reminder) ?? 'gone';
    case 'folder':
      return (ok(await owner.api.get('/channel_folders', { include_archived: true })).channel_folders as Json[]).find((f) => f.id === objA.folder) ?? 'gone';
    case 'emoji':
      return Object.values(ok(await owner.api.get('/realm/emoji')).emoji as Record<string, Json>).filter((e) => e.name === objA.emoji);
    case 'playground':
      return (ok(await member.api.post('/register', { fetch_event_types: ['realm_playgrounds'] })).realm_playgrounds as Json[]).find((x) => x.id === objA.playground) ?? 'gone';
    case 'view':
      return (ok(await member.api.get('/navigation_views')).navigation_views as Json[]).find((v) => v.fragment === objA.view) ?? 'gone';
    case 'bot':
      return (ok(await member.api.get('/bots', {}, { contract: 'envelope' })).bots as Json[]).find((x) => x.user_id === objA.bot) ?? 'gone';
    case 'invite':
    case 'inviteKey': {
      // Still listed, and still answering on realm A's own Host.
      const listed = (ok(await owner.api.get('/invites')).invites as Json[]).find((i) => i.id === objA.invite) ?? 'gone';
      const link = await new Api().get(`/invites/link/${objA.inviteKey}`, {}, { contract: 'envelope', headers: { host: a.host } });
      return [listed, link.status, link.body.realm_name, (ok(await owner.api.get('/users')).members as Json[]).length];
    }
    case 'queue': {
      // Still alive for its owner (and nothing of realm B's arrived in it).
      const res = await member.api.get('/events', { queue_id: objA.queue, dont_block: true });
      return [res.status, res.body.result, (res.body.events as Json[] | undefined)?.filter((e) => e.type !== 'heartbeat')];
    }
  }
}

/** Which of realm A's objects a path or body parameter of this name takes (several kinds: each is tried). */
const KINDS_OF_PARAM: Record<string, Kind[]> = {
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
  invite_id: ['invite'],
  key: ['inviteKey'],
};

/** An ID of that kind that exists in no realm. */
const MISSING: Partial<Record<Kind, Id>> = {
  emoji: 'no_such_emoji_anywhere',
  userEmail: 'no-such-user@nowhere.isolation.test',
  view: 'narrow/is/no-such-view',
  inviteKey: 'NoSuchInvitationKey0123456789abc',
};
const missingId = (kind: Kind): Id => (kind === 'queue' ? randomUUID() : (MISSING[kind] ?? 999999999));

/**
 * Per route (`METHOD path`), the smallest other parameters that would make the call succeed
 * on an object of the caller's own realm, so that the answer is the one about the ID, not
 * about a missing parameter. Realm B's own objects may be used (`o`).
 */
const PATH_ROUTES: Record<string, (o: Objects) => Params> = {
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
  'POST /user_groups/:user_group_id/members': () => ({ add: [b.owner.user_id] }),
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
  'POST /invites/link/:key/accept': () => ({ email: `${unique('hijack')}@isolation.test`, full_name: 'Hijacker', password: 'hijack-password' }),
};

/** Routes with an ID path parameter exercised by a test of their own below. */
const SPECIAL_ROUTES = new Set(['GET /user_uploads/:realm_id_str/:filename*']);

/**
 * Routes that take realm A's ID in the body or query rather than the path: the ID parameter
 * (named as in KINDS_OF_PARAM) and the call's parameters with the ID in place.
 */
interface BodyCase {
  route: string;
  param: string;
  params: (o: Objects, id: Id) => Params;
  at?: (o: Objects) => string;
}
const BODY_ROUTES: BodyCase[] = [
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

interface Case {
  name: string;
  method: string;
  /** The path, query or body for realm A's ID and for the missing one. */
  call: (id: Id) => { path: string; params: Params };
  kind: Kind;
  id: Id;
  missing: Id;
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
];

const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const pathParams = (path: string) => [...path.matchAll(/:([a-z_]+)\*?/g)].map((m) => m[1]);
const fill = (path: string, values: Record<string, Id>) => path.replace(/:([a-z_]+)\*?/g, (_m, name: string) => encodeURIComponent(String(values[name])));
const ownValue = (o: Objects, param: string): Id => {
  const kind = KINDS_OF_PARAM[param]?.[0];
  if (!kind) throw new Error(`no kind of object known for the path parameter '${param}'`);
  return o[kind];
};

/**
 * The cases of one route: each ID parameter in turn takes realm A's object (and the missing
 * ID) while the others, if any, take realm B's own; with two or more, also all at once.
 */
function pathCases(method: string, path: string): Case[] {
  const params = pathParams(path);
  const extra = PATH_ROUTES[`${method} ${path}`];
  const cases: Case[] = [];
  const variants: string[][] = params.map((p) => [p]);
  if (params.length > 1) variants.push(params);
  for (const varied of variants) {
    // The first varied parameter gives the kinds tried; the others follow it to realm A's object.
    for (const kind of KINDS_OF_PARAM[varied[0]]) {
      const id = objA[kind];
      const missing = missingId(kind);
      const label = varied.length === 1 ? `${varied[0]}=${kind}` : `all of ${varied.join(', ')}`;
      cases.push({
        name: `${method} ${path} (${label})`,
        method,
        kind,
        id,
        missing,
        call: (v) => {
          const values: Record<string, Id> = {};
          for (const p of params) {
            if (!varied.includes(p)) values[p] = ownValue(objB, p);
            else if (p === varied[0]) values[p] = v;
            else values[p] = v === id ? ownValue(objA, p) : missingId(KINDS_OF_PARAM[p][0]);
          }
          return { path: fill(path, values), params: extra(objB) };
        },
      });
    }
  }
  return cases;
}

function bodyCases(): Case[] {
  return BODY_ROUTES.flatMap(({ route, param, params, at }) => {
    const [method, path] = route.split(' ');
    return KINDS_OF_PARAM[param].map((kind) => ({
      name: `${route} (${param}=${kind} in the body)`,
      method,
      kind,
      id: objA[kind],
      missing: missingId(kind),
      call: (v: Id) => ({ path: at ? at(objB) : path, params: params(objB, v) }),
    }));
  });
}

/** Moving a message of one's own realm into realm A's channel. */
function moveCase(): Case {
  return {
    name: 'PATCH /messages/:message_id (stream_id=channel in the body: a move into realm A)',
    method: 'PATCH',
    kind: 'channel',
    id: objA.channel,
    missing: 999999999,
    call: (v) => ({ path: `/messages/${objB.message}`, params: { stream_id: v, propagate_mode: 'change_one' } }),
  };
}

const idRoutes = () => routes.filter((r) => r.path.includes(':'));

/** The answer with the ID itself taken out of msg, for comparison. */
const answer = (res: { status: number; body: Json }, id: Id) => ({
  status: res.status,
  result: res.body.result,
  code: res.body.code,
  msg: typeof res.body.msg === 'string' ? res.body.msg.split(String(id)).join('<id>') : res.body.msg,
});

async function callAsB(c: Case, id: Id): Promise<{ status: number; body: Json }> {
  const { path, params } = c.call(id);
  const api = b.owner.api;
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

beforeAll(async () => {
  [a, b] = [await createTestRealm('Isolation A'), await createTestRealm('Isolation B')];
  [objA, objB] = [await makeObjects(a), await makeObjects(b)];
  // Realm B can take reports, so a report is refused for the message, not for the realm.
  const moderation = ok(await b.owner.api.post('/channels/create', { name: unique('Moderation'), subscribers: [b.owner.user_id], invite_only: true })).id as number;
  ok(await b.owner.api.patch('/realm', { moderation_request_channel_id: moderation }, { contract: 'envelope' }));
}, 120_000);
afterAll(closeFixtures);

describe('the route table', () => {
  it('has no route with an ID parameter that this file does not know how to call', () => {
    const unknown = idRoutes()
      .map(routeKey)
      .filter((k) => !(k in PATH_ROUTES) && !SPECIAL_ROUTES.has(k));
    const unknownParams = idRoutes()
      .flatMap((r) => pathParams(r.path))
      .filter((p) => !(p in KINDS_OF_PARAM) && !['realm_id_str', 'filename'].includes(p));
    expect({ unknown, unknownParams }).toEqual({ unknown: [], unknownParams: [] });
  });

  it('has every route this file calls (none renamed or removed)', () => {
    const known = new Set(routes.map(routeKey));
    const called = [...Object.keys(PATH_ROUTES), ...SPECIAL_ROUTES, ...BODY_ROUTES.map((c) => c.route)];
    expect(called.filter((k) => !known.has(k))).toEqual([]);
  });
});

describe("realm B's owner with realm A's IDs", () => {
  // The cases need the objects, made in beforeAll; jest collects tests before that runs, so
  // one test per route walks its cases and reports every difference at once.
  const table = idRoutes().filter((r) => !SPECIAL_ROUTES.has(routeKey(r)));
  const extra = [...new Set(BODY_ROUTES.map((c) => c.route)), 'PATCH /messages/:message_id (move)'];

  async function check(cases: Case[]): Promise<void> {
    expect(cases.length).toBeGreaterThan(0);
    const problems: Json[] = [];
    for (const c of cases) {
      const before = await snapshot(c.kind);
      const missing = await callAsB(c, c.missing);
      const foreign = await callAsB(c, c.id);
      const after = await snapshot(c.kind);
      const [m, f] = [answer(missing, c.missing), answer(foreign, c.id)];
      if (process.env.ISOLATION_LOG) console.log(`${c.name}: ${JSON.stringify(m)} / ${JSON.stringify(f)}`);
      if (JSON.stringify(m) !== JSON.stringify(f) || m.result !== 'error' || f.result !== 'error' || m.status < 400 || f.status < 400) {
        problems.push({ case: c.name, missingId: m, realmAId: f });
      }
      if (JSON.stringify(before) !== JSON.stringify(after)) problems.push({ case: c.name, changed: { before, after } });
    }
    expect(problems).toEqual([]);
  }

  it.each(table.map((r) => [routeKey(r), r.method, r.path]))('%s', async (_key, method, path) => {
    if (!(`${method} ${path}` in PATH_ROUTES)) throw new Error(`${method} ${path}: an ID route this file does not know how to call; add it to PATH_ROUTES`);
    await check(pathCases(method, path));
  });

  it.each(extra)('%s (ID in the body)', async (route) => {
    if (route === 'PATCH /messages/:message_id (move)') return check([moveCase()]);
    return check(bodyCases().filter((c) => c.name.startsWith(`${route} (`)));
  });
});

describe("realm A's files from realm B", () => {
  const fakePath = () => {
    const [realmId, dir] = objA.pathId.split('/');
    return `${realmId}/${dir}/AAAAAAAAAAAAAAAAAAAAAAAA/secret.txt`;
  };

  it('GET /user_uploads/<realm A path_id> is a 404 like a file that does not exist', async () => {
    const foreign = await rawRequest('GET', `/user_uploads/${objA.pathId}`, { creds: b.owner });
    const missing = await rawRequest('GET', `/user_uploads/${fakePath()}`, { creds: b.owner });
    expect({ status: foreign.status, body: foreign.body.toString() }).toEqual({ status: missing.status, body: missing.body.toString() });
    expect(foreign.status).toBe(404);
    expect(await snapshot('pathId')).toEqual([expect.objectContaining({ id: objA.attachment }), 200, 'file secret']);
  });

  it('GET /api/v1/user_uploads/<realm A path_id> (temporary URL) is a 404 like a file that does not exist', async () => {
    const opts = { contract: 'envelope' as const };
    const foreign = await b.owner.api.get(`/user_uploads/${objA.pathId}`, {}, opts);
    const missing = await b.owner.api.get(`/user_uploads/${fakePath()}`, {}, opts);
    expect(answer(foreign, objA.pathId)).toEqual(answer(missing, fakePath()));
    expect(foreign.status).toBe(404);
    // And in realm B's own namespace: the same file name under B's realm ID.
    const [, ...rest] = objA.pathId.split('/');
    const own = await b.owner.api.get(`/user_uploads/${b.realm_id}/${rest.join('/')}`, {}, opts);
    expect(own.status).toBe(404);
  });
});

describe('realm A afterwards', () => {
  it('still has every object, as realm A sees it', async () => {
    for (const kind of Object.keys(objA) as Kind[]) {
      const seen = await snapshot(kind);
      expect({ kind, gone: JSON.stringify(seen).includes('"gone"') }).toEqual({ kind, gone: false });
    }
  });
});
