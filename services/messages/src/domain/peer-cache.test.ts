import { Bus, clientEventSubject, fakeClients, RealmCache, SubscribeOptions } from '@parley/common';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
import { announcingBus } from '@parley/common/testing';
import type { GetPermissionContextReply__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import { Peers } from '../peers';
import { peerCache, listenForChanges, USERS_ANNOUNCEMENTS } from './peer-cache';
import { renderHere } from './render/renderer';

/** A GetPermissionContext answer whose policy names `version`, to tell answers apart. */
const reply = (version: number, userId = 2) =>
  ({
    policy: { settings: JSON.stringify({ version }), system_groups: { 'role:members': 11 }, string_id: 'zulip' },
    memberships: [{ user_id: userId, group_ids: [11] }],
    users: [{ user_id: userId, email: `u${userId}@example.com`, full_name: 'U', role: 400, is_bot: false, is_active: true, avatar_url: '', bot_owner_id: 0 }],
    linkifiers: '[]',
  }) as unknown as GetPermissionContextReply__Output;

const versionOf = (r: GetPermissionContextReply__Output) => (JSON.parse(r.policy!.settings) as { version: number }).version;

/** Permission contexts as the messages service keeps them, listening on a fake bus. */
async function setup() {
  const contexts = new RealmCache<GetPermissionContextReply__Output>({ announcements: USERS_ANNOUNCEMENTS });
  const bus = announcingBus();
  const stop = await contexts.listen(bus.bus);
  let version = 0;
  const fetch = jest.fn(async () => reply(++version));
  return { contexts, bus, stop, fetch, get: (realmId = 1, userId = 2) => contexts.get(realmId, String(userId), fetch) };
}

// RealmCache itself (races, the bus's losses, the time to live) is tested in common.
describe("the users service's announcements (permission contexts)", () => {
  it("answers a caller's context from memory after the first fetch", async () => {
    const { get, fetch, stop } = await setup();
    expect(versionOf(await get())).toBe(1);
    expect(versionOf(await get())).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Another user of the realm, and the same user in another realm, are fetched for themselves.
    await get(1, 3);
    await get(2, 2);
    expect(fetch).toHaveBeenCalledTimes(3);
    await stop();
  });

  it.each([
    ['realm', { type: 'realm', op: 'update', property: 'can_add_custom_emoji_group', value: 11 }],
    ['realm_user', { type: 'realm_user', op: 'update', person: { user_id: 2, role: 600 } }],
    ['user_group', { type: 'user_group', op: 'add_members', group_id: 12, user_ids: [2] }],
    ['realm_linkifiers', { type: 'realm_linkifiers', realm_linkifiers: [] }],
    ['some_future_event (a type it does not know)', { type: 'some_future_event' }],
  ])("drops the realm's contexts on a %s event of the users service", async (_name, event) => {
    const { get, bus, stop } = await setup();
    await get(1, 2);
    await get(2, 2);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event });
    expect(versionOf(await get(1, 2))).toBe(3);
    // Another realm's are kept.
    expect(versionOf(await get(2, 2))).toBe(2);
    await stop();
  });

  it("drops the realm's contexts when the users service invalidates authentications (deactivation, role)", async () => {
    const { get, bus, stop } = await setup();
    await get();
    await bus.announce('users.auth.invalidate', { realm_id: 1, user_id: 2 });
    expect(versionOf(await get())).toBe(2);
    await stop();
  });

  it('keeps the contexts on events that change none of it (presence, statuses, personal settings)', async () => {
    const { get, bus, stop } = await setup();
    await get();
    for (const type of ['presence', 'user_status', 'user_settings', 'update_display_settings', 'custom_profile_fields']) {
      await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type } });
    }
    expect(versionOf(await get())).toBe(1);
    await stop();
  });

  it("drops the realm's contexts on a change of the settings they carry (automatic topic follow and unmute)", async () => {
    const { get, bus, stop } = await setup();
    await get();
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true } });
    expect(versionOf(await get())).toBe(1);
    for (const [property, version] of [
      ['automatically_follow_topics_policy', 2],
      ['automatically_unmute_topics_in_muted_streams_policy', 3],
      ['automatically_follow_topics_where_mentioned', 4],
    ] as const) {
      await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type: 'user_settings', op: 'update', property, value: 4 } });
      expect(versionOf(await get())).toBe(version);
    }
    await stop();
  });
});

describe('Peers with kept answers', () => {
  /** With `lagMs`, each announcement reaches the kept answers that long after the bus has it (a busy process, a slow network). */
  async function setupPeers(lagMs = 0) {
    const cache = peerCache();
    const bus = announcingBus();
    const lagging: Bus = Object.assign(Object.create(bus.bus) as Bus, {
      subscribe: (opts: SubscribeOptions) => bus.bus.subscribe({ ...opts, handler: async (msg) => (await sleep(lagMs), opts.handler(msg)) }),
    });
    const stop = await listenForChanges(cache, lagMs ? lagging : bus.bus);
    let resolutions = 0;
    let contextVersion = 0;
    const users = jest.fn(async (method: string, request: unknown) => {
      if (method === 'GetPermissionContext') return reply(++contextVersion);
      if (method === 'ResolveUsers') {
        // Each call's names carry the call's number, to tell kept answers from fetched ones.
        const call = ++resolutions;
        const ids = (request as { principals: string[] }).principals.map(Number).filter((id) => id < 100);
        return {
          users: ids.map((id) => ({ user_id: id, email: `u${id}@example.com`, full_name: `U${id} v${call}`, role: 400, is_bot: false, is_active: true, avatar_url: '', bot_owner_id: 0 })),
          unknown: [],
        };
      }
      throw new Error(`unexpected users.${method}`);
    });
    let accessVersion = 0;
    const channels = jest.fn(async (method: string, _request: unknown) => {
      if (method === 'GetAccess') return { found: true, stream_id: 5, name: `general v${++accessVersion}`, group_settings: '{}', subscriber_ids: [2, 3] };
      if (method === 'ListAccess') return { channels: [{ found: true, stream_id: 5, name: `general v${++accessVersion}`, group_settings: '{}', subscribed: true }] };
      throw new Error(`unexpected channels.${method}`);
    });
    const clients = fakeClients({ users, channels });
    const caller = { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' };
    const makePeers = () => new Peers({ clients, renderer: renderHere }, { caller, client: 'test', host: '' }, cache);
    return { bus, stop, users, channels, makePeers };
  }

  it("asks the users service once for a caller's sends, policy, groups and linkifiers, across requests", async () => {
    const { users, makePeers, stop } = await setupPeers();
    for (let i = 0; i < 3; i++) {
      const peers = makePeers();
      await expect(peers.sender()).resolves.toMatchObject({ user_id: 2, role: 400 });
      await expect(peers.realmPolicy()).resolves.toMatchObject({ settings: { version: 1 }, systemGroups: { 'role:members': 11 } });
      await expect(peers.callerGroups()).resolves.toEqual(new Set([11]));
      await expect(peers.linkifiers()).resolves.toEqual([]);
    }
    // A request that starts with the policy (an edit, a deletion) uses the kept context too.
    await makePeers().realmPolicy();
    expect(users.mock.calls.map((c) => c[0])).toEqual(['GetPermissionContext']);
    expect(users.mock.calls[0][1]).toMatchObject({ with_users: true, with_linkifiers: true });
    await stop();
  });

  it('asks the channels service once per caller and channel for a send, until channels or users announce a change', async () => {
    const { bus, channels, makePeers, stop } = await setupPeers();
    const nameOf = async (target: { stream_id: number } | { name: string }) => (await makePeers().channelForSend(target)).channel?.name;
    expect(await nameOf({ stream_id: 5 })).toBe('general v1');
    await expect(makePeers().channelForSend({ stream_id: 5 })).resolves.toMatchObject({ channel: { name: 'general v1' }, subscribers: [2, 3] });
    // By name is another question.
    expect(await nameOf({ name: 'general' })).toBe('general v2');
    expect(channels).toHaveBeenCalledTimes(2);
    expect(channels.mock.calls[0][1]).toMatchObject({ stream_id: 5, with_subscribers: true });

    await bus.announce(clientEventSubject('channels'), { realm_id: 1, audience: [3], event: { type: 'subscription', op: 'peer_add', stream_ids: [5], user_ids: [4] } });
    expect(await nameOf({ stream_id: 5 })).toBe('general v3');
    // A role or group change (the users service's) changes access as well.
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'user_group', op: 'add_members', group_id: 12, user_ids: [2] } });
    expect(await nameOf({ stream_id: 5 })).toBe('general v4');
    // Another realm's changes do not.
    await bus.announce(clientEventSubject('channels'), { realm_id: 9, audience: 'realm', event: { type: 'stream', op: 'create', streams: [] } });
    expect(await nameOf({ stream_id: 5 })).toBe('general v4');
    await stop();
  });

  it('does not keep a channel access asked with a permission context that a change made stale meanwhile', async () => {
    const { bus, channels, makePeers, stop } = await setupPeers();
    await makePeers().sender();
    // This request reads the kept context; the realm changes before it asks for the channel.
    const peers = makePeers();
    await peers.sender();
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'user_group', op: 'remove_members', group_id: 11, user_ids: [2] } });
    expect((await peers.channelForSend({ stream_id: 5 })).channel?.name).toBe('general v1');
    expect(channels.mock.calls[0][1]).toMatchObject({ caller_context: { group_ids: [11] } });
    // Its answer was not kept: the next send asks again, with a fresh context.
    expect((await makePeers().channelForSend({ stream_id: 5 })).channel?.name).toBe('general v2');
    expect((await makePeers().channelForSend({ stream_id: 5 })).channel?.name).toBe('general v2');
    expect(channels).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('asks the channels service once per caller for every channel they see, until channels or users announce a change', async () => {
    const { bus, channels, makePeers, stop } = await setupPeers();
    const names = async () => (await makePeers().allChannels()).map((c) => c.name);
    expect(await names()).toEqual(['general v1']);
    expect(await names()).toEqual(['general v1']);
    expect(channels.mock.calls.map((c) => c[0])).toEqual(['ListAccess']);
    await bus.announce(clientEventSubject('channels'), { realm_id: 1, audience: [2], event: { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 5 }] } });
    expect(await names()).toEqual(['general v2']);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'realm_user', op: 'update', person: { user_id: 2, role: 600 } } });
    expect(await names()).toEqual(['general v3']);
    await stop();
  });

  it('reads kept answers only once the announcements published before the request are applied', async () => {
    const { bus, makePeers, stop } = await setupPeers(50);
    const policy = async () => (await makePeers().realmPolicy()).settings.version;
    const channel = async () => (await makePeers().channelForSend({ stream_id: 5 })).channel?.name;
    const list = async () => (await makePeers().allChannels()).map((c) => c.name);
    const person = async () => (await makePeers().peopleById([3])).get(3)?.full_name;
    expect([await policy(), await channel(), await list(), await person()]).toEqual([1, 'general v1', ['general v2'], 'U3 v1']);
    // As a service does: the change is on the bus before its client is answered, and the
    // client's next request may reach this process before the announcement does.
    const change = { type: 'realm_user', op: 'update', person: { user_id: 3, role: 200 } };
    for (let i = 0; i < 4; i++) await bus.bus.publish(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: change }, `change ${i}`);
    expect([await policy(), await channel(), await list(), await person()]).toEqual([2, 'general v3', ['general v4'], 'U3 v2']);
    await stop();
  });

  it("keeps the realm's people by ID, asking only for those it has not, until the users service announces a change", async () => {
    const { bus, users, makePeers, stop } = await setupPeers();
    const namesOf = async (ids: number[]) => [...(await makePeers().peopleById(ids)).values()].map((p) => p.full_name);
    expect(await namesOf([2, 3])).toEqual(['U2 v1', 'U3 v1']);
    expect(await namesOf([3, 4, 2])).toEqual(['U3 v1', 'U2 v1', 'U4 v2']);
    // An ID that names no one is not made up, and is asked for again.
    expect(await namesOf([2, 404])).toEqual(['U2 v1']);
    expect(users.mock.calls.map((c) => (c[1] as { principals: string[] }).principals)).toEqual([['2', '3'], ['4'], ['404']]);
    // A presence is not a change of anyone's record; a renaming is.
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'presence' } });
    expect(await namesOf([2])).toEqual(['U2 v1']);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'realm_user', op: 'update', person: { user_id: 2, full_name: 'New' } } });
    expect(await namesOf([2])).toEqual(['U2 v4']);
    await stop();
  });
});
