import { eventually } from './support/eventually';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { eventsOf } from './support/queues';

/** POST /users/me/presence and GET /realm/presence, presence_enabled, presence events. */
let realm: TestRealm;
beforeAll(async () => {
  realm = await createTestRealm('Presence realm');
});
afterAll(closeFixtures);

describe('presence', () => {
  it("records a ping and returns everyone's presence, modern and legacy", async () => {
    const user = await realm.addUser({ name: 'Pinger' });
    const modern = await user.api.post('/users/me/presence', { status: 'active', last_update_id: -1 });
    expect(modern.status).toBe(200);
    const mine = modern.body.presences[String(user.user_id)];
    expect(mine.active_timestamp).toBe(mine.idle_timestamp);
    expect(modern.body.presence_last_update_id).toBeGreaterThan(0);
    const later = await user.api.post('/users/me/presence', { status: 'idle', last_update_id: modern.body.presence_last_update_id });
    expect(Object.keys(later.body.presences)).toEqual([String(user.user_id)]);
    const legacy = await realm.member.api.get('/realm/presence');
    expect(legacy.body.presences[user.email]).toMatchObject({ aggregated: { client: 'website', status: 'active' } });
    expect((await user.api.post('/users/me/presence', { status: 'active', ping_only: true })).body).toEqual({ result: 'success', msg: '' });
  });

  it('announces a user coming online, in both formats', async () => {
    const modernQ = (await realm.admin.api.post('/register', { event_types: ['presence'], client_capabilities: { simplified_presence_events: true } })).body;
    const legacyQ = (await realm.admin.api.post('/register', { event_types: ['presence'] })).body;
    const user = await realm.addUser({ name: 'Arriving' });
    await user.api.post('/users/me/presence', { status: 'active' });
    await user.api.post('/users/me/presence', { status: 'active' }); // already online: no second event
    // Only this user's events: an earlier test's user may still be announced in these queues.
    const mine = async (queueId: string) => (await eventsOf(realm.admin, queueId, 0)).filter((e) => e.user_id === user.user_id);
    await eventually(async () => expect((await mine(modernQ.queue_id)).length).toBeGreaterThanOrEqual(1));
    const [modern] = await mine(modernQ.queue_id);
    expect(modern).toMatchObject({ type: 'presence', user_id: user.user_id, email: user.email, presences: { [String(user.user_id)]: expect.any(Object) } });
    await eventually(async () => expect((await mine(legacyQ.queue_id)).length).toBeGreaterThanOrEqual(1));
    const legacy = await mine(legacyQ.queue_id);
    expect(legacy).toHaveLength(1);
    expect(legacy[0]).not.toHaveProperty('presences');
    expect(legacy[0]).toMatchObject({ presence: { website: { client: 'website', status: 'active' } } });
  });

  it('hides users who turned presence off, and refuses an unknown status', async () => {
    const shy = await realm.addUser({ name: 'Shy' });
    await shy.api.patch('/settings', { presence_enabled: false });
    await shy.api.post('/users/me/presence', { status: 'active' });
    expect((await realm.member.api.get('/realm/presence')).body.presences).not.toHaveProperty(shy.email);
    const res = await shy.api.post('/users/me/presence', { status: 'busy' });
    expect([res.status, res.body.msg]).toEqual([400, 'Invalid status: busy']);
  });

  it('refuses bots, which have no presence (Zulip: human users only)', async () => {
    const res = await realm.bot.api.post('/users/me/presence', { status: 'active' });
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.']);
  });

  it('tells everyone at once when a user turns presence off (offline) and on (active)', async () => {
    const user = await realm.addUser({ name: 'Toggler' });
    const queue = (await realm.admin.api.post('/register', { event_types: ['presence'], client_capabilities: { simplified_presence_events: true } })).body;
    const mine = async () => (await eventsOf(realm.admin, queue.queue_id, 0)).filter((e) => e.user_id === user.user_id);
    expect((await user.api.patch('/settings', { presence_enabled: false })).status).toBe(200);
    await eventually(async () => expect(await mine()).toHaveLength(1));
    const [off] = await mine();
    const offline = off.presences[String(user.user_id)];
    expect(offline.active_timestamp).toBe(offline.idle_timestamp);
    expect(off.server_timestamp - offline.idle_timestamp).toBeGreaterThan(140); // past the offline threshold
    expect((await user.api.patch('/settings', { presence_enabled: false })).status).toBe(200); // unchanged: no event
    expect((await user.api.patch('/settings', { presence_enabled: true })).status).toBe(200);
    await eventually(async () => expect(await mine()).toHaveLength(2));
    const on = (await mine())[1];
    expect(on.presence).toMatchObject({ website: { status: 'active', timestamp: on.server_timestamp } });
    expect((await realm.member.api.get('/realm/presence')).body.presences).toHaveProperty([user.email, 'aggregated', 'status'], 'active');
  });

  it('names the user by the email others see after the same change', async () => {
    const user = await realm.addUser({ name: 'Revealed' });
    expect((await user.api.patch('/settings', { email_address_visibility: 5 })).status).toBe(200);
    const queue = (await realm.admin.api.post('/register', { event_types: ['presence'] })).body;
    expect((await user.api.patch('/settings', { presence_enabled: false, email_address_visibility: 1 })).status).toBe(200);
    const mine = async () => (await eventsOf(realm.admin, queue.queue_id, 0)).filter((e) => e.user_id === user.user_id);
    await eventually(async () => expect(await mine()).toHaveLength(1));
    expect((await mine())[0]).toMatchObject({ type: 'presence', email: user.email, presence: { website: { status: 'idle' } } });
  });

  it('gives presence in register state', async () => {
    await realm.member.api.post('/users/me/presence', { status: 'active' });
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['presence'], slim_presence: true })).body;
    expect(state.presences[String(realm.member.user_id)]).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
    expect(state.presence_last_update_id).toEqual(expect.any(Number));
  });
});
