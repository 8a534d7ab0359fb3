import pg from 'pg';
import { connect } from '@parley/common';
import { Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { testServicePool } from './support/service-pools';

/** User groups: create, read, update, members, subgroups, deactivate; permissions and events. */
let realm: TestRealm;
let other: TestRealm;
let sys: Record<string, number>;
let otherSys: Record<string, number>;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

beforeAll(async () => {
  realm = await createTestRealm('Groups realm');
  other = await createTestRealm('Other groups realm');
  sys = await systemGroupIds(realm.realm_id);
  otherSys = await systemGroupIds(other.realm_id);
});
afterAll(closeFixtures);

async function create(user: TestUser, params: Params = {}) {
  const res = await user.api.post('/user_groups/create', { name: unique('Group'), description: 'A group', members: [], ...params });
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body.group_id as number;
}

const groupOf = async (user: TestUser, id: number, include = false) =>
  (await user.api.get('/user_groups', { include_deactivated_groups: include })).body.user_groups.find((g: { id: number }) => g.id === id);

describe('POST /user_groups/create and GET /user_groups', () => {
  it('creates a group with members and subgroups, managed by its creator, and tells the realm', async () => {
    const queue = (await realm.admin.api.post('/register', { event_types: ['user_group'] })).body;
    const sub = await create(realm.member, { members: [realm.other.user_id] });
    const id = await create(realm.member, {
      name: 'Writers',
      description: 'Those who write',
      members: [realm.member.user_id, realm.guest.user_id],
      subgroups: [sub],
    });
    const group = await groupOf(realm.guest, id);
    expect(group).toMatchObject({
      id,
      name: 'Writers',
      description: 'Those who write',
      creator_id: realm.member.user_id,
      members: [realm.member.user_id, realm.guest.user_id].sort((a, b) => a - b),
      direct_subgroup_ids: [sub],
      is_system_group: false,
      deactivated: false,
      can_manage_group: { direct_members: [realm.member.user_id], direct_subgroups: [] },
      can_join_group: sys['role:nobody'],
      can_leave_group: sys['role:everyone'],
      can_mention_group: sys['role:everyone'],
    });
    const events = await eventsOf(realm.admin, queue.queue_id, 2);
    expect(events[1]).toEqual({ id: 1, type: 'user_group', op: 'add', group: expect.objectContaining({ id, name: 'Writers', description: 'Those who write' }) });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['realm_user_groups'] })).body;
    expect(state.realm_user_groups.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['role:everyone', 'Writers']));
  });

  it("gives every group its description, the system groups Zulip's", async () => {
    const groups = (await realm.member.api.get('/user_groups')).body.user_groups as { name: string; description: string }[];
    const described = Object.fromEntries(groups.filter((g) => g.name.startsWith('role:')).map((g) => [g.name, g.description]));
    expect(described).toEqual({
      'role:owners': 'Owners of this organization',
      'role:administrators': 'Administrators of this organization, including owners',
      'role:moderators': 'Moderators of this organization, including administrators',
      'role:fullmembers': 'Members of this organization, not including new accounts and guests',
      'role:members': 'Members of this organization, not including guests',
      'role:everyone': 'Everyone in this organization, including guests',
      'role:internet': 'Everyone on the Internet',
      'role:nobody': 'Nobody',
    });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['realm_user_groups'] })).body;
    for (const group of state.realm_user_groups) expect(typeof group.description).toBe('string');
  });

  it('refuses guests, bad names, duplicate names and strangers as members', async () => {
    expect((await realm.guest.api.post('/user_groups/create', { name: 'Guests club', description: '', members: [] })).body.msg).toBe('Insufficient permission');
    await create(realm.member, { name: 'Unique Name' });
    const cases: [Params, string][] = [
      [{ name: 'unique name' }, "User group 'unique name' already exists."],
      [{ name: '   ' }, "User group name can't be empty!"],
      [{ name: 'role:fake' }, "User group name cannot start with 'role:'."],
      [{ name: 'x'.repeat(101) }, 'User group name cannot exceed 100 characters.'],
      [{ name: unique('G'), members: [other.member.user_id] }, `Invalid user ID: ${other.member.user_id}`],
      [{ name: unique('G'), subgroups: [otherSys['role:members']] }, 'Invalid user group'],
      [{ name: unique('G'), can_manage_group: sys['role:internet'] }, "'can_manage_group' setting cannot be set to 'role:internet' group."],
      [{ name: unique('G'), description: 'd'.repeat(1025) }, 'User group description cannot exceed 1024 characters.'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.member.api.post('/user_groups/create', { members: [], description: '', ...params });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    const missing = await realm.member.api.post('/user_groups/create', { name: unique('G'), members: [] });
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([400, 'REQUEST_VARIABLE_MISSING', "Missing 'description' argument"]);
  });

  it("follows the realm's can_create_groups", async () => {
    const local = await createTestRealm('Strict groups');
    const localSys = await systemGroupIds(local.realm_id);
    await local.owner.api.patch('/realm', { can_create_groups: { new: localSys['role:moderators'] } }, { contract: 'envelope' });
    expect((await local.member.api.post('/user_groups/create', { name: 'Nope', description: '', members: [] })).body.msg).toBe('Insufficient permission');
    expect((await local.moderator.api.post('/user_groups/create', { name: 'Yes', description: '', members: [] })).status).toBe(200);
  });
});

describe('PATCH /user_groups/{id}', () => {
  it("lets the group's managers rename it and change its settings, checking old values", async () => {
    const id = await create(realm.member);
    const queue = (await realm.admin.api.post('/register', { event_types: ['user_group'] })).body;
    const res = await realm.member.api.patch(`/user_groups/${id}`, {
      name: unique('Renamed'),
      can_join_group: { new: sys['role:members'], old: sys['role:nobody'] },
    });
    expect(res.status).toBe(200);
    expect(await groupOf(realm.member, id)).toMatchObject({ can_join_group: sys['role:members'] });
    const stale = await realm.member.api.patch(`/user_groups/${id}`, { can_join_group: { new: sys['role:nobody'], old: sys['role:nobody'] } });
    expect(stale.body.msg).toBe("'old' value does not match the expected value.");
    const [event] = await eventsOf(realm.admin, queue.queue_id, 1, ['update']);
    expect(event).toMatchObject({ type: 'user_group', op: 'update', group_id: id, data: { can_join_group: sys['role:members'] } });
  });

  it('changes the description, with an event, for its managers only; too long is refused', async () => {
    const id = await create(realm.member);
    const queue = (await realm.admin.api.post('/register', { event_types: ['user_group'] })).body;
    expect((await realm.member.api.patch(`/user_groups/${id}`, { description: 'Now described' })).status).toBe(200);
    expect(await groupOf(realm.other, id)).toMatchObject({ description: 'Now described' });
    const [event] = await eventsOf(realm.admin, queue.queue_id, 1, ['update']);
    expect(event).toMatchObject({ type: 'user_group', op: 'update', group_id: id, data: { description: 'Now described' } });
    const tooLong = await realm.member.api.patch(`/user_groups/${id}`, { description: 'd'.repeat(1025) });
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, 'User group description cannot exceed 1024 characters.']);
    expect((await realm.other.api.patch(`/user_groups/${id}`, { description: 'Hijacked' })).body.msg).toBe('Insufficient permission');
  });

  it("refuses everyone else, system groups, and another realm's groups", async () => {
    const id = await create(realm.member);
    for (const user of [realm.other, realm.guest, realm.moderator, realm.bot]) {
      expect((await user.api.patch(`/user_groups/${id}`, { name: unique('X') })).body.msg).toBe('Insufficient permission');
    }
    expect((await realm.owner.api.patch(`/user_groups/${sys['role:members']}`, { name: 'Mine now' })).body.msg).toBe('Insufficient permission');
    expect((await realm.owner.api.patch(`/user_groups/${otherSys['role:members']}`, { name: 'Mine now' })).body.msg).toBe('Invalid user group');
    // Owners hold can_manage_all_groups by default.
    expect((await realm.owner.api.patch(`/user_groups/${id}`, { name: unique('By owner') })).status).toBe(200);
  });
});

describe('POST /user_groups/{id}/members', () => {
  it('adds and removes members, with events, and refuses impossible changes', async () => {
    const id = await create(realm.member, { members: [realm.member.user_id] });
    const queue = (await realm.admin.api.post('/register', { event_types: ['user_group'] })).body;
    expect((await realm.member.api.post(`/user_groups/${id}/members`, { add: [realm.other.user_id, realm.guest.user_id] })).status).toBe(200);
    expect((await realm.member.api.post(`/user_groups/${id}/members`, { delete: [realm.guest.user_id] })).status).toBe(200);
    expect((await groupOf(realm.member, id)).members).toEqual([realm.member.user_id, realm.other.user_id].sort((a, b) => a - b));
    expect(await eventsOf(realm.admin, queue.queue_id, 2, ['add_members', 'remove_members'])).toEqual([
      { id: expect.any(Number), type: 'user_group', op: 'add_members', group_id: id, user_ids: [realm.other.user_id, realm.guest.user_id] },
      { id: expect.any(Number), type: 'user_group', op: 'remove_members', group_id: id, user_ids: [realm.guest.user_id] },
    ]);
    expect((await realm.member.api.post(`/user_groups/${id}/members`, { add: [realm.other.user_id] })).body.msg).toBe(`User ${realm.other.user_id} is already a member of this group`);
    expect((await realm.member.api.post(`/user_groups/${id}/members`, { delete: [realm.admin.user_id] })).body.msg).toBe(`There is no member '${realm.admin.user_id}' in this user group`);
    expect((await realm.member.api.post(`/user_groups/${id}/members`, { add: [other.member.user_id] })).body.msg).toBe(`Invalid user ID: ${other.member.user_id}`);
  });

  it('lets members leave (can_leave_group) but not join (can_join_group: nobody)', async () => {
    const id = await create(realm.member, { members: [realm.other.user_id] });
    expect((await realm.other.api.post(`/user_groups/${id}/members`, { delete: [realm.other.user_id] })).status).toBe(200);
    expect((await realm.other.api.post(`/user_groups/${id}/members`, { add: [realm.other.user_id] })).body.msg).toBe('Insufficient permission');
    expect((await realm.other.api.post(`/user_groups/${id}/members`, { add: [realm.guest.user_id] })).body.msg).toBe('Insufficient permission');
  });
});

describe('subgroups', () => {
  it('adds and removes subgroups, refuses cycles and names the group in errors; members resolve through them', async () => {
    const [top, middle, bottom] = [await create(realm.member), await create(realm.member), await create(realm.member, { members: [realm.guest.user_id] })];
    expect((await realm.member.api.post(`/user_groups/${top}/subgroups`, { add: [middle] })).status).toBe(200);
    expect((await realm.member.api.post(`/user_groups/${middle}/subgroups`, { add: [bottom] })).status).toBe(200);
    expect((await realm.member.api.post(`/user_groups/${bottom}/subgroups`, { add: [top] })).body.msg).toBe(`User group ${top} is already a supergroup of this group.`);
    expect((await realm.member.api.post(`/user_groups/${top}/subgroups`, { add: [middle] })).body.msg).toBe(`User group ${middle} is already a subgroup of this group.`);
    expect((await realm.member.api.post(`/user_groups/${top}/subgroups`, { delete: [bottom] })).body.msg).toBe(`User group ${bottom} is not a subgroup of this group.`);
    expect((await realm.member.api.get(`/user_groups/${top}/subgroups`)).body.subgroups).toEqual([middle, bottom]);
    expect((await realm.member.api.get(`/user_groups/${top}/subgroups`, { direct_subgroup_only: true })).body.subgroups).toEqual([middle]);
    expect((await realm.member.api.get(`/user_groups/${top}/members`)).body.members).toEqual([realm.guest.user_id]);
    expect((await realm.member.api.get(`/user_groups/${top}/members`, { direct_member_only: true })).body.members).toEqual([]);
    expect((await realm.member.api.get(`/user_groups/${top}/members/${realm.guest.user_id}`)).body.is_user_group_member).toBe(true);
    expect((await realm.member.api.get(`/user_groups/${top}/members/${realm.guest.user_id}`, { direct_member_only: true })).body.is_user_group_member).toBe(false);
    expect((await realm.other.api.post(`/user_groups/${top}/subgroups`, { add: [bottom] })).body.msg).toBe('Insufficient permission');
  });
});

describe('POST /user_groups/{id}/deactivate', () => {
  it("refuses while a channel's group setting uses the group, naming the channel and settings", async () => {
    const id = await create(realm.member, { members: [realm.member.user_id] });
    const channel = (
      await realm.admin.api.post('/channels/create', {
        name: `Uses group ${id}`,
        subscribers: [realm.admin.user_id],
        can_send_message_group: { direct_members: [], direct_subgroups: [id] },
        can_remove_subscribers_group: id,
      })
    ).body.id;
    const inUse = await realm.member.api.post(`/user_groups/${id}/deactivate`, {}, { contract: false });
    expect([inUse.status, inUse.body]).toEqual([
      400,
      {
        result: 'error',
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        msg: 'Cannot deactivate user group in use.',
        objections: [{ type: 'channel', channel_id: channel, settings: ['can_remove_subscribers_group', 'can_send_message_group'] }],
      },
    ]);
    for (const setting of ['can_send_message_group', 'can_remove_subscribers_group']) {
      expect((await realm.admin.api.patch(`/streams/${channel}`, { [setting]: { new: sys['role:administrators'] } })).status).toBe(200);
    }
    expect((await realm.member.api.post(`/user_groups/${id}/deactivate`)).status).toBe(200);
    const refused = await realm.admin.api.patch(`/streams/${channel}`, { can_send_message_group: { new: id } });
    expect([refused.status, refused.body.msg]).toEqual([400, `Invalid user group ID: ${id}`]);
  });

  it('refuses while a realm setting uses the group, then deactivates; older clients get remove', async () => {
    const id = await create(realm.member, { members: [realm.member.user_id] });
    await realm.owner.api.patch('/realm', { can_create_groups: { new: { direct_members: [], direct_subgroups: [id] } } }, { contract: 'envelope' });
    // Zulip's documented 400 carries objections, which its own CodedError schema forbids: checked here.
    const inUse = await realm.member.api.post(`/user_groups/${id}/deactivate`, {}, { contract: false });
    expect([inUse.status, inUse.body]).toEqual([
      400,
      {
        result: 'error',
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        msg: 'Cannot deactivate user group in use.',
        objections: [{ type: 'realm', settings: ['can_create_groups'] }],
      },
    ]);
    await realm.owner.api.patch('/realm', { can_create_groups: { new: sys['role:members'] } }, { contract: 'envelope' });
    const modern = (await realm.admin.api.post('/register', { event_types: ['user_group'], client_capabilities: { include_deactivated_groups: true } })).body;
    const legacy = (await realm.admin.api.post('/register', { event_types: ['user_group'] })).body;
    expect((await realm.member.api.post(`/user_groups/${id}/deactivate`)).status).toBe(200);
    expect(await eventsOf(realm.admin, modern.queue_id, 1, ['update', 'remove'])).toEqual([{ id: expect.any(Number), type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } }]);
    expect(await eventsOf(realm.admin, legacy.queue_id, 1, ['update', 'remove'])).toEqual([{ id: expect.any(Number), type: 'user_group', op: 'remove', group_id: id }]);
    expect(await groupOf(realm.member, id)).toBeUndefined();
    expect(await groupOf(realm.member, id, true)).toMatchObject({ deactivated: true });
    expect((await realm.other.api.post(`/user_groups/${await create(realm.member)}/deactivate`)).body.msg).toBe('Insufficient permission');
  });
});

describe('IsInGroupSetting (internal RPC)', () => {
  it('resolves membership through any depth of subgroups and direct members', async () => {
    const client = connect('users', process.env.PARLEY_TEST_USERS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
    const ask = async (userId: number, value: unknown) => (await client.isInGroupSetting({ user_id: userId, setting_value: JSON.stringify(value) }, { client: 'test', host: '' })).result;
    try {
      const inner = await create(realm.member, { members: [realm.guest.user_id] });
      const outer = await create(realm.member, { subgroups: [inner] });
      expect(await ask(realm.guest.user_id, outer)).toBe(true);
      expect(await ask(realm.other.user_id, outer)).toBe(false);
      expect(await ask(realm.owner.user_id, sys['role:members'])).toBe(true); // owners ⊂ admins ⊂ ... ⊂ members
      expect(await ask(realm.guest.user_id, sys['role:members'])).toBe(false);
      expect(await ask(realm.other.user_id, { direct_members: [realm.other.user_id], direct_subgroups: [] })).toBe(true);
      expect(await ask(realm.guest.user_id, { direct_members: [], direct_subgroups: [outer] })).toBe(true);
      expect(await ask(realm.guest.user_id, sys['role:nobody'])).toBe(false);
    } finally {
      client.transport.close();
    }
  });
});

describe("Parley's bound on a realm's user groups (MAX_USER_GROUPS_PER_REALM)", () => {
  const MAX = 2000;
  const TOO_MANY = `An organization may have at most ${MAX} user groups.`;
  let pool: pg.Pool;
  beforeAll(() => {
    pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
  });
  afterAll(async () => {
    await pool.query("DELETE FROM user_groups WHERE realm_id = $1 AND name LIKE 'bulk %'", [realm.realm_id]);
    await pool.end();
  });

  const groupCount = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM user_groups WHERE realm_id = $1 AND NOT is_system_group', [realm.realm_id])).rows[0].n;
  /** Fills the realm until `room` groups more would reach the bound, with deactivated groups written straight into the table (they count). */
  async function leaveRoom(room: number): Promise<void> {
    await pool.query("DELETE FROM user_groups WHERE realm_id = $1 AND name LIKE 'bulk %'", [realm.realm_id]);
    await pool.query(`INSERT INTO user_groups (realm_id, name, deactivated) SELECT $1, 'bulk ' || g, true FROM generate_series(1, $2) AS g`, [realm.realm_id, MAX - (await groupCount()) - room]);
  }

  it('refuses a new group past it to every role that may create one; the others are refused as before', async () => {
    const creators: [string, TestUser][] = [
      ['owner', realm.owner],
      ['admin', realm.admin],
      ['moderator', realm.moderator],
      ['member', realm.member],
      ['bot', realm.bot],
    ];
    await leaveRoom(creators.length);
    for (const [, user] of creators) await create(user);
    expect(await groupCount()).toBe(MAX);
    for (const [role, user] of creators) {
      const res = await user.api.post('/user_groups/create', { name: unique('Too many'), description: '', members: [] });
      expect([role, res.status, res.body.code, res.body.msg]).toEqual([role, 400, 'BAD_REQUEST', TOO_MANY]);
    }
    expect((await realm.guest.api.post('/user_groups/create', { name: unique('Too many'), description: '', members: [] })).body.msg).toBe('Insufficient permission');
    expect(await groupCount()).toBe(MAX);
  });

  it('holds under concurrent creates: 10 at once with room for 4 make exactly 4', async () => {
    await leaveRoom(4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => realm.member.api.post('/user_groups/create', { name: unique('Race'), description: '', members: [] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect([a.body.code, a.body.msg]).toEqual(['BAD_REQUEST', TOO_MANY]);
    expect(await groupCount()).toBe(MAX);
  });
});
