import pg from 'pg';
import { ApiResponse, Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { testServicePool } from './support/service-pools';

/**
 * Joining, leaving and creating channels: POST, DELETE and GET /users/me/subscriptions and
 * POST /channels/create. Covers every creation parameter and its defaults (read back with
 * GET /streams/{id}), the realm's creation permissions (public, private, web-public), the
 * principals, the private-channel rules (access, can_subscribe_group, can_add_subscribers_group,
 * administrators without access), adding and removing others, name and description limits,
 * and the events each change sends, with exactly who receives them. Messages follow Zulip's
 * server where the reference gives none (zerver/views/streams.py, zerver/lib/streams.py).
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;

let realm: TestRealm;
let sys: Record<string, number>;
/** A second realm, whose channel permission settings the tests below change (each a different one). */
let strict: TestRealm;
let strictSys: Record<string, number>;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const byId = (a: number, b: number) => a - b;

beforeAll(async () => {
  [realm, strict] = await Promise.all([createTestRealm('Subscriptions realm'), createTestRealm('Strict subscriptions realm')]);
  [sys, strictSys] = await Promise.all([systemGroupIds(realm.realm_id), systemGroupIds(strict.realm_id)]);
});
afterAll(closeFixtures);

function ok(res: ApiResponse): Json {
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body;
}

function refused(res: ApiResponse, msg: string, code = 'BAD_REQUEST', status = 400): void {
  expect([res.status, res.body.result, res.body.code, res.body.msg]).toEqual([status, 'error', code, msg]);
}

const subscribe = (user: TestUser, names: (string | { name: string; description?: string })[], params: Params = {}) =>
  user.api.post('/users/me/subscriptions', { subscriptions: names.map((s) => (typeof s === 'string' ? { name: s } : s)), ...params });

const unsubscribe = (user: TestUser, names: string[], params: Params = {}) => user.api.delete('/users/me/subscriptions', { subscriptions: names, ...params });

/** POST /channels/create; nobody subscribed unless `subscribers` says so. */
async function create(user: TestUser, params: Params = {}): Promise<number> {
  return ok(await user.api.post('/channels/create', { name: unique('Channel'), subscribers: [], ...params })).id as number;
}

const channel = async (user: TestUser, id: number): Promise<Json> => ok(await user.api.get(`/streams/${id}`)).stream;
const idOf = async (user: TestUser, name: string): Promise<number> => ok(await user.api.get('/get_stream_id', { stream: name })).stream_id;
const members = async (user: TestUser, id: number): Promise<number[]> => [...ok(await user.api.get(`/streams/${id}/members`)).subscribers].sort(byId);
const mySubscriptions = async (user: TestUser, params: Params = {}): Promise<Json[]> => ok(await user.api.get('/users/me/subscriptions', params)).subscriptions;
const listed = async (user: TestUser): Promise<number[]> => ok(await user.api.get('/streams')).streams.map((s: Json) => s.stream_id);
const ids = (...users: TestUser[]) => users.map((u) => u.user_id).sort(byId);

async function patchRealm(r: TestRealm, params: Params): Promise<void> {
  ok(await r.owner.api.patch('/realm', params, { contract: 'envelope' }));
}

/** The defaults Zulip gives a new channel's ten group settings. */
const defaultGroupSettings = (creator: TestUser, groups = sys) => ({
  can_administer_channel_group: { direct_members: [creator.user_id], direct_subgroups: [] },
  can_send_message_group: groups['role:everyone'],
  can_remove_subscribers_group: groups['role:administrators'],
  can_add_subscribers_group: groups['role:nobody'],
  can_subscribe_group: groups['role:nobody'],
  can_delete_any_message_group: groups['role:nobody'],
  can_delete_own_message_group: groups['role:nobody'],
  can_move_messages_out_of_channel_group: groups['role:nobody'],
  can_move_messages_within_channel_group: groups['role:nobody'],
  can_resolve_topics_group: groups['role:nobody'],
});

// ---- events ----

const register = async (user: TestUser): Promise<string> => ok(await user.api.post('/register', { event_types: ['stream', 'subscription'] })).queue_id;

const concerns = (e: Json, id: number): boolean =>
  e.stream_id === id || (e.stream_ids ?? []).includes(id) || (e.streams ?? []).some((s: Json) => s.stream_id === id) || (e.subscriptions ?? []).some((s: Json) => s.stream_id === id);

const allEvents = async (user: TestUser, queueId: string): Promise<Json[]> => ok(await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).events;

/** The queue's events about a channel once there are at least `count`. */
async function eventsAbout(user: TestUser, queueId: string, id: number, count: number): Promise<Json[]> {
  let found: Json[] = [];
  await eventually(async () => {
    found = (await allEvents(user, queueId)).filter((e) => concerns(e, id));
    expect(found.length).toBeGreaterThanOrEqual(count);
  });
  return found;
}

/**
 * To show a user got no event about `id`: a later change they do hear of (a new channel the
 * guest is subscribed to: every member and the guest hear of it), then their events about
 * `id` so far. A channel's events reach each queue in order.
 */
async function eventsBeforeMarker(watchers: [TestUser, string][], id: number): Promise<Json[][]> {
  const marker = await create(realm.owner, { name: unique('Marker'), subscribers: [realm.guest.user_id] });
  return Promise.all(
    watchers.map(async ([user, queueId]) => {
      await eventsAbout(user, queueId, marker, 1);
      return (await allEvents(user, queueId)).filter((e) => concerns(e, id));
    }),
  );
}

/** An event in a word or two: "stream create", "peer_add 12,14" (peer events name their users). */
const summary = (e: Json): string => (e.op.startsWith('peer_') ? `${e.op} ${[...e.user_ids].sort(byId).join(',')}` : `${e.type} ${e.op}`);

// ---------------------------------------------------------------------------------------

describe('POST /users/me/subscriptions: existing channels', () => {
  it.each(['owner', 'admin', 'moderator', 'member', 'bot'] as RoleName[])('%s joins a public channel, then is already subscribed', async (role) => {
    const user = realm[role];
    const name = unique('Open');
    const id = await create(realm.owner, { name });
    const first = ok(await subscribe(user, [name]));
    expect(first.subscribed).toEqual({ [String(user.user_id)]: [name] });
    expect(first.already_subscribed).toEqual({});
    expect(first).not.toHaveProperty('unauthorized');
    const second = ok(await subscribe(user, [name]));
    expect(second.subscribed).toEqual({});
    expect(second.already_subscribed).toEqual({ [String(user.user_id)]: [name] });
    expect(await members(realm.owner, id)).toEqual([user.user_id]);
  });

  it('refuses guests outright (Zulip: @require_non_guest_user), joining, creating or adding others', async () => {
    const name = unique('Not for guests');
    const id = await create(realm.owner, { name });
    refused(await subscribe(realm.guest, [name]), 'Not allowed for guest users');
    refused(await subscribe(realm.guest, [name], { authorization_errors_fatal: false }), 'Not allowed for guest users');
    refused(await subscribe(realm.guest, [name], { principals: [realm.other.user_id] }), 'Not allowed for guest users');
    const fresh = unique('Guest made');
    refused(await subscribe(realm.guest, [fresh]), 'Not allowed for guest users');
    refused(await realm.owner.api.get('/get_stream_id', { stream: fresh }), `Invalid channel name '${fresh}'`);
    expect(await members(realm.owner, id)).toEqual([]);
    // Others may still subscribe a guest.
    expect(ok(await subscribe(realm.admin, [name], { principals: [realm.guest.user_id] })).subscribed).toEqual({ [String(realm.guest.user_id)]: [name] });
  });

  it('finds an existing channel whatever the case of the name, trimmed', async () => {
    const name = unique('Mixed Case');
    const id = await create(realm.owner, { name });
    const body = ok(await subscribe(realm.member, [`  ${name.toUpperCase()} `]));
    expect(body.subscribed).toEqual({ [String(realm.member.user_id)]: [name] });
    expect(ok(await subscribe(realm.member, [name.toLowerCase()])).already_subscribed).toEqual({ [String(realm.member.user_id)]: [name] });
    const all = ok(await realm.owner.api.get('/streams', { include_all: true })).streams as Json[];
    expect(all.filter((s) => s.name.toLowerCase() === name.toLowerCase()).map((s) => s.stream_id)).toEqual([id]);
  });

  it('ignores the initial-configuration parameters for a channel that exists', async () => {
    const name = unique('Existing');
    const id = await create(realm.owner, { name });
    const before = await channel(realm.owner, id);
    ok(
      await subscribe(realm.admin, [{ name, description: 'Ignored' }], {
        invite_only: true,
        history_public_to_subscribers: false,
        is_default_stream: true,
        message_retention_days: 5,
        can_send_message_group: sys['role:administrators'],
        can_subscribe_group: sys['role:members'],
      }),
    );
    expect(await channel(realm.owner, id)).toEqual({ ...before, subscriber_count: 1 });
    const defaults = ok(await realm.admin.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as Json[];
    expect(defaults.map((s) => s.stream_id)).not.toContain(id);
  });
});

describe('POST /users/me/subscriptions: creating channels', () => {
  it("creates a public channel with Zulip's defaults and subscribes its creator", async () => {
    const name = unique('Fresh');
    const body = ok(await subscribe(realm.member, [{ name, description: 'About *this*' }]));
    expect(body.subscribed).toEqual({ [String(realm.member.user_id)]: [name] });
    const id = await idOf(realm.member, name);
    expect(await channel(realm.other, id)).toMatchObject({
      stream_id: id,
      name,
      description: 'About *this*',
      creator_id: realm.member.user_id,
      invite_only: false,
      is_web_public: false,
      is_archived: false,
      history_public_to_subscribers: true,
      message_retention_days: null,
      topics_policy: 'inherit',
      folder_id: null,
      subscriber_count: 1,
      ...defaultGroupSettings(realm.member),
    });
  });

  it.each(['owner', 'admin', 'moderator', 'member', 'bot'] as RoleName[])('lets %s create public and private channels (realm default: role:members)', async (role) => {
    const [open, closed] = [unique('Made public'), unique('Made private')];
    ok(await subscribe(realm[role], [open]));
    ok(await subscribe(realm[role], [closed], { invite_only: true }));
    expect(await channel(realm[role], await idOf(realm[role], open))).toMatchObject({ invite_only: false, creator_id: realm[role].user_id });
    expect(await channel(realm[role], await idOf(realm[role], closed))).toMatchObject({ invite_only: true, creator_id: realm[role].user_id });
  });

  it('creates private channels with protected history unless asked; public ones always share history', async () => {
    const [a, b, c] = [unique('Private default'), unique('Private shared'), unique('Public')];
    ok(await subscribe(realm.member, [a], { invite_only: true }));
    ok(await subscribe(realm.member, [b], { invite_only: true, history_public_to_subscribers: true }));
    ok(await subscribe(realm.member, [c], { history_public_to_subscribers: false }));
    expect((await channel(realm.member, await idOf(realm.member, a))).history_public_to_subscribers).toBe(false);
    expect((await channel(realm.member, await idOf(realm.member, b))).history_public_to_subscribers).toBe(true);
    expect((await channel(realm.member, await idOf(realm.member, c))).history_public_to_subscribers).toBe(true);
  });

  it('creates channels with every initial-configuration parameter', async () => {
    const folder = ok(await realm.admin.api.post('/channel_folders/create', { name: unique('Folder') })).channel_folder_id as number;
    const group = ok(await realm.owner.api.post('/user_groups/create', { name: unique('Group'), description: 'g', members: [realm.member.user_id] })).group_id as number;
    const settings = {
      can_add_subscribers_group: group,
      can_subscribe_group: { direct_members: [realm.other.user_id], direct_subgroups: [group] },
      can_administer_channel_group: { direct_members: [realm.owner.user_id, realm.admin.user_id], direct_subgroups: [] },
      can_remove_subscribers_group: sys['role:moderators'],
      can_send_message_group: sys['role:members'],
      can_delete_any_message_group: sys['role:administrators'],
      can_delete_own_message_group: sys['role:everyone'],
      can_move_messages_out_of_channel_group: sys['role:moderators'],
      can_move_messages_within_channel_group: { direct_members: [], direct_subgroups: [sys['role:members']] },
      can_resolve_topics_group: sys['role:everyone'],
    };
    const [a, b] = [unique('Configured'), unique('Configured too')];
    const body = ok(
      await subscribe(realm.owner, [{ name: a, description: 'First' }, { name: b }], {
        invite_only: true,
        history_public_to_subscribers: true,
        message_retention_days: 30,
        topics_policy: 'disable_empty_topic',
        folder_id: folder,
        announce: false,
        ...settings,
      }),
    );
    expect(body.subscribed).toEqual({ [String(realm.owner.user_id)]: [a, b] });
    for (const [name, description] of [
      [a, 'First'],
      [b, ''],
    ]) {
      expect(await channel(realm.owner, await idOf(realm.owner, name))).toMatchObject({
        name,
        description,
        invite_only: true,
        is_web_public: false,
        history_public_to_subscribers: true,
        message_retention_days: 30,
        topics_policy: 'disable_empty_topic',
        folder_id: folder,
        creator_id: realm.owner.user_id,
        ...settings,
      });
    }
  });

  it('subscribes the principals, not the caller, to several new channels', async () => {
    const [a, b] = [unique('For others'), unique('For others too')];
    const body = ok(await subscribe(realm.admin, [a, b], { principals: [realm.member.user_id, realm.other.user_id] }));
    expect(body.subscribed).toEqual({ [String(realm.member.user_id)]: [a, b], [String(realm.other.user_id)]: [a, b] });
    expect(body.already_subscribed).toEqual({});
    const id = await idOf(realm.admin, a);
    expect(await members(realm.admin, id)).toEqual(ids(realm.member, realm.other));
    expect(await channel(realm.admin, id)).toMatchObject({ creator_id: realm.admin.user_id, can_administer_channel_group: { direct_members: [realm.admin.user_id], direct_subgroups: [] } });
  });

  describe('message_retention_days (owners only)', () => {
    it.each([
      [30, 30],
      ['30', 30],
      ['unlimited', -1],
      ['"unlimited"', -1],
      ['realm_default', null],
    ] as [string | number, number | null][])('stores %p as %p', async (value, stored) => {
      const name = unique('Retention');
      ok(await subscribe(realm.owner, [name], { message_retention_days: value }));
      expect((await channel(realm.owner, await idOf(realm.owner, name))).message_retention_days).toBe(stored);
    });

    it('refuses "forever" (replaced by "unlimited" at feature level 91), zero and negative days', async () => {
      for (const value of ['forever', '0', '-5']) {
        const name = unique('Bad retention');
        refused(await subscribe(realm.owner, [name], { message_retention_days: value }), `Bad value for 'message_retention_days': ${value}`);
        refused(await realm.owner.api.get('/get_stream_id', { stream: name }), `Invalid channel name '${name}'`);
      }
    });

    it.each(['admin', 'moderator', 'member'] as RoleName[])('refuses a value from %s, but accepts realm_default', async (role) => {
      refused(await subscribe(realm[role], [unique('Retention')], { message_retention_days: 30 }), 'Must be an organization owner');
      refused(await subscribe(realm[role], [unique('Retention')], { message_retention_days: 'unlimited' }), 'Must be an organization owner');
      ok(await subscribe(realm[role], [unique('Retention')], { message_retention_days: 'realm_default' }));
    });
  });

  describe('topics_policy', () => {
    it.each(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'])('stores %s (moderator, who holds can_set_topics_policy_group)', async (policy) => {
      const name = unique('Topics');
      ok(await subscribe(realm.moderator, [name], { topics_policy: policy }));
      expect((await channel(realm.moderator, await idOf(realm.moderator, name))).topics_policy).toBe(policy);
    });

    it('refuses a policy other than inherit from members, and unknown policies', async () => {
      refused(await subscribe(realm.member, [unique('Topics')], { topics_policy: 'allow_empty_topic' }), 'Insufficient permission');
      ok(await subscribe(realm.member, [unique('Topics')], { topics_policy: 'inherit' }));
      const bad = await subscribe(realm.owner, [unique('Topics')], { topics_policy: 'sometimes' });
      expect([bad.status, bad.body.code]).toEqual([400, 'BAD_REQUEST']);
    });
  });

  describe('is_default_stream (administrators only)', () => {
    it.each(['owner', 'admin'] as RoleName[])('%s makes the new channel a default channel', async (role) => {
      const name = unique('Default');
      ok(await subscribe(realm[role], [name], { is_default_stream: true }));
      const defaults = ok(await realm.member.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as Json[];
      expect(defaults.map((s) => s.name)).toContain(name);
    });

    it.each(['moderator', 'member'] as RoleName[])('refuses %s', async (role) => {
      const name = unique('Not default');
      refused(await subscribe(realm[role], [name], { is_default_stream: true }), 'Insufficient permission');
      refused(await realm.owner.api.get('/get_stream_id', { stream: name }), `Invalid channel name '${name}'`);
    });

    it('refuses a private default channel', async () => {
      refused(await subscribe(realm.admin, [unique('Private default')], { is_default_stream: true, invite_only: true }), 'A default channel cannot be private.');
    });
  });

  it('refuses an unknown folder', async () => {
    refused(await subscribe(realm.admin, [unique('Lost')], { folder_id: 987654321 }), 'Invalid channel folder ID');
  });

  describe('group settings', () => {
    it('refuses an unknown group or user with BAD_REQUEST, creating nothing', async () => {
      for (const value of [987654321, { direct_members: [], direct_subgroups: [987654321] }, { direct_members: [987654321], direct_subgroups: [] }]) {
        const name = unique('Bad group');
        const res = await subscribe(realm.owner, [name], { can_send_message_group: value });
        expect([res.status, res.body.code]).toEqual([400, 'BAD_REQUEST']);
        refused(await realm.owner.api.get('/get_stream_id', { stream: name }), `Invalid channel name '${name}'`);
      }
    });

    it.each(['can_administer_channel_group', 'can_add_subscribers_group', 'can_subscribe_group', 'can_delete_any_message_group'])('refuses role:everyone for %s', async (setting) => {
      refused(await subscribe(realm.owner, [unique('Everyone')], { [setting]: sys['role:everyone'] }), `'${setting}' setting cannot be set to 'role:everyone' group.`);
    });

    it.each([
      'can_send_message_group',
      'can_remove_subscribers_group',
      'can_delete_own_message_group',
      'can_move_messages_out_of_channel_group',
      'can_move_messages_within_channel_group',
      'can_resolve_topics_group',
    ])('accepts role:everyone for %s', async (setting) => {
      const name = unique('Everyone');
      ok(await subscribe(realm.owner, [name], { [setting]: sys['role:everyone'] }));
      expect((await channel(realm.owner, await idOf(realm.owner, name)))[setting]).toBe(sys['role:everyone']);
    });

    it.each([
      'can_add_subscribers_group',
      'can_administer_channel_group',
      'can_delete_any_message_group',
      'can_delete_own_message_group',
      'can_move_messages_out_of_channel_group',
      'can_move_messages_within_channel_group',
      'can_remove_subscribers_group',
      'can_resolve_topics_group',
      'can_send_message_group',
      'can_subscribe_group',
    ])('refuses role:internet for %s', async (setting) => {
      refused(await subscribe(realm.owner, [unique('Internet')], { [setting]: sys['role:internet'] }), `'${setting}' setting cannot be set to 'role:internet' group.`);
    });

    it("needs the realm's can_set_delete_message_policy_group for the delete settings", async () => {
      refused(await subscribe(realm.member, [unique('Deletes')], { can_delete_any_message_group: sys['role:moderators'] }), 'Insufficient permission');
      ok(await subscribe(realm.moderator, [unique('Deletes')], { can_delete_any_message_group: sys['role:moderators'] }));
    });
  });
});

describe('who may create channels', () => {
  it('follows can_create_public_channel_group and can_create_private_channel_group', async () => {
    const [local, groups] = [strict, strictSys];
    // Defaults (role:members): guests cannot, members can.
    refused(await local.guest.api.post('/channels/create', { name: 'Guest public', subscribers: [] }), 'Insufficient permission');
    refused(await local.guest.api.post('/channels/create', { name: 'Guest private', subscribers: [], invite_only: true }), 'Insufficient permission');
    ok(await local.member.api.post('/channels/create', { name: 'Member public', subscribers: [] }));

    await patchRealm(local, { can_create_public_channel_group: { new: groups['role:administrators'] } });
    refused(await subscribe(local.member, ['Member public 2']), 'Insufficient permission');
    refused(await local.moderator.api.post('/channels/create', { name: 'Moderator public', subscribers: [] }), 'Insufficient permission');
    ok(await subscribe(local.member, ['Member private'], { invite_only: true }));
    ok(await subscribe(local.admin, ['Admin public']));
    // Joining an existing public channel is not creating one.
    expect(ok(await subscribe(local.member, ['member public'])).subscribed).toEqual({ [String(local.member.user_id)]: ['Member public'] });

    await patchRealm(local, { can_create_private_channel_group: { new: groups['role:moderators'] } });
    refused(await subscribe(local.member, ['Member private 2'], { invite_only: true }), 'Insufficient permission');
    ok(await subscribe(local.moderator, ['Moderator private'], { invite_only: true }));
  });

  it('allows web-public channels only with spectator access and can_create_web_public_channel_group (default: owners)', async () => {
    const [local, groups] = [strict, strictSys];
    refused(await subscribe(local.owner, ['Web 1'], { is_web_public: true }), 'Web-public channels are not enabled.');
    refused(await local.owner.api.post('/channels/create', { name: 'Web 1', subscribers: [], is_web_public: true }), 'Web-public channels are not enabled.');

    await patchRealm(local, { enable_spectator_access: true });
    for (const role of ['admin', 'moderator', 'member'] as RoleName[]) {
      refused(await subscribe(local[role], [`Web ${role}`], { is_web_public: true }), 'Insufficient permission');
    }
    ok(await subscribe(local.owner, ['Web 1'], { is_web_public: true }));
    expect(await channel(local.member, await idOf(local.member, 'Web 1'))).toMatchObject({ is_web_public: true, invite_only: false, history_public_to_subscribers: true });

    await patchRealm(local, { can_create_web_public_channel_group: { new: groups['role:administrators'] } });
    const id = ok(await local.admin.api.post('/channels/create', { name: 'Web 2', subscribers: [], is_web_public: true })).id;
    expect((await channel(local.guest, id)).is_web_public).toBe(true);
    refused(await subscribe(local.moderator, ['Web 3'], { is_web_public: true }), 'Insufficient permission');
  });
});

describe('principals', () => {
  it('names users by ID or by API email, and answers by user ID', async () => {
    const name = unique('Principals');
    await create(realm.owner, { name });
    const body = ok(await subscribe(realm.admin, [name], { principals: [realm.member.email, realm.other.email] }));
    expect(body.subscribed).toEqual({ [String(realm.member.user_id)]: [name], [String(realm.other.user_id)]: [name] });
    const again = ok(await subscribe(realm.admin, [name], { principals: [realm.member.user_id, realm.moderator.user_id] }));
    expect(again.subscribed).toEqual({ [String(realm.moderator.user_id)]: [name] });
    expect(again.already_subscribed).toEqual({ [String(realm.member.user_id)]: [name] });
  });

  it('refuses unknown and deactivated users with HTTP 400 BAD_REQUEST, subscribing nobody', async () => {
    const name = unique('Principals');
    const id = await create(realm.owner, { name });
    const gone = await realm.addUser({ name: 'Gone Soon' });
    ok(await realm.admin.api.delete(`/users/${gone.user_id}`));
    for (const principal of [987654321, 'nobody@example.invalid', gone.user_id, gone.email, strict.member.user_id, strict.member.email]) {
      const res = await subscribe(realm.admin, [name], { principals: [realm.member.user_id, principal] });
      expect([principal, res.status, res.body.code]).toEqual([principal, 400, 'BAD_REQUEST']);
      const out = await unsubscribe(realm.admin, [name], { principals: [principal] });
      expect([principal, out.status, out.body.code]).toEqual([principal, 400, 'BAD_REQUEST']);
    }
    expect(await members(realm.owner, id)).toEqual([]);
  });

  it('treats an empty principals list as the caller, as Zulip does', async () => {
    const name = unique('Empty principals');
    const id = await create(realm.owner, { name });
    expect(ok(await subscribe(realm.member, [name], { principals: [] })).subscribed).toEqual({ [String(realm.member.user_id)]: [name] });
    expect(ok(await unsubscribe(realm.member, [name], { principals: [] }))).toMatchObject({ removed: [name], not_removed: [] });
    expect(await members(realm.owner, id)).toEqual([]);
  });
});

describe('private channels', () => {
  it('tells a member without access "Unable to access channel", or lists it under unauthorized', async () => {
    const secret = unique('Secret');
    const id = await create(realm.owner, { name: secret, invite_only: true, subscribers: [realm.owner.user_id] });
    refused(await subscribe(realm.member, [secret.toLowerCase()]), `Unable to access channel (${secret}).`);
    const open = unique('Open beside');
    await create(realm.owner, { name: open });
    const body = ok(await subscribe(realm.member, [secret, open], { authorization_errors_fatal: false }));
    expect(body.subscribed).toEqual({ [String(realm.member.user_id)]: [open] });
    expect(body.already_subscribed).toEqual({});
    expect(body.unauthorized).toEqual([secret]);
    expect(await members(realm.owner, id)).toEqual([realm.owner.user_id]);
  });

  it.each(['owner', 'admin', 'moderator', 'member'] as RoleName[])('does not let %s, without access, join or add others', async (role) => {
    const secret = unique('Closed');
    const id = await create(realm.other, { name: secret, invite_only: true, subscribers: [realm.other.user_id] });
    refused(await subscribe(realm[role], [secret]), `Unable to access channel (${secret}).`);
    refused(await subscribe(realm[role], [secret], { principals: [realm.guest.user_id] }), `Unable to access channel (${secret}).`);
    expect(await members(realm.other, id)).toEqual([realm.other.user_id]);
  });

  it('lets members of can_subscribe_group join, but not add others', async () => {
    const secret = unique('Joinable');
    const id = await create(realm.owner, {
      name: secret,
      invite_only: true,
      subscribers: [realm.owner.user_id],
      can_subscribe_group: { direct_members: [realm.member.user_id], direct_subgroups: [] },
    });
    expect(ok(await subscribe(realm.member, [secret])).subscribed).toEqual({ [String(realm.member.user_id)]: [secret] });
    refused(await subscribe(realm.member, [secret], { principals: [realm.other.user_id] }), 'Insufficient permission');
    refused(await subscribe(realm.other, [secret]), `Unable to access channel (${secret}).`);
    expect(await members(realm.owner, id)).toEqual(ids(realm.owner, realm.member));
  });

  it('lets members of can_add_subscribers_group add others without being subscribed', async () => {
    const secret = unique('Addable');
    const id = await create(realm.owner, {
      name: secret,
      invite_only: true,
      subscribers: [realm.owner.user_id],
      can_add_subscribers_group: { direct_members: [realm.member.user_id], direct_subgroups: [] },
    });
    expect(ok(await subscribe(realm.member, [secret], { principals: [realm.other.user_id] })).subscribed).toEqual({ [String(realm.other.user_id)]: [secret] });
    expect(await members(realm.owner, id)).toEqual(ids(realm.owner, realm.other));
    expect(ok(await subscribe(realm.member, [secret])).subscribed).toEqual({ [String(realm.member.user_id)]: [secret] });
  });

  it('lets a subscriber who administers the channel add others', async () => {
    const secret = unique('Administered');
    const id = await create(realm.member, { name: secret, invite_only: true, subscribers: [realm.member.user_id] });
    ok(await subscribe(realm.member, [secret], { principals: [realm.other.user_id] }));
    expect(await members(realm.member, id)).toEqual(ids(realm.member, realm.other));
  });
});

describe('adding others to public channels', () => {
  it.each(['owner', 'admin', 'moderator', 'member', 'bot'] as RoleName[])('lets %s add others (realm can_add_subscribers_group: role:members)', async (role) => {
    const name = unique('Shared');
    const id = await create(realm.owner, { name });
    const target = role === 'member' ? realm.other : realm.member;
    expect(ok(await subscribe(realm[role], [name], { principals: [target.user_id] })).subscribed).toEqual({ [String(target.user_id)]: [name] });
    expect(await members(realm.owner, id)).toEqual([target.user_id]);
  });

  it("follows the realm's can_add_subscribers_group, except for the channel's administrators and its own group", async () => {
    const [local, groups] = [strict, strictSys];
    await patchRealm(local, { can_add_subscribers_group: { new: groups['role:administrators'] } });
    const plain = ok(await local.owner.api.post('/channels/create', { name: 'Plain', subscribers: [local.member.user_id, local.moderator.user_id] })).id;
    refused(await subscribe(local.member, ['Plain'], { principals: [local.other.user_id] }), 'Insufficient permission');
    refused(await subscribe(local.moderator, ['Plain'], { principals: [local.other.user_id] }), 'Insufficient permission');
    ok(await subscribe(local.admin, ['Plain'], { principals: [local.other.user_id] }));
    expect(await members(local.owner, plain)).toEqual(ids(local.member, local.moderator, local.other));

    // The member administers this one.
    ok(await local.owner.api.post('/channels/create', { name: 'Mine', subscribers: [], can_administer_channel_group: { direct_members: [local.member.user_id], direct_subgroups: [] } }));
    ok(await subscribe(local.member, ['Mine'], { principals: [local.other.user_id] }));
    // And this one names the moderator in its own can_add_subscribers_group.
    ok(await local.owner.api.post('/channels/create', { name: 'Open door', subscribers: [], can_add_subscribers_group: { direct_members: [local.moderator.user_id], direct_subgroups: [] } }));
    ok(await subscribe(local.moderator, ['Open door'], { principals: [local.other.user_id] }));
  });
});

describe('channel names and descriptions', () => {
  it('refuses names and descriptions beyond the limits published by /register, empty names and control characters', async () => {
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect([state.max_stream_name_length, state.max_stream_description_length]).toEqual([60, 1024]);
    const cases: [string, string | undefined, string][] = [
      ['x'.repeat(61), undefined, 'Channel name too long (limit: 60 characters).'],
      ['', undefined, "Channel name can't be empty."],
      ['   ', undefined, "Channel name can't be empty."],
      ['Bad\u0007bell', undefined, 'Invalid character in channel name, at position 4.'],
      [unique('Long description'), 'd'.repeat(1025), 'Channel description too long (limit: 1024 characters).'],
    ];
    for (const [name, description, msg] of cases) {
      refused(await subscribe(realm.member, [{ name, description }]), msg);
      refused(await realm.member.api.post('/channels/create', { name, description, subscribers: [] }), msg);
    }
  });

  it('accepts names and descriptions at the limits, and turns newlines into spaces', async () => {
    const longest = `${++n}`.padEnd(60, 'é');
    ok(await subscribe(realm.member, [{ name: longest, description: 'd'.repeat(1024) }]));
    expect((await channel(realm.member, await idOf(realm.member, longest))).description).toBe('d'.repeat(1024));
    const name = unique('Lines');
    ok(await subscribe(realm.member, [{ name, description: 'line one\nline two' }]));
    expect((await channel(realm.member, await idOf(realm.member, name))).description).toBe('line one line two');
  });
});

describe('DELETE /users/me/subscriptions', () => {
  it('removes the caller, then reports the channel as not removed', async () => {
    const name = unique('Leaving');
    const id = await create(realm.owner, { name, subscribers: [realm.member.user_id] });
    expect(ok(await unsubscribe(realm.member, [name.toUpperCase()]))).toMatchObject({ removed: [name], not_removed: [] });
    expect(ok(await unsubscribe(realm.member, [name]))).toMatchObject({ removed: [], not_removed: [name] });
    expect(await members(realm.owner, id)).toEqual([]);
  });

  it('refuses an unknown channel with STREAM_DOES_NOT_EXIST and its name', async () => {
    const res = await unsubscribe(realm.member, ['No such channel']);
    expect([res.status, res.body]).toEqual([400, { result: 'error', code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'No such channel' does not exist", stream: 'No such channel' }]);
  });

  it.each(['moderator', 'member', 'bot'] as RoleName[])('refuses %s unsubscribing others (can_remove_subscribers_group: role:administrators)', async (role) => {
    const name = unique('Kept');
    const id = await create(realm.owner, { name, subscribers: [realm.other.user_id, realm[role].user_id] });
    refused(await unsubscribe(realm[role], [name], { principals: [realm.other.user_id] }), 'Insufficient permission');
    expect(await members(realm.owner, id)).toEqual(ids(realm.other, realm[role]));
  });

  it.each(['owner', 'admin'] as RoleName[])('lets %s unsubscribe others, from public and private channels', async (role) => {
    const open = unique('Removed from');
    const openId = await create(realm.member, { name: open, subscribers: [realm.member.user_id, realm.other.user_id] });
    expect(ok(await unsubscribe(realm[role], [open], { principals: [realm.other.user_id] }))).toMatchObject({ removed: [open], not_removed: [] });
    expect(await members(realm.member, openId)).toEqual([realm.member.user_id]);
    const secret = unique('Removed from private');
    const secretId = await create(realm.member, { name: secret, invite_only: true, subscribers: [realm.member.user_id, realm.other.user_id] });
    expect(ok(await unsubscribe(realm[role], [secret], { principals: [realm.other.user_id] }))).toMatchObject({ removed: [secret] });
    expect(await members(realm.member, secretId)).toEqual([realm.member.user_id]);
  });

  it("lets the channel's administrators and the members of can_remove_subscribers_group unsubscribe others", async () => {
    const mine = unique('Administered');
    await create(realm.member, { name: mine, subscribers: [realm.other.user_id] });
    expect(ok(await unsubscribe(realm.member, [mine], { principals: [realm.other.user_id] })).removed).toEqual([mine]);
    const loose = unique('Loose');
    await create(realm.owner, { name: loose, subscribers: [realm.other.user_id], can_remove_subscribers_group: sys['role:members'] });
    expect(ok(await unsubscribe(realm.member, [loose], { principals: [realm.other.user_id] })).removed).toEqual([loose]);
  });

  it('hides a private channel from a member who leaves it', async () => {
    const secret = unique('Left behind');
    const id = await create(realm.owner, { name: secret, invite_only: true, subscribers: [realm.owner.user_id, realm.member.user_id] });
    expect(await listed(realm.member)).toContain(id);
    expect(ok(await unsubscribe(realm.member, [secret])).removed).toEqual([secret]);
    expect(await listed(realm.member)).not.toContain(id);
    refused(await realm.member.api.get(`/streams/${id}`), 'Invalid channel ID');
    refused(await subscribe(realm.member, [secret]), `Unable to access channel (${secret}).`);
    // Administrators still see it.
    expect(await listed(realm.admin)).not.toContain(id);
    expect(ok(await realm.admin.api.get('/streams', { include_all: true })).streams.map((s: Json) => s.stream_id)).toContain(id);
  });
});

describe('GET /users/me/subscriptions', () => {
  it("lists the caller's subscriptions with their colors, and subscribers only when asked", async () => {
    const fresh = await realm.addUser({ name: 'Fresh Subscriber' });
    const [a, b] = [unique('Listed'), unique('Listed too')];
    ok(await subscribe(fresh, [a, b]));
    ok(await subscribe(realm.admin, [a], { principals: [realm.other.user_id] }));
    // Only these two: the new user may also have joined the realm's default channels.
    const these = async (params: Params = {}) => (await mySubscriptions(fresh, params)).filter((s) => [a, b].includes(s.name)).sort((x, y) => x.stream_id - y.stream_id);
    const plain = await these();
    expect(plain.map((s) => s.name)).toEqual([a, b]);
    for (const s of plain) {
      expect(s).not.toHaveProperty('subscribers');
      expect(s).toMatchObject({ invite_only: false, is_muted: false, in_home_view: true, pin_to_top: false, creator_id: fresh.user_id });
      expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(plain[0].color).not.toBe(plain[1].color);
    expect(plain.map((s) => s.subscriber_count)).toEqual([2, 1]);
    for (const include of ['true', 'partial']) {
      const full = await these({ include_subscribers: include });
      expect([...full[0].subscribers].sort(byId)).toEqual(ids(fresh, realm.other));
      expect(full[1].subscribers).toEqual([fresh.user_id]);
    }
    expect(await these({ include_subscribers: false })).toEqual(plain);
  });

  it('shows a private channel and its subscribers to its subscribers only', async () => {
    const secret = unique('Private list');
    const id = await create(realm.owner, { name: secret, invite_only: true, subscribers: [realm.member.user_id, realm.guest.user_id] });
    for (const user of [realm.member, realm.guest]) {
      const sub = (await mySubscriptions(user, { include_subscribers: true })).find((s) => s.stream_id === id);
      expect(sub).toMatchObject({ name: secret, invite_only: true, history_public_to_subscribers: false });
      expect([...sub!.subscribers].sort(byId)).toEqual(ids(realm.member, realm.guest));
    }
    for (const user of [realm.other, realm.admin, realm.owner]) {
      expect((await mySubscriptions(user, { include_subscribers: true })).map((s) => s.stream_id)).not.toContain(id);
    }
    refused(await realm.other.api.get(`/streams/${id}/members`), 'Invalid channel ID');
  });
});

describe('POST /channels/create', () => {
  it('creates a channel with every parameter, subscribing exactly the listed users', async () => {
    const folder = ok(await realm.admin.api.post('/channel_folders/create', { name: unique('Folder') })).channel_folder_id as number;
    const settings = {
      can_add_subscribers_group: sys['role:moderators'],
      can_administer_channel_group: { direct_members: [realm.member.user_id], direct_subgroups: [sys['role:moderators']] },
      can_delete_any_message_group: sys['role:moderators'],
      can_delete_own_message_group: sys['role:members'],
      can_move_messages_out_of_channel_group: sys['role:administrators'],
      can_move_messages_within_channel_group: sys['role:members'],
      can_remove_subscribers_group: sys['role:moderators'],
      can_resolve_topics_group: sys['role:members'],
      can_send_message_group: { direct_members: [realm.member.user_id, realm.other.user_id], direct_subgroups: [] },
      can_subscribe_group: sys['role:members'],
    };
    const name = unique('Everything');
    const res = await realm.owner.api.post('/channels/create', {
      name,
      description: 'All *the* things',
      subscribers: [realm.member.user_id, realm.other.user_id],
      announce: false,
      invite_only: true,
      is_web_public: false,
      is_default_stream: false,
      folder_id: folder,
      topics_policy: 'allow_empty_topic',
      history_public_to_subscribers: true,
      message_retention_days: '10',
      send_new_subscription_messages: false,
      ...settings,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'msg', 'result']);
    const id = res.body.id as number;
    expect(await channel(realm.member, id)).toMatchObject({
      stream_id: id,
      name,
      description: 'All *the* things',
      creator_id: realm.owner.user_id,
      invite_only: true,
      is_web_public: false,
      history_public_to_subscribers: true,
      message_retention_days: 10,
      topics_policy: 'allow_empty_topic',
      folder_id: folder,
      subscriber_count: 2,
      ...settings,
    });
    expect(await members(realm.member, id)).toEqual(ids(realm.member, realm.other));
    expect((await mySubscriptions(realm.owner)).map((s) => s.stream_id)).not.toContain(id);
  });

  it('applies the defaults, subscribing nobody for an empty list and the creator when listed', async () => {
    const empty = await create(realm.member, { name: unique('Empty') });
    expect(await channel(realm.member, empty)).toMatchObject({
      invite_only: false,
      is_web_public: false,
      history_public_to_subscribers: true,
      message_retention_days: null,
      topics_policy: 'inherit',
      folder_id: null,
      subscriber_count: 0,
      creator_id: realm.member.user_id,
      ...defaultGroupSettings(realm.member),
    });
    const self = await create(realm.member, { name: unique('Self'), subscribers: [realm.member.user_id] });
    expect(await members(realm.member, self)).toEqual([realm.member.user_id]);
    const defaulted = await create(realm.admin, { name: unique('Default'), is_default_stream: true });
    expect((ok(await realm.admin.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as Json[]).map((s) => s.stream_id)).toContain(defaulted);
  });

  it('requires subscribers', async () => {
    const name = unique('No subscribers');
    const res = await realm.member.api.post('/channels/create', { name });
    expect([res.status, res.body]).toEqual([400, { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'subscribers' argument", var_name: 'subscribers' }]);
    refused(await realm.member.api.get('/get_stream_id', { stream: name }), `Invalid channel name '${name}'`);
  });

  it('refuses a name in use, whatever its case, with HTTP 409 CHANNEL_ALREADY_EXISTS', async () => {
    const name = unique('Taken');
    await create(realm.owner, { name });
    refused(await realm.member.api.post('/channels/create', { name, subscribers: [] }), `Channel '${name}' already exists`, 'CHANNEL_ALREADY_EXISTS', 409);
    const upper = await realm.member.api.post('/channels/create', { name: `  ${name.toUpperCase()}`, subscribers: [] });
    expect([upper.status, upper.body.code]).toEqual([409, 'CHANNEL_ALREADY_EXISTS']);
    expect(upper.body.msg).toMatch(new RegExp(`^Channel '${name}' already exists$`, 'i'));
    // A private channel the caller cannot see holds its name too.
    const secret = unique('Hidden name');
    await create(realm.owner, { name: secret, invite_only: true });
    expect((await realm.member.api.post('/channels/create', { name: secret, subscribers: [] })).status).toBe(409);
  });

  it('refuses unknown or deactivated subscribers and guests, creating nothing', async () => {
    const gone = await realm.addUser({ name: 'Gone Too' });
    ok(await realm.admin.api.delete(`/users/${gone.user_id}`));
    for (const subscriber of [987654321, gone.user_id]) {
      const name = unique('Bad subscriber');
      const res = await realm.member.api.post('/channels/create', { name, subscribers: [subscriber] });
      expect([res.status, res.body.code]).toEqual([400, 'BAD_REQUEST']);
      refused(await realm.member.api.get('/get_stream_id', { stream: name }), `Invalid channel name '${name}'`);
    }
    refused(await realm.guest.api.post('/channels/create', { name: unique('Guest'), subscribers: [] }), 'Insufficient permission');
  });
});

describe('events', () => {
  /** Registers a queue for each user, before the change, so every event about the channel is seen. */
  async function queuesFor(...users: TestUser[]): Promise<Map<TestUser, string>> {
    return new Map(await Promise.all(users.map(async (user) => [user, await register(user)] as [TestUser, string])));
  }

  it('public channel: stream create to members (not guests), subscription add to the subscriber, peer_add to the others', async () => {
    const q = await queuesFor(realm.member, realm.other, realm.guest, realm.admin);
    const name = unique('Evented');
    ok(await subscribe(realm.member, [{ name, description: 'Hello' }]));
    const id = await idOf(realm.member, name);

    const mine = await eventsAbout(realm.member, q.get(realm.member)!, id, 2);
    expect(mine.map(summary)).toEqual(['stream create', 'subscription add']);
    expect(mine[0].streams).toEqual([expect.objectContaining({ stream_id: id, name, description: 'Hello', invite_only: false, creator_id: realm.member.user_id })]);
    expect(mine[1].subscriptions).toEqual([
      expect.objectContaining({
        stream_id: id,
        name,
        description: 'Hello',
        subscribers: [realm.member.user_id],
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        is_muted: false,
      }),
    ]);
    for (const user of [realm.other, realm.admin]) {
      expect((await eventsAbout(user, q.get(user)!, id, 2)).map(summary)).toEqual(['stream create', `peer_add ${realm.member.user_id}`]);
    }

    // Another member joins: the subscription (with its subscribers) to them, peer_add to the others.
    ok(await subscribe(realm.other, [name]));
    const joined = await eventsAbout(realm.other, q.get(realm.other)!, id, 3);
    expect(joined[2]).toMatchObject({ type: 'subscription', op: 'add' });
    expect(joined[2].subscriptions[0].subscribers).toEqual(ids(realm.member, realm.other));
    for (const user of [realm.member, realm.admin]) {
      const events = await eventsAbout(user, q.get(user)!, id, 3);
      expect(events[2]).toEqual({ id: expect.any(Number), type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [realm.other.user_id] });
    }

    const [guestSaw, otherSaw, memberSaw] = await eventsBeforeMarker(
      [
        [realm.guest, q.get(realm.guest)!],
        [realm.other, q.get(realm.other)!],
        [realm.member, q.get(realm.member)!],
      ],
      id,
    );
    expect(guestSaw).toEqual([]);
    expect(otherSaw.map(summary)).toEqual(['stream create', `peer_add ${realm.member.user_id}`, 'subscription add']);
    expect(memberSaw.map(summary)).toEqual(['stream create', 'subscription add', `peer_add ${realm.other.user_id}`]);
  });

  it('private channel: stream create to its subscribers and administrators only', async () => {
    const q = await queuesFor(realm.member, realm.other, realm.moderator, realm.admin, realm.owner);
    const name = unique('Evented private');
    const id = ok(await realm.admin.api.post('/channels/create', { name, invite_only: true, subscribers: [realm.member.user_id] })).id as number;

    const mine = await eventsAbout(realm.member, q.get(realm.member)!, id, 2);
    expect(mine.map(summary)).toEqual(['stream create', 'subscription add']);
    expect(mine[0].streams).toEqual([expect.objectContaining({ stream_id: id, name, invite_only: true })]);
    expect(mine[1].subscriptions).toEqual([expect.objectContaining({ stream_id: id, name, invite_only: true, subscribers: [realm.member.user_id] })]);
    for (const admin of [realm.admin, realm.owner]) {
      expect((await eventsAbout(admin, q.get(admin)!, id, 2)).map(summary)).toEqual(['stream create', `peer_add ${realm.member.user_id}`]);
    }

    const saw = await eventsBeforeMarker(
      [
        [realm.other, q.get(realm.other)!],
        [realm.moderator, q.get(realm.moderator)!],
        [realm.member, q.get(realm.member)!],
      ],
      id,
    );
    expect(saw.map((events) => events.map(summary))).toEqual([[], [], ['stream create', 'subscription add']]);
  });

  it('subscribing others: subscription add to each newcomer, peer_add to everyone else who sees the channel', async () => {
    const q = await queuesFor(realm.owner, realm.member, realm.moderator, realm.guest);
    const name = unique('Crowd');
    const id = await create(realm.owner, { name, subscribers: [realm.owner.user_id] });
    ok(await subscribe(realm.admin, [name], { principals: [realm.member.user_id, realm.other.user_id] }));

    const added = await eventsAbout(realm.member, q.get(realm.member)!, id, 3);
    expect(added.map(summary)).toEqual(['stream create', `peer_add ${realm.owner.user_id}`, 'subscription add']);
    expect([...added[2].subscriptions[0].subscribers].sort(byId)).toEqual(ids(realm.owner, realm.member, realm.other));
    const both = ids(realm.member, realm.other).join(',');
    expect((await eventsAbout(realm.owner, q.get(realm.owner)!, id, 3)).map(summary)).toEqual(['stream create', 'subscription add', `peer_add ${both}`]);
    expect((await eventsAbout(realm.moderator, q.get(realm.moderator)!, id, 3)).map(summary)).toEqual(['stream create', `peer_add ${realm.owner.user_id}`, `peer_add ${both}`]);

    const [guestSaw, memberSaw] = await eventsBeforeMarker(
      [
        [realm.guest, q.get(realm.guest)!],
        [realm.member, q.get(realm.member)!],
      ],
      id,
    );
    expect(guestSaw).toEqual([]);
    expect(memberSaw.map(summary)).toEqual(['stream create', `peer_add ${realm.owner.user_id}`, 'subscription add']);
  });

  it('unsubscribing from a public channel: subscription remove to the user, peer_remove to the others (subscribed guests too)', async () => {
    const q = await queuesFor(realm.member, realm.other, realm.guest);
    const name = unique('Quitting');
    const id = await create(realm.owner, { name, subscribers: [realm.member.user_id, realm.guest.user_id] });
    ok(await unsubscribe(realm.member, [name]));

    const mine = await eventsAbout(realm.member, q.get(realm.member)!, id, 3);
    expect(mine[2]).toEqual({ id: expect.any(Number), type: 'subscription', op: 'remove', subscriptions: [{ stream_id: id, name }] });
    for (const user of [realm.other, realm.guest]) {
      const events = await eventsAbout(user, q.get(user)!, id, 3);
      expect(events[2]).toEqual({ id: expect.any(Number), type: 'subscription', op: 'peer_remove', stream_ids: [id], user_ids: [realm.member.user_id] });
    }
    const [memberSaw, otherSaw, guestSaw] = await eventsBeforeMarker(
      [
        [realm.member, q.get(realm.member)!],
        [realm.other, q.get(realm.other)!],
        [realm.guest, q.get(realm.guest)!],
      ],
      id,
    );
    const pair = ids(realm.member, realm.guest).join(',');
    expect(memberSaw.map(summary)).toEqual(['stream create', 'subscription add', 'subscription remove']);
    expect(otherSaw.map(summary)).toEqual(['stream create', `peer_add ${pair}`, `peer_remove ${realm.member.user_id}`]);
    expect(guestSaw.map(summary)).toEqual(['stream create', 'subscription add', `peer_remove ${realm.member.user_id}`]);
  });

  it('unsubscribing from a private channel: stream delete to a member who loses sight of it, peer_remove to those who keep it', async () => {
    const q = await queuesFor(realm.member, realm.other, realm.admin, realm.moderator);
    const name = unique('Vanishing');
    const id = await create(realm.owner, { name, invite_only: true, subscribers: [realm.owner.user_id, realm.member.user_id, realm.other.user_id] });
    ok(await unsubscribe(realm.member, [name]));

    const mine = await eventsAbout(realm.member, q.get(realm.member)!, id, 4);
    expect(mine.map(summary)).toEqual(['stream create', 'subscription add', 'subscription remove', 'stream delete']);
    expect(mine[3].stream_ids).toEqual([id]);
    const all = ids(realm.owner, realm.member, realm.other).join(',');
    expect((await eventsAbout(realm.other, q.get(realm.other)!, id, 3)).map(summary)).toEqual(['stream create', 'subscription add', `peer_remove ${realm.member.user_id}`]);
    expect((await eventsAbout(realm.admin, q.get(realm.admin)!, id, 3)).map(summary)).toEqual(['stream create', `peer_add ${all}`, `peer_remove ${realm.member.user_id}`]);
    const [moderatorSaw, memberSaw] = await eventsBeforeMarker(
      [
        [realm.moderator, q.get(realm.moderator)!],
        [realm.member, q.get(realm.member)!],
      ],
      id,
    );
    expect(moderatorSaw).toEqual([]);
    expect(memberSaw).toHaveLength(4);
  });

  it('sends stream create, then subscription add, to whoever gains sight of an existing channel by being subscribed', async () => {
    const q = await queuesFor(realm.guest, realm.member);
    const open = unique('Seen by guest');
    const openId = await create(realm.owner, { name: open });
    const secret = unique('Seen by member');
    const secretId = await create(realm.owner, { name: secret, invite_only: true, subscribers: [realm.owner.user_id] });
    ok(await subscribe(realm.admin, [open], { principals: [realm.guest.user_id] }));
    ok(await subscribe(realm.owner, [secret], { principals: [realm.member.user_id] }));

    const [guestSaw] = await eventsBeforeMarker([[realm.guest, q.get(realm.guest)!]], openId);
    expect(guestSaw.map(summary)).toEqual(['stream create', 'subscription add']);
    expect(guestSaw[0].streams).toEqual([expect.objectContaining({ stream_id: openId, name: open, invite_only: false })]);
    const [memberSaw] = await eventsBeforeMarker([[realm.member, q.get(realm.member)!]], secretId);
    expect(memberSaw.map(summary)).toEqual(['stream create', 'subscription add']);
    expect(memberSaw[0].streams).toEqual([expect.objectContaining({ stream_id: secretId, name: secret, invite_only: true })]);
    expect([...memberSaw[1].subscriptions[0].subscribers].sort(byId)).toEqual(ids(realm.owner, realm.member));
  });
});

describe("Parley's bound on a realm's channels (MAX_CHANNELS_PER_REALM)", () => {
  const MAX = 5000;
  const TOO_MANY = `An organization may have at most ${MAX} channels.`;
  let pool: pg.Pool;
  beforeAll(() => {
    pool = testServicePool('channels', process.env.PARLEY_SECRET!, 1);
  });
  afterAll(async () => {
    await pool.query("DELETE FROM channels WHERE realm_id = $1 AND name LIKE 'bulk %'", [realm.realm_id]);
    await pool.end();
  });

  /** Fills the realm until `room` channels more would reach the bound, with archived channels written straight into the table (they count). */
  async function leaveRoom(room: number): Promise<void> {
    await pool.query("DELETE FROM channels WHERE realm_id = $1 AND name LIKE 'bulk %'", [realm.realm_id]);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM channels WHERE realm_id = $1', [realm.realm_id]);
    await pool.query(`INSERT INTO channels (realm_id, name, is_archived, group_settings) SELECT $1, 'bulk ' || g, true, '{}' FROM generate_series(1, $2) AS g`, [
      realm.realm_id,
      MAX - rows[0].n - room,
    ]);
  }
  const channelCount = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM channels WHERE realm_id = $1', [realm.realm_id])).rows[0].n;

  it('refuses a new channel past it, by every route, to every role that may create one; joining still works', async () => {
    const creators: [RoleName, TestUser][] = [
      ['owner', realm.owner],
      ['admin', realm.admin],
      ['moderator', realm.moderator],
      ['member', realm.member],
      ['bot', realm.bot],
    ];
    await leaveRoom(creators.length);
    const made: string[] = [];
    for (const [, user] of creators) {
      made.push(unique('Last room'));
      await create(user, { name: made[made.length - 1] });
    }
    expect(await channelCount()).toBe(MAX);
    const refusal = [400, 'error', 'BAD_REQUEST', TOO_MANY];
    for (const [role, user] of creators) {
      const answers = [
        await user.api.post('/channels/create', { name: unique('Too many'), subscribers: [] }),
        await subscribe(user, [unique('Too many')]),
        await user.api.patch('/users/me/subscriptions', { add: [{ name: unique('Too many') }] }),
      ];
      expect([role, answers.map((a) => [a.status, a.body.result, a.body.code, a.body.msg])]).toEqual([role, [refusal, refusal, refusal]]);
    }
    // A guest may create none at all, and is told so first.
    refused(await subscribe(realm.guest, [unique('Too many')]), 'Not allowed for guest users');
    refused(await realm.guest.api.post('/channels/create', { name: unique('Too many'), subscribers: [] }), 'Insufficient permission');
    expect(await channelCount()).toBe(MAX);
    // Channels that exist are joined as ever.
    ok(await subscribe(realm.other, made));
  });

  it('refuses a request that would pass it whole: two new channels with room for one make neither', async () => {
    await leaveRoom(1);
    const [first, second] = [unique('Pair'), unique('Pair')];
    refused(await subscribe(realm.member, [first, second]), TOO_MANY);
    refused(await realm.member.api.get('/get_stream_id', { stream: first }), `Invalid channel name '${first}'`);
    ok(await subscribe(realm.member, [first]));
    expect(await channelCount()).toBe(MAX);
  });

  it('holds under concurrent creates: 10 at once with room for 4 make exactly 4', async () => {
    await leaveRoom(4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => realm.member.api.post('/channels/create', { name: unique('Race'), subscribers: [] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) refused(a, TOO_MANY);
    expect(await channelCount()).toBe(MAX);
  });
});
