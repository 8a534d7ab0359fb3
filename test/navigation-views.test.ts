import type { Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';

/**
 * Navigation views (feature level 390): each user adds, edits and removes their own; built-in
 * views take no name and custom ones need one; navigation_view events to the user; register state.
 */
let realm: TestRealm;
type Json = Record<string, any>;
beforeAll(async () => {
  realm = await createTestRealm('Navigation views realm');
});
afterAll(closeFixtures);

const list = async (user: TestUser) => (await user.api.get('/navigation_views')).body.navigation_views as Json[];

describe('navigation views', () => {
  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as const)('lets the %s keep views of their own', async (role) => {
    const user = realm[role];
    const queue = (await user.api.post('/register', { event_types: ['navigation_view'] })).body.queue_id as string;
    expect((await user.api.post('/navigation_views', { fragment: ' narrow/is/alerted ', is_pinned: true, name: ' Alert words ' })).status).toBe(200);
    expect((await user.api.post('/navigation_views', { fragment: 'inbox', is_pinned: false })).status).toBe(200);
    expect(await list(user)).toEqual([
      { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' },
      { fragment: 'inbox', is_pinned: false, name: null },
    ]);
    expect((await user.api.patch('/navigation_views/narrow/is/alerted', { is_pinned: false, name: 'Alerts' })).status).toBe(200);
    expect((await user.api.patch('/navigation_views/inbox', { is_pinned: true })).status).toBe(200);
    expect((await user.api.delete('/navigation_views/narrow%2Fis%2Falerted')).status).toBe(200);
    const registered = (await user.api.post('/register', { fetch_event_types: ['navigation_views'] })).body.navigation_views;
    expect(registered).toEqual([{ fragment: 'inbox', is_pinned: true, name: null }]);
    const events = await eventsOf(user, queue, 5);
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['navigation_view', 'add'],
      ['navigation_view', 'add'],
      ['navigation_view', 'update'],
      ['navigation_view', 'update'],
      ['navigation_view', 'remove'],
    ]);
    expect(events[0].navigation_view).toEqual({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' });
    expect(events[2]).toMatchObject({ fragment: 'narrow/is/alerted', data: { is_pinned: false, name: 'Alerts' } });
    expect(events[3].data).toEqual({ is_pinned: true });
    expect(events[4].fragment).toBe('narrow/is/alerted');
  });

  it("keeps each user's views to them", async () => {
    await realm.member.api.post('/navigation_views', { fragment: 'narrow/channel/1-mine', is_pinned: true, name: 'Mine' });
    expect((await list(realm.other)).some((v) => v.fragment === 'narrow/channel/1-mine')).toBe(false);
    for (const res of [await realm.admin.api.patch('/navigation_views/narrow/channel/1-mine', { is_pinned: false }), await realm.admin.api.delete('/navigation_views/narrow/channel/1-mine')]) {
      expect([res.status, res.body.code, res.body.msg]).toEqual([404, 'BAD_REQUEST', 'Navigation view does not exist.']);
    }
    expect((await list(realm.member)).find((v) => v.fragment === 'narrow/channel/1-mine')).toMatchObject({ is_pinned: true });
  });

  it('refuses what Zulip refuses, with its messages', async () => {
    const user = realm.moderator;
    await user.api.post('/navigation_views', { fragment: 'narrow/is/followed', is_pinned: true, name: 'Followed' });
    const cases: [Params, string][] = [
      [{ fragment: ' ', is_pinned: true, name: 'x' }, 'fragment cannot be blank'],
      [{ fragment: 'narrow/is/unread', is_pinned: true, name: '  ' }, 'name cannot be blank'],
      [{ fragment: 'recent', is_pinned: true, name: 'Recent' }, 'Built-in views cannot have a custom name.'],
      [{ fragment: 'narrow/is/unread', is_pinned: true }, 'Custom views must have a valid name.'],
      [{ fragment: 'narrow/is/followed', is_pinned: false, name: 'Other' }, 'Navigation view already exists.'],
      [{ fragment: 'narrow/is/unread', is_pinned: false, name: 'Followed' }, 'Navigation view already exists.'],
    ];
    for (const [params, msg] of cases) {
      const res = await user.api.post('/navigation_views', params);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
    }
    const missing = await user.api.post('/navigation_views', { fragment: 'narrow/is/unread', name: 'Unread' });
    expect([missing.status, missing.body.code]).toEqual([400, 'REQUEST_VARIABLE_MISSING']);
    const builtIn = await user.api.patch('/navigation_views/feed', { name: 'Feed' });
    expect([builtIn.status, builtIn.body.msg]).toEqual([400, 'Built-in views cannot have a custom name.']);
    const taken = await user.api.patch('/navigation_views/narrow/is/followed', { name: 'Followed' });
    expect([taken.status, taken.body.msg]).toEqual([400, 'Navigation view already exists.']);
    const unknown = await user.api.patch('/navigation_views/narrow/is/nothing', { is_pinned: true });
    expect([unknown.status, unknown.body.code, unknown.body.msg]).toEqual([404, 'BAD_REQUEST', 'Navigation view does not exist.']);
  });
});
