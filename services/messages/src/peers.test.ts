import { fakeClients } from '@parley/common';
import { Peers } from './peers';
import { renderHere } from './domain/render/renderer';

/** What a send asks the users service for its rendering: the realm's users only when the content may mention someone. */
describe('Peers.renderContextFor', () => {
  function makePeers() {
    const users = jest.fn(async (method: string) => {
      if (method === 'GetRenderContext') return { users: [{ user_id: 7, full_name: 'Bob', is_active: true }], groups: [{ id: 3, name: 'ops' }], linkifiers: [] };
      if (method === 'GetLinkifiers') return { json: JSON.stringify({ linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.test/{id}' }] }) };
      throw new Error(`unexpected users.${method}`);
    });
    const clients = fakeClients({ users });
    const peers = new Peers({ clients, renderer: renderHere }, { caller: { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' }, client: 'test', host: '' });
    return { peers, users };
  }

  it('reads only the linkifiers for content without an @', async () => {
    const { peers, users } = makePeers();
    await expect(peers.renderContextFor('see #12, no mentions')).resolves.toEqual({
      users: [],
      groups: [],
      linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.test/{id}' }],
    });
    expect(users.mock.calls.map((c) => c[0])).toEqual(['GetLinkifiers']);
  });

  it("reads the realm's users and groups for content that may mention (users, silent, groups, wildcards)", async () => {
    for (const content of ['hi @**Bob**', 'cc @_**Bob**', 'ping @*ops*', '@**all** look']) {
      const { peers, users } = makePeers();
      const ctx = await peers.renderContextFor(content);
      expect([content, ctx.users.map((u) => u.full_name), ctx.groups.map((g) => g.name)]).toEqual([content, ['Bob'], ['ops']]);
      expect(users.mock.calls.map((c) => c[0])).toEqual(['GetRenderContext']);
    }
  });
});

/** What a send costs in hops: the sender's context in one, the channel list only for channel links. */
describe("Peers: a send's hops", () => {
  function makePeers() {
    const users = jest.fn(async (method: string) => {
      if (method === 'GetPermissionContext') {
        return {
          policy: { settings: '{"topics_policy":"allow_empty_topic"}', system_groups: { 'role:members': 11 }, string_id: 'zulip' },
          memberships: [{ user_id: 2, group_ids: [11, 12] }],
          users: [{ user_id: 2, email: 'u2@example.com', full_name: 'U', role: 400, is_bot: false, is_active: true, avatar_url: '', bot_owner_id: 0 }],
          linkifiers: JSON.stringify([{ id: 1, pattern: 'x', url_template: 'https://x.test' }]),
        };
      }
      throw new Error(`unexpected users.${method}`);
    });
    const channels = jest.fn(async (method: string, _request?: unknown) => {
      if (method === 'ListAccess') return { channels: [{ stream_id: 5, name: 'general', group_settings: '{}' }] };
      if (method === 'GetAccess') return { found: true, stream_id: 5, name: 'general', group_settings: '{}', subscriber_ids: ['2', '3'] };
      throw new Error(`unexpected channels.${method}`);
    });
    const clients = fakeClients({ users, channels });
    const peers = new Peers({ clients, renderer: renderHere }, { caller: { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' }, client: 'test', host: '' });
    return { peers, users, channels };
  }

  it("answers the sender, the realm policy, the sender's groups and the linkifiers from one call", async () => {
    const { peers, users } = makePeers();
    expect(await peers.sender()).toMatchObject({ user_id: 2, full_name: 'U', bot_owner_id: null });
    expect(await peers.realmPolicy()).toEqual({ settings: { topics_policy: 'allow_empty_topic' }, systemGroups: { 'role:members': 11 }, stringId: 'zulip' });
    expect([...(await peers.callerGroups())]).toEqual([11, 12]);
    expect(await peers.linkifiers()).toEqual([{ id: 1, pattern: 'x', url_template: 'https://x.test' }]);
    expect(users.mock.calls.map((c) => c[0])).toEqual(['GetPermissionContext']);
  });

  it("passes the sender's permission context along to the channels service, with the subscribers asked for", async () => {
    const { peers, users, channels } = makePeers();
    await peers.sender();
    expect(await peers.channelForSend({ name: 'general' })).toMatchObject({ channel: { stream_id: 5 }, subscribers: [2, 3] });
    expect(channels.mock.calls).toEqual([
      [
        'GetAccess',
        {
          stream_id: 0,
          name: 'general',
          with_subscribers: true,
          caller_context: { settings: '{"topics_policy":"allow_empty_topic"}', system_groups: { 'role:members': 11 }, group_ids: [11, 12] },
        },
        expect.anything(),
      ],
    ]);
    expect(users).toHaveBeenCalledTimes(1);
  });

  it('leaves no unhandled rejection when the users service fails: only what is awaited rejects', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const users = jest.fn(async () => {
        throw new Error('users unavailable');
      });
      const peers = new Peers(
        { clients: fakeClients({ users }), renderer: renderHere },
        { caller: { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' }, client: 'test', host: '' },
      );
      await expect(peers.sender()).rejects.toThrow('users unavailable');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(peers.realmPolicy()).rejects.toThrow('users unavailable');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('lists the channels for rendering only when the content may link to one', async () => {
    const { peers, channels } = makePeers();
    expect(await peers.channelsForRendering('no links, # alone, **bold**')).toEqual([]);
    expect(channels).not.toHaveBeenCalled();
    expect(await peers.channelsForRendering('see #**general**')).toEqual([{ stream_id: 5, name: 'general' }]);
    expect(channels.mock.calls.map((c) => c[0])).toEqual(['ListAccess']);
  });
});
