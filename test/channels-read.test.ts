import { Role, connect, ServiceClient } from '@parley/common';
import { Params } from './support/api';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { eventsOf } from './support/queues';

/**
 * Reading channels (issue #5): GET /streams with each of its flags for every role, one
 * channel (GET /streams/{id}), /get_stream_id, a channel's members and one user's
 * subscription status; default channels (GET/POST/DELETE /default_streams, their events,
 * new users joining them); a user's own subscription properties and their events; the
 * channels service's share of POST /register (subscriptions, streams, default channels,
 * archived channels, the name and description limits); and the internal GetAccess RPC the
 * messages service asks. Where Zulip and Parley differ, the test asserts what Zulip does.
 */
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const ROLES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];
const NOT_ADMINS: RoleName[] = ['moderator', 'member', 'guest', 'bot'];
const ROLE_VALUE: Record<RoleName, number> = {
  owner: Role.OWNER,
  admin: Role.ADMINISTRATOR,
  moderator: Role.MODERATOR,
  member: Role.MEMBER,
  guest: Role.GUEST,
  bot: Role.MEMBER,
};
type Json = Record<string, any>;

/** Channels to list, in a realm of their own so that the lists are exact. */
let listing: TestRealm;
/** Subscription properties, register state, limits and the GetAccess cases that change channels. */
let realm: TestRealm;
/** Default channels (they change what every new user of the realm joins). */
let defaults: TestRealm;
let sys: Record<string, number>;
const ch = {} as Record<'pub' | 'open' | 'secret' | 'guestRoom' | 'web' | 'welcome' | 'old', number>;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

async function createChannel(user: TestUser, name: string, params: Params = {}): Promise<number> {
  const res = await user.api.post('/channels/create', { name, subscribers: [], ...params });
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body.id as number;
}

async function archive(user: TestUser, id: number): Promise<void> {
  const res = await user.api.delete(`/streams/${id}`);
  expect([res.status, res.body.msg]).toEqual([200, '']);
}

const ids = (list: { stream_id: number }[]) => list.map((s) => s.stream_id);
const sortedNames = (list: { name: string }[]) => list.map((s) => s.name).sort();
const withoutId = ({ id, ...rest }: Json) => rest;

beforeAll(async () => {
  [listing, realm, defaults] = await Promise.all([createTestRealm('Channel listing'), createTestRealm('Channel reading'), createTestRealm('Default channels')]);
  sys = await systemGroupIds(listing.realm_id);
  const spectators = await listing.owner.api.patch('/realm', { enable_spectator_access: true }, { contract: 'envelope' });
  expect(spectators.status).toBe(200);
  const { owner, admin, member, guest } = listing;
  ch.pub = await createChannel(owner, 'Public', { subscribers: [admin.user_id, member.user_id, guest.user_id] });
  ch.open = await createChannel(owner, 'Open', { subscribers: [owner.user_id] });
  ch.secret = await createChannel(owner, 'Secret', { invite_only: true, description: 'The inner circle', subscribers: [owner.user_id, member.user_id] });
  ch.guestRoom = await createChannel(owner, 'Guest room', { invite_only: true, subscribers: [owner.user_id, guest.user_id] });
  ch.web = await createChannel(owner, 'Web', { is_web_public: true, subscribers: [owner.user_id] });
  ch.welcome = await createChannel(owner, 'Welcome', { is_default_stream: true, subscribers: [owner.user_id] });
  ch.old = await createChannel(owner, 'Old', { subscribers: [owner.user_id, member.user_id] });
  await archive(owner, ch.old);
});
afterAll(closeFixtures);

// ---------------------------------------------------------------------------------------
// The listing realm: Public (public; admin, member, guest), Open (public; owner), Secret
// (private; owner, member), Guest room (private; owner, guest), Web (web-public; owner),
// Welcome (default; owner), Old (archived; owner, member). Every channel was created by the
// owner, so the administrator is subscribed to Public only.
// ---------------------------------------------------------------------------------------

const ACTIVE = ['Guest room', 'Open', 'Public', 'Secret', 'Web', 'Welcome'];
const PUBLIC = ['Open', 'Public', 'Web', 'Welcome'];
const NOT_AUTHORIZED = 'User not authorized for this query';

/** [what, parameters, the names each role gets (or the error it gets)]. */
const LISTINGS: [string, Params, Record<RoleName, string[] | string>][] = [
  [
    'by default: public channels and subscribed ones, archived left out',
    {},
    {
      owner: ACTIVE,
      admin: PUBLIC,
      moderator: PUBLIC,
      member: [...PUBLIC, 'Secret'],
      guest: ['Guest room', 'Public'],
      bot: PUBLIC,
    },
  ],
  [
    'with include_public=false: subscribed channels only',
    { include_public: false },
    {
      owner: ['Guest room', 'Open', 'Secret', 'Web', 'Welcome'],
      admin: ['Public'],
      moderator: [],
      member: ['Public', 'Secret'],
      guest: ['Guest room', 'Public'],
      bot: [],
    },
  ],
  [
    'with include_subscribed=false: public channels only (none for guests)',
    { include_subscribed: false },
    {
      owner: PUBLIC,
      admin: PUBLIC,
      moderator: PUBLIC,
      member: PUBLIC,
      guest: [],
      bot: PUBLIC,
    },
  ],
  [
    'with include_web_public only',
    { include_public: false, include_subscribed: false, include_web_public: true },
    {
      owner: ['Web'],
      admin: ['Web'],
      moderator: ['Web'],
      member: ['Web'],
      guest: ['Web'],
      bot: ['Web'],
    },
  ],
  [
    'with include_web_public added to the defaults',
    { include_web_public: true },
    {
      owner: ACTIVE,
      admin: PUBLIC,
      moderator: PUBLIC,
      member: [...PUBLIC, 'Secret'],
      guest: ['Guest room', 'Public', 'Web'],
      bot: PUBLIC,
    },
  ],
  [
    'with include_all: every channel with metadata access',
    { include_all: true },
    {
      owner: ACTIVE,
      admin: ACTIVE,
      moderator: PUBLIC,
      member: [...PUBLIC, 'Secret'],
      guest: ['Guest room', 'Public', 'Web'],
      bot: PUBLIC,
    },
  ],
  [
    'with include_all_active: administrators only',
    { include_all_active: true },
    {
      owner: ACTIVE,
      admin: ACTIVE,
      moderator: NOT_AUTHORIZED,
      member: NOT_AUTHORIZED,
      guest: NOT_AUTHORIZED,
      bot: NOT_AUTHORIZED,
    },
  ],
  [
    'with include_can_access_content only',
    { include_public: false, include_subscribed: false, include_can_access_content: true },
    {
      owner: ACTIVE,
      admin: PUBLIC,
      moderator: PUBLIC,
      member: [...PUBLIC, 'Secret'],
      guest: ['Guest room', 'Public', 'Web'],
      bot: PUBLIC,
    },
  ],
  [
    'with exclude_archived=false',
    { exclude_archived: false },
    {
      owner: [...ACTIVE, 'Old'],
      admin: [...PUBLIC, 'Old'],
      moderator: [...PUBLIC, 'Old'],
      member: [...PUBLIC, 'Old', 'Secret'],
      guest: ['Guest room', 'Public'],
      bot: [...PUBLIC, 'Old'],
    },
  ],
  [
    'with include_all and exclude_archived=false',
    { include_all: true, exclude_archived: false },
    {
      owner: [...ACTIVE, 'Old'],
      admin: [...ACTIVE, 'Old'],
      moderator: [...PUBLIC, 'Old'],
      member: [...PUBLIC, 'Old', 'Secret'],
      guest: ['Guest room', 'Public', 'Web'],
      bot: [...PUBLIC, 'Old'],
    },
  ],
  // Zulip adds the bot owner's subscribed channels (private ones included) for bots only.
  [
    'with include_owner_subscribed only',
    { include_public: false, include_subscribed: false, include_owner_subscribed: true },
    {
      owner: [],
      admin: [],
      moderator: [],
      member: [],
      guest: [],
      bot: ['Guest room', 'Open', 'Secret', 'Web', 'Welcome'],
    },
  ],
  // The reference: include_all_active "does not incorrectly hint that this parameter, and not
  // exclude_archived, controls whether archived channels appear".
  [
    'with include_all_active and exclude_archived=false',
    { include_all_active: true, exclude_archived: false },
    {
      owner: [...ACTIVE, 'Old'],
      admin: [...ACTIVE, 'Old'],
      moderator: NOT_AUTHORIZED,
      member: NOT_AUTHORIZED,
      guest: NOT_AUTHORIZED,
      bot: NOT_AUTHORIZED,
    },
  ],
];

describe.each(LISTINGS)('GET /streams %s', (_what, params, expected) => {
  it.each(ROLES)('for the %s', async (role) => {
    const res = await listing[role].api.get('/streams', params);
    const want = expected[role];
    if (typeof want === 'string') {
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', want]);
    } else {
      expect([res.status, res.body.msg]).toEqual([200, '']);
      expect(sortedNames(res.body.streams)).toEqual([...want].sort());
    }
  });
});

describe('GET /streams: the channel objects', () => {
  it('describes each channel by value: privacy, history, subscriber count, creator and group settings', async () => {
    const res = await listing.member.api.get('/streams', { exclude_archived: false });
    const byName = Object.fromEntries((res.body.streams as Json[]).map((s) => [s.name, s]));
    expect(byName.Secret).toMatchObject({
      stream_id: ch.secret,
      name: 'Secret',
      description: 'The inner circle',
      rendered_description: '<p>The inner circle</p>',
      invite_only: true,
      is_web_public: false,
      is_archived: false,
      history_public_to_subscribers: false,
      subscriber_count: 2,
      creator_id: listing.owner.user_id,
      message_retention_days: null,
      folder_id: null,
      topics_policy: 'inherit',
      can_administer_channel_group: { direct_members: [listing.owner.user_id], direct_subgroups: [] },
      can_send_message_group: sys['role:everyone'],
      can_remove_subscribers_group: sys['role:administrators'],
      can_add_subscribers_group: sys['role:nobody'],
      can_subscribe_group: sys['role:nobody'],
    });
    expect(byName.Public).toMatchObject({ stream_id: ch.pub, invite_only: false, is_web_public: false, history_public_to_subscribers: true, subscriber_count: 3 });
    expect(byName.Web).toMatchObject({ stream_id: ch.web, invite_only: false, is_web_public: true, history_public_to_subscribers: true, subscriber_count: 1 });
    expect(byName.Old).toMatchObject({ stream_id: ch.old, is_archived: true, subscriber_count: 2 });
    expect(byName.Public).not.toHaveProperty('is_default');
  });

  it("with include_default, marks each channel with is_default (the reference's field)", async () => {
    const res = await listing.member.api.get('/streams', { include_default: true });
    expect(res.status).toBe(200);
    const flags = Object.fromEntries((res.body.streams as Json[]).map((s) => [s.name, s.is_default]));
    expect(flags).toEqual({ Open: false, Public: false, Secret: false, Web: false, Welcome: true });
  });
});

describe('GET /streams/{stream_id}', () => {
  /** [channel, the roles that see it]; everyone else gets "Invalid channel ID". */
  const CASES: [keyof typeof ch, RoleName[]][] = [
    ['secret', ['owner', 'admin', 'member']],
    ['open', ['owner', 'admin', 'moderator', 'member', 'bot']],
    ['web', ROLES],
    ['guestRoom', ['owner', 'admin', 'guest']],
  ];
  const table = CASES.flatMap(([key, allowed]) => ROLES.map((role) => [key, role, allowed.includes(role)] as const));

  it.each(table)('%s for the %s: visible=%s', async (key, role, visible) => {
    const res = await listing[role].api.get(`/streams/${ch[key]}`);
    if (visible) {
      expect([res.status, res.body.msg]).toEqual([200, '']);
      expect(res.body.stream).toMatchObject({ stream_id: ch[key], invite_only: key === 'secret' || key === 'guestRoom' });
    } else {
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
    }
  });

  it("gives the channel's fields by value", async () => {
    const res = await listing.member.api.get(`/streams/${ch.secret}`);
    expect(res.body.stream).toMatchObject({
      stream_id: ch.secret,
      name: 'Secret',
      invite_only: true,
      subscriber_count: 2,
      is_archived: false,
      can_send_message_group: sys['role:everyone'],
      can_remove_subscribers_group: sys['role:administrators'],
    });
  });

  it('refuses unknown channels and channels of other realms', async () => {
    const elsewhere = await createChannel(realm.owner, unique('Elsewhere'));
    for (const id of [2 ** 31 - 1, elsewhere]) {
      const res = await listing.owner.api.get(`/streams/${id}`);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
    }
  });
});

describe('GET /get_stream_id', () => {
  it('finds a channel by name, case-insensitively', async () => {
    expect((await listing.member.api.get('/get_stream_id', { stream: 'Secret' })).body).toMatchObject({ result: 'success', stream_id: ch.secret });
    expect((await listing.member.api.get('/get_stream_id', { stream: 'public' })).body.stream_id).toBe(ch.pub);
    expect((await listing.guest.api.get('/get_stream_id', { stream: 'Web' })).body.stream_id).toBe(ch.web);
    expect((await listing.guest.api.get('/get_stream_id', { stream: 'Guest room' })).body.stream_id).toBe(ch.guestRoom);
  });

  const REFUSED: [RoleName, string][] = [
    ['member', 'Nowhere'],
    ['moderator', 'Secret'],
    ['bot', 'Guest room'],
    ['guest', 'Open'],
    ['member', 'Guest room'],
  ];
  it.each(REFUSED)('refuses the %s "%s" as an invalid name', async (role, name) => {
    const res = await listing[role].api.get('/get_stream_id', { stream: name });
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', `Invalid channel name '${name}'`]);
  });

  it("needs content access: an administrator not subscribed to a private channel gets the error (Zulip's access_stream_by_name)", async () => {
    const res = await listing.admin.api.get('/get_stream_id', { stream: 'Secret' });
    expect([res.status, res.body.msg]).toEqual([400, "Invalid channel name 'Secret'"]);
  });
});

describe('GET /streams/{stream_id}/members', () => {
  const sorted = (...users: TestUser[]) => users.map((u) => u.user_id).sort((a, b) => a - b);

  it('lists the subscribers to who may see them', async () => {
    const { owner, admin, member, guest } = listing;
    const list = async (user: TestUser, id: number) => {
      const res = await user.api.get(`/streams/${id}/members`);
      expect([res.status, res.body.msg]).toEqual([200, '']);
      return [...res.body.subscribers].sort((a: number, b: number) => a - b);
    };
    expect(await list(member, ch.secret)).toEqual(sorted(owner, member));
    expect(await list(member, ch.open)).toEqual(sorted(owner));
    expect(await list(guest, ch.pub)).toEqual(sorted(admin, member, guest));
    expect(await list(guest, ch.web)).toEqual(sorted(owner));
    expect(await list(listing.bot, ch.pub)).toEqual(sorted(admin, member, guest));
  });

  it("lets an administrator read a private channel's subscribers without being subscribed (as Zulip)", async () => {
    const res = await listing.admin.api.get(`/streams/${ch.secret}/members`);
    expect([res.status, res.body.msg]).toEqual([200, '']);
    expect([...res.body.subscribers].sort((a: number, b: number) => a - b)).toEqual(sorted(listing.owner, listing.member));
  });

  const HIDDEN: [RoleName, keyof typeof ch][] = [
    ['moderator', 'secret'],
    ['bot', 'secret'],
    ['member', 'guestRoom'],
    ['guest', 'open'],
    ['guest', 'secret'],
  ];
  it.each(HIDDEN)('hides from the %s the members of %s: "Invalid channel ID"', async (role, key) => {
    const res = await listing[role].api.get(`/streams/${ch[key]}/members`);
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
  });
});

describe('GET /users/{user_id}/subscriptions/{stream_id}', () => {
  const status = (asker: TestUser, user: TestUser, id: number) => asker.api.get(`/users/${user.user_id}/subscriptions/${id}`);

  it('tells whether a user is subscribed', async () => {
    const { admin, member, other, guest } = listing;
    expect((await status(member, admin, ch.pub)).body).toEqual({ result: 'success', msg: '', is_subscribed: true });
    expect((await status(member, other, ch.pub)).body.is_subscribed).toBe(false);
    expect((await status(member, member, ch.secret)).body.is_subscribed).toBe(true);
    expect((await status(guest, member, ch.pub)).body.is_subscribed).toBe(true);
    // Administrators see every channel's metadata, subscribers included.
    expect((await status(admin, member, ch.secret)).body.is_subscribed).toBe(true);
    expect((await status(admin, other, ch.secret)).body.is_subscribed).toBe(false);
  });

  it('refuses channels the asker cannot see', async () => {
    for (const [asker, id] of [
      [listing.moderator, ch.secret],
      [listing.guest, ch.open],
      [listing.member, 2 ** 31 - 1],
    ] as const) {
      const res = await status(asker, listing.owner, id);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
    }
  });
});

describe('default channels', () => {
  const getDefaults = async (user: TestUser) => {
    const res = await user.api.get('/default_streams', {}, { contract: 'envelope' });
    expect([res.status, res.body.msg]).toEqual([200, '']);
    return res.body.default_streams as Json[];
  };
  const subscribedIds = async (user: TestUser) => ids((await user.api.get('/users/me/subscriptions')).body.subscriptions);

  it('administrators add and remove them; every user reads them', async () => {
    const id = await createChannel(defaults.owner, unique('Lobby'), { subscribers: [defaults.owner.user_id] });
    expect((await defaults.admin.api.post('/default_streams', { stream_id: id })).body).toEqual({ result: 'success', msg: '' });
    const [listed] = await getDefaults(defaults.guest);
    expect(listed).toMatchObject({ stream_id: id, invite_only: false, subscriber_count: 1 });
    expect((await getDefaults(defaults.member)).map((s) => s.stream_id)).toEqual([id]);
    // Adding it twice changes nothing.
    expect((await defaults.owner.api.post('/default_streams', { stream_id: id })).status).toBe(200);
    expect((await getDefaults(defaults.member)).map((s) => s.stream_id)).toEqual([id]);
    expect((await defaults.owner.api.delete('/default_streams', { stream_id: id })).body).toEqual({ result: 'success', msg: '' });
    expect(await getDefaults(defaults.member)).toEqual([]);
  });

  it("tells the whole realm with default_streams events carrying the channels' IDs", async () => {
    const id = await createChannel(defaults.owner, unique('Announced'), { subscribers: [defaults.owner.user_id] });
    const queues = await Promise.all([defaults.member, defaults.guest].map(async (u) => (await u.api.post('/register', { event_types: ['default_streams'] })).body.queue_id as string));
    expect((await defaults.admin.api.post('/default_streams', { stream_id: id })).status).toBe(200);
    expect((await defaults.admin.api.delete('/default_streams', { stream_id: id })).status).toBe(200);
    for (const [i, user] of [defaults.member, defaults.guest].entries()) {
      // Since feature level 330 the event carries IDs, not channel objects. Events of the
      // previous test may arrive first: ours start with the one naming this channel.
      let ours: Json[] = [];
      await eventually(async () => {
        const events = (await eventsOf(user, queues[i], 0)).filter((e) => e.type === 'default_streams').map(withoutId);
        const start = events.findIndex((e) => JSON.stringify(e.default_streams) === JSON.stringify([id]));
        ours = start < 0 ? [] : events.slice(start);
        expect(ours.length).toBeGreaterThanOrEqual(2);
      });
      expect(ours).toEqual([
        { type: 'default_streams', default_streams: [id] },
        { type: 'default_streams', default_streams: [] },
      ]);
    }
  });

  it.each(NOT_ADMINS)('refuses the %s: "Must be an organization administrator"', async (role) => {
    const id = await createChannel(defaults.owner, unique('Not yours'), { subscribers: [defaults.owner.user_id] });
    for (const method of ['post', 'delete'] as const) {
      const res = await defaults[role].api[method]('/default_streams', { stream_id: id });
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Must be an organization administrator']);
    }
    expect((await getDefaults(defaults.owner)).map((s) => s.stream_id)).not.toContain(id);
  });

  it('refuses private channels and unknown channels', async () => {
    const secret = await createChannel(defaults.admin, unique('Private'), { invite_only: true, subscribers: [defaults.admin.user_id] });
    const priv = await defaults.admin.api.post('/default_streams', { stream_id: secret });
    expect([priv.status, priv.body.code, priv.body.msg]).toEqual([400, 'BAD_REQUEST', 'Private channels cannot be made default.']);
    for (const method of ['post', 'delete'] as const) {
      const res = await defaults.admin.api[method]('/default_streams', { stream_id: 2 ** 31 - 1 });
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
    }
  });

  it('drops an archived channel from the default channels', async () => {
    const id = await createChannel(defaults.owner, unique('Retiring'), { is_default_stream: true, subscribers: [defaults.owner.user_id] });
    expect((await getDefaults(defaults.member)).map((s) => s.stream_id)).toContain(id);
    await archive(defaults.owner, id);
    expect((await getDefaults(defaults.member)).map((s) => s.stream_id)).not.toContain(id);
  });

  it('subscribes every human user created afterwards, and no bot', async () => {
    const kept = await createChannel(defaults.owner, unique('Everyone here'), { subscribers: [defaults.owner.user_id] });
    const dropped = await createChannel(defaults.owner, unique('Briefly default'), { subscribers: [defaults.owner.user_id] });
    for (const id of [kept, dropped]) expect((await defaults.admin.api.post('/default_streams', { stream_id: id })).status).toBe(200);
    expect((await defaults.admin.api.delete('/default_streams', { stream_id: dropped })).status).toBe(200);

    const bot = await defaults.addUser({ bot: true, name: 'Late bot' });
    const human = await defaults.addUser({ name: 'Late human' });
    // New users are subscribed as the channels service hears of them, in order: once the
    // human (created after the bot) is subscribed, the bot's turn has passed.
    await eventually(async () => expect(await subscribedIds(human)).toEqual([kept]), 15_000);
    expect(await subscribedIds(bot)).toEqual([]);
    const res = await defaults.member.api.get(`/streams/${kept}/members`);
    expect(res.body.subscribers).toContain(human.user_id);
    expect(res.body.subscribers).not.toContain(bot.user_id);
  });
});

describe('POST /users/me/subscriptions/properties', () => {
  let mine: number;
  let notJoined: number;
  let hidden: number;
  const setProperties = (user: TestUser, data: Json[]) => user.api.post('/users/me/subscriptions/properties', { subscription_data: data });
  const subscriptionOf = async (user: TestUser, id: number) => ((await user.api.get('/users/me/subscriptions')).body.subscriptions as Json[]).find((s) => s.stream_id === id)!;

  beforeAll(async () => {
    mine = await createChannel(realm.owner, unique('Settings'), { subscribers: [realm.member.user_id, realm.other.user_id] });
    notJoined = await createChannel(realm.owner, unique('Not joined'), { subscribers: [realm.other.user_id] });
    hidden = await createChannel(realm.owner, unique('Hidden'), { invite_only: true, subscribers: [realm.other.user_id] });
  });

  /** [property, first value, what reads back, second value, what reads back]. */
  const PROPERTIES: [string, unknown, Json, unknown, Json][] = [
    ['color', '#a1b2c3', { color: '#a1b2c3' }, '#00ff7f', { color: '#00ff7f' }],
    ['is_muted', true, { is_muted: true, in_home_view: false }, false, { is_muted: false, in_home_view: true }],
    ['in_home_view', false, { is_muted: true, in_home_view: false }, true, { is_muted: false, in_home_view: true }],
    ['pin_to_top', true, { pin_to_top: true }, false, { pin_to_top: false }],
    ['desktop_notifications', true, { desktop_notifications: true }, false, { desktop_notifications: false }],
    ['audible_notifications', true, { audible_notifications: true }, false, { audible_notifications: false }],
    ['push_notifications', true, { push_notifications: true }, false, { push_notifications: false }],
    ['email_notifications', true, { email_notifications: true }, false, { email_notifications: false }],
    ['wildcard_mentions_notify', true, { wildcard_mentions_notify: true }, false, { wildcard_mentions_notify: false }],
  ];

  it.each(PROPERTIES)('sets %s, read back through GET /users/me/subscriptions', async (property, first, read1, second, read2) => {
    for (const [value, read] of [
      [first, read1],
      [second, read2],
    ] as const) {
      const res = await setProperties(realm.member, [{ stream_id: mine, property, value }]);
      expect([res.status, res.body.msg]).toEqual([200, '']);
      expect(res.body.ignored_parameters_unsupported).toBeUndefined();
      expect(await subscriptionOf(realm.member, mine)).toMatchObject(read);
    }
    // Another subscriber's settings are their own.
    expect((await subscriptionOf(realm.other, mine)).pin_to_top).toBe(false);
  });

  it('refuses invalid values, and a refused request changes nothing', async () => {
    const cases: [Json, string][] = [
      [{ property: 'color', value: 'red' }, 'color is not a valid hex color code'],
      [{ property: 'color', value: '#gggggg' }, 'color is not a valid hex color code'],
      [{ property: 'color', value: '#1234567' }, 'color is not a valid hex color code'],
      [{ property: 'color', value: 'a1b2c3' }, 'color is not a valid hex color code'],
      [{ property: 'is_muted', value: 'yes' }, 'is_muted is not a boolean'],
      [{ property: 'pin_to_top', value: 'true' }, 'pin_to_top is not a boolean'],
      [{ property: 'push_notifications', value: '#a1b2c3' }, 'push_notifications is not a boolean'],
    ];
    for (const [change, msg] of cases) {
      const res = await setProperties(realm.member, [
        { stream_id: mine, property: 'pin_to_top', value: true },
        { stream_id: mine, ...change },
      ]);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
    }
    expect(await subscriptionOf(realm.member, mine)).toMatchObject({ pin_to_top: false, is_muted: false });
  });

  it('refuses channels the user is not subscribed to, and channels they cannot see', async () => {
    const notSubscribed = await setProperties(realm.member, [{ stream_id: notJoined, property: 'pin_to_top', value: true }]);
    expect([notSubscribed.status, notSubscribed.body.code, notSubscribed.body.msg]).toEqual([400, 'BAD_REQUEST', `Not subscribed to channel ID ${notJoined}`]);
    for (const id of [hidden, 2 ** 31 - 1]) {
      const res = await setProperties(realm.member, [{ stream_id: id, property: 'pin_to_top', value: true }]);
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid channel ID']);
    }
  });

  it('reports unknown properties in ignored_parameters_unsupported and applies the rest', async () => {
    const res = await setProperties(realm.member, [
      { stream_id: mine, property: 'sparkle', value: true },
      { stream_id: mine, property: 'pin_to_top', value: true },
    ]);
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['sparkle'] });
    expect(await subscriptionOf(realm.member, mine)).toMatchObject({ pin_to_top: true });
    expect(await subscriptionOf(realm.member, mine)).not.toHaveProperty('sparkle');
    expect((await setProperties(realm.member, [{ stream_id: mine, property: 'pin_to_top', value: false }])).status).toBe(200);
  });

  it('tells only the user, with subscription update events; is_muted and in_home_view both announced', async () => {
    const channel = await createChannel(realm.owner, unique('Events'), { subscribers: [realm.member.user_id, realm.other.user_id] });
    const [mq, oq] = await Promise.all([realm.member, realm.other].map(async (u) => (await u.api.post('/register', { event_types: ['subscription'] })).body.queue_id as string));
    // Only this channel's updates count: earlier tests' may still arrive in the new queues.
    const updates = async (user: TestUser, queue: string, count: number) => {
      let found: Json[] = [];
      await eventually(async () => {
        found = (await eventsOf(user, queue, 0, ['update'])).filter((e) => e.stream_id === channel).map(withoutId);
        expect(found.length).toBeGreaterThanOrEqual(count);
      });
      return found;
    };

    expect((await setProperties(realm.member, [{ stream_id: channel, property: 'pin_to_top', value: true }])).status).toBe(200);
    expect((await setProperties(realm.member, [{ stream_id: channel, property: 'is_muted', value: true }])).status).toBe(200);
    expect((await setProperties(realm.member, [{ stream_id: channel, property: 'in_home_view', value: true }])).status).toBe(200);
    expect((await setProperties(realm.other, [{ stream_id: channel, property: 'audible_notifications', value: false }])).status).toBe(200);

    const event = (property: string, value: unknown) => ({ type: 'subscription', op: 'update', stream_id: channel, property, value });
    const mineEvents = await updates(realm.member, mq, 5);
    expect(mineEvents[0]).toEqual(event('pin_to_top', true));
    const byProperty = (a: Json, b: Json) => a.property.localeCompare(b.property);
    expect(mineEvents.slice(1, 3).sort(byProperty)).toEqual([event('in_home_view', false), event('is_muted', true)]);
    expect(mineEvents.slice(3).sort(byProperty)).toEqual([event('in_home_view', true), event('is_muted', false)]);
    // The other subscriber hears of their own change only (it came after the member's).
    expect(await updates(realm.other, oq, 1)).toEqual([event('audible_notifications', false)]);
  });
});

describe("POST /register: the channels service's state", () => {
  const c = {} as Record<'left' | 'never' | 'hidden' | 'mine' | 'gone' | 'lobby', number>;
  const register = async (user: TestUser, params: Params) => {
    const res = await user.api.post('/register', params);
    expect([res.status, res.body.msg]).toEqual([200, '']);
    return res.body as Json;
  };
  const where = (state: Json, id: number) => ['subscriptions', 'unsubscribed', 'never_subscribed'].filter((k) => ids(state[k]).includes(id));
  const sorted = (...users: TestUser[]) => users.map((u) => u.user_id).sort((a, b) => a - b);

  beforeAll(async () => {
    const { owner, member, other } = realm;
    c.left = await createChannel(owner, unique('Left behind'), { subscribers: [member.user_id, other.user_id] });
    c.never = await createChannel(owner, unique('Never joined'), { subscribers: [other.user_id] });
    c.hidden = await createChannel(owner, unique('Hidden room'), { invite_only: true, subscribers: [other.user_id] });
    c.mine = await createChannel(owner, unique('Mine'), { invite_only: true, subscribers: [member.user_id, other.user_id] });
    c.gone = await createChannel(owner, unique('Gone'), { subscribers: [member.user_id] });
    c.lobby = await createChannel(owner, unique('Lobby'), { is_default_stream: true, subscribers: [owner.user_id] });
    await archive(owner, c.gone);
    const name = (await member.api.get(`/streams/${c.left}`)).body.stream.name as string;
    const left = await member.api.delete('/users/me/subscriptions', { subscriptions: [name] });
    expect(left.body).toMatchObject({ removed: [name], not_removed: [] });
  });

  it("sorts the member's channels into subscriptions, unsubscribed and never_subscribed", async () => {
    const state = await register(realm.member, { fetch_event_types: ['subscription'] });
    expect(where(state, c.mine)).toEqual(['subscriptions']);
    expect(where(state, c.left)).toEqual(['unsubscribed']);
    expect(where(state, c.never)).toEqual(['never_subscribed']);
    expect(where(state, c.hidden)).toEqual([]);
    expect(where(state, c.gone)).toEqual([]);
    const mine = (state.subscriptions as Json[]).find((s) => s.stream_id === c.mine)!;
    expect(mine).toMatchObject({ invite_only: true, subscriber_count: 2, is_muted: false, in_home_view: true, pin_to_top: false, color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(mine).not.toHaveProperty('subscribers');
    expect((state.unsubscribed as Json[]).find((s) => s.stream_id === c.left)).toMatchObject({ subscriber_count: 1 });
    expect(state).not.toHaveProperty('streams');
  });

  it('adds subscriber lists with include_subscribers', async () => {
    const { member, other } = realm;
    const state = await register(member, { fetch_event_types: ['subscription'], include_subscribers: true });
    const find = (key: string, id: number) => (state[key] as Json[]).find((s) => s.stream_id === id)!;
    expect(find('subscriptions', c.mine).subscribers).toEqual(sorted(member, other));
    expect(find('unsubscribed', c.left).subscribers).toEqual(sorted(other));
    expect(find('never_subscribed', c.never).subscribers).toEqual(sorted(other));
  });

  it('shows an administrator the private channels they never joined, subscribers included (as Zulip)', async () => {
    const state = await register(realm.admin, { fetch_event_types: ['subscription'], include_subscribers: true });
    expect(where(state, c.hidden)).toEqual(['never_subscribed']);
    expect((state.never_subscribed as Json[]).find((s) => s.stream_id === c.hidden)!.subscribers).toEqual([realm.other.user_id]);
  });

  it('hides from guests every channel they are not subscribed to (but web-public ones)', async () => {
    const state = await register(realm.guest, { fetch_event_types: ['subscription', 'stream'] });
    for (const id of [c.left, c.never, c.hidden, c.mine, c.lobby]) expect(where(state, id)).toEqual([]);
    expect(ids(state.streams)).toEqual([]);
  });

  it('gives the visible channels as streams: all of them to administrators', async () => {
    const member = await register(realm.member, { fetch_event_types: ['stream'] });
    expect(ids(member.streams)).toEqual(expect.arrayContaining([c.left, c.never, c.mine, c.lobby]));
    expect(ids(member.streams)).not.toContain(c.hidden);
    expect(member).not.toHaveProperty('subscriptions');
    const admin = await register(realm.admin, { fetch_event_types: ['stream'] });
    expect(ids(admin.streams)).toEqual(expect.arrayContaining([c.left, c.never, c.mine, c.lobby, c.hidden]));
    expect((admin.streams as Json[]).find((s) => s.stream_id === c.hidden)).toMatchObject({ invite_only: true, subscriber_count: 1 });
  });

  it('gives as streams what GET /streams gives with include_all, for every role (one read serves them all)', async () => {
    const byId = (list: unknown) => [...(list as Json[])].sort((a, b) => (a.stream_id as number) - (b.stream_id as number));
    const defaults = (await register(realm.member, { fetch_event_types: ['default_streams'] })).realm_default_streams;
    expect(defaults).toEqual([c.lobby]);
    for (const user of [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot]) {
      for (const archived of [false, true]) {
        const state = await register(user, { fetch_event_types: ['stream', 'subscription', 'default_streams'], client_capabilities: { archived_channels: archived } });
        // The same default channels, read with the channels or alone.
        expect(state.realm_default_streams).toEqual(defaults);
        const listed = await user.api.get('/streams', { include_all: true, exclude_archived: !archived });
        expect(listed.status).toBe(200);
        expect(byId(state.streams)).toEqual(byId(listed.body.streams));
        // Every channel of the subscription state is one of the streams, and the other way round.
        expect(ids(state.streams).sort()).toEqual(['subscriptions', 'unsubscribed', 'never_subscribed'].flatMap((k) => ids(state[k])).sort());
      }
    }
  });

  it('gives archived channels only to clients with the archived_channels capability', async () => {
    for (const types of [['subscription'], ['stream']]) {
      const without = await register(realm.member, { fetch_event_types: types });
      const withCap = await register(realm.member, { fetch_event_types: types, client_capabilities: { archived_channels: true } });
      const key = types[0] === 'stream' ? 'streams' : 'subscriptions';
      expect(ids(without[key])).not.toContain(c.gone);
      expect((withCap[key] as Json[]).find((s) => s.stream_id === c.gone)).toMatchObject({ is_archived: true });
    }
  });

  it("gives the default channels' IDs as realm_default_streams", async () => {
    const state = await register(realm.guest, { fetch_event_types: ['default_streams'] });
    expect(state.realm_default_streams).toEqual([c.lobby]);
  });
});

// Zulip's gather_subscriptions leaves archived channels out of GET /users/me/subscriptions;
// register has them only for clients declaring archived_channels. Archiving one (feature level
// 378 and later) sends those clients a stream update of is_archived and the others a stream
// delete, and no subscription event: each kind of client, applying its events to the state it
// registered with, ends where a fresh register and the list are.
describe('an archived channel in GET /users/me/subscriptions, register and events', () => {
  let gone: number;
  const TYPES = ['subscription', 'stream'];
  const registered = {} as Record<RoleName, { legacy: Json; capable: Json }>;
  const register = async (role: RoleName, archived: boolean) => {
    const res = await realm[role].api.post('/register', { event_types: TYPES, fetch_event_types: ['subscription'], client_capabilities: { archived_channels: archived } });
    expect([res.status, res.body.msg]).toEqual([200, '']);
    return res.body as Json;
  };
  const sortedIds = (subs: Json[]) => ids(subs as { stream_id: number }[]).sort((a, b) => a - b);
  const listed = async (role: RoleName) => sortedIds((await realm[role].api.get('/users/me/subscriptions')).body.subscriptions as Json[]);
  /** The queue's events about the channel, once the one of its archiving has come. */
  const eventsAbout = async (role: RoleName, state: Json, done: (e: Json) => boolean) => {
    let events: Json[] = [];
    await eventually(async () => {
      const all = (await realm[role].api.get('/events', { queue_id: state.queue_id, last_event_id: -1, dont_block: true })).body.events as Json[];
      events = all.filter((e) => [e.stream_id, ...((e.stream_ids as number[] | undefined) ?? [])].includes(gone));
      expect(events.some(done)).toBe(true);
    });
    return events;
  };

  beforeAll(async () => {
    gone = await createChannel(realm.owner, unique('Archived room'), { subscribers: ROLES.map((r) => realm[r].user_id) });
    for (const role of ROLES) registered[role] = { legacy: await register(role, false), capable: await register(role, true) };
    await archive(realm.owner, gone);
  });

  it.each(ROLES)('is left out of GET /users/me/subscriptions, as register leaves it out without archived_channels: %s', async (role) => {
    const list = await listed(role);
    expect(list).not.toContain(gone);
    expect(list).toEqual(sortedIds((await register(role, false)).subscriptions));
    const capable = (await register(role, true)).subscriptions as Json[];
    expect(capable.find((s) => s.stream_id === gone)).toMatchObject({ is_archived: true });
    expect(sortedIds(capable.filter((s) => !s.is_archived))).toEqual(list);
  });

  it.each(ROLES)('reaches the same state through events, with and without archived_channels: %s', async (role) => {
    const { legacy, capable } = registered[role];
    const forLegacy = await eventsAbout(role, legacy, (e) => e.op === 'delete');
    expect(forLegacy.map(({ id, ...e }) => e)).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: gone }], stream_ids: [gone] }]);
    const afterDelete = (legacy.subscriptions as Json[]).filter((s) => !forLegacy.some((e) => e.stream_ids.includes(s.stream_id)));
    expect(sortedIds(afterDelete)).toEqual(await listed(role));

    const forCapable = await eventsAbout(role, capable, (e) => e.property === 'is_archived');
    expect(forCapable.map(({ id, ...e }) => e)).toEqual([{ type: 'stream', op: 'update', stream_id: gone, name: expect.any(String), property: 'is_archived', value: true }]);
    const applied = (capable.subscriptions as Json[]).map((s) => (s.stream_id === gone ? { ...s, is_archived: true } : s));
    const fresh = (await register(role, true)).subscriptions as Json[];
    expect(applied.find((s) => s.stream_id === gone)).toEqual(fresh.find((s) => s.stream_id === gone));
    expect(sortedIds(applied)).toEqual(sortedIds(fresh));
  });

  it('lets an administrator invite to every channel the list gives, and refuses the archived one (as Zulip)', async () => {
    const invited = await realm.admin.api.post('/invites/multiuse', { invite_expires_in_minutes: 60, stream_ids: await listed('admin') });
    expect([invited.status, invited.body.msg]).toEqual([200, '']);
    const refused = await realm.admin.api.post('/invites/multiuse', { invite_expires_in_minutes: 60, stream_ids: [gone] });
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([400, 'BAD_REQUEST', `Invalid channel ID ${gone}. No invites were sent.`]);
  });
});

describe('limits: max_stream_name_length and max_stream_description_length', () => {
  it('publishes them in /register', async () => {
    const state = (await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).body;
    expect([state.max_stream_name_length, state.max_stream_description_length]).toEqual([60, 1024]);
  });

  it('enforces them on POST /channels/create and POST /users/me/subscriptions, counting characters', async () => {
    const longest = `${`${unique('Long')} `.padEnd(59, 'x')}🦜`; // 60 code points, 61 UTF-16 units
    expect([...longest]).toHaveLength(60);
    const id = await createChannel(realm.member, longest, { description: 'd'.repeat(1024) });
    expect((await realm.member.api.get(`/streams/${id}`)).body.stream).toMatchObject({ name: longest, description: 'd'.repeat(1024) });

    const tooLong = 'x'.repeat(61);
    const created = await realm.member.api.post('/channels/create', { name: tooLong, subscribers: [] });
    expect([created.status, created.body.code, created.body.msg]).toEqual([400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).']);
    const joined = await realm.member.api.post('/users/me/subscriptions', { subscriptions: [{ name: tooLong }] });
    expect([joined.status, joined.body.code, joined.body.msg]).toEqual([400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).']);
    const described = await realm.member.api.post('/channels/create', { name: unique('Wordy'), description: 'd'.repeat(1025), subscribers: [] });
    expect([described.status, described.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(described.body.msg).toMatch(/1024 characters/);
  });

  it('enforces them on PATCH /streams/{stream_id}', async () => {
    const id = await createChannel(realm.member, unique('Renamable'));
    const renamed = await realm.member.api.patch(`/streams/${id}`, { new_name: 'y'.repeat(61) });
    expect([renamed.status, renamed.body.code, renamed.body.msg]).toEqual([400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).']);
    const described = await realm.member.api.patch(`/streams/${id}`, { description: 'd'.repeat(1025) });
    expect([described.status, described.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(described.body.msg).toMatch(/1024 characters/);
    expect((await realm.member.api.patch(`/streams/${id}`, { new_name: 'y'.repeat(60), description: 'e'.repeat(1024) })).status).toBe(200);
    expect((await realm.member.api.get(`/streams/${id}`)).body.stream).toMatchObject({ name: 'y'.repeat(60), description: 'e'.repeat(1024) });
  });
});

describe('GetAccess (internal RPC of the channels service)', () => {
  interface AccessReply {
    found: boolean;
    stream_id: number | string;
    name: string;
    subscribed: boolean;
    metadata: boolean;
    content: boolean;
    post: boolean;
    administer: boolean;
    history_visible: boolean;
    is_archived: boolean;
    invite_only: boolean;
    is_web_public: boolean;
    topics_policy: string;
    group_settings: string;
  }
  let client: ServiceClient<'channels'>;
  const getAccess = (where: TestRealm, role: RoleName, req: { stream_id: number; name?: string }) => {
    const user = where[role];
    const caller = { realm_id: where.realm_id, user_id: user.user_id, role: ROLE_VALUE[role], is_bot: role === 'bot', email: user.email };
    return client.getAccess(req, { caller, client: 'test', host: '' });
  };

  beforeAll(() => {
    client = connect('channels', process.env.PARLEY_TEST_CHANNELS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
  });
  afterAll(() => client.transport.close());

  type Expect = Partial<Record<keyof AccessReply, unknown>> | 'not found';
  /** What each role may do in Open (public; only the owner, its creator, subscribed). */
  const PUBLIC_CHANNEL: Record<RoleName, Expect> = {
    owner: { subscribed: true, metadata: true, content: true, post: true, administer: true, history_visible: true },
    admin: { subscribed: false, metadata: true, content: true, post: true, administer: true, history_visible: true },
    moderator: { subscribed: false, metadata: true, content: true, post: true, administer: false },
    member: { subscribed: false, metadata: true, content: true, post: true, administer: false },
    bot: { subscribed: false, metadata: true, content: true, post: true, administer: false },
    guest: 'not found',
  };
  /** What each role may do in Secret (private; owner and member subscribed). */
  const PRIVATE_CHANNEL: Record<RoleName, Expect> = {
    owner: { subscribed: true, metadata: true, content: true, post: true, administer: true, history_visible: false },
    admin: { subscribed: false, metadata: true, content: false, post: false, administer: true },
    moderator: 'not found',
    member: { subscribed: true, metadata: true, content: true, post: true, administer: false, history_visible: false },
    bot: 'not found',
    guest: 'not found',
  };
  const check = (reply: AccessReply, want: Expect, id: number) => {
    if (want === 'not found') expect(reply.found).toBe(false);
    else {
      expect(reply).toMatchObject({ found: true, ...want });
      expect(Number(reply.stream_id)).toBe(id);
    }
  };

  it.each(ROLES)('in a public channel, for the %s', async (role) => {
    const reply = await getAccess(listing, role, { stream_id: ch.open });
    check(reply, PUBLIC_CHANNEL[role], ch.open);
    if (reply.found) expect(reply).toMatchObject({ name: 'Open', invite_only: false, is_web_public: false, is_archived: false, topics_policy: 'inherit' });
  });

  it.each(ROLES)('in a private channel, for the %s', async (role) => {
    const reply = await getAccess(listing, role, { stream_id: ch.secret });
    check(reply, PRIVATE_CHANNEL[role], ch.secret);
    if (reply.found) expect(reply).toMatchObject({ name: 'Secret', invite_only: true });
  });

  it('lets a guest read a web-public channel and a private one they are subscribed to', async () => {
    check(await getAccess(listing, 'guest', { stream_id: ch.web }), { metadata: true, content: true, subscribed: false, is_web_public: true }, ch.web);
    check(await getAccess(listing, 'guest', { stream_id: ch.guestRoom }), { metadata: true, content: true, post: true, subscribed: true }, ch.guestRoom);
    check(await getAccess(listing, 'guest', { stream_id: ch.pub }), { content: true, post: true, subscribed: true }, ch.pub);
  });

  it("gives the channel's group settings as JSON", async () => {
    const reply = await getAccess(listing, 'member', { stream_id: ch.secret });
    const stream = (await listing.member.api.get(`/streams/${ch.secret}`)).body.stream;
    expect(JSON.parse(reply.group_settings)).toMatchObject({
      can_administer_channel_group: stream.can_administer_channel_group,
      can_send_message_group: stream.can_send_message_group,
      can_remove_subscribers_group: stream.can_remove_subscribers_group,
      can_add_subscribers_group: stream.can_add_subscribers_group,
      can_subscribe_group: stream.can_subscribe_group,
    });
  });

  it('finds a channel by name when stream_id is 0', async () => {
    check(await getAccess(listing, 'member', { stream_id: 0, name: 'secret' }), { name: 'Secret', content: true }, ch.secret);
    check(await getAccess(listing, 'moderator', { stream_id: 0, name: 'Secret' }), 'not found', ch.secret);
    check(await getAccess(listing, 'member', { stream_id: 0, name: 'Nowhere' }), 'not found', 0);
  });

  it('finds nothing for unknown channels and channels of other realms', async () => {
    const elsewhere = await createChannel(realm.owner, unique('Other realm'));
    check(await getAccess(listing, 'owner', { stream_id: 2 ** 31 - 1 }), 'not found', 0);
    check(await getAccess(listing, 'owner', { stream_id: elsewhere }), 'not found', 0);
  });

  it('refuses posting in an archived channel', async () => {
    for (const role of ['owner', 'member'] as const) {
      check(await getAccess(listing, role, { stream_id: ch.old }), { is_archived: true, post: false, subscribed: true }, ch.old);
    }
  });

  it('follows can_send_message_group', async () => {
    const groups = await systemGroupIds(realm.realm_id);
    const id = await createChannel(realm.owner, unique('Announcements'), { subscribers: [realm.admin.user_id, realm.member.user_id, realm.moderator.user_id] });
    const res = await realm.owner.api.patch(`/streams/${id}`, { can_send_message_group: { new: groups['role:administrators'] } });
    expect([res.status, res.body.msg]).toEqual([200, '']);
    expect((await realm.member.api.get(`/streams/${id}`)).body.stream.can_send_message_group).toBe(groups['role:administrators']);
    for (const [role, post] of [
      ['admin', true],
      ['owner', true],
      ['moderator', false],
      ['member', false],
      ['bot', false],
    ] as const) {
      check(await getAccess(realm, role, { stream_id: id }), { post, content: true }, id);
    }
  });

  it('tells whether history before subscribing is visible', async () => {
    const vault = await createChannel(realm.member, unique('Vault'), { invite_only: true, history_public_to_subscribers: false, subscribers: [realm.member.user_id] });
    const library = await createChannel(realm.member, unique('Library'), { invite_only: true, history_public_to_subscribers: true, subscribers: [realm.member.user_id] });
    const square = await createChannel(realm.member, unique('Square'), { subscribers: [realm.member.user_id] });
    check(await getAccess(realm, 'member', { stream_id: vault }), { content: true, history_visible: false }, vault);
    check(await getAccess(realm, 'member', { stream_id: library }), { content: true, history_visible: true }, library);
    check(await getAccess(realm, 'member', { stream_id: square }), { content: true, history_visible: true }, square);
  });
});
