import type { RpcClients } from '@parley/common';
import { Directory } from './directory';

/** What a send asks the users service for its rendering: the realm's users only when the content may mention someone. */
describe('Directory.renderContextFor', () => {
  function directory() {
    const users = jest.fn(async (method: string) => {
      if (method === 'GetRenderContext') return { users: [{ user_id: 7, full_name: 'Bob', is_active: true }], groups: [{ id: 3, name: 'ops' }], linkifiers: [] };
      if (method === 'GetLinkifiers') return { json: JSON.stringify({ linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.test/{id}' }] }) };
      throw new Error(`unexpected users.${method}`);
    });
    const clients = { users: { call: users } } as unknown as RpcClients;
    const dir = new Directory(clients, { caller: { realm_id: 1, user_id: 2, role: 400, is_bot: false, email: 'u2@example.com' }, client: 'test', host: '' });
    return { dir, users };
  }

  it('reads only the linkifiers for content without an @', async () => {
    const { dir, users } = directory();
    await expect(dir.renderContextFor('see #12, no mentions')).resolves.toEqual({
      users: [], groups: [], linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.test/{id}' }],
    });
    expect(users.mock.calls.map((c) => c[0])).toEqual(['GetLinkifiers']);
  });

  it('reads the realm\'s users and groups for content that may mention (users, silent, groups, wildcards)', async () => {
    for (const content of ['hi @**Bob**', 'cc @_**Bob**', 'ping @*ops*', '@**all** look']) {
      const { dir, users } = directory();
      const ctx = await dir.renderContextFor(content);
      expect([content, ctx.users.map((u) => u.full_name), ctx.groups.map((g) => g.name)]).toEqual([content, ['Bob'], ['ops']]);
      expect(users.mock.calls.map((c) => c[0])).toEqual(['GetRenderContext']);
    }
  });
});
