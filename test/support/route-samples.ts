import { Role } from '@parley/common';
import type { Caller, RoleName } from './route-access';
import { Api, baseUrl, basicAuth, type Params } from './api';
import type { TestRealm, TestUser } from './fixtures';
import { ok } from './responses';
import { multipart, pathIdOf, rawRequest, uploadFile } from './uploads';
import { linksOf, Mailbox } from './smtp';

/**
 * A valid request for every route of the gateway's route table, built so that only the
 * caller's role decides the outcome: the objects a route acts on are made fresh for each
 * call by someone who is not a caller (`author`), or by the caller when the route is about
 * the caller's own things (drafts, snippets, queues). Used by the authorization matrix
 * (test/authz-matrix.test.ts); a route without a builder here fails it.
 */
type Json = Record<string, any>;

export interface Sample {
  path: string;
  params: Params;
  /** Sent without credentials whoever the caller is (a login: the body names the user). */
  noCredentials?: boolean;
  headers?: Record<string, string>;
}

export interface SampleWorld {
  realm: TestRealm;
  /** One user per role, each with `PASSWORD` (the owner with the fixture's), and a deactivated one. */
  callers: Record<RoleName | 'deactivated', TestUser>;
  passwords: Map<number, string>;
  /** Makes the objects callers use but do not own, and is subscribed where callers are. */
  author: TestUser;
  /** A member who is neither caller nor author: the one added to groups. */
  bystander: TestUser;
  /** A public channel every caller (the guest too) is subscribed to, and the author's message in it. */
  channel: { id: number; name: string };
  message: number;
  group: number;
  field: number;
  /** The path_id of the author's file, linked from a message in `channel`. */
  pathId: string;
}

/** A builder gets the world and the user whose own objects the request uses (the caller, or a stand-in for callers that cannot make any). */
export type SampleBuilder = (w: SampleWorld, self: TestUser, caller: Caller) => Promise<Sample>;

export const PASSWORD = 'matrix-password';
const OWNER_PASSWORD = 'owner-password';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let counter = 0;
export const unique = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const envelope = { contract: 'envelope' as const };

/** A custom emoji added by `user` (a multipart upload, not an RPC). */
export async function addEmoji(user: TestUser, name: string): Promise<void> {
  const { body, type } = multipart([{ field: 'f1', filename: 'e.png', type: 'image/png', content: PNG }]);
  const res = await rawRequest('POST', `/api/v1/realm/emoji/${name}`, {
    creds: user,
    body,
    headers: { 'content-type': type, 'content-length': String(body.length) },
  });
  expect([res.status, JSON.parse(res.body.toString('utf8')).msg]).toEqual([200, '']);
}

/** The callers, the author, a shared channel and message, a group, a profile field and a file. */
export async function makeSampleWorld(realm: TestRealm): Promise<SampleWorld> {
  const passwords = new Map<number, string>([[realm.owner.user_id, OWNER_PASSWORD]]);
  const add = async (role: number, bot = false) => {
    const user = await realm.addUser({ role, bot, password: PASSWORD, name: unique(bot ? 'Bot' : 'Caller') });
    passwords.set(user.user_id, PASSWORD);
    return user;
  };
  const callers = {
    owner: realm.owner,
    admin: await add(Role.ADMINISTRATOR),
    moderator: await add(Role.MODERATOR),
    member: await add(Role.MEMBER),
    guest: await add(Role.GUEST),
    bot: await add(Role.MEMBER, true),
    deactivated: await add(Role.MEMBER),
  };
  const { owner } = realm;
  const author = realm.other;
  const bystander = realm.member;
  ok(await owner.api.delete(`/users/${callers.deactivated.user_id}`));
  const everybody = [...Object.values(callers).filter((u) => u !== callers.deactivated), author, bystander].map((u) => u.user_id);
  const name = unique('Matrix');
  const channelId = ok(await owner.api.post('/channels/create', { name, subscribers: everybody })).id as number;
  const moderation = ok(await owner.api.post('/channels/create', { name: unique('Moderation'), subscribers: [owner.user_id], invite_only: true })).id as number;
  ok(await owner.api.patch('/realm', { moderation_request_channel_id: moderation }, envelope));
  const message = ok(await author.api.post('/messages', { type: 'stream', to: channelId, topic: 'matrix', content: 'shared' })).id as number;
  const uploaded = await uploadFile(author, { filename: 'matrix.txt', content: 'matrix file', type: 'text/plain' });
  expect([uploaded.status, uploaded.body.msg]).toEqual([200, '']);
  ok(await author.api.post('/messages', { type: 'stream', to: channelId, topic: 'matrix', content: `[file](${uploaded.body.url})` }));
  const group = ok(await author.api.post('/user_groups/create', { name: unique('Group'), description: 'g', members: [author.user_id] })).group_id as number;
  const field = ok(await owner.api.post('/realm/profile_fields', { name: unique('Field'), field_type: 1 }, envelope)).id as number;
  return { realm, callers, passwords, author, bystander, channel: { id: channelId, name }, message, group, field, pathId: pathIdOf(uploaded.body.url) };
}

// ---- objects made fresh for one call -----------------------------------------------------

const channelBy = async (w: SampleWorld, subscribers: number[] = []) =>
  ok(await w.author.api.post('/channels/create', { name: unique('Fresh'), subscribers: [w.author.user_id, ...subscribers] })).id as number;
const messageBy = async (w: SampleWorld, user: TestUser) => ok(await user.api.post('/messages', { type: 'stream', to: w.channel.id, topic: 'matrix', content: unique('message ') })).id as number;
const groupByAuthor = async (w: SampleWorld) => ok(await w.author.api.post('/user_groups/create', { name: unique('Group'), description: 'g', members: [w.author.user_id] })).group_id as number;
const linkifier = async (w: SampleWorld) => {
  const n = unique('l');
  return ok(await w.realm.owner.api.post('/realm/filters', { pattern: `#${n}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${n}/{id}` })).id as number;
};
const profileField = async (w: SampleWorld) => ok(await w.realm.owner.api.post('/realm/profile_fields', { name: unique('Field'), field_type: 1 }, envelope)).id as number;
const folder = async (w: SampleWorld) => ok(await w.realm.owner.api.post('/channel_folders/create', { name: unique('Folder') })).channel_folder_id as number;
const freshUser = async (w: SampleWorld) => w.realm.addUser({ name: unique('Target') });
const memberBot = async (w: SampleWorld) => w.realm.addUser({ name: unique('Owned bot'), bot: true, botOwner: w.callers.member.user_id });
const draftBy = async (w: SampleWorld, user: TestUser) =>
  (
    ok(
      await user.api.post('/drafts', {
        drafts: [{ type: 'stream', to: [w.channel.id], topic: 'matrix', content: 'draft', timestamp: Math.floor(Date.now() / 1000) }],
      }),
    ).ids as number[]
  )[0];
const scheduledBy = async (w: SampleWorld, user: TestUser) =>
  ok(
    await user.api.post('/scheduled_messages', {
      type: 'stream',
      to: w.channel.id,
      topic: 'matrix',
      content: 'later',
      scheduled_delivery_timestamp: inAnHour(),
    }),
  ).scheduled_message_id as number;
const playground = async (w: SampleWorld) =>
  ok(
    await w.realm.owner.api.post('/realm/playgrounds', {
      name: unique('Play'),
      pygments_language: 'python',
      url_template: 'https://play.example/?c={code}',
    }),
  ).id as number;
const viewBy = async (user: TestUser) => {
  const fragment = `narrow/is/${unique('v')}`;
  ok(await user.api.post('/navigation_views', { fragment, is_pinned: true, name: unique('View') }));
  return fragment;
};
const reminderBy = async (w: SampleWorld, user: TestUser) =>
  ok(
    await user.api.post('/reminders', {
      message_id: w.message,
      scheduled_delivery_timestamp: inAnHour(),
    }),
  ).reminder_id as number;
const snippetBy = async (user: TestUser) => ok(await user.api.post('/saved_snippets', { title: 'Snippet', content: 'text' })).saved_snippet_id as number;
const queueOf = async (user: TestUser) => ok(await user.api.post('/register', { event_types: ['message'] })).queue_id as string;
const attachmentBy = async (user: TestUser) => {
  const uploaded = await uploadFile(user, { filename: 'mine.txt', content: 'mine', type: 'text/plain' });
  expect([uploaded.status, uploaded.body.msg]).toEqual([200, '']);
  const pathId = pathIdOf(uploaded.body.url);
  return (ok(await user.api.get('/attachments')).attachments as Json[]).find((a) => a.path_id === pathId)!.id as number;
};
/** A fresh reusable invitation link the owner made; its URL, and its ID in the owner's list. */
const inviteLinkByOwner = async (w: SampleWorld) => ok(await w.realm.owner.api.post('/invites/multiuse', { invite_expires_in_minutes: 60 })).invite_link as string;
const inviteByOwner = async (w: SampleWorld) => {
  const link = await inviteLinkByOwner(w);
  return (ok(await w.realm.owner.api.get('/invites')).invites as Json[]).find((i) => i.link_url === link)!.id as number;
};
/** A fresh email invitation the owner sent (to a new address); its ID in the owner's list. */
const emailInviteByOwner = async (w: SampleWorld) => {
  const email = `${unique('invited')}@${w.realm.subdomain}.test`;
  ok(await w.realm.owner.api.post('/invites', { invitee_emails: email, stream_ids: [], invite_expires_in_minutes: 60 }));
  return { email, id: (ok(await w.realm.owner.api.get('/invites')).invites as Json[]).find((i) => i.email === email)!.id as number };
};
/** The key of a fresh invitation's mailed link `https://<host>/accounts/do_confirm/<key>/`. */
const confirmationKey = async (w: SampleWorld) => {
  const { email } = await emailInviteByOwner(w);
  const link = linksOf(await new Mailbox().waitFor(email)).find((l) => l.includes('/accounts/do_confirm/'))!;
  return /\/accounts\/do_confirm\/([^/]+)\/$/.exec(link)![1];
};
/** The key of a link `https://<host>/join/<key>/`. */
export const keyOf = (link: string) => /\/join\/([^/]+)\/$/.exec(link)![1];
/** The Host that names the sample realm, for requests without credentials. */
const realmHostOf = (w: SampleWorld) => `${w.realm.subdomain}.${new URL(baseUrl()).host}`;
/** A working password-reset token of a fresh member, read from the mail Parley sent (the token is nowhere else). */
export const resetTokenOf = async (w: SampleWorld) => {
  const user = await w.realm.addUser({ name: unique('Forgetful') });
  ok(await new Api(undefined).post('/password_reset', { email: user.email }, { ...envelope, headers: { host: realmHostOf(w) } }));
  const mail = await new Mailbox().waitFor(user.email, { subject: /Password reset/ });
  return /\/accounts\/password\/reset\/([A-Za-z0-9]+)\//.exec(mail.parsed.text ?? '')![1];
};
const ids = (list: Json[]) => list.map((x) => x.id as number);
const channelNarrow = (w: SampleWorld) => [{ operator: 'channel', operand: w.channel.id }];

const fixed =
  (path: string, params: Params = {}): SampleBuilder =>
  async () => ({ path, params });

/** Per route (`METHOD path`, as in the route table, services/common/src/api/routes.ts), a request that only the caller's role may make fail. */
export const sampleBuilders: Record<string, SampleBuilder> = {
  'GET /server_settings': fixed('/server_settings'),
  'POST /fetch_api_key': async (w, _self, caller) => {
    // The caller's own login (the deactivated user's too); no one logs in as the member.
    const user = caller === 'anonymous' ? w.callers.member : w.callers[caller];
    // Without credentials the realm is the Host's.
    const host = `${w.realm.subdomain}.${new URL(baseUrl()).host}`;
    return { path: '/fetch_api_key', params: { username: user.email, password: w.passwords.get(user.user_id)! }, noCredentials: true, headers: { host } };
  },
  'POST /password_reset': async (w) => ({ path: '/password_reset', params: { email: `${unique('nobody')}@${w.realm.subdomain}.test` }, noCredentials: true, headers: { host: realmHostOf(w) } }),
  'GET /password_reset/:token': async (w) => ({ path: `/password_reset/${await resetTokenOf(w)}`, params: {}, noCredentials: true, headers: { host: realmHostOf(w) } }),
  'POST /password_reset/:token': async (w) => ({
    path: `/password_reset/${await resetTokenOf(w)}`,
    params: { new_password: 'a-new-password' },
    noCredentials: true,
    headers: { host: realmHostOf(w) },
  }),
  'GET /users/me': fixed('/users/me'),
  'DELETE /users/me': async (w, _self, caller) => {
    // A fresh account of the caller's role leaves (the matrix's callers stay); the deactivated
    // and anonymous callers send their own credentials, or none.
    if (caller === 'deactivated' || caller === 'anonymous') return { path: '/users/me', params: {} };
    const role = { owner: Role.OWNER, admin: Role.ADMINISTRATOR, moderator: Role.MODERATOR, member: Role.MEMBER, guest: Role.GUEST, bot: Role.MEMBER }[caller];
    const leaving = await w.realm.addUser({ role, bot: caller === 'bot', name: unique('Leaving') });
    return { path: '/users/me', params: {}, headers: { authorization: basicAuth(leaving) } };
  },
  'GET /users': fixed('/users'),
  'POST /users': async (w) => ({ path: '/users', params: { email: `${unique('new')}@${w.realm.subdomain}.test`, password: 'new-password', full_name: 'New User' } }),
  'GET /users/:user_id': async (w) => ({ path: `/users/${w.author.user_id}`, params: {} }),
  'PATCH /users/:user_id': async (w) => ({ path: `/users/${(await freshUser(w)).user_id}`, params: { full_name: unique('Renamed') } }),
  'GET /users/:email': async (w) => ({ path: `/users/${encodeURIComponent(w.author.email)}`, params: {} }),
  'PATCH /users/:email': async (w) => ({ path: `/users/${encodeURIComponent((await freshUser(w)).email)}`, params: { full_name: unique('Renamed') } }),
  'DELETE /users/:user_id': async (w) => ({ path: `/users/${(await freshUser(w)).user_id}`, params: {} }),
  'POST /users/:user_id/reactivate': async (w) => {
    const user = await freshUser(w);
    ok(await w.realm.owner.api.delete(`/users/${user.user_id}`));
    return { path: `/users/${user.user_id}/reactivate`, params: {} };
  },
  'POST /users/:user_id/password': async (w) => ({ path: `/users/${(await freshUser(w)).user_id}/password`, params: { new_password: unique('pw-') } }),
  'POST /invites/multiuse': fixed('/invites/multiuse', { invite_expires_in_minutes: 60, invite_as: Role.MEMBER }),
  'GET /invites': fixed('/invites'),
  'DELETE /invites/multiuse/:invite_id': async (w) => ({ path: `/invites/multiuse/${await inviteByOwner(w)}`, params: {} }),
  'GET /invites/link/:key': async (w) => ({ path: `/invites/link/${keyOf(await inviteLinkByOwner(w))}`, params: {}, noCredentials: true, headers: { host: realmHostOf(w) } }),
  'POST /invites/link/:key/accept': async (w) => ({
    path: `/invites/link/${keyOf(await inviteLinkByOwner(w))}/accept`,
    params: { email: `${unique('joined')}@${w.realm.subdomain}.test` },
    noCredentials: true,
    headers: { host: realmHostOf(w) },
  }),
  'POST /invites': async (w) => ({ path: '/invites', params: { invitee_emails: `${unique('invited')}@${w.realm.subdomain}.test`, stream_ids: [] } }),
  'DELETE /invites/:invite_id': async (w) => ({ path: `/invites/${(await emailInviteByOwner(w)).id}`, params: {} }),
  'POST /invites/:invite_id/resend': async (w) => ({ path: `/invites/${(await emailInviteByOwner(w)).id}/resend`, params: {} }),
  'GET /invites/confirm/:key': async (w) => ({ path: `/invites/confirm/${await confirmationKey(w)}`, params: {}, noCredentials: true, headers: { host: realmHostOf(w) } }),
  'POST /invites/confirm/:key': async (w) => ({
    path: `/invites/confirm/${await confirmationKey(w)}`,
    params: { full_name: 'Invited User', password: 'invited-password' },
    noCredentials: true,
    headers: { host: realmHostOf(w) },
  }),
  'POST /bots': async () => ({ path: '/bots', params: { full_name: unique('Sample bot'), short_name: unique('sample').replace(/\W/g, '') } }),
  'GET /bots': fixed('/bots'),
  // A fresh bot the member owns: the member and administrators administer it.
  'PATCH /bots/:bot_id': async (w) => ({ path: `/bots/${(await memberBot(w)).user_id}`, params: { full_name: unique('Renamed bot') } }),
  'DELETE /bots/:bot_id': async (w) => ({ path: `/bots/${(await memberBot(w)).user_id}`, params: {} }),
  'POST /bots/:bot_id/api_key/regenerate': async (w) => ({ path: `/bots/${(await memberBot(w)).user_id}/api_key/regenerate`, params: {} }),
  'GET /users/me/alert_words': fixed('/users/me/alert_words'),
  'POST /users/me/alert_words': fixed('/users/me/alert_words', { alert_words: JSON.stringify(['matrix']) }),
  'DELETE /users/me/alert_words': fixed('/users/me/alert_words', { alert_words: JSON.stringify(['matrix']) }),
  'POST /users/me/muted_users/:muted_user_id': async (w, self) => {
    await self.api.delete(`/users/me/muted_users/${w.bystander.user_id}`); // a mute left by an earlier call
    return { path: `/users/me/muted_users/${w.bystander.user_id}`, params: {} };
  },
  'DELETE /users/me/muted_users/:muted_user_id': async (w, self) => {
    await self.api.post(`/users/me/muted_users/${w.bystander.user_id}`);
    return { path: `/users/me/muted_users/${w.bystander.user_id}`, params: {} };
  },
  'DELETE /users/me/avatar': fixed('/users/me/avatar'),
  'POST /users/me/status': fixed('/users/me/status', { status_text: 'busy' }),
  'POST /users/me/apns_device_token': fixed('/users/me/apns_device_token', { token: 'c0ffee', appid: 'org.zulip.Zulip' }),
  // A bot (refused first) registers none of its own.
  'DELETE /users/me/apns_device_token': async (_w, self, caller) => {
    const token = Buffer.from(unique('apns')).toString('hex');
    if (caller !== 'bot') ok(await self.api.post('/users/me/apns_device_token', { token, appid: 'org.zulip.Zulip' }));
    return { path: '/users/me/apns_device_token', params: { token } };
  },
  'POST /users/me/android_gcm_reg_id': fixed('/users/me/android_gcm_reg_id', { token: 'android-token' }),
  'DELETE /users/me/android_gcm_reg_id': async (_w, self, caller) => {
    const token = unique('fcm');
    if (caller !== 'bot') ok(await self.api.post('/users/me/android_gcm_reg_id', { token }));
    return { path: '/users/me/android_gcm_reg_id', params: { token } };
  },
  'POST /mobile_push/test_notification': fixed('/mobile_push/test_notification'),
  'POST /mobile_push/register': fixed('/mobile_push/register', {
    token_kind: 'fcm',
    push_account_id: 1,
    push_public_key: 'k',
    bouncer_public_key: 'b',
    encrypted_push_registration: 'e',
  }),
  'POST /mobile_push/e2ee/test_notification': fixed('/mobile_push/e2ee/test_notification'),
  'POST /users/:user_id/status': async (w) => ({ path: `/users/${w.author.user_id}/status`, params: { status_text: 'set by someone else' } }),
  'GET /users/:user_id/status': async (w) => ({ path: `/users/${w.author.user_id}/status`, params: {} }),

  'PATCH /settings': fixed('/settings', { twenty_four_hour_time: true }),
  'PATCH /settings/display': fixed('/settings/display', { twenty_four_hour_time: true }),
  'PATCH /settings/notifications': fixed('/settings/notifications', { enable_sounds: true }),
  'PATCH /realm/user_settings_defaults': fixed('/realm/user_settings_defaults', { twenty_four_hour_time: true }),
  'PATCH /realm': fixed('/realm', { description: 'The authorization matrix realm' }),

  'POST /user_groups/create': async (_w, self) => ({ path: '/user_groups/create', params: { name: unique('Group'), description: 'g', members: [self.user_id] } }),
  'GET /user_groups': fixed('/user_groups'),
  'PATCH /user_groups/:user_group_id': async (w) => ({ path: `/user_groups/${await groupByAuthor(w)}`, params: { name: unique('Renamed') } }),
  'POST /user_groups/:user_group_id/members': async (w) => ({ path: `/user_groups/${await groupByAuthor(w)}/members`, params: { add: [w.bystander.user_id] } }),
  'POST /user_groups/:user_group_id/subgroups': async (w) => ({ path: `/user_groups/${await groupByAuthor(w)}/subgroups`, params: { add: [await groupByAuthor(w)] } }),
  'GET /user_groups/:user_group_id/members': async (w) => ({ path: `/user_groups/${w.group}/members`, params: {} }),
  'GET /user_groups/:user_group_id/members/:user_id': async (w) => ({ path: `/user_groups/${w.group}/members/${w.author.user_id}`, params: {} }),
  'GET /user_groups/:user_group_id/subgroups': async (w) => ({ path: `/user_groups/${w.group}/subgroups`, params: {} }),
  'POST /user_groups/:user_group_id/deactivate': async (w) => ({ path: `/user_groups/${await groupByAuthor(w)}/deactivate`, params: {} }),

  'POST /realm/filters': async () => {
    const n = unique('m');
    return { path: '/realm/filters', params: { pattern: `#${n}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${n}/{id}` } };
  },
  'GET /realm/linkifiers': fixed('/realm/linkifiers'),
  'PATCH /realm/filters/:filter_id': async (w) => {
    const n = unique('p');
    return { path: `/realm/filters/${await linkifier(w)}`, params: { pattern: `#${n}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${n}/{id}` } };
  },
  'DELETE /realm/filters/:filter_id': async (w) => ({ path: `/realm/filters/${await linkifier(w)}`, params: {} }),
  'PATCH /realm/linkifiers': async (w) => ({
    path: '/realm/linkifiers',
    params: { ordered_linkifier_ids: ids(ok(await w.realm.owner.api.get('/realm/linkifiers')).linkifiers).reverse() },
  }),

  'POST /users/me/presence': fixed('/users/me/presence', { status: 'active' }),
  'GET /realm/presence': fixed('/realm/presence'),
  'GET /users/:user_id_or_email/presence': async (w) => {
    ok(await w.author.api.post('/users/me/presence', { status: 'active' }));
    return { path: `/users/${w.author.user_id}/presence`, params: {} };
  },

  'GET /realm/profile_fields': fixed('/realm/profile_fields'),
  'POST /realm/profile_fields': async () => ({ path: '/realm/profile_fields', params: { name: unique('Field'), field_type: 1 } }),
  'PATCH /realm/profile_fields': async (w) => ({
    path: '/realm/profile_fields',
    params: { order: ids(ok(await w.realm.owner.api.get('/realm/profile_fields')).custom_fields).reverse() },
  }),
  'PATCH /realm/profile_fields/:field_id': async (w) => ({ path: `/realm/profile_fields/${await profileField(w)}`, params: { name: unique('Renamed') } }),
  'DELETE /realm/profile_fields/:field_id': async (w) => ({ path: `/realm/profile_fields/${await profileField(w)}`, params: {} }),
  'PATCH /users/me/profile_data': async (w) => ({ path: '/users/me/profile_data', params: { data: [{ id: w.field, value: 'mine' }] } }),
  'DELETE /users/me/profile_data': async (w) => ({ path: '/users/me/profile_data', params: { data: [w.field] } }),

  'POST /channel_folders/create': async () => ({ path: '/channel_folders/create', params: { name: unique('Folder') } }),
  'GET /channel_folders': fixed('/channel_folders'),
  'PATCH /channel_folders': async (w) => ({
    path: '/channel_folders',
    params: { order: ids(ok(await w.realm.owner.api.get('/channel_folders', { include_archived: true })).channel_folders).reverse() },
  }),
  'PATCH /channel_folders/:channel_folder_id': async (w) => ({ path: `/channel_folders/${await folder(w)}`, params: { name: unique('Renamed') } }),

  'POST /users/me/subscriptions': async (w) => {
    const id = await channelBy(w);
    const { stream } = ok(await w.author.api.get(`/streams/${id}`));
    return { path: '/users/me/subscriptions', params: { subscriptions: [{ name: stream.name }] } };
  },
  'DELETE /users/me/subscriptions': async (w, self) => {
    const id = await channelBy(w, [self.user_id]);
    const { stream } = ok(await w.author.api.get(`/streams/${id}`));
    return { path: '/users/me/subscriptions', params: { subscriptions: [stream.name] } };
  },
  'PATCH /users/me/subscriptions': async (w, self) => {
    const [join, leave] = [await channelBy(w), await channelBy(w, [self.user_id])];
    const names = await Promise.all([join, leave].map(async (id) => ok(await w.author.api.get(`/streams/${id}`)).stream.name as string));
    return { path: '/users/me/subscriptions', params: { add: [{ name: names[0] }], delete: [names[1]] } };
  },
  'GET /users/me/subscriptions': fixed('/users/me/subscriptions'),
  'POST /users/me/subscriptions/properties': async (w) => ({
    path: '/users/me/subscriptions/properties',
    params: { subscription_data: [{ stream_id: w.channel.id, property: 'color', value: '#123456' }] },
  }),
  'GET /users/:user_id/subscriptions/:stream_id': async (w) => ({ path: `/users/${w.author.user_id}/subscriptions/${w.channel.id}`, params: {} }),
  'POST /channels/create': async (_w, self) => ({ path: '/channels/create', params: { name: unique('Created'), subscribers: [self.user_id] } }),
  'GET /streams': fixed('/streams'),
  'GET /streams/:stream_id': async (w) => ({ path: `/streams/${w.channel.id}`, params: {} }),
  'PATCH /streams/:stream_id': async (w, self) => ({ path: `/streams/${await channelBy(w, [self.user_id])}`, params: { description: 'Changed' } }),
  'DELETE /streams/:stream_id': async (w, self) => ({ path: `/streams/${await channelBy(w, [self.user_id])}`, params: {} }),
  'GET /get_stream_id': async (w) => ({ path: '/get_stream_id', params: { stream: w.channel.name } }),
  'GET /streams/:stream_id/members': async (w) => ({ path: `/streams/${w.channel.id}/members`, params: {} }),
  'GET /streams/:stream_id/email_address': async (w) => ({ path: `/streams/${w.channel.id}/email_address`, params: {} }),
  'POST /streams/:stream_id/delete_topic': async (w) => {
    const topic = unique('doomed ');
    ok(await w.author.api.post('/messages', { type: 'stream', to: w.channel.id, topic, content: 'to be deleted' }));
    return { path: `/streams/${w.channel.id}/delete_topic`, params: { topic_name: topic } };
  },
  'POST /user_topics': async (w) => ({ path: '/user_topics', params: { stream_id: w.channel.id, topic: unique('muted '), visibility_policy: 1 } }),
  'PATCH /users/me/subscriptions/muted_topics': async (w) => ({
    path: '/users/me/subscriptions/muted_topics',
    params: { stream_id: w.channel.id, topic: unique('muted '), op: 'add' },
  }),
  'GET /default_streams': fixed('/default_streams'),
  'POST /default_streams': async (w) => ({ path: '/default_streams', params: { stream_id: await channelBy(w) } }),
  'DELETE /default_streams': async (w) => {
    const id = await channelBy(w);
    ok(await w.realm.owner.api.post('/default_streams', { stream_id: id }));
    return { path: '/default_streams', params: { stream_id: id } };
  },

  'POST /messages': async (w) => ({ path: '/messages', params: { type: 'stream', to: w.channel.id, topic: 'matrix', content: 'hello' } }),
  'GET /messages': async (w) => ({ path: '/messages', params: { anchor: 'newest', num_before: 2, num_after: 0, narrow: channelNarrow(w) } }),
  'POST /messages/flags': async (w) => ({ path: '/messages/flags', params: { messages: [w.message], op: 'add', flag: 'starred' } }),
  'POST /messages/flags/narrow': async (w) => ({
    path: '/messages/flags/narrow',
    params: { anchor: 'newest', num_before: 2, num_after: 0, narrow: channelNarrow(w), op: 'add', flag: 'read' },
  }),
  'POST /messages/render': fixed('/messages/render', { content: '**bold**' }),
  'GET /messages/matches_narrow': async (w) => ({ path: '/messages/matches_narrow', params: { msg_ids: [w.message], narrow: channelNarrow(w) } }),
  'GET /messages/:message_id': async (w) => ({ path: `/messages/${w.message}`, params: {} }),
  'DELETE /messages/:message_id': async (w) => ({ path: `/messages/${await messageBy(w, w.author)}`, params: {} }),
  'PATCH /messages/:message_id': async (w, self) => ({ path: `/messages/${await messageBy(w, self)}`, params: { content: 'edited' } }),
  'GET /messages/:message_id/history': async (w) => ({ path: `/messages/${w.message}/history`, params: {} }),
  'POST /messages/:message_id/report': async (w) => ({ path: `/messages/${await messageBy(w, w.author)}/report`, params: { report_type: 'spam' } }),
  // The caller's own poll, voted on.
  'POST /submessage': async (w, self) => ({
    path: '/submessage',
    params: {
      message_id: ok(await self.api.post('/messages', { type: 'stream', to: w.channel.id, topic: 'matrix', content: '/poll Lunch?\nPizza\nSoup' })).id,
      msg_type: 'widget',
      content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }),
    },
  }),
  'POST /messages/:message_id/reactions': async (w) => ({ path: `/messages/${await messageBy(w, w.author)}/reactions`, params: { emoji_name: 'octopus' } }),
  'DELETE /messages/:message_id/reactions': async (w, self) => {
    const id = await messageBy(w, w.author);
    ok(await self.api.post(`/messages/${id}/reactions`, { emoji_name: 'octopus' }));
    return { path: `/messages/${id}/reactions`, params: { emoji_name: 'octopus' } };
  },
  'POST /mark_all_as_read': fixed('/mark_all_as_read'),
  'GET /messages/:message_id/read_receipts': async (w) => ({ path: `/messages/${w.message}/read_receipts`, params: {} }),
  'GET /users/me/:stream_id/topics': async (w) => ({ path: `/users/me/${w.channel.id}/topics`, params: {} }),
  'POST /mark_stream_as_read': async (w) => ({ path: '/mark_stream_as_read', params: { stream_id: w.channel.id } }),
  'POST /mark_topic_as_read': async (w) => ({ path: '/mark_topic_as_read', params: { stream_id: w.channel.id, topic_name: 'matrix' } }),

  'GET /scheduled_messages': fixed('/scheduled_messages'),
  'POST /scheduled_messages': async (w) => ({
    path: '/scheduled_messages',
    params: { type: 'stream', to: w.channel.id, topic: 'matrix', content: 'later', scheduled_delivery_timestamp: inAnHour() },
  }),
  'PATCH /scheduled_messages/:scheduled_message_id': async (w, self) => ({ path: `/scheduled_messages/${await scheduledBy(w, self)}`, params: { content: 'changed' } }),
  'DELETE /scheduled_messages/:scheduled_message_id': async (w, self) => ({ path: `/scheduled_messages/${await scheduledBy(w, self)}`, params: {} }),
  'GET /reminders': fixed('/reminders'),
  'POST /reminders': async (w) => ({ path: '/reminders', params: { message_id: w.message, scheduled_delivery_timestamp: inAnHour(), note: 'matrix' } }),
  'DELETE /reminders/:reminder_id': async (w, self) => ({ path: `/reminders/${await reminderBy(w, self)}`, params: {} }),
  'GET /drafts': fixed('/drafts'),
  'POST /drafts': async (w) => ({
    path: '/drafts',
    params: { drafts: [{ type: 'stream', to: [w.channel.id], topic: 'matrix', content: 'draft', timestamp: Math.floor(Date.now() / 1000) }] },
  }),
  'PATCH /drafts/:draft_id': async (w, self) => ({
    path: `/drafts/${await draftBy(w, self)}`,
    params: { draft: { type: 'stream', to: [w.channel.id], topic: 'matrix', content: 'changed', timestamp: Math.floor(Date.now() / 1000) } },
  }),
  'DELETE /drafts/:draft_id': async (w, self) => ({ path: `/drafts/${await draftBy(w, self)}`, params: {} }),

  'GET /attachments': fixed('/attachments'),
  'DELETE /attachments/:attachment_id': async (_w, self) => ({ path: `/attachments/${await attachmentBy(self)}`, params: {} }),
  'GET /user_uploads/:realm_id_str/:filename*': async (w) => ({ path: `/user_uploads/${w.pathId}`, params: {} }),
  'GET /realm/emoji': fixed('/realm/emoji'),
  'DELETE /realm/emoji/:emoji_name': async (w) => {
    const name = unique('emoji');
    await addEmoji(w.author, name);
    return { path: `/realm/emoji/${name}`, params: {} };
  },
  'POST /realm/playgrounds': async () => ({
    path: '/realm/playgrounds',
    params: { name: unique('Play'), pygments_language: 'python', url_template: 'https://play.example/?c={code}' },
  }),
  'DELETE /realm/playgrounds/:playground_id': async (w) => ({ path: `/realm/playgrounds/${await playground(w)}`, params: {} }),
  'POST /realm/test_welcome_bot_custom_message': fixed('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Welcome!' }),
  'GET /navigation_views': fixed('/navigation_views'),
  'POST /navigation_views': async () => ({ path: '/navigation_views', params: { fragment: `narrow/is/${unique('n')}`, is_pinned: true, name: unique('View') } }),
  'PATCH /navigation_views/:fragment*': async (_w, self) => ({ path: `/navigation_views/${await viewBy(self)}`, params: { is_pinned: false } }),
  'DELETE /navigation_views/:fragment*': async (_w, self) => ({ path: `/navigation_views/${await viewBy(self)}`, params: {} }),
  'GET /saved_snippets': fixed('/saved_snippets'),
  'POST /saved_snippets': fixed('/saved_snippets', { title: 'Snippet', content: 'text' }),
  'PATCH /saved_snippets/:saved_snippet_id': async (_w, self) => ({ path: `/saved_snippets/${await snippetBy(self)}`, params: { title: 'Changed' } }),
  'DELETE /saved_snippets/:saved_snippet_id': async (_w, self) => ({ path: `/saved_snippets/${await snippetBy(self)}`, params: {} }),
  'POST /messages/:message_id/typing': async (w, self) => ({ path: `/messages/${await messageBy(w, self)}/typing`, params: { op: 'start' } }),
  'POST /typing': async (w) => ({ path: '/typing', params: { op: 'start', type: 'stream', stream_id: w.channel.id, topic: 'matrix' } }),

  'POST /register': fixed('/register', { event_types: ['message'] }),
  'GET /events': async (_w, self) => ({ path: '/events', params: { queue_id: await queueOf(self), dont_block: true } }),
  'DELETE /events': async (_w, self) => ({ path: '/events', params: { queue_id: await queueOf(self) } }),
};

/** The API of a caller: its own credentials, or none. */
export function apiOf(w: SampleWorld, caller: Caller): Api {
  return caller === 'anonymous' ? new Api(undefined) : w.callers[caller].api;
}

/** Whose own objects a caller's request uses: its own, or (a deactivated user or no one cannot make any) the bystander's. */
export function selfOf(w: SampleWorld, caller: Caller): TestUser {
  return caller === 'anonymous' || caller === 'deactivated' ? w.bystander : w.callers[caller];
}

/**
 * Sends a sample. contract: false, the envelope is checked by the matrix itself: it judges who
 * may call what, and the response bodies' contract has its own tests.
 */
export function sendSample(api: Api, method: string, sample: Sample) {
  const as = sample.noCredentials ? api.as(undefined) : api;
  const opts = { contract: false, headers: sample.headers };
  switch (method) {
    case 'GET':
      return as.get(sample.path, sample.params, opts);
    case 'POST':
      return as.post(sample.path, sample.params, opts);
    case 'PATCH':
      return as.patch(sample.path, sample.params, opts);
    case 'DELETE':
      return as.delete(sample.path, sample.params, opts);
    default:
      throw new Error(`unexpected method ${method}`);
  }
}
