import { type Caller, connect, Role, type RpcClients, withTransaction, writeOutbox } from '@parley/common';
import { createInitialChannels, INITIAL_CHANNELS, Peers } from '@parley/channels';
import type pg from 'pg';
import { closeFixtures, createTestRealm, systemGroupIds, TestRealm, TestUser } from './support/fixtures';
import { testServicePool } from './support/service-pools';
import { eventually } from './support/eventually';
import { ok } from './support/responses';
import { eventsOf } from './support/queues';

/**
 * A new organization's initial channels (Zulip's do_create_realm): the CLI's create-realm asks
 * for them, the users service says so on the owner's users.user.created, and the channels
 * service makes "Parley", "sandbox" and "general", public and default, with the owner (and
 * everyone after) subscribed and new channels announced in "general". Test realms are made
 * without them (createTestRealm's default); here with.
 */
type Stream = {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  creator_id: number | null;
  can_administer_channel_group: unknown;
};

let realm: TestRealm;
let groups: Record<string, number>;
let channelsPool: pg.Pool;
let clients: Pick<RpcClients, 'users' | 'messages'>;
const secret = () => process.env.PARLEY_SECRET!;
const streamsOf = async (user: TestUser): Promise<Stream[]> => ok(await user.api.get('/streams')).streams;
const subscribedNames = async (user: TestUser): Promise<string[]> => (ok(await user.api.get('/users/me/subscriptions')).subscriptions as { name: string }[]).map((s) => s.name).sort();
const byName = async (name: string): Promise<Stream> => (await streamsOf(realm.owner)).find((s) => s.name === name)!;
const INITIAL_NAMES = INITIAL_CHANNELS.map((c) => c.name as string).sort();

/** The channels service's handler of the owner's users.user.created, run again as a redelivery runs it. */
const runAgain = (r: TestRealm) => {
  const ctx = { client: 'test', host: '' };
  const peersFor = (caller?: Caller) => new Peers(clients as RpcClients, { ...ctx, caller }, r.realm_id);
  return createInitialChannels(channelsPool, peersFor(), peersFor, { realm_id: r.realm_id, user_id: r.owner.user_id, role: Role.OWNER, is_bot: false, initial_channels: true });
};

beforeAll(async () => {
  realm = await createTestRealm('Initial channels realm', { initialChannels: true });
  groups = await systemGroupIds(realm.realm_id);
  channelsPool = testServicePool('channels', secret(), 2);
  clients = {
    users: connect('users', process.env.PARLEY_TEST_USERS_GRPC_ADDR!, secret()),
    messages: connect('messages', process.env.PARLEY_TEST_MESSAGES_GRPC_ADDR!, secret()),
  };
});
afterAll(async () => {
  clients.users.transport.close();
  clients.messages.transport.close();
  await channelsPool.end();
  await closeFixtures();
});

describe("a new organization's initial channels", () => {
  it("are Zulip's three, public, default and made by nobody, with their descriptions rendered", async () => {
    const streams = await streamsOf(realm.owner);
    expect(streams.map((s) => s.name).sort()).toEqual(INITIAL_NAMES);
    for (const { name, description } of INITIAL_CHANNELS) {
      const s = streams.find((x) => x.name === name)!;
      expect(s).toMatchObject({ description, invite_only: false, is_web_public: false, history_public_to_subscribers: true, creator_id: null });
      // Made by nobody: administered by nobody beyond the realm's administrators.
      expect(s.can_administer_channel_group).toBe(groups['role:nobody']);
    }
    expect((await byName('sandbox')).rendered_description).toMatch(/^<p>Experiment with Parley here\. <span aria-label="test tube" class="emoji emoji-1f9ea"/);
    expect((await byName('general')).rendered_description).toBe('<p>For team-wide conversations</p>');
    const defaults = ok(await realm.member.api.get('/default_streams', {}, { contract: 'envelope' })).default_streams as { name: string }[];
    expect(defaults.map((d) => d.name).sort()).toEqual(INITIAL_NAMES);
  });

  it("are administered by the realm's administrators alone, having no creator", async () => {
    const general = (await byName('general')).stream_id;
    for (const user of [realm.moderator, realm.member, realm.guest, realm.bot]) {
      const res = await user.api.patch(`/streams/${general}`, { description: 'Mine now' }, { contract: 'envelope' });
      expect([user.email, res.status, res.body.msg]).toEqual([user.email, 400, 'You do not have permission to administer this channel.']);
    }
    for (const user of [realm.admin, realm.owner]) ok(await user.api.patch(`/streams/${general}`, { description: `For team-wide conversations, said ${user.full_name}` }));
    expect((await byName('general')).description).toBe(`For team-wide conversations, said ${realm.owner.full_name}`);
  });

  it('have the owner and every human who joins later subscribed; bots join none', async () => {
    expect(await subscribedNames(realm.owner)).toEqual(INITIAL_NAMES);
    for (const user of [realm.admin, realm.moderator, realm.member, realm.guest, realm.other]) expect(await subscribedNames(user)).toEqual(INITIAL_NAMES);
    expect(await subscribedNames(realm.bot)).toEqual([]);
    const late = await realm.addUser({ name: 'Lou Late' });
    await eventually(async () => expect(await subscribedNames(late)).toEqual(INITIAL_NAMES));
  });

  it('send new channels and update announcements to "general", where a new channel is then announced', async () => {
    const general = (await byName('general')).stream_id;
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(state).toMatchObject({ realm_new_stream_announcements_stream_id: general, realm_zulip_update_announcements_stream_id: general });
    ok(await realm.admin.api.post('/channels/create', { name: 'Projects', subscribers: [realm.admin.user_id], announce: true }));
    const narrow = JSON.stringify([
      { operator: 'channel', operand: general },
      { operator: 'topic', operand: 'new channels' },
    ]);
    await eventually(async () => {
      const messages = ok(await realm.member.api.get('/messages', { anchor: 'newest', num_before: 5, num_after: 0, narrow, apply_markdown: false })).messages as {
        content: string;
        sender_full_name: string;
      }[];
      expect(messages.map((m) => [m.sender_full_name, m.content])).toEqual([['Notification Bot', `@_**Ada Admin|${realm.admin.user_id}** created a new channel #**Projects**.`]]);
    });
  });

  it('are made once: a redelivery of the announcement, or one after a rename, makes none', async () => {
    const before = (await streamsOf(realm.owner)).map((s) => s.stream_id).sort();
    await runAgain(realm);
    expect((await streamsOf(realm.owner)).map((s) => s.stream_id).sort()).toEqual(before);
    const sandbox = (await byName('sandbox')).stream_id;
    ok(await realm.owner.api.patch(`/streams/${sandbox}`, { new_name: 'playground' }));
    await runAgain(realm);
    const names = (await streamsOf(realm.owner)).map((s) => s.name);
    expect(names).toContain('playground');
    expect(names).not.toContain('sandbox');
  });

  it('leave an announcements channel an administrator chose as it is', async () => {
    const sandbox = (await streamsOf(realm.owner)).find((s) => s.name === 'playground')!.stream_id;
    ok(await realm.admin.api.patch('/realm', { new_stream_announcements_stream_id: sandbox }, { contract: 'envelope' }));
    await runAgain(realm);
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(state.realm_new_stream_announcements_stream_id).toBe(sandbox);
  });

  it('are made in a realm that has no channel yet, and for nobody else', async () => {
    // A realm made without them (as every other test's) has none, and gains none.
    const bare = await createTestRealm('Bare realm');
    expect(await streamsOf(bare.owner)).toEqual([]);
    const queue = ok(await bare.member.api.post('/register', { event_types: ['stream', 'subscription', 'realm'] })).queue_id as string;
    // Its owner's announcement, sent again with initial_channels, makes them (the users
    // service's outbox and the bus, as the CLI's realm gets them)...
    const usersPool = testServicePool('users', secret(), 1);
    try {
      await withTransaction(usersPool, (tx) =>
        writeOutbox(tx, 'users', 'users.user.created', { realm_id: bare.realm_id, user_id: bare.owner.user_id, role: Role.OWNER, is_bot: false, initial_channels: true }),
      );
    } finally {
      await usersPool.end();
    }
    // ...for everyone it has: the owner and the users made before.
    await eventually(async () => expect(await subscribedNames(bare.member)).toEqual(INITIAL_NAMES));
    expect(await subscribedNames(bare.owner)).toEqual(INITIAL_NAMES);
    expect(await subscribedNames(bare.bot)).toEqual([]);
    // A client open meanwhile sees them come: the channels, its subscriptions, the announcements' channel.
    await eventually(async () => {
      const events = await eventsOf(bare.member, queue, 1, ['create', 'add']);
      const created = events.filter((e) => e.type === 'stream' && e.op === 'create').flatMap((e) => e.streams.map((c: Stream) => c.name));
      expect(created.sort()).toEqual(INITIAL_NAMES);
      const added = events.filter((e) => e.type === 'subscription' && e.op === 'add').flatMap((e) => e.subscriptions.map((c: Stream) => c.name));
      expect(added.sort()).toEqual(INITIAL_NAMES);
    });
    const general = (await streamsOf(bare.owner)).find((c) => c.name === 'general')!.stream_id;
    const [realmUpdate] = await eventsOf(bare.member, queue, 1, ['update_dict']);
    expect(realmUpdate).toMatchObject({ type: 'realm', property: 'default', data: { new_stream_announcements_stream_id: general, zulip_update_announcements_stream_id: general } });
    // ...and once a realm has channels, the same announcement makes no more.
    const other = await createTestRealm('Realm with a channel');
    ok(await other.owner.api.post('/channels/create', { name: 'ours', subscribers: [other.owner.user_id] }));
    await runAgain(other);
    expect((await streamsOf(other.owner)).map((s) => s.name)).toEqual(['ours']);
  });
});

describe('SetInitialAnnouncementsChannel (internal RPC)', () => {
  const call = (req: { realm_id: number; stream_id: number }) => clients.users.setInitialAnnouncementsChannel(req, { client: 'test', host: '' });
  it('refuses an unknown realm and a channel ID that is none', async () => {
    await expect(call({ realm_id: 987654321, stream_id: 1 })).rejects.toThrow(/Invalid realm/);
    await expect(call({ realm_id: realm.realm_id, stream_id: 0 })).rejects.toThrow(/Invalid channel ID/);
    await expect(call({ realm_id: 0, stream_id: 1 })).rejects.toThrow(/realm_id is required/);
  });
});
