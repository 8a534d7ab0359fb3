import { connect, ServiceClient } from '@parley/common';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';

/** The users service's internal RPCs for the other services: ResolveUsers, GetRealmPolicy, the permission context, GetRecipientTraits (IsInGroupSetting is in user-groups.test.ts). */
let realm: TestRealm;
let elsewhere: TestRealm;
let client: ServiceClient<'users'>;
const resolve = (realmId: number, principals: string[]) => client.resolveUsers({ realm_id: realmId, principals }, { client: 'test', host: '' });
const apiEmailOf = async (user: TestUser): Promise<string> => (await user.api.get('/users/me')).body.email;

beforeAll(async () => {
  realm = await createTestRealm('Principals realm');
  elsewhere = await createTestRealm('Other principals realm');
  client = connect('users', process.env.PARLEY_TEST_USERS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
  // One user whose real email everyone may see, one whose email nobody may see.
  expect((await realm.guest.api.patch('/settings', { email_address_visibility: 1 })).status).toBe(200);
  expect((await realm.member.api.patch('/settings', { email_address_visibility: 5 })).status).toBe(200);
});
afterAll(async () => {
  client.transport.close();
  await closeFixtures();
});

describe('ResolveUsers (internal RPC)', () => {
  it('takes user IDs and API emails, in the order first named, each user once', async () => {
    const memberEmail = await apiEmailOf(realm.member);
    expect(memberEmail).not.toBe(realm.member.email); // hidden: user<id>@<fake domain>
    const res = await resolve(realm.realm_id, [String(realm.bot.user_id), memberEmail.toUpperCase(), realm.guest.email, String(realm.member.user_id)]);
    expect(res.unknown).toEqual([]);
    expect(res.users.map((u) => u.user_id)).toEqual([realm.bot.user_id, realm.member.user_id, realm.guest.user_id]);
    // A bot names its owner (the fixture bot is the owner's); others have none (0).
    expect(res.users[0]).toMatchObject({ is_bot: true, is_active: true, role: 400, bot_owner_id: realm.owner.user_id });
    expect(res.users[1]).toEqual({
      user_id: realm.member.user_id,
      email: memberEmail,
      full_name: expect.any(String),
      role: 400,
      is_bot: false,
      is_active: true,
      bot_owner_id: 0,
      // ENABLE_GRAVATAR is off: Parley's own default avatar, which no client computes (client_gravatar).
      avatar_url: expect.stringMatching(/^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=1$/),
      client_computable_avatar: false,
    });
    expect(res.users[2]).toMatchObject({ email: realm.guest.email, role: 600, client_computable_avatar: false });
  });

  it('reports what names no user of the realm: other realms, hidden real emails, system bots, junk', async () => {
    const { cross_realm_bots: systemBots } = (await realm.member.api.post('/register', { fetch_event_types: ['realm_user'] })).body;
    expect(systemBots.length).toBeGreaterThan(0);
    const fakeDomain = (await apiEmailOf(realm.member)).split('@')[1];
    const principals = [
      // A visible user's placeholder email is not their API email; an ID past int32 names nobody.
      `user${realm.guest.user_id}@${fakeDomain}`,
      '99999999999',
      String(systemBots[0].user_id),
      systemBots[0].email,
      String(elsewhere.member.user_id),
      await apiEmailOf(elsewhere.member),
      realm.member.email,
      '0',
      '-3',
      '1e3',
      'nobody@example.com',
      '',
    ];
    expect(await resolve(realm.realm_id, principals)).toEqual({ users: [], unknown: principals });
  });

  it('includes deactivated users, marked, for the caller to refuse', async () => {
    const leaving = await realm.addUser({ name: 'Leaving' });
    expect((await realm.owner.api.delete(`/users/${leaving.user_id}`)).status).toBe(200);
    const { users } = await resolve(realm.realm_id, [String(leaving.user_id)]);
    expect(users).toEqual([expect.objectContaining({ user_id: leaving.user_id, is_active: false })]);
  });

  it('refuses a request without a realm', async () => {
    await expect(resolve(0, ['1'])).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'realm_id is required' });
  });
});

describe('GetRealmPolicy (internal RPC)', () => {
  const policy = (realmId: number) => client.getRealmPolicy({ realm_id: realmId }, { client: 'test', host: '' });

  it("gives the realm's current settings, its system groups and whether it is active", async () => {
    const groups = await systemGroupIds(realm.realm_id);
    const change = {
      can_create_public_channel_group: { new: { direct_members: [realm.member.user_id], direct_subgroups: [groups['role:administrators']] } },
      can_set_topics_policy_group: { new: groups['role:administrators'] },
    };
    expect((await realm.owner.api.patch('/realm', change, { contract: 'envelope' })).status).toBe(200);
    const res = await policy(realm.realm_id);
    expect(res.system_groups).toEqual(groups);
    expect(Object.keys(res.system_groups)).toHaveLength(8);
    expect(res.deactivated).toBe(false);
    expect(JSON.parse(res.settings)).toMatchObject({
      can_create_public_channel_group: { direct_members: [realm.member.user_id], direct_subgroups: [groups['role:administrators']] },
      can_set_topics_policy_group: groups['role:administrators'],
      can_create_web_public_channel_group: groups['role:owners'],
      enable_spectator_access: false,
    });
    // Another realm's policy is its own.
    expect((await policy(elsewhere.realm_id)).system_groups).toEqual(await systemGroupIds(elsewhere.realm_id));
  });

  it('refuses a realm that does not exist', async () => {
    await expect(policy(2 ** 31 - 1)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid realm' });
    await expect(policy(0)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid realm' });
  });
});

describe('GetGroupMemberships, ExpandGroupSettings, CheckGroupSettings (internal RPCs)', () => {
  const ctx = { client: 'test', host: '' };
  let groups: Record<string, number>;
  let team: number;
  let parent: number;
  beforeAll(async () => {
    groups = await systemGroupIds(realm.realm_id);
    // parent ⊃ team ⊃ {member}
    team = (await realm.admin.api.post('/user_groups/create', { name: 'Team', description: 'T', members: [realm.member.user_id] })).body.group_id;
    parent = (await realm.admin.api.post('/user_groups/create', { name: 'Parent', description: 'P', members: [], subgroups: [team] })).body.group_id;
  });

  it("gives every group a user belongs to, through subgroups, and leaves out other realms' users", async () => {
    const res = await client.getGroupMemberships({ realm_id: realm.realm_id, user_ids: [realm.member.user_id, realm.guest.user_id, elsewhere.member.user_id] }, ctx);
    const byUser = new Map(res.memberships.map((m) => [Number(m.user_id), m.group_ids.map(Number)]));
    expect([...byUser.keys()].sort()).toEqual([realm.member.user_id, realm.guest.user_id].sort());
    expect(byUser.get(realm.member.user_id)).toEqual(expect.arrayContaining([team, parent, groups['role:members'], groups['role:everyone']]));
    expect(byUser.get(realm.member.user_id)).not.toContain(groups['role:moderators']);
    // role:everyone is itself within role:internet.
    expect(byUser.get(realm.guest.user_id)).toEqual([groups['role:everyone'], groups['role:internet']].sort((a, b) => a - b));
  });

  it('expands values to the active users holding them', async () => {
    const expand = async (values: unknown[]) => (await client.expandGroupSettings({ realm_id: realm.realm_id, setting_values: values.map((v) => JSON.stringify(v)) }, ctx)).user_ids.map(Number);
    expect(await expand([parent])).toEqual([realm.member.user_id]);
    expect(await expand([{ direct_members: [realm.guest.user_id], direct_subgroups: [parent] }])).toEqual([realm.member.user_id, realm.guest.user_id].sort((a, b) => a - b));
    expect(await expand([groups['role:administrators']])).toEqual([realm.owner.user_id, realm.admin.user_id].sort((a, b) => a - b));
    // Another realm's group names nobody here.
    expect(await expand([(await systemGroupIds(elsewhere.realm_id))['role:everyone']])).toEqual([]);
  });

  it('validates values as the setting allows, naming what is wrong', async () => {
    const check = (checks: { name: string; value: unknown; allow_everyone: boolean }[]) =>
      client.checkGroupSettings({ realm_id: realm.realm_id, checks: checks.map((c) => ({ ...c, value: JSON.stringify(c.value) })) }, ctx);
    const ok = await check([
      { name: 'can_send_message_group', value: groups['role:everyone'], allow_everyone: true },
      { name: 'can_subscribe_group', value: { direct_members: [realm.member.user_id], direct_subgroups: [team] }, allow_everyone: false },
    ]);
    expect(ok.values.map((v) => JSON.parse(v))).toEqual([groups['role:everyone'], { direct_members: [realm.member.user_id], direct_subgroups: [team] }]);
    await expect(check([{ name: 'can_subscribe_group', value: groups['role:everyone'], allow_everyone: false }])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "'can_subscribe_group' setting cannot be set to 'role:everyone' group.",
    });
    await expect(check([{ name: 'can_send_message_group', value: groups['role:internet'], allow_everyone: true }])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "'can_send_message_group' setting cannot be set to 'role:internet' group.",
    });
    await expect(check([{ name: 'x', value: { direct_members: [elsewhere.member.user_id], direct_subgroups: [] }, allow_everyone: true }])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Invalid user ID: ${elsewhere.member.user_id}`,
    });
  });
});

describe('GetPermissionContext (internal RPC)', () => {
  const ctx = { client: 'test', host: '' };
  const context = (request: Record<string, unknown>) => client.getPermissionContext(request, ctx);

  it('answers what GetRealmPolicy, GetGroupMemberships and ResolveUsers answer, in one call', async () => {
    const ids = [realm.member.user_id, realm.bot.user_id];
    const [one, policy, memberships, resolved] = await Promise.all([
      context({ realm_id: realm.realm_id, user_ids: ids, with_users: true }),
      client.getRealmPolicy({ realm_id: realm.realm_id }, ctx),
      client.getGroupMemberships({ realm_id: realm.realm_id, user_ids: ids }, ctx),
      resolve(realm.realm_id, ids.map(String)),
    ]);
    expect(one.policy).toEqual(policy);
    expect(one.memberships).toEqual(expect.arrayContaining(memberships.memberships));
    expect(one.memberships).toHaveLength(2);
    expect(one.users).toEqual(resolved.users);
    // Linkifiers only when asked.
    expect(one.linkifiers).toBe('');
  });

  it("includes the realm's linkifiers when asked, and leaves out users of other realms", async () => {
    expect((await realm.admin.api.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' })).status).toBe(200);
    const one = await context({ realm_id: realm.realm_id, user_ids: [realm.owner.user_id, elsewhere.member.user_id], with_users: true, with_linkifiers: true });
    expect(JSON.parse(one.linkifiers)).toEqual((await realm.member.api.get('/realm/linkifiers')).body.linkifiers);
    expect(JSON.parse(one.linkifiers)).toHaveLength(1);
    expect(one.users.map((u) => Number(u.user_id))).toEqual([realm.owner.user_id]);
    expect(one.memberships.map((m) => Number(m.user_id))).toEqual([realm.owner.user_id]);
  });

  it("carries each user's settings that act on topic visibility, with the users", async () => {
    expect((await realm.member.api.patch('/settings', { automatically_follow_topics_policy: 1, automatically_follow_topics_where_mentioned: false })).status).toBe(200);
    const one = await context({ realm_id: realm.realm_id, user_ids: [realm.member.user_id, realm.owner.user_id], with_users: true });
    expect(one.topic_settings.map((s) => ({ ...s, user_id: Number(s.user_id) }))).toEqual([
      { user_id: realm.member.user_id, automatically_follow_topics_policy: 1, automatically_unmute_topics_in_muted_streams_policy: 2, automatically_follow_topics_where_mentioned: false },
      { user_id: realm.owner.user_id, automatically_follow_topics_policy: 3, automatically_unmute_topics_in_muted_streams_policy: 2, automatically_follow_topics_where_mentioned: true },
    ]);
    expect((await context({ realm_id: realm.realm_id, user_ids: [realm.member.user_id] })).topic_settings).toEqual([]);
    expect((await realm.member.api.patch('/settings', { automatically_follow_topics_policy: 3, automatically_follow_topics_where_mentioned: true })).status).toBe(200);
  });

  it('refuses a request without a realm, and a realm that does not exist', async () => {
    await expect(context({ realm_id: 0, user_ids: [1] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'realm_id is required' });
    await expect(context({ realm_id: 2 ** 31 - 1, user_ids: [1] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid realm' });
  });
});

describe('GetRecipientTraits (internal RPC)', () => {
  const traits = (request: { realm_id: number; user_ids: number[] }) => client.getRecipientTraits(request, { client: 'test', host: '' });

  it("gives the alert words and mutes of those of the users who have any, and nothing of other realms' users", async () => {
    expect((await realm.admin.api.post('/users/me/alert_words', { alert_words: JSON.stringify(['Kiwi', 'mango']) })).status).toBe(200);
    expect((await realm.moderator.api.post(`/users/me/muted_users/${realm.admin.user_id}`)).status).toBe(200);
    expect((await elsewhere.admin.api.post('/users/me/alert_words', { alert_words: JSON.stringify(['elsewhere']) })).status).toBe(200);
    const res = await traits({ realm_id: realm.realm_id, user_ids: [realm.admin.user_id, realm.moderator.user_id, realm.guest.user_id, elsewhere.admin.user_id] });
    expect(res.users.map((u) => ({ ...u, user_id: Number(u.user_id), muted_user_ids: u.muted_user_ids.map(Number) })).sort((a, b) => a.user_id - b.user_id)).toEqual(
      [
        { user_id: realm.admin.user_id, alert_words: ['Kiwi', 'mango'], muted_user_ids: [] },
        { user_id: realm.moderator.user_id, alert_words: [], muted_user_ids: [realm.admin.user_id] },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect(await traits({ realm_id: realm.realm_id, user_ids: [] })).toEqual({ users: [] });
    expect((await realm.moderator.api.delete(`/users/me/muted_users/${realm.admin.user_id}`)).status).toBe(200);
  });

  it('refuses a request without a realm', async () => {
    await expect(traits({ realm_id: 0, user_ids: [1] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'realm_id is required' });
  });
});
