import { Role, connect, ServiceClient } from '@parley/common';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm } from './support/fixtures';

/**
 * The channels service's GetAccess as the messages service uses it for a send: with the
 * subscribers, and with the caller's permission context passed along (no hop of its own to
 * the users service) or fetched.
 */
let realm: TestRealm;
let client: ServiceClient<'channels'>;
let users: ServiceClient<'users'>;
let team: number;
let channelId: number;

const ctx = () => ({ caller: { realm_id: realm.realm_id, user_id: realm.member.user_id, role: Role.MEMBER, is_bot: false, email: realm.member.email }, client: 'test', host: '' });
const access = (request: Record<string, unknown>) => client.getAccess(request, ctx());

beforeAll(async () => {
  realm = await createTestRealm('Channel access realm');
  client = connect('channels', process.env.PARLEY_TEST_CHANNELS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
  users = connect('users', process.env.PARLEY_TEST_USERS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
  // Only the members of "Posters" may post; the member is subscribed but not one of them.
  team = (await realm.admin.api.post('/user_groups/create', { name: 'Posters', description: 'P', members: [realm.admin.user_id] })).body.group_id;
  const created = await realm.owner.api.post('/channels/create', {
    name: 'Announcements',
    subscribers: [realm.member.user_id, realm.admin.user_id],
    can_send_message_group: team,
    send_new_subscription_messages: false,
  });
  expect(created.status).toBe(200);
  channelId = created.body.id;
});
afterAll(async () => {
  client.transport.close();
  users.transport.close();
  await closeFixtures();
});

describe('GetAccess (internal RPC)', () => {
  it("answers the caller's access and, when asked, the subscribers; by ID or by name in any case", async () => {
    const byId = await access({ stream_id: channelId, with_subscribers: true });
    expect(byId).toMatchObject({ found: true, name: 'Announcements', content: true, post: false });
    expect(byId.subscriber_ids.map(Number).sort((a, b) => a - b)).toEqual([realm.admin.user_id, realm.member.user_id].sort((a, b) => a - b));
    expect((await access({ stream_id: 0, name: 'ANNOUNCEMENTS' })).subscriber_ids).toEqual([]);
    expect(await access({ stream_id: 987654 })).toMatchObject({ found: false });
  });

  it('says whether the caller muted the channel, in GetAccess and ListAccess; names and numbers a channel the caller may not see', async () => {
    const muted = async () => [(await access({ stream_id: channelId })).is_muted, (await client.listAccess({}, ctx())).channels.find((c) => Number(c.stream_id) === channelId)!.is_muted];
    expect(await muted()).toEqual([false, false]);
    const set = (value: boolean) => realm.member.api.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: channelId, property: 'is_muted', value }] });
    expect((await set(true)).status).toBe(200);
    expect(await muted()).toEqual([true, true]);
    expect((await set(false)).status).toBe(200);
    const hidden = (await realm.owner.api.post('/channels/create', { name: 'Hidden room', subscribers: [realm.owner.user_id], invite_only: true })).body.id as number;
    expect(await access({ stream_id: hidden })).toMatchObject({ found: false, name: 'Hidden room', stream_id: hidden });
  });

  it("finds nothing, and fails nothing, for an ID no channel can have (out of PostgreSQL's integer range)", async () => {
    for (const stream_id of [2 ** 31, 2 ** 53 + 2, -1]) {
      expect([stream_id, await access({ stream_id, with_subscribers: true })]).toEqual([stream_id, expect.objectContaining({ found: false, name: '', subscriber_ids: [] })]);
    }
  });

  it('decides with the caller context it is given, as it would with the one it fetches', async () => {
    const context = await users.getPermissionContext({ realm_id: realm.realm_id, user_ids: [realm.member.user_id] }, { client: 'test', host: '' });
    const given = { settings: context.policy!.settings, system_groups: context.policy!.system_groups, group_ids: context.memberships[0].group_ids };
    const fetched = await access({ stream_id: channelId, with_subscribers: true });
    expect(await access({ stream_id: channelId, with_subscribers: true, caller_context: given })).toEqual(fetched);
    // What it is given is what it decides with: a context naming "Posters" lets the caller post.
    expect((await access({ stream_id: channelId, caller_context: { ...given, group_ids: [...given.group_ids, team] } })).post).toBe(true);
    const sys = await systemGroupIds(realm.realm_id);
    expect(given.group_ids.map(Number)).toContain(sys['role:members']);
  });
});
