import { Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';

/**
 * Changing and archiving channels: PATCH /streams/{stream_id} (description, new_name, privacy,
 * is_default_stream, message_retention_days, is_archived, folder_id, topics_policy and the ten
 * group settings sent as {new, old}), who may change what (realm administrators, the
 * channel's can_administer_channel_group, metadata versus content access, and the realm's
 * channel-creation, web-public, topics-policy and delete-policy permissions), DELETE
 * /streams/{stream_id}, and the stream and default_streams events each change sends to
 * exactly the users who see the channel, with and without the archived_channels capability.
 * Where Zulip's own server code decides something the spec leaves open, the test says so.
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;

let realm: TestRealm;
/** A second realm, with spectator access off (its default). */
let closed: TestRealm;
let sys: Record<string, number>;
let limits: { max_stream_name_length: number; max_stream_description_length: number };
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

const NOT_CHANNEL_ADMIN = 'You do not have permission to administer this channel.';
const INVALID_CHANNEL = 'Invalid channel ID';
const CONTENT_REQUIRED = 'Channel content access is required.';
const INSUFFICIENT = 'Insufficient permission';
const ENVELOPE = { contract: 'envelope' as const };

const GROUP_SETTINGS = [
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
] as const;
/** The settings role:everyone may not hold (so guests never get them). */
const NO_EVERYONE = new Set(['can_add_subscribers_group', 'can_administer_channel_group', 'can_subscribe_group', 'can_delete_any_message_group']);

beforeAll(async () => {
  [realm, closed] = await Promise.all([createTestRealm('Channel updates realm'), createTestRealm('Closed channel updates realm')]);
  sys = await systemGroupIds(realm.realm_id);
  const spectators = await realm.owner.api.patch('/realm', { enable_spectator_access: true }, ENVELOPE);
  expect([spectators.status, spectators.body.msg]).toEqual([200, '']);
  limits = (await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).body as typeof limits;
  expect(limits.max_stream_name_length).toEqual(expect.any(Number));
});
afterAll(closeFixtures);

/** A channel made with POST /channels/create; its creator administers it and is subscribed unless told otherwise. */
async function createChannel(creator: TestUser, params: Params = {}): Promise<number> {
  const res = await creator.api.post('/channels/create', { name: unique('Channel'), subscribers: [creator.user_id], ...params });
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body.id as number;
}

async function streamOf(user: TestUser, id: number): Promise<Json> {
  const res = await user.api.get(`/streams/${id}`);
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body.stream as Json;
}

const update = (user: TestUser, id: number, params: Params) => user.api.patch(`/streams/${id}`, params);

async function expectUpdated(user: TestUser, id: number, params: Params): Promise<void> {
  const res = await update(user, id, params);
  expect([res.status, res.body.msg]).toEqual([200, '']);
}

function expectRefused(res: { status: number; body: Json }, msg: string | RegExp): void {
  expect([res.status, res.body.result, res.body.code]).toEqual([400, 'error', 'BAD_REQUEST']);
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
}

async function userGroup(members: TestUser[]): Promise<number> {
  const res = await realm.admin.api.post('/user_groups/create', { name: unique('Helpers'), description: 'Helpers', members: members.map((u) => u.user_id) });
  expect(res.status).toBe(200);
  return res.body.group_id as number;
}

async function defaultIds(user: TestUser): Promise<number[]> {
  const res = await user.api.get('/default_streams', {}, ENVELOPE);
  expect(res.status).toBe(200);
  return (res.body.default_streams as Json[]).map((c) => c.stream_id as number);
}

/** Numbers in order; anything else (a channel object where an ID belongs) left as it is, so it shows in the diff. */
const sorted = (values: unknown[]) => [...values].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : 0));

async function subscribe(by: TestUser, id: number, users: TestUser[]): Promise<void> {
  const { name } = await streamOf(by, id);
  const res = await by.api.post('/users/me/subscriptions', { subscriptions: [{ name }], principals: users.map((u) => u.user_id) });
  expect([res.status, res.body.msg]).toEqual([200, '']);
}

// --- events -------------------------------------------------------------------------------

/** A queue for channel events (default_streams events only where a test asks for them). */
async function register(user: TestUser, params: Params = {}, eventTypes = ['stream', 'subscription']): Promise<string> {
  const res = await user.api.post('/register', { event_types: eventTypes, fetch_event_types: ['stream', 'subscription'], ...params });
  expect(res.status).toBe(200);
  return res.body.queue_id as string;
}

/** A queue's events once one of them satisfies `until` (events travel through the outbox and the bus). */
async function eventsUntil(user: TestUser, queueId: string, until: (e: Json) => boolean): Promise<Json[]> {
  let events: Json[] = [];
  await eventually(async () => {
    const res = await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
    events = res.body.events as Json[];
    expect(events.some(until)).toBe(true);
  }, 10_000);
  return events;
}

const isUpdate = (id: number, property: string, value?: unknown) => (e: Json) =>
  e.type === 'stream' && e.op === 'update' && e.stream_id === id && e.property === property && (value === undefined || e.value === value);
const isStreamOp = (id: number, op: 'create' | 'delete') => (e: Json) =>
  e.type === 'stream' && e.op === op && (op === 'delete' ? (e.stream_ids as number[]).includes(id) : (e.streams as Json[]).some((s) => s.stream_id === id));
const updatesOf = (events: Json[], id: number) => events.filter((e) => e.type === 'stream' && e.op === 'update' && e.stream_id === id);

/**
 * Changes `markerChannel`'s description (as the owner) and returns `user`'s events once that
 * change reached them: events of one service arrive in order, so whatever the channels
 * service sent `user` before is there too, and whatever is missing was never sent.
 */
async function eventsThroughMarker(user: TestUser, queueId: string, markerChannel: number): Promise<Json[]> {
  const marker = unique('Marker');
  await expectUpdated(realm.owner, markerChannel, { description: marker });
  return eventsUntil(user, queueId, isUpdate(markerChannel, 'description', marker));
}

/** The first default_streams event (after event `after`) whose channel IDs satisfy `wanted`; the list is compared as IDs. */
async function defaultStreamsEvent(user: TestUser, queueId: string, wanted: (ids: unknown[]) => boolean, after = -1): Promise<Json> {
  const pick = (e: Json) => e.type === 'default_streams' && e.id > after && wanted(e.default_streams as unknown[]);
  const events = await eventsUntil(user, queueId, pick);
  return events.find(pick)!;
}

const withoutMarkers = (events: Json[]) => events.filter((e) => !(e.property === 'description' && String(e.value).startsWith('Marker')));

// ------------------------------------------------------------------------------------------

describe('PATCH /streams/{stream_id}: description', () => {
  it('changes the description and its rendering, newlines becoming spaces', async () => {
    const id = await createChannel(realm.member);
    await expectUpdated(realm.member, id, { description: 'Build <things> & more' });
    expect(await streamOf(realm.other, id)).toMatchObject({ description: 'Build <things> & more', rendered_description: '<p>Build &lt;things&gt; &amp; more</p>' });
    await expectUpdated(realm.member, id, { description: 'First line\nsecond line' });
    expect(await streamOf(realm.other, id)).toMatchObject({ description: 'First line second line', rendered_description: '<p>First line second line</p>' });
    await expectUpdated(realm.member, id, { description: '' });
    expect(await streamOf(realm.other, id)).toMatchObject({ description: '', rendered_description: '' });
  });

  it('takes max_stream_description_length characters and refuses one more', async () => {
    const id = await createChannel(realm.member);
    const longest = 'd'.repeat(limits.max_stream_description_length);
    await expectUpdated(realm.member, id, { description: longest });
    expectRefused(await update(realm.member, id, { description: `${longest}d` }), /too long/);
    expect((await streamOf(realm.member, id)).description).toBe(longest);
  });
});

describe('PATCH /streams/{stream_id}: new_name', () => {
  it('renames (trimmed), and allows changing the case of its own name', async () => {
    const id = await createChannel(realm.member);
    const name = unique('Renamed');
    await expectUpdated(realm.member, id, { new_name: `  ${name}  ` });
    expect((await streamOf(realm.other, id)).name).toBe(name);
    expect((await realm.other.api.get('/get_stream_id', { stream: name })).body.stream_id).toBe(id);
    await expectUpdated(realm.member, id, { new_name: name.toUpperCase() });
    expect((await streamOf(realm.other, id)).name).toBe(name.toUpperCase());
    const longest = `${unique('N')} `.padEnd(limits.max_stream_name_length, 'x');
    await expectUpdated(realm.member, id, { new_name: longest });
    expect((await streamOf(realm.other, id)).name).toBe(longest);
  });

  it("refuses another channel's name in any case, empty and long names and control characters", async () => {
    const taken = unique('Taken');
    await createChannel(realm.other, { name: taken });
    const id = await createChannel(realm.member);
    const { name } = await streamOf(realm.member, id);
    const cases: [string, string][] = [
      [taken, `Channel name '${taken}' is already taken.`],
      [taken.toLowerCase(), `Channel name '${taken.toLowerCase()}' is already taken.`],
      [taken.toUpperCase(), `Channel name '${taken.toUpperCase()}' is already taken.`],
      ['', "Channel name can't be empty."],
      ['   ', "Channel name can't be empty."],
      ['x'.repeat(limits.max_stream_name_length + 1), `Channel name too long (limit: ${limits.max_stream_name_length} characters).`],
      ['Bad\u0007Bell', 'Invalid character in channel name, at position 4.'],
    ];
    const results = await Promise.all(cases.map(([newName]) => update(realm.member, id, { new_name: newName })));
    results.forEach((res, i) => expectRefused(res, cases[i][1]));
    expect((await streamOf(realm.member, id)).name).toBe(name);
  });
});

describe('PATCH /streams/{stream_id}: privacy', () => {
  it('makes a public channel private and public again, history as asked', async () => {
    const id = await createChannel(realm.member);
    await expectUpdated(realm.member, id, { is_private: true, history_public_to_subscribers: true });
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: true, is_web_public: false, history_public_to_subscribers: true });
    await expectUpdated(realm.member, id, { history_public_to_subscribers: false });
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    await expectUpdated(realm.member, id, { is_private: false });
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: false, is_web_public: false, history_public_to_subscribers: true });
  });

  // Zulip (update_stream_backend): without history_public_to_subscribers, a channel made
  // private gets protected history ("private streams have protected history by default").
  it('gives a channel made private without history_public_to_subscribers protected history, as Zulip', async () => {
    const id = await createChannel(realm.member);
    await expectUpdated(realm.member, id, { is_private: true });
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
  });

  it('makes a channel web-public and back (the owner)', async () => {
    const id = await createChannel(realm.member);
    await expectUpdated(realm.owner, id, { is_web_public: true });
    expect(await streamOf(realm.guest, id)).toMatchObject({ invite_only: false, is_web_public: true, history_public_to_subscribers: true });
    await expectUpdated(realm.owner, id, { is_web_public: false });
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: false, is_web_public: false, history_public_to_subscribers: true });
    const privateId = await createChannel(realm.owner, { invite_only: true });
    await expectUpdated(realm.owner, privateId, { is_private: false, is_web_public: true });
    expect(await streamOf(realm.guest, privateId)).toMatchObject({ invite_only: false, is_web_public: true, history_public_to_subscribers: true });
  });

  it('refuses combinations a channel cannot have with "Invalid parameters"', async () => {
    const publicId = await createChannel(realm.owner);
    const privateId = await createChannel(realm.owner, { invite_only: true });
    const webPublicId = await createChannel(realm.owner, { is_web_public: true });
    const cases: [number, Params][] = [
      [publicId, { history_public_to_subscribers: false }],
      [publicId, { is_private: false, history_public_to_subscribers: false }],
      [publicId, { is_private: true, is_web_public: true }],
      [privateId, { is_private: false, history_public_to_subscribers: false }],
      [privateId, { is_private: true, is_web_public: true }],
      [webPublicId, { history_public_to_subscribers: false }],
      [webPublicId, { is_web_public: true, history_public_to_subscribers: false }],
    ];
    for (const res of await Promise.all(cases.map(([id, params]) => update(realm.owner, id, params)))) expectRefused(res, 'Invalid parameters');
    expect(await streamOf(realm.owner, publicId)).toMatchObject({ invite_only: false, is_web_public: false, history_public_to_subscribers: true });
    expect(await streamOf(realm.owner, privateId)).toMatchObject({ invite_only: true, is_web_public: false, history_public_to_subscribers: false });
    expect(await streamOf(realm.owner, webPublicId)).toMatchObject({ invite_only: false, is_web_public: true, history_public_to_subscribers: true });
  });
});

describe('PATCH /streams/{stream_id}: is_default_stream', () => {
  it.each(['owner', 'admin'] as RoleName[])('lets the %s add and remove a default channel', async (role) => {
    const id = await createChannel(realm.member);
    await expectUpdated(realm[role], id, { is_default_stream: true });
    expect(await defaultIds(realm.member)).toContain(id);
    await expectUpdated(realm[role], id, { is_default_stream: false });
    expect(await defaultIds(realm.member)).not.toContain(id);
  });

  it.each(['moderator', 'member', 'bot'] as RoleName[])('refuses the %s, who administers the channel but not the organization', async (role) => {
    const id = await createChannel(realm[role]);
    expectRefused(await update(realm[role], id, { is_default_stream: true }), 'Must be an organization administrator');
    expect(await defaultIds(realm.member)).not.toContain(id);
  });

  it('never lets a default channel be private', async () => {
    const privateId = await createChannel(realm.admin, { invite_only: true });
    expectRefused(await update(realm.admin, privateId, { is_default_stream: true }), 'A default channel cannot be private.');
    const defaultId = await createChannel(realm.admin, { is_default_stream: true });
    expectRefused(await update(realm.admin, defaultId, { is_private: true }), 'A default channel cannot be private.');
    expect((await streamOf(realm.admin, defaultId)).invite_only).toBe(false);
    expect(await defaultIds(realm.admin)).toEqual(expect.arrayContaining([defaultId]));
    expect(await defaultIds(realm.admin)).not.toContain(privateId);
    // Both at once: the proposed state counts, not the current one.
    await expectUpdated(realm.admin, privateId, { is_private: false, is_default_stream: true });
    expect(await defaultIds(realm.admin)).toContain(privateId);
    await expectUpdated(realm.admin, defaultId, { is_private: true, is_default_stream: false });
    expect(await defaultIds(realm.admin)).not.toContain(defaultId);
    expect((await streamOf(realm.admin, defaultId)).invite_only).toBe(true);
  });
});

describe('PATCH /streams/{stream_id}: message_retention_days', () => {
  it('takes days, "realm_default" (null) and "unlimited" (-1) from the owner, raw or JSON-encoded', async () => {
    const id = await createChannel(realm.member);
    const cases: [Params['x'], number | null][] = [
      [30, 30],
      ['"unlimited"', -1],
      ['realm_default', null],
      ['unlimited', -1],
      ['"realm_default"', null],
      ['7', 7],
    ];
    for (const [value, stored] of cases) {
      await expectUpdated(realm.owner, id, { message_retention_days: value });
      expect((await streamOf(realm.member, id)).message_retention_days).toBe(stored);
    }
  });

  it('refuses the old "forever" and days that are not positive', async () => {
    const id = await createChannel(realm.member);
    expectRefused(await update(realm.owner, id, { message_retention_days: 'forever' }), "Bad value for 'message_retention_days': forever");
    expectRefused(await update(realm.owner, id, { message_retention_days: 0 }), "Bad value for 'message_retention_days': 0");
    expectRefused(await update(realm.owner, id, { message_retention_days: -5 }), "Bad value for 'message_retention_days': -5");
    expect((await streamOf(realm.member, id)).message_retention_days).toBeNull();
  });

  it.each(['admin', 'moderator', 'member', 'bot'] as RoleName[])('refuses the %s: "Must be an organization owner"', async (role) => {
    const id = await createChannel(role === 'admin' ? realm.member : realm[role]);
    expectRefused(await update(realm[role], id, { message_retention_days: 30 }), 'Must be an organization owner');
    expect((await streamOf(realm.member, id)).message_retention_days).toBeNull();
  });
});

describe('PATCH /streams/{stream_id}: is_archived', () => {
  it('unarchives an archived channel with is_archived=false', async () => {
    const id = await createChannel(realm.member);
    expect((await realm.admin.api.delete(`/streams/${id}`)).status).toBe(200);
    await expectUpdated(realm.admin, id, { is_archived: false });
    expect((await streamOf(realm.member, id)).is_archived).toBe(false);
    expect(((await realm.member.api.get('/streams')).body.streams as Json[]).map((c) => c.stream_id)).toContain(id);
  });

  it('refuses is_archived=true: archiving is DELETE /streams/{stream_id}', async () => {
    const id = await createChannel(realm.member);
    expectRefused(await update(realm.admin, id, { is_archived: true }), /./);
    expect((await streamOf(realm.member, id)).is_archived).toBe(false);
  });

  // Zulip's do_unarchive_stream; the reference: "only allows unarchiving previously archived channels".
  it('refuses to unarchive a channel that is not archived', async () => {
    const id = await createChannel(realm.member);
    expectRefused(await update(realm.admin, id, { is_archived: false }), 'Channel is not currently deactivated');
  });

  // The reference: "Before Zulip 10.0 (feature level 362), channel privacy could not be edited
  // for archived channels" (the help center: an archived channel can be made private to hide it).
  it('changes the privacy of an archived channel (feature level 362)', async () => {
    const id = await createChannel(realm.member);
    expect((await realm.admin.api.delete(`/streams/${id}`)).status).toBe(200);
    await expectUpdated(realm.member, id, { is_private: true, history_public_to_subscribers: true });
    expect(await streamOf(realm.member, id)).toMatchObject({ is_archived: true, invite_only: true, history_public_to_subscribers: true });
  });
});

describe('PATCH /streams/{stream_id}: folder_id', () => {
  it('puts the channel in a folder and takes it out with null; unknown folders are refused', async () => {
    const folder = await realm.admin.api.post('/channel_folders/create', { name: unique('Folder'), description: '' });
    expect(folder.status).toBe(200);
    const folderId = folder.body.channel_folder_id as number;
    const elsewhere = (await closed.admin.api.post('/channel_folders/create', { name: unique('Folder'), description: '' })).body.channel_folder_id as number;
    const id = await createChannel(realm.member);
    await expectUpdated(realm.member, id, { folder_id: folderId });
    expect((await streamOf(realm.other, id)).folder_id).toBe(folderId);
    for (const bad of [folderId + 100_000, elsewhere]) expectRefused(await update(realm.member, id, { folder_id: bad }), 'Invalid channel folder ID');
    expect((await streamOf(realm.other, id)).folder_id).toBe(folderId);
    await expectUpdated(realm.member, id, { folder_id: null });
    expect((await streamOf(realm.other, id)).folder_id).toBeNull();
  });
});

describe('PATCH /streams/{stream_id}: topics_policy', () => {
  it('sets each policy; empty_topic_only too, as the channel has no messages', async () => {
    const id = await createChannel(realm.moderator);
    for (const policy of ['allow_empty_topic', 'disable_empty_topic', 'empty_topic_only', 'inherit']) {
      await expectUpdated(realm.moderator, id, { topics_policy: policy });
      expect((await streamOf(realm.member, id)).topics_policy).toBe(policy);
    }
  });

  it('refuses an unknown policy', async () => {
    const id = await createChannel(realm.moderator);
    expectRefused(await update(realm.moderator, id, { topics_policy: 'topics_only' }), /topics_policy/);
    expect((await streamOf(realm.member, id)).topics_policy).toBe('inherit');
  });

  it.each([
    ['owner', true],
    ['admin', true],
    ['moderator', true],
    ['member', false],
    ['bot', false],
  ] as [RoleName, boolean][])("needs the realm's can_set_topics_policy_group (moderators): %s administering the channel allowed=%s", async (role, allowed) => {
    const id = await createChannel(role === 'owner' || role === 'admin' ? realm.member : realm[role]);
    const res = await update(realm[role], id, { topics_policy: 'disable_empty_topic' });
    if (allowed) expect([res.status, res.body.msg]).toEqual([200, '']);
    else expectRefused(res, INSUFFICIENT);
    expect((await streamOf(realm.member, id)).topics_policy).toBe(allowed ? 'disable_empty_topic' : 'inherit');
  });
});

describe('PATCH /streams/{stream_id}: group settings ({new, old})', () => {
  it.each(GROUP_SETTINGS)('%s: a group, then a combination with a matching old; refuses a mismatching old, unknown groups and users, role:everyone where not allowed', async (setting) => {
    const id = await createChannel(realm.admin);
    const current = async () => (await streamOf(realm.admin, id))[setting];
    const helpers = await userGroup([realm.member]);
    await expectUpdated(realm.admin, id, { [setting]: { new: helpers } });
    expect(await current()).toBe(helpers);
    const members = [realm.member.user_id, realm.other.user_id].sort((a, b) => a - b);
    const combination = { direct_members: members, direct_subgroups: [sys['role:moderators']] };
    await expectUpdated(realm.admin, id, { [setting]: { new: combination, old: helpers } });
    expect(await current()).toEqual(combination);

    expectRefused(await update(realm.admin, id, { [setting]: { new: sys['role:members'], old: helpers } }), "'old' value does not match the expected value.");
    const unknownGroup = await update(realm.admin, id, { [setting]: { new: Math.max(...Object.values(sys)) + 100_000 } });
    expect([unknownGroup.status, unknownGroup.body.code]).toEqual([400, 'BAD_REQUEST']);
    const stranger = await update(realm.admin, id, { [setting]: { new: { direct_members: [closed.member.user_id], direct_subgroups: [] } } });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'BAD_REQUEST']);
    const internet = await update(realm.admin, id, { [setting]: { new: sys['role:internet'] } });
    expect([internet.status, internet.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(await current()).toEqual(combination);

    // old compares values whatever the order of their lists.
    const reordered = { direct_members: [...members].reverse(), direct_subgroups: [sys['role:moderators']] };
    const everyone = await update(realm.admin, id, { [setting]: { new: sys['role:everyone'], old: reordered } });
    if (NO_EVERYONE.has(setting)) {
      expectRefused(everyone, `'${setting}' setting cannot be set to 'role:everyone' group.`);
      expect(await current()).toEqual(combination);
    } else {
      expect([everyone.status, everyone.body.msg]).toEqual([200, '']);
      expect(await current()).toBe(sys['role:everyone']);
    }
  });

  it.each(['can_delete_any_message_group', 'can_delete_own_message_group'])("%s needs the realm's can_set_delete_message_policy_group (moderators)", async (setting) => {
    const memberChannel = await createChannel(realm.member);
    expectRefused(await update(realm.member, memberChannel, { [setting]: { new: sys['role:members'] } }), INSUFFICIENT);
    expect((await streamOf(realm.member, memberChannel))[setting]).toBe(sys['role:nobody']);
    const moderatorChannel = await createChannel(realm.moderator);
    await expectUpdated(realm.moderator, moderatorChannel, { [setting]: { new: sys['role:members'] } });
    expect((await streamOf(realm.member, moderatorChannel))[setting]).toBe(sys['role:members']);
  });
});

describe('PATCH /streams/{stream_id}: who may edit', () => {
  it.each([
    ['owner', null],
    ['admin', null],
    ['moderator', NOT_CHANNEL_ADMIN],
    ['member', NOT_CHANNEL_ADMIN],
    ['guest', INVALID_CHANNEL],
    ['bot', NOT_CHANNEL_ADMIN],
  ] as [RoleName, string | null][])('a public channel another member created: %s → %s', async (role, error) => {
    const id = await createChannel(realm.other);
    const res = await update(realm[role], id, { description: `Edited by ${role}` });
    if (error) expectRefused(res, error);
    else expect([res.status, res.body.msg]).toEqual([200, '']);
    expect((await streamOf(realm.other, id)).description).toBe(error ? '' : `Edited by ${role}`);
  });

  it('tells a guest subscribed to the channel that they do not administer it', async () => {
    const id = await createChannel(realm.other, { subscribers: [realm.other.user_id, realm.guest.user_id] });
    expectRefused(await update(realm.guest, id, { description: 'Guest was here' }), NOT_CHANNEL_ADMIN);
  });

  it('lets members of can_administer_channel_group edit, directly or through a user group', async () => {
    const id = await createChannel(realm.other);
    expect((await streamOf(realm.other, id)).can_administer_channel_group).toEqual({ direct_members: [realm.other.user_id], direct_subgroups: [] });
    expectRefused(await update(realm.member, id, { description: 'Not yet' }), NOT_CHANNEL_ADMIN);
    const helpers = await userGroup([realm.member]);
    await expectUpdated(realm.other, id, { can_administer_channel_group: { new: { direct_members: [realm.other.user_id], direct_subgroups: [helpers] } } });
    await expectUpdated(realm.member, id, { description: 'Through the group' });
    await expectUpdated(realm.other, id, { can_administer_channel_group: { new: { direct_members: [realm.other.user_id, realm.moderator.user_id], direct_subgroups: [] } } });
    await expectUpdated(realm.moderator, id, { description: 'Directly' });
    expectRefused(await update(realm.member, id, { description: 'No longer' }), NOT_CHANNEL_ADMIN);
    expect((await streamOf(realm.other, id)).description).toBe('Directly');
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as RoleName[])('hides a private channel the %s cannot see: "Invalid channel ID"', async (role) => {
    const id = await createChannel(realm.other, { invite_only: true });
    expectRefused(await update(realm[role], id, { description: 'Peek' }), INVALID_CHANNEL);
    expectRefused(await realm[role].api.delete(`/streams/${id}`), INVALID_CHANNEL);
    expect(await streamOf(realm.other, id)).toMatchObject({ description: '', is_archived: false });
  });

  it.each(['owner', 'admin'] as RoleName[])('lets the %s, not subscribed to a private channel, change its metadata-access settings but not its content-access ones until subscribed', async (role) => {
    const user = realm[role];
    const id = await createChannel(realm.other, { invite_only: true });
    const helpers = await userGroup([realm.member]);
    const name = unique('Renamed private');
    const administrators = { direct_members: [realm.other.user_id, realm.moderator.user_id], direct_subgroups: [] };
    await expectUpdated(user, id, { new_name: name });
    await expectUpdated(user, id, { description: 'Metadata only' });
    await expectUpdated(user, id, { can_remove_subscribers_group: { new: sys['role:moderators'] } });
    await expectUpdated(user, id, { can_administer_channel_group: { new: administrators } });
    await expectUpdated(user, id, { can_send_message_group: { new: sys['role:members'] } });
    expect(await streamOf(user, id)).toMatchObject({
      name,
      description: 'Metadata only',
      can_remove_subscribers_group: sys['role:moderators'],
      can_administer_channel_group: administrators,
      can_send_message_group: sys['role:members'],
    });

    const contentChanges: Params[] = [
      { is_private: false },
      { is_private: false, is_web_public: true },
      { history_public_to_subscribers: true },
      { can_add_subscribers_group: { new: helpers } },
      { can_subscribe_group: { new: helpers } },
    ];
    for (const res of await Promise.all(contentChanges.map((params) => update(user, id, params)))) expectRefused(res, CONTENT_REQUIRED);
    expect(await streamOf(user, id)).toMatchObject({
      invite_only: true,
      is_web_public: false,
      history_public_to_subscribers: false,
      can_add_subscribers_group: sys['role:nobody'],
      can_subscribe_group: sys['role:nobody'],
    });

    await subscribe(realm.other, id, [user]);
    await expectUpdated(user, id, { history_public_to_subscribers: true });
    await expectUpdated(user, id, { can_add_subscribers_group: { new: helpers } });
    await expectUpdated(user, id, { can_subscribe_group: { new: helpers } });
    await expectUpdated(user, id, { is_private: false });
    expect(await streamOf(user, id)).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
      can_add_subscribers_group: helpers,
      can_subscribe_group: helpers,
    });
  });

  it('lets a channel administrator by group, not subscribed to a private channel, rename it but not change its privacy', async () => {
    const id = await createChannel(realm.other, {
      invite_only: true,
      can_administer_channel_group: { direct_members: [realm.other.user_id, realm.member.user_id], direct_subgroups: [] },
    });
    const name = unique('Administered');
    await expectUpdated(realm.member, id, { new_name: name });
    expect((await streamOf(realm.member, id)).name).toBe(name);
    expectRefused(await update(realm.member, id, { is_private: false }), CONTENT_REQUIRED);
    expectRefused(await update(realm.member, id, { can_subscribe_group: { new: sys['role:members'] } }), CONTENT_REQUIRED);
    expect(await streamOf(realm.member, id)).toMatchObject({ invite_only: true, can_subscribe_group: sys['role:nobody'] });
  });
});

describe("PATCH /streams/{stream_id}: the realm's permissions", () => {
  // These tests change the closed realm's settings; elsewhere only its owner creates channels there.
  let strict: TestRealm;
  let strictSys: Record<string, number>;
  beforeAll(async () => {
    strict = closed;
    strictSys = await systemGroupIds(strict.realm_id);
  });

  async function setRealm(setting: string, group: string): Promise<void> {
    const res = await strict.owner.api.patch('/realm', { [setting]: { new: strictSys[group] } }, ENVELOPE);
    expect([res.status, res.body.msg]).toEqual([200, '']);
  }

  it('makes channels public with can_create_public_channel_group and private with can_create_private_channel_group', async () => {
    const both = { direct_members: [strict.member.user_id, strict.moderator.user_id], direct_subgroups: [] };
    const subscribers = [strict.member.user_id, strict.moderator.user_id];
    const publicId = await createChannel(strict.member, { subscribers, can_administer_channel_group: both });
    const privateId = await createChannel(strict.member, { subscribers, can_administer_channel_group: both, invite_only: true });
    await setRealm('can_create_public_channel_group', 'role:moderators');
    await setRealm('can_create_private_channel_group', 'role:moderators');
    expectRefused(await update(strict.member, publicId, { is_private: true }), INSUFFICIENT);
    expectRefused(await update(strict.member, privateId, { is_private: false }), INSUFFICIENT);
    expect((await streamOf(strict.member, publicId)).invite_only).toBe(false);
    expect((await streamOf(strict.member, privateId)).invite_only).toBe(true);
    await expectUpdated(strict.moderator, publicId, { is_private: true });
    await expectUpdated(strict.moderator, privateId, { is_private: false });
    expect((await streamOf(strict.member, publicId)).invite_only).toBe(true);
    expect((await streamOf(strict.member, privateId)).invite_only).toBe(false);
  });

  it('follows changes of can_set_topics_policy_group and can_set_delete_message_policy_group', async () => {
    const id = await createChannel(strict.owner, { can_administer_channel_group: { direct_members: [strict.member.user_id], direct_subgroups: [] } });
    expectRefused(await update(strict.member, id, { topics_policy: 'allow_empty_topic' }), INSUFFICIENT);
    expectRefused(await update(strict.member, id, { can_delete_own_message_group: { new: strictSys['role:members'] } }), INSUFFICIENT);
    await setRealm('can_set_topics_policy_group', 'role:members');
    await setRealm('can_set_delete_message_policy_group', 'role:members');
    await expectUpdated(strict.member, id, { topics_policy: 'allow_empty_topic' });
    await expectUpdated(strict.member, id, { can_delete_own_message_group: { new: strictSys['role:members'] } });
    expect(await streamOf(strict.member, id)).toMatchObject({ topics_policy: 'allow_empty_topic', can_delete_own_message_group: strictSys['role:members'] });
  });

  it.each([
    ['owner', null],
    ['admin', INSUFFICIENT],
    ['moderator', INSUFFICIENT],
    ['member', INSUFFICIENT],
    ['bot', INSUFFICIENT],
  ] as [RoleName, string | null][])('makes a channel web-public with can_create_web_public_channel_group (owners): %s → %s', async (role, error) => {
    const id = await createChannel(role === 'owner' || role === 'admin' ? realm.member : realm[role]);
    const res = await update(realm[role], id, { is_web_public: true });
    if (error) expectRefused(res, error);
    else expect([res.status, res.body.msg]).toEqual([200, '']);
    expect((await streamOf(realm.member, id)).is_web_public).toBe(!error);
  });

  it("refuses web-public channels while the realm's spectator access is off", async () => {
    const id = await createChannel(closed.owner);
    expectRefused(await update(closed.owner, id, { is_web_public: true }), 'Web-public channels are not enabled.');
    expect((await streamOf(closed.owner, id)).is_web_public).toBe(false);
  });
});

describe('DELETE /streams/{stream_id}', () => {
  it('archives: GET /streams leaves the channel out unless exclude_archived=false', async () => {
    const id = await createChannel(realm.member);
    const res = await realm.admin.api.delete(`/streams/${id}`);
    expect([res.status, res.body]).toEqual([200, { result: 'success', msg: '' }]);
    expect((await streamOf(realm.member, id)).is_archived).toBe(true);
    const listed = async (params: Params) => ((await realm.member.api.get('/streams', params)).body.streams as Json[]).find((c) => c.stream_id === id);
    expect(await listed({})).toBeUndefined();
    expect(await listed({ exclude_archived: false })).toMatchObject({ stream_id: id, is_archived: true });
  });

  it.each([
    ['owner', null],
    ['admin', null],
    ['moderator', NOT_CHANNEL_ADMIN],
    ['member', NOT_CHANNEL_ADMIN],
    ['guest', INVALID_CHANNEL],
    ['bot', NOT_CHANNEL_ADMIN],
  ] as [RoleName, string | null][])('a public channel another member created: %s → %s', async (role, error) => {
    const id = await createChannel(realm.other);
    const res = await realm[role].api.delete(`/streams/${id}`);
    if (error) expectRefused(res, error);
    else expect([res.status, res.body.msg]).toEqual([200, '']);
    expect((await streamOf(realm.other, id)).is_archived).toBe(!error);
  });

  it("lets the channel's creator archive it (can_administer_channel_group)", async () => {
    const id = await createChannel(realm.member);
    expect((await realm.member.api.delete(`/streams/${id}`)).status).toBe(200);
    expect((await streamOf(realm.member, id)).is_archived).toBe(true);
  });

  it('refuses an archived channel and an unknown ID', async () => {
    const id = await createChannel(realm.member);
    expect((await realm.admin.api.delete(`/streams/${id}`)).status).toBe(200);
    expectRefused(await realm.admin.api.delete(`/streams/${id}`), 'Channel is already deactivated');
    expectRefused(await realm.admin.api.delete(`/streams/${id + 100_000}`), INVALID_CHANNEL);
    expectRefused(await update(realm.admin, id + 100_000, { description: 'Ghost' }), INVALID_CHANNEL);
  });

  it("refuses another realm's channel as unknown", async () => {
    const theirs = await createChannel(closed.owner);
    expectRefused(await realm.admin.api.delete(`/streams/${theirs}`), INVALID_CHANNEL);
    expectRefused(await update(realm.admin, theirs, { description: 'Mine' }), INVALID_CHANNEL);
    expect(await streamOf(closed.owner, theirs)).toMatchObject({ is_archived: false, description: '' });
  });

  it('takes an archived default channel out of the default channels, and tells the realm', async () => {
    const id = await createChannel(realm.admin, { is_default_stream: true });
    expect(await defaultIds(realm.member)).toContain(id);
    const queue = await register(realm.member, {}, ['default_streams']);
    expect((await realm.admin.api.delete(`/streams/${id}`)).status).toBe(200);
    const remaining = await defaultIds(realm.member);
    expect(remaining).not.toContain(id);
    const event = await defaultStreamsEvent(realm.member, queue, (ids) => !ids.includes(id));
    expect(event).toEqual({ id: expect.any(Number), type: 'default_streams', default_streams: expect.any(Array) });
    expect(sorted(event.default_streams)).toEqual(sorted(remaining));
  });
});

describe('events', () => {
  /** A public channel the guest is subscribed to: every user sees it, so it carries the markers. */
  let everyone: number;
  beforeAll(async () => {
    everyone = await createChannel(realm.owner, { subscribers: [realm.owner.user_id, realm.guest.user_id] });
  });

  it('sends one stream update per changed property to the members who see a public channel, none to guests', async () => {
    const id = await createChannel(realm.member);
    const folder = (await realm.admin.api.post('/channel_folders/create', { name: unique('Folder'), description: '' })).body.channel_folder_id as number;
    const { name } = await streamOf(realm.member, id);
    const newName = unique('Evented');
    const queue = await register(realm.other);
    const guestQueue = await register(realm.guest);
    const changes: Params[] = [
      { description: 'Now <b>described</b>' },
      { new_name: newName },
      { message_retention_days: 7 },
      { topics_policy: 'disable_empty_topic' },
      { folder_id: folder },
      { can_send_message_group: { new: sys['role:members'] } },
      { can_remove_subscribers_group: { new: sys['role:moderators'] } },
    ];
    for (const params of changes) await expectUpdated(realm.owner, id, params);
    const base = { id: expect.any(Number), type: 'stream', op: 'update', stream_id: id };
    const events = await eventsThroughMarker(realm.other, queue, everyone);
    expect(updatesOf(events, id)).toEqual([
      { ...base, name, property: 'description', value: 'Now <b>described</b>', rendered_description: '<p>Now &lt;b&gt;described&lt;/b&gt;</p>' },
      { ...base, name, property: 'name', value: newName },
      { ...base, name: newName, property: 'message_retention_days', value: 7 },
      { ...base, name: newName, property: 'topics_policy', value: 'disable_empty_topic' },
      { ...base, name: newName, property: 'folder_id', value: folder },
      { ...base, name: newName, property: 'can_send_message_group', value: sys['role:members'] },
      { ...base, name: newName, property: 'can_remove_subscribers_group', value: sys['role:moderators'] },
    ]);
    expect(updatesOf(await eventsThroughMarker(realm.guest, guestQueue, everyone), id)).toEqual([]);
    // folder_id null and a group-setting combination travel as they are.
    const combination = { direct_members: [realm.member.user_id], direct_subgroups: [sys['role:moderators']] };
    await expectUpdated(realm.owner, id, { folder_id: null });
    await expectUpdated(realm.owner, id, { can_send_message_group: { new: combination } });
    const later = updatesOf(await eventsThroughMarker(realm.other, queue, everyone), id);
    expect(later.slice(-2)).toEqual([
      { ...base, name: newName, property: 'folder_id', value: null },
      { ...base, name: newName, property: 'can_send_message_group', value: combination },
    ]);
  });

  it("sends a private channel's updates to its subscribers and the administrators only", async () => {
    const id = await createChannel(realm.member, { invite_only: true, subscribers: [realm.member.user_id, realm.other.user_id] });
    const queues = { member: await register(realm.member), other: await register(realm.other), admin: await register(realm.admin), moderator: await register(realm.moderator) };
    await expectUpdated(realm.member, id, { description: 'Secret plans' });
    for (const role of ['member', 'other', 'admin'] as const) {
      const events = await eventsThroughMarker(realm[role], queues[role], everyone);
      expect(updatesOf(events, id).map((e) => [e.property, e.value])).toEqual([['description', 'Secret plans']]);
    }
    expect(updatesOf(await eventsThroughMarker(realm.moderator, queues.moderator, everyone), id)).toEqual([]);
  });

  // Zulip sends one `invite_only` update for any privacy change, carrying history_public_to_subscribers
  // and is_web_public (the reference: those fields are "only present if the changed property was
  // invite_only"; Zulip's web client handles privacy only through that property).
  it('tells a privacy change in one invite_only update with history_public_to_subscribers and is_web_public', async () => {
    const id = await createChannel(realm.member, { subscribers: [realm.member.user_id, realm.owner.user_id] });
    const { name } = await streamOf(realm.member, id);
    const queue = await register(realm.admin);
    const base = { id: expect.any(Number), type: 'stream', op: 'update', stream_id: id, name, property: 'invite_only' };
    await expectUpdated(realm.owner, id, { is_web_public: true });
    expect(withoutMarkers(updatesOf(await eventsThroughMarker(realm.admin, queue, id), id))).toEqual([{ ...base, value: false, history_public_to_subscribers: true, is_web_public: true }]);
    await expectUpdated(realm.owner, id, { is_private: true, is_web_public: false, history_public_to_subscribers: false });
    await expectUpdated(realm.owner, id, { history_public_to_subscribers: true });
    expect(withoutMarkers(updatesOf(await eventsThroughMarker(realm.admin, queue, id), id))).toEqual([
      { ...base, value: false, history_public_to_subscribers: true, is_web_public: true },
      { ...base, value: true, history_public_to_subscribers: false, is_web_public: false },
      { ...base, value: true, history_public_to_subscribers: true, is_web_public: false },
    ]);
  });

  it('sends stream delete to members who lose sight of a channel made private, and the update to who keeps it', async () => {
    const id = await createChannel(realm.member);
    const { name } = await streamOf(realm.member, id);
    const queues = { member: await register(realm.member), other: await register(realm.other), admin: await register(realm.admin) };
    await expectUpdated(realm.member, id, { is_private: true, history_public_to_subscribers: true });
    const expected = { id: expect.any(Number), type: 'stream', op: 'update', stream_id: id, name, property: 'invite_only', value: true, history_public_to_subscribers: true, is_web_public: false };
    for (const role of ['member', 'admin'] as const) {
      const events = await eventsThroughMarker(realm[role], queues[role], everyone);
      expect(updatesOf(events, id)).toEqual([expected]);
      expect(events.filter(isStreamOp(id, 'delete'))).toEqual([]);
    }
    const events = await eventsThroughMarker(realm.other, queues.other, everyone);
    expect(events.filter(isStreamOp(id, 'delete'))).toEqual([{ id: expect.any(Number), type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] }]);
    expect(updatesOf(events, id)).toEqual([]);
  });

  it('sends stream create to members who gain sight of a channel made public, none to guests', async () => {
    const id = await createChannel(realm.member, { invite_only: true });
    const { name } = await streamOf(realm.member, id);
    const queues = { member: await register(realm.member), other: await register(realm.other), guest: await register(realm.guest) };
    await expectUpdated(realm.member, id, { is_private: false });
    const gained = await eventsUntil(realm.other, queues.other, isStreamOp(id, 'create'));
    expect(gained.filter(isStreamOp(id, 'create'))).toEqual([
      {
        id: expect.any(Number),
        type: 'stream',
        op: 'create',
        streams: [expect.objectContaining({ stream_id: id, name, invite_only: false, is_web_public: false, history_public_to_subscribers: true, is_archived: false })],
      },
    ]);
    expect(updatesOf(await eventsThroughMarker(realm.member, queues.member, everyone), id)).toEqual([
      { id: expect.any(Number), type: 'stream', op: 'update', stream_id: id, name, property: 'invite_only', value: false, history_public_to_subscribers: true, is_web_public: false },
    ]);
    const guestEvents = await eventsThroughMarker(realm.guest, queues.guest, everyone);
    expect(guestEvents.filter((e) => e.type === 'stream' && [e.stream_id, ...(e.stream_ids ?? []), ...(e.streams ?? []).map((s: Json) => s.stream_id)].includes(id))).toEqual([]);
  });

  it('archives and unarchives with is_archived updates for archived_channels clients and delete/create for the others', async () => {
    const id = await createChannel(realm.member, { subscribers: [realm.member.user_id, realm.other.user_id] });
    const { name } = await streamOf(realm.member, id);
    const capable = await register(realm.other, { client_capabilities: { archived_channels: true } });
    const legacy = await register(realm.other);
    const capableMember = await register(realm.member, { client_capabilities: { archived_channels: true } });
    const base = { id: expect.any(Number), type: 'stream', op: 'update', stream_id: id, name, property: 'is_archived' };

    expect((await realm.admin.api.delete(`/streams/${id}`)).status).toBe(200);
    const archived = await eventsUntil(realm.other, capable, isUpdate(id, 'is_archived', true));
    expect(updatesOf(archived, id)).toEqual([{ ...base, value: true }]);
    expect(updatesOf(await eventsUntil(realm.member, capableMember, isUpdate(id, 'is_archived', true)), id)).toEqual([{ ...base, value: true }]);
    const deleted = await eventsUntil(realm.other, legacy, isStreamOp(id, 'delete'));
    expect(deleted.filter(isStreamOp(id, 'delete'))).toEqual([{ id: expect.any(Number), type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] }]);

    await expectUpdated(realm.admin, id, { is_archived: false });
    const capableEvents = await eventsUntil(realm.other, capable, isUpdate(id, 'is_archived', false));
    expect(updatesOf(capableEvents, id)).toEqual([
      { ...base, value: true },
      { ...base, value: false },
    ]);
    const sinceArchiving = capableEvents.slice(capableEvents.findIndex(isUpdate(id, 'is_archived', true)));
    expect(sinceArchiving.filter((e) => isStreamOp(id, 'create')(e) || isStreamOp(id, 'delete')(e))).toEqual([]);

    // The legacy queue may also hold the create of the channel's creation, before the delete.
    const deleteId = deleted.find(isStreamOp(id, 'delete'))!.id as number;
    const isRecreate = (e: Json) => isStreamOp(id, 'create')(e) && e.id > deleteId;
    const legacyEvents = await eventsUntil(realm.other, legacy, isRecreate);
    const recreated = legacyEvents.filter(isRecreate);
    expect(recreated).toEqual([{ id: expect.any(Number), type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: id, name, is_archived: false, invite_only: false })] }]);
    expect(legacyEvents.filter(isUpdate(id, 'is_archived'))).toEqual([]);
  });
});

// Since feature level 330 register's realm_default_streams and the default_streams event carry channel IDs.
describe('default channels in events and register', () => {
  it('tells the realm the default channel IDs when is_default_stream changes', async () => {
    const id = await createChannel(realm.member);
    const queue = await register(realm.guest, {}, ['default_streams']);
    await expectUpdated(realm.admin, id, { is_default_stream: true });
    const added = await defaultStreamsEvent(realm.guest, queue, (ids) => ids.includes(id));
    expect(added).toEqual({ id: expect.any(Number), type: 'default_streams', default_streams: expect.any(Array) });
    expect(sorted(added.default_streams)).toEqual(sorted(await defaultIds(realm.guest)));
    await expectUpdated(realm.admin, id, { is_default_stream: false });
    const removed = await defaultStreamsEvent(realm.guest, queue, (ids) => !ids.includes(id), added.id as number);
    expect(sorted(removed.default_streams)).toEqual(sorted(await defaultIds(realm.guest)));
  });

  it("lists the default channel IDs in register's realm_default_streams", async () => {
    const id = await createChannel(realm.admin, { is_default_stream: true });
    const res = await realm.member.api.post('/register', { fetch_event_types: ['default_streams'] });
    expect(res.status).toBe(200);
    expect(sorted(res.body.realm_default_streams)).toEqual(sorted(await defaultIds(realm.member)));
    expect(res.body.realm_default_streams).toContain(id);
  });
});
