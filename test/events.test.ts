import { parseJsonReply, Role, connect } from '@parley/common';
import { STATE_PROVIDERS } from '../services/events/src/domain/state';
import { Api, Params } from './support/api';
import { eventually } from './support/eventually';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';

/**
 * Event queues end to end: POST /register, changes made through the API, the exact events
 * the reference describes read back with GET /events, in order; acknowledgement, filters,
 * long polls, refusals and DELETE /events. Every response is checked against the reference.
 */
let realm: TestRealm;
let elsewhere: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('Events realm');
  elsewhere = await createTestRealm('Quiet realm');
});
afterAll(closeFixtures);

async function register(user: TestUser, params: Params = {}) {
  const res = await user.api.post('/register', params);
  expect(res.status).toBe(200);
  return res.body as { queue_id: string; last_event_id: number } & Record<string, any>;
}

/** The queue's events after `lastEventId`, without blocking. */
async function poll(user: TestUser, queueId: string, lastEventId = -1) {
  const res = await user.api.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
  expect(res.status).toBe(200);
  return res.body.events as Record<string, unknown>[];
}

/** Waits until the queue holds `count` events (they travel through the outbox and the bus). */
async function eventsOf(user: TestUser, queueId: string, count: number, lastEventId = -1) {
  let events: Record<string, unknown>[] = [];
  await eventually(async () => {
    events = await poll(user, queueId, lastEventId);
    expect(events.length).toBeGreaterThanOrEqual(count);
  });
  return events;
}

describe('POST /register', () => {
  it("says what the realm's group settings let the user do: by role group, nested group or by name", async () => {
    const r = await createTestRealm('Register permissions realm');
    const groups = await systemGroupIds(r.realm_id);
    // Inviters ⊃ Inner ∋ member: the member holds the setting through a subgroup of a subgroup.
    const inner = (await r.admin.api.post('/user_groups/create', { name: 'Inner', description: 'i', members: [r.member.user_id] })).body.group_id;
    const inviters = (await r.admin.api.post('/user_groups/create', { name: 'Inviters', description: 'o', members: [], subgroups: [inner] })).body.group_id;
    const change = {
      can_invite_users_group: { new: inviters },
      can_create_public_channel_group: { new: { direct_members: [r.guest.user_id], direct_subgroups: [groups['role:moderators']] } },
      can_create_private_channel_group: { new: groups['role:administrators'] },
      can_add_subscribers_group: { new: { direct_members: [r.member.user_id], direct_subgroups: [] } },
    };
    expect((await r.owner.api.patch('/realm', change, { contract: 'envelope' })).status).toBe(200);
    const flags = async (user: TestUser) => {
      const s = await register(user, { fetch_event_types: ['realm_user'] });
      return [s.can_invite_others_to_realm, s.can_create_public_streams, s.can_create_private_streams, s.can_subscribe_other_users, s.can_create_streams];
    };
    //                                  invite  public  private subscribe any
    expect(await flags(r.member)).toEqual([true, false, false, true, false]);
    expect(await flags(r.guest)).toEqual([false, true, false, false, true]);
    expect(await flags(r.moderator)).toEqual([false, true, false, false, true]);
    expect(await flags(r.admin)).toEqual([false, true, true, false, true]);
    expect(await flags(r.owner)).toEqual([false, true, true, false, true]);
  });

  it("joins parts whose keys never overlap: each provider's, and the queue's own", async () => {
    // The events service joins the providers' JSON as text (domain/state.ts): a key two of
    // them answered would appear twice. Every event type is fetched, so every key is there.
    const addr: Record<string, string | undefined> = {
      users: process.env.PARLEY_TEST_USERS_GRPC_ADDR,
      channels: process.env.PARLEY_TEST_CHANNELS_GRPC_ADDR,
      messages: process.env.PARLEY_TEST_MESSAGES_GRPC_ADDR,
      uploads: process.env.PARLEY_TEST_UPLOADS_GRPC_ADDR,
    };
    const caller = { realm_id: realm.realm_id, user_id: realm.admin.user_id, role: Role.ADMINISTRATOR, is_bot: false, email: realm.admin.email };
    const request = { client_capabilities: '{}', client_gravatar: false, apply_markdown: true, slim_presence: false, include_subscribers: 'true' };
    const owner = new Map<string, string>();
    for (const key of ['queue_id', 'last_event_id', 'zulip_feature_level', 'service_feature_level', 'zulip_version', 'zulip_merge_base', 'event_queue_longpoll_timeout_seconds'])
      owner.set(key, 'events');
    for (const service of STATE_PROVIDERS) {
      expect(addr[service]).toBeDefined();
      const client = connect(service, addr[service]!, process.env.PARLEY_SECRET!);
      try {
        const keys = Object.keys(parseJsonReply<object>(await client.getRegisterState(request, { caller, client: 'test', host: '' })));
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          expect([key, owner.get(key) ?? service]).toEqual([key, service]);
          owner.set(key, service);
        }
      } finally {
        client.transport.close();
      }
    }
    // And the whole state arrives as one object with all of them, in the envelope.
    const state = await register(realm.admin, { client_gravatar: false, include_subscribers: true });
    expect(Object.keys(state).sort()).toEqual([...owner.keys(), 'result', 'msg'].sort());
  });

  it('creates a queue and returns the initial state with the feature level and limits', async () => {
    const state = await register(realm.member);
    expect(state).toMatchObject({
      last_event_id: -1,
      zulip_feature_level: 420,
      service_feature_level: 420,
      zulip_version: '11.0',
      event_queue_longpoll_timeout_seconds: 90,
      max_message_length: 10000,
      max_topic_length: 60,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_file_upload_size_mib: 25,
      realm_empty_topic_display_name: 'general chat',
      realm_name: 'Events realm',
      user_id: realm.member.user_id,
      full_name: 'Mia Member',
      is_admin: false,
      is_guest: false,
      can_create_public_streams: true,
      can_create_web_public_streams: false,
    });
    expect(state.queue_id).toMatch(/^[0-9a-f-]{36}$/);
    const ids = state.realm_users.map((u: { user_id: number }) => u.user_id);
    expect(ids).toEqual(expect.arrayContaining([realm.owner.user_id, realm.member.user_id, realm.bot.user_id]));
    expect(ids).not.toContain(elsewhere.member.user_id);
    expect(state.cross_realm_bots.map((b: { full_name: string }) => b.full_name).sort()).toEqual(['Notification Bot', 'Welcome Bot']);
  });

  it('sends only the state of fetch_event_types (default: event_types)', async () => {
    const onlyRealm = await register(realm.member, { event_types: ['realm'] });
    expect(onlyRealm).toHaveProperty('realm_name');
    expect(onlyRealm).not.toHaveProperty('realm_users');
    const onlyUsers = await register(realm.member, { event_types: ['realm'], fetch_event_types: ['realm_user'] });
    expect(onlyUsers).toHaveProperty('realm_users');
    expect(onlyUsers).not.toHaveProperty('realm_name');
  });

  it('tells each role what it may do', async () => {
    const guest = await register(realm.guest, { fetch_event_types: ['realm_user'] });
    expect(guest).toMatchObject({ is_guest: true, can_create_streams: false, can_subscribe_other_users: false });
    const admin = await register(realm.admin, { fetch_event_types: ['realm_user'] });
    expect(admin).toMatchObject({ is_admin: true, is_owner: false, can_create_streams: true });
    const moderator = await register(realm.moderator, { fetch_event_types: ['realm_user'] });
    expect(moderator).toMatchObject({ is_moderator: true, is_admin: false });
  });

  it('refuses malformed options', async () => {
    const cases: [Params, string][] = [
      [{ event_types: '"realm"' }, 'event_types is not a list'],
      [{ client_capabilities: '[1]' }, 'client_capabilities is not a dict'],
      [{ client_capabilities: { notification_settings_null: 'yes' } }, 'client_capabilities["notification_settings_null"] is not a boolean'],
      [{ narrow: [['bogus', 'x']] }, 'Invalid narrow[0]'],
      [{ include_subscribers: 'sometimes' }, 'include_subscribers must be true, false or "partial"'],
    ];
    for (const [params, msg] of cases) {
      const res = await realm.member.api.post('/register', params);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
    }
  });

  it('refuses all_public_streams to guests', async () => {
    const res = await realm.guest.api.post('/register', { all_public_streams: true });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized for this query' });
  });
});

describe('GET /events', () => {
  it('delivers the exact realm_user events to two users, in order, and acknowledges', async () => {
    const a = await register(realm.member, { event_types: ['realm_user'] });
    const b = await register(realm.admin, { event_types: ['realm_user'] });
    const quiet = await register(elsewhere.member, { event_types: ['realm_user'] });
    const target = await realm.addUser({ name: 'Event Target' });
    await realm.owner.api.patch(`/users/${target.user_id}`, { full_name: 'Renamed Target' });
    await realm.owner.api.patch(`/users/${target.user_id}`, { role: Role.MODERATOR });
    await realm.owner.api.delete(`/users/${target.user_id}`);
    for (const [user, queue] of [
      [realm.member, a],
      [realm.admin, b],
    ] as const) {
      const events = await eventsOf(user, queue.queue_id, 4);
      expect(events).toHaveLength(4);
      expect(events[0]).toMatchObject({ id: 0, type: 'realm_user', op: 'add', person: { user_id: target.user_id, full_name: 'Event Target', role: Role.MEMBER } });
      expect(events.slice(1)).toEqual([
        { id: 1, type: 'realm_user', op: 'update', person: { user_id: target.user_id, full_name: 'Renamed Target' } },
        { id: 2, type: 'realm_user', op: 'update', person: { user_id: target.user_id, role: Role.MODERATOR } },
        { id: 3, type: 'realm_user', op: 'update', person: { user_id: target.user_id, is_active: false } },
      ]);
      // Acknowledging up to 1 leaves 2 and 3.
      expect((await poll(user, queue.queue_id, 1)).map((e) => e.id)).toEqual([2, 3]);
      expect(await poll(user, queue.queue_id, 3)).toEqual([]);
    }
    expect(await poll(elsewhere.member, quiet.queue_id)).toEqual([]);
  });

  it('keeps events a queue did not ask for out of it', async () => {
    const realmOnly = await register(realm.member, { event_types: ['realm'] });
    const everything = await register(realm.member);
    const target = await realm.addUser({ name: 'Filtered' });
    await eventsOf(realm.member, everything.queue_id, 1);
    expect((await poll(realm.member, everything.queue_id)).map((e) => (e.person as { user_id: number }).user_id)).toContain(target.user_id);
    expect(await poll(realm.member, realmOnly.queue_id)).toEqual([]);
  });

  it('answers a waiting long poll as soon as an event arrives', async () => {
    const queue = await register(realm.member, { event_types: ['realm_user'] });
    const waiting = realm.member.api.get('/events', { queue_id: queue.queue_id, last_event_id: -1 });
    const target = await realm.addUser({ name: 'Wakes Poll' });
    const res = await waiting;
    expect(res.body.events).toEqual([expect.objectContaining({ id: 0, type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: target.user_id }) })]);
  });

  it("refuses an unknown queue and another user's queue alike with BAD_EVENT_QUEUE_ID", async () => {
    const mine = await register(realm.member);
    for (const [api, id] of [
      [realm.member.api, 'no-such-queue'],
      [realm.admin.api, mine.queue_id],
      [elsewhere.member.api, mine.queue_id],
    ] as [Api, string][]) {
      const res = await api.get('/events', { queue_id: id, dont_block: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', msg: `Bad event queue ID: ${id}`, queue_id: id });
    }
  });

  it('needs queue_id', async () => {
    const res = await realm.member.api.get('/events', { dont_block: true });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'queue_id' });
  });
});

describe('DELETE /events', () => {
  it("removes the caller's queue, and only the caller's", async () => {
    const queue = await register(realm.member);
    const other = await realm.admin.api.delete('/events', { queue_id: queue.queue_id });
    expect(other.body.code).toBe('BAD_EVENT_QUEUE_ID');
    expect((await realm.member.api.delete('/events', { queue_id: queue.queue_id })).status).toBe(200);
    const gone = await realm.member.api.get('/events', { queue_id: queue.queue_id, dont_block: true });
    expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
  });
});
