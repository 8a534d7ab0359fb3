import { Role } from '@parley/common';
import { Api } from './support/api';
import { closeFixtures, createTestRealm, settle, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';

/**
 * Bots managed by their owners, as Zulip's /bots endpoints: creation (can_create_bots_group,
 * can_create_write_only_bots_group), the owner's list, changes, deactivation and new API
 * keys, each refused for every role that may not; register's realm_bots and the realm_bot
 * and realm_user events. The reference does not document /bots, so those answers are checked
 * against Parley's own description; register and events against the reference.
 */
type Json = Record<string, any>;
const ENVELOPE = { contract: 'envelope' as const };

let realm: TestRealm;
let botDomain: string;
let n = 0;
const short = () => `b${Date.now().toString(36)}${++n}`;

beforeAll(async () => {
  realm = await createTestRealm('Bots realm');
  botDomain = ok(await realm.owner.api.post('/register', { fetch_event_types: ['realm'] })).realm_bot_domain as string;
});
afterAll(async () => {
  await closeFixtures();
});

const create = (user: TestUser, params: Json = {}) => user.api.post('/bots', { full_name: `Bot ${short()}`, short_name: short(), ...params }, ENVELOPE);
/** A bot `user` makes, with the credentials its API key gives. */
async function botOf(user: TestUser, params: Json = {}): Promise<TestUser> {
  const s = params.short_name ?? short();
  params = { full_name: `Bot ${short()}`, ...params };
  const body = ok(await create(user, { short_name: s, ...params }));
  const creds = { email: `${s}-bot@${botDomain}`, api_key: body.api_key as string, host: realm.host };
  return { ...creds, user_id: body.user_id, full_name: params.full_name ?? '', api: new Api(creds) };
}
const ownBots = async (user: TestUser): Promise<Json[]> => ok(await user.api.get('/bots', {}, ENVELOPE)).bots;
const setRealm = async (setting: string, value: unknown) => ok(await realm.owner.api.patch('/realm', { [setting]: JSON.stringify({ new: value }) }, ENVELOPE));

async function queueOf(user: TestUser): Promise<string> {
  await settle(user);
  return ok(await user.api.post('/register', { event_types: JSON.stringify(['realm_bot', 'realm_user']) })).queue_id as string;
}
/** The queue's events (beyond the heartbeat) once `done` holds of them. */
async function eventsUntil(user: TestUser, queueId: string, done: (events: Json[]) => boolean): Promise<Json[]> {
  let events: Json[] = [];
  await eventually(async () => {
    events = (ok(await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type !== 'heartbeat');
    expect(done(events)).toBe(true);
  });
  return events;
}
const botEvents = (events: Json[], userId: number) => events.filter((e) => e.type === 'realm_bot' && e.bot.user_id === userId);

describe('POST /bots', () => {
  it("creates a generic bot for every human role but guests, with Zulip's reply, address and working API key", async () => {
    for (const user of [realm.owner, realm.admin, realm.moderator, realm.member]) {
      const s = short();
      const body = ok(await create(user, { short_name: `  ${s} `, full_name: `  Helper ${s}` }));
      expect(body).toEqual({
        result: 'success',
        msg: '',
        user_id: expect.any(Number),
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        avatar_url: expect.stringMatching(/^\/user_avatars\/default\/[0-9a-f]{32}\.png\?version=1$/),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      });
      const me = ok(await new Api({ email: `${s}-bot@${botDomain}`, api_key: body.api_key, host: realm.host }).get('/users/me'));
      expect(me).toMatchObject({ user_id: body.user_id, is_bot: true, bot_type: 1, bot_owner_id: user.user_id, full_name: `Helper ${s}`, role: Role.MEMBER });
    }
  });

  it('takes an incoming webhook bot and default channels the caller may read', async () => {
    const channel = `Bot defaults ${short()}`;
    ok(await realm.member.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: channel }]) }));
    const body = ok(
      await create(realm.member, {
        bot_type: 2,
        default_sending_stream: channel,
        default_events_register_stream: channel,
        default_all_public_streams: true,
      }),
    );
    expect(body).toMatchObject({ default_sending_stream: channel, default_events_register_stream: channel, default_all_public_streams: true });
    expect((await ownBots(realm.member)).find((b) => b.user_id === body.user_id)).toMatchObject({ bot_type: 2, default_sending_stream: channel });
  });

  it('refuses guests, bots, bad and taken names, outgoing webhook and embedded bots, and unknown channels', async () => {
    refused(await create(realm.guest), 'Not allowed for guest users');
    refused(await create(realm.bot), 'This endpoint does not accept bot requests.');
    const bot = await botOf(realm.member);
    refused(await create(bot), 'This endpoint does not accept bot requests.');
    const s = short();
    ok(await create(realm.member, { short_name: s }));
    refused(await create(realm.admin, { short_name: s.toUpperCase() }), 'Username already in use');
    for (const bad of ['', '   ', 'two words', 'at@sign', '.dot']) refused(await create(realm.member, { short_name: bad }), 'Bad name or username');
    refused(await create(realm.member, { full_name: '  ' }), 'Name too short!');
    refused(await create(realm.member, { full_name: 'x'.repeat(101) }), 'Name too long!');
    refused(await create(realm.member, { full_name: 'Star*bot' }), 'Invalid characters in name!');
    refused(await create(realm.member, { full_name: realm.other.full_name }), 'Name is already in use.');
    for (const type of [3, 4, 9]) refused(await create(realm.member, { bot_type: type }), 'Invalid bot type');
    refused(await create(realm.member, { default_sending_stream: 'No such channel here' }), "Invalid channel name 'No such channel here'");
    const secret = `Secret ${short()}`;
    ok(await realm.admin.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: secret }]), invite_only: true }));
    refused(await create(realm.member, { default_events_register_stream: secret }), `Invalid channel name '${secret}'`);
  });

  it('follows can_create_bots_group, and can_create_write_only_bots_group for incoming webhooks', async () => {
    const sys = await systemGroupIds(realm.realm_id);
    try {
      await setRealm('can_create_bots_group', sys['role:administrators']);
      refused(await create(realm.member), 'Insufficient permission');
      refused(await create(realm.moderator), 'Insufficient permission');
      ok(await create(realm.member, { bot_type: 2 }));
      ok(await create(realm.admin));
      await setRealm('can_create_write_only_bots_group', sys['role:moderators']);
      refused(await create(realm.member, { bot_type: 2 }), 'Insufficient permission');
      ok(await create(realm.moderator, { bot_type: 2 }));
      refused(await create(realm.moderator, { bot_type: 1 }), 'Insufficient permission');
    } finally {
      await setRealm('can_create_bots_group', sys['role:members']);
      await setRealm('can_create_write_only_bots_group', sys['role:members']);
    }
  });
});

describe('GET /bots', () => {
  it("lists the caller's own active bots with Zulip's fields; guests and bots are refused", async () => {
    const user = await realm.addUser({ name: `Lister ${short()}` });
    expect(await ownBots(user)).toEqual([]);
    const first = await botOf(user, { full_name: 'First of mine' });
    const second = await botOf(user, { full_name: 'Second of mine' });
    await botOf(realm.admin);
    ok(await user.api.delete(`/bots/${second.user_id}`, {}, ENVELOPE));
    expect(await ownBots(user)).toEqual([
      {
        username: first.email,
        user_id: first.user_id,
        full_name: 'First of mine',
        bot_type: 1,
        is_active: true,
        api_key: first.api_key,
        avatar_url: expect.any(String),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        owner_id: user.user_id,
        services: [],
      },
    ]);
    refused(await realm.guest.api.get('/bots', {}, ENVELOPE), 'Not allowed for guest users');
    refused(await realm.bot.api.get('/bots', {}, ENVELOPE), 'This endpoint does not accept bot requests.');
  });
});

describe('PATCH /bots/{bot_id}', () => {
  it("lets the bot's owner and administrators change it; no one else", async () => {
    const bot = await botOf(realm.member);
    const patch = (user: TestUser, params: Json, id = bot.user_id) => user.api.patch(`/bots/${id}`, params, ENVELOPE);
    for (const user of [realm.member, realm.admin, realm.owner]) {
      const name = `Renamed ${short()}`;
      expect(ok(await patch(user, { full_name: name }))).toMatchObject({
        full_name: name,
        default_sending_stream: null,
        default_all_public_streams: false,
        service_interface: 1,
        bot_owner: realm.member.email,
      });
    }
    for (const user of [realm.moderator, realm.other]) refused(await patch(user, { full_name: 'Taken over' }), 'Insufficient permission');
    refused(await patch(realm.guest, { full_name: 'Taken over' }), 'Not allowed for guest users');
    refused(await patch(realm.bot, { full_name: 'Taken over' }), 'This endpoint does not accept bot requests.');
    refused(await patch(bot, { full_name: 'Taken over' }), 'This endpoint does not accept bot requests.');
    refused(await patch(realm.admin, { full_name: 'x' }, realm.member.user_id), 'No such bot');
    refused(await patch(realm.admin, { full_name: 'x' }, 999999999), 'No such bot');
    refused(await patch(realm.member, { full_name: realm.other.full_name }), 'Name is already in use.');
    refused(await patch(realm.member, { full_name: '' }), 'Name too short!');
  });

  it('changes roles as Zulip: administrators only, owners for the owner role', async () => {
    const bot = await botOf(realm.member);
    const role = (user: TestUser, value: number) => user.api.patch(`/bots/${bot.user_id}`, { role: value }, ENVELOPE);
    refused(await role(realm.member, Role.MODERATOR), 'Must be an organization administrator');
    refused(await role(realm.admin, Role.OWNER), 'Must be an organization owner');
    refused(await role(realm.admin, 150), 'Invalid role');
    ok(await role(realm.admin, Role.MODERATOR));
    ok(await role(realm.owner, Role.OWNER));
    refused(await role(realm.admin, Role.MEMBER), 'Must be an organization owner');
    ok(await role(realm.owner, Role.MEMBER));
    expect(ok(await realm.owner.api.get(`/users/${bot.user_id}`)).user.role).toBe(Role.MEMBER);
  });

  it('moves the bot to another active person and sets or clears its default channels', async () => {
    const bot = await botOf(realm.member);
    const patch = (params: Json) => realm.member.api.patch(`/bots/${bot.user_id}`, params, ENVELOPE);
    const gone = await realm.addUser({ name: `Gone ${short()}` });
    ok(await realm.owner.api.delete(`/users/${gone.user_id}`));
    refused(await patch({ bot_owner_id: 999999999 }), 'Failed to change owner, no such user');
    refused(await patch({ bot_owner_id: gone.user_id }), 'Failed to change owner, user is deactivated');
    refused(await patch({ bot_owner_id: realm.bot.user_id }), "Failed to change owner, bots can't own other bots");
    const channel = `Bot home ${short()}`;
    ok(await realm.member.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: channel }]) }));
    expect(ok(await patch({ default_sending_stream: channel, default_all_public_streams: true }))).toMatchObject({ default_sending_stream: channel, default_all_public_streams: true });
    refused(await patch({ default_events_register_stream: 'Nowhere at all' }), "Invalid channel name 'Nowhere at all'");
    expect(ok(await patch({ default_sending_stream: '' }))).toMatchObject({ default_sending_stream: null });
    expect(ok(await patch({ bot_owner_id: realm.other.user_id }))).toMatchObject({ bot_owner: realm.other.email });
    expect((await ownBots(realm.member)).map((b) => b.user_id)).not.toContain(bot.user_id);
    expect((await ownBots(realm.other)).find((b) => b.user_id === bot.user_id)).toMatchObject({ owner_id: realm.other.user_id });
    // The former owner administers it no more.
    refused(await patch({ full_name: 'Mine again' }), 'Insufficient permission');
  });
});

describe('DELETE /bots/{bot_id} and POST /bots/{bot_id}/api_key/regenerate', () => {
  it('deactivates for the owner and administrators only; the bot is signed out', async () => {
    for (const by of [realm.member, realm.admin]) {
      const bot = await botOf(realm.member);
      for (const user of [realm.moderator, realm.other]) refused(await user.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE), 'Insufficient permission');
      refused(await realm.guest.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE), 'Not allowed for guest users');
      refused(await bot.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE), 'This endpoint does not accept bot requests.');
      ok(await by.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE));
      await eventually(async () => expect((await bot.api.get('/users/me')).status).toBe(401));
      expect(ok(await realm.owner.api.get(`/users/${bot.user_id}`)).user.is_active).toBe(false);
      // Again: no error, as Zulip.
      ok(await by.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE));
    }
    refused(await realm.admin.api.delete(`/bots/${realm.member.user_id}`, {}, ENVELOPE), 'No such bot');
  });

  it('gives a new API key to the owner and administrators; the old key stops working', async () => {
    const bot = await botOf(realm.member);
    ok(await bot.api.get('/users/me'));
    const regenerate = (user: TestUser) => user.api.post(`/bots/${bot.user_id}/api_key/regenerate`, {}, ENVELOPE);
    for (const user of [realm.moderator, realm.other]) refused(await regenerate(user), 'Insufficient permission');
    refused(await regenerate(realm.guest), 'Not allowed for guest users');
    refused(await regenerate(bot), 'This endpoint does not accept bot requests.');
    const { api_key } = ok(await regenerate(realm.member));
    expect(api_key).not.toBe(bot.api_key);
    // Gateways drop their cached authentication when the change is announced, just after the commit.
    await eventually(async () => expect((await bot.api.get('/users/me')).status).toBe(401));
    ok(await new Api({ email: bot.email, api_key, host: realm.host }).get('/users/me'));
    const again = ok(await regenerate(realm.admin)).api_key;
    expect((await ownBots(realm.member)).find((b) => b.user_id === bot.user_id)!.api_key).toBe(again);
  });
});

describe("register's realm_bots and realm_bot events", () => {
  it('gives administrators every bot, deactivated too, and others their own', async () => {
    const keeper = await realm.addUser({ role: Role.MODERATOR, name: `Keeper ${short()}` });
    const mine = await botOf(keeper);
    const other = await botOf(realm.other);
    ok(await realm.other.api.delete(`/bots/${other.user_id}`, {}, ENVELOPE));
    const state = async (user: TestUser) => ok(await user.api.post('/register', { fetch_event_types: JSON.stringify(['realm_bot']) })).realm_bots as Json[];
    const adminView = await state(realm.admin);
    expect(adminView.find((b) => b.user_id === other.user_id)).toMatchObject({ is_active: false, owner_id: realm.other.user_id, email: other.email });
    expect(adminView.find((b) => b.user_id === mine.user_id)).toEqual({
      email: mine.email,
      user_id: mine.user_id,
      full_name: expect.any(String),
      bot_type: 1,
      is_active: true,
      api_key: mine.api_key,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      avatar_url: expect.any(String),
      services: [],
      owner_id: keeper.user_id,
    });
    expect((await state(keeper)).map((b) => b.user_id)).toEqual([mine.user_id]);
    expect(await state(realm.guest)).toEqual([]);
  });

  it('tells the owner and administrators of a new bot and its changes, and everyone of the person', async () => {
    const owner = await realm.addUser({ name: `Bot keeper ${short()}` });
    const [ownerQ, adminQ, otherQ] = [await queueOf(owner), await queueOf(realm.admin), await queueOf(realm.other)];
    const bot = await botOf(owner, { full_name: `Watched ${short()}` });
    await eventsUntil(realm.other, otherQ, (es) => es.some((e) => e.type === 'realm_user' && e.op === 'add' && e.person.user_id === bot.user_id));
    for (const [user, q] of [
      [owner, ownerQ],
      [realm.admin, adminQ],
    ] as const) {
      const [add] = botEvents(await eventsUntil(user, q, (es) => botEvents(es, bot.user_id).length > 0), bot.user_id);
      expect(add).toMatchObject({ op: 'add', bot: { user_id: bot.user_id, api_key: bot.api_key, owner_id: owner.user_id, is_active: true, email: bot.email } });
    }
    ok(await owner.api.patch(`/bots/${bot.user_id}`, { full_name: `Rewatched ${bot.user_id}`, default_all_public_streams: true }, ENVELOPE));
    const { api_key } = ok(await owner.api.post(`/bots/${bot.user_id}/api_key/regenerate`, {}, ENVELOPE));
    ok(await owner.api.delete(`/bots/${bot.user_id}`, {}, ENVELOPE));
    const updates = [{ full_name: `Rewatched ${bot.user_id}` }, { default_all_public_streams: true }, { api_key }, { is_active: false }];
    for (const [user, q] of [
      [owner, ownerQ],
      [realm.admin, adminQ],
    ] as const) {
      const events = await eventsUntil(user, q, (es) => botEvents(es, bot.user_id).length >= 5);
      expect(
        botEvents(events, bot.user_id)
          .slice(1)
          .map((e) => [e.op, e.bot]),
      ).toEqual(updates.map((u) => ['update', { user_id: bot.user_id, ...u }]));
    }
    const otherEvents = await eventsUntil(realm.other, otherQ, (es) => es.some((e) => e.type === 'realm_user' && e.person.is_active === false));
    expect(botEvents(otherEvents, bot.user_id)).toEqual([]);
    expect(otherEvents.filter((e) => e.type === 'realm_user' && e.op === 'update').map((e) => e.person)).toEqual([
      { user_id: bot.user_id, full_name: `Rewatched ${bot.user_id}` },
      { user_id: bot.user_id, is_active: false },
    ]);
  });

  it('tells only the owner of a bot whose default channel is private, as Zulip', async () => {
    const owner = await realm.addUser({ name: `Private keeper ${short()}` });
    const secret = `Private home ${short()}`;
    ok(await owner.api.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: secret }]), invite_only: true }));
    const [ownerQ, adminQ] = [await queueOf(owner), await queueOf(realm.admin)];
    const bot = await botOf(owner, { default_events_register_stream: secret });
    ok(await owner.api.patch(`/bots/${bot.user_id}`, { default_all_public_streams: true }, ENVELOPE));
    const ownerEvents = await eventsUntil(owner, ownerQ, (es) => botEvents(es, bot.user_id).length >= 2);
    expect(botEvents(ownerEvents, bot.user_id).map((e) => e.op)).toEqual(['add', 'update']);
    expect(botEvents(ownerEvents, bot.user_id)[0].bot.default_events_register_stream).toBe(secret);
    // The administrator hears of the person (realm_user), not of the bot's settings.
    const adminEvents = await eventsUntil(realm.admin, adminQ, (es) => es.some((e) => e.type === 'realm_user' && e.person.user_id === bot.user_id));
    await settle(realm.admin);
    expect(botEvents(ok(await realm.admin.api.get('/events', { queue_id: adminQ, last_event_id: -1, dont_block: true })).events, bot.user_id)).toEqual([]);
    expect(adminEvents.length).toBeGreaterThan(0);
    // Clearing the private channel makes it the administrators' business again.
    ok(await owner.api.patch(`/bots/${bot.user_id}`, { default_events_register_stream: '' }, ENVELOPE));
    const later = await eventsUntil(realm.admin, adminQ, (es) => botEvents(es, bot.user_id).length > 0);
    expect(botEvents(later, bot.user_id).map((e) => e.bot)).toEqual([{ user_id: bot.user_id, default_events_register_stream: null }]);
  });

  it('reactivates a bot through POST /users/{id}/reactivate as Zulip, with realm_bot updates both ways', async () => {
    const owner = await realm.addUser({ name: `Reviver ${short()}` });
    const bot = await botOf(owner, { full_name: `Phoenix ${short()}` });
    const ownerQ = await queueOf(owner);
    ok(await realm.admin.api.delete(`/users/${bot.user_id}`));
    const sys = await systemGroupIds(realm.realm_id);
    try {
      await setRealm('can_create_bots_group', sys['role:owners']);
      refused(await realm.admin.api.post(`/users/${bot.user_id}/reactivate`), 'Insufficient permission');
    } finally {
      await setRealm('can_create_bots_group', sys['role:members']);
    }
    const twin = await botOf(realm.member, { full_name: bot.full_name });
    refused(
      await realm.admin.api.post(`/users/${bot.user_id}/reactivate`),
      `There is already an active bot named "${bot.full_name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
    );
    ok(await realm.member.api.delete(`/bots/${twin.user_id}`, {}, ENVELOPE));
    ok(await realm.admin.api.post(`/users/${bot.user_id}/reactivate`));
    const events = await eventsUntil(owner, ownerQ, (es) => botEvents(es, bot.user_id).length >= 2);
    expect(botEvents(events, bot.user_id).map((e) => e.bot)).toEqual([
      { user_id: bot.user_id, is_active: false },
      { user_id: bot.user_id, is_active: true },
    ]);
    ok(await bot.api.get('/users/me'));
  });

  it('moves a bot between owners as Zulip: delete for the former, add for the new, update for administrators', async () => {
    const from = await realm.addUser({ name: `From ${short()}` });
    const to = await realm.addUser({ name: `To ${short()}` });
    const bot = await botOf(from);
    const [fromQ, toQ, adminQ, otherQ] = [await queueOf(from), await queueOf(to), await queueOf(realm.admin), await queueOf(realm.other)];
    ok(await from.api.patch(`/bots/${bot.user_id}`, { bot_owner_id: to.user_id }, ENVELOPE));
    const ownerUpdate = (es: Json[]) => es.some((e) => e.type === 'realm_user' && e.person.bot_owner_id === to.user_id);
    for (const [user, q, expected] of [
      [from, fromQ, [['delete', { user_id: bot.user_id }]]],
      [to, toQ, [['add', expect.objectContaining({ user_id: bot.user_id, owner_id: to.user_id, api_key: bot.api_key })]]],
      [realm.admin, adminQ, [['update', { user_id: bot.user_id, owner_id: to.user_id }]]],
      [realm.other, otherQ, []],
    ] as const) {
      const events = await eventsUntil(user, q, ownerUpdate);
      expect(botEvents(events, bot.user_id).map((e) => [e.op, e.bot])).toEqual(expected);
    }
  });
});
