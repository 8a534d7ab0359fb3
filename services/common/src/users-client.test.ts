import { bindClient, fakeClients } from './grpc/service-clients';
import { fetchRealmPolicy, groupIdsOf, holdersOf, renderMarkdown, resolvePeople } from './users-client';

const ctx = { client: 'test', host: '' };

describe('what other services ask the users service', () => {
  const users = jest.fn(async (method: string, request: Record<string, unknown>) => {
    switch (method) {
      case 'ResolveUsers':
        return {
          users: [
            { user_id: 9, email: 'bot@x.test', full_name: 'Bot', role: 400, is_bot: true, is_active: true, bot_owner_id: 3, avatar_url: '/a.png', client_computable_avatar: false },
            { user_id: 3, email: 'u3@x.test', full_name: 'Three', role: 200, is_bot: false, is_active: false, bot_owner_id: 0, avatar_url: '', client_computable_avatar: true },
          ],
          unknown: ['nobody@x.test'],
        };
      case 'GetRealmPolicy':
        return { settings: '{"can_add_custom_emoji_group":11}', system_groups: { 'role:members': '11' }, string_id: 'zulip', realm_url: '' };
      case 'GetGroupMemberships':
        return { memberships: [{ user_id: 3, group_ids: ['11', 12] }] };
      case 'ExpandGroupSettings':
        return { user_ids: (request.setting_values as string[]).map((v) => Number(v) + 100) };
      default:
        throw new Error(`unexpected users.${method}`);
    }
  });
  const bound = bindClient(fakeClients({ users }).users, ctx);

  beforeEach(() => users.mockClear());

  it('resolves people: numbers as numbers, no bot owner as null, the unknown as given', async () => {
    await expect(resolvePeople(bound, { realm_id: 2, principals: ['9', '3', 'nobody@x.test'] })).resolves.toEqual({
      users: [
        { user_id: 9, email: 'bot@x.test', full_name: 'Bot', role: 400, is_bot: true, is_active: true, bot_owner_id: 3, avatar_url: '/a.png', client_computable_avatar: false },
        { user_id: 3, email: 'u3@x.test', full_name: 'Three', role: 200, is_bot: false, is_active: false, bot_owner_id: null, avatar_url: '', client_computable_avatar: true },
      ],
      unknown: ['nobody@x.test'],
    });
    expect(users).toHaveBeenCalledWith('ResolveUsers', { realm_id: 2, principals: ['9', '3', 'nobody@x.test'] }, ctx);
  });

  it('decodes the realm policy and the groups of each user', async () => {
    await expect(fetchRealmPolicy(bound, 2)).resolves.toEqual({ settings: { can_add_custom_emoji_group: 11 }, systemGroups: { 'role:members': 11 }, stringId: 'zulip' });
    await expect(groupIdsOf(bound, 2, [3, 4])).resolves.toEqual(new Map([[3, new Set([11, 12])]]));
  });

  it('asks for no holders of no values, and sends each value as JSON', async () => {
    await expect(holdersOf(bound, 2, [])).resolves.toEqual([]);
    expect(users).not.toHaveBeenCalled();
    await expect(holdersOf(bound, 2, [5, 7])).resolves.toEqual([105, 107]);
    expect(users).toHaveBeenCalledWith('ExpandGroupSettings', { realm_id: 2, setting_values: ['5', '7'] }, ctx);
  });

  it('renders Markdown through the messages service', async () => {
    const messages = jest.fn(async () => ({ json: Buffer.from('{"rendered":"<p><strong>hi</strong></p>"}') }));
    await expect(renderMarkdown(bindClient(fakeClients({ messages }).messages, ctx), '**hi**')).resolves.toBe('<p><strong>hi</strong></p>');
    expect(messages).toHaveBeenCalledWith('RenderMessage', { content: '**hi**' }, ctx);
  });
});
