import pg from 'pg';
import { decrypt, Role, withTransaction } from '@parley/common';
import { createRealm, doCreateUser, readUsersConfig, realmStore, UsersConfig } from '@parley/users';
import { Api, Credentials, realmHost } from './api';
import { testDatabaseUrl } from './servers';
import { testServicePool } from './service-pools';
import { eventually } from './eventually';

/**
 * A realm of its own for each test file, with one user per role, made directly through the
 * users service's domain code (the management CLI has its own test). Fixture users are
 * named by their role.
 */
export interface TestUser extends Credentials {
  user_id: number;
  full_name: string;
  api: Api;
}

export interface TestRealm {
  realm_id: number;
  subdomain: string;
  /** The Host that names this realm (its users' requests carry it). */
  host: string;
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  member: TestUser;
  guest: TestUser;
  bot: TestUser;
  /** Another member, for tests that need two. */
  other: TestUser;
  /** `local` names the email's local part (default `user<n>`/`bot<n>`); a bot belongs to `botOwner` (default the owner). */
  addUser(opts: { role?: number; name?: string; bot?: boolean; password?: string; local?: string; botOwner?: number }): Promise<TestUser>;
}

let pool: pg.Pool | undefined;
let config: UsersConfig | undefined;

function usersPool(): { pool: pg.Pool; config: UsersConfig } {
  config ??= readUsersConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() });
  pool ??= testServicePool('users', config.secret, 2);
  return { pool, config };
}

/** The IDs of a realm's system groups, by name ('role:members', ...). */
export async function systemGroupIds(realmId: number): Promise<Record<string, number>> {
  const { rows } = await usersPool().pool.query<{ id: number; name: string }>('SELECT id, name FROM user_groups WHERE realm_id = $1 AND is_system_group', [realmId]);
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

export async function closeFixtures(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

let counter = 0;
const unique = (): string => `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;

/**
 * The root realm (subdomain ''), which clients reach at the bare host. Created once per run
 * by whichever test needs it first.
 */
export async function ensureRootRealm(): Promise<{ realm_id: number; owner: TestUser }> {
  const { pool: db, config: cfg } = usersPool();
  try {
    const { realm, owner } = await createRealm(db, cfg, { name: 'Root realm', subdomain: '', ownerEmail: 'root-owner@example.test', ownerName: 'Root Owner', ownerPassword: 'root-password' });
    const creds = { email: owner.user.delivery_email, api_key: owner.apiKey };
    return { realm_id: realm.id, owner: { ...creds, user_id: owner.user.id, full_name: owner.user.full_name, api: new Api(creds) } };
  } catch (err) {
    if (!(err instanceof Error) || err.message !== 'A root realm already exists') throw err;
    const realm = (await realmStore.findRealmBySubdomain(db, ''))!;
    const { rows } = await db.query<{ id: number; delivery_email: string; full_name: string; api_key_sealed: string }>(
      'SELECT id, delivery_email, full_name, api_key_sealed FROM users WHERE realm_id = $1 AND role = 100 ORDER BY id LIMIT 1',
      [realm.id],
    );
    const creds = { email: rows[0].delivery_email, api_key: decrypt(cfg.secret, rows[0].api_key_sealed) };
    return { realm_id: realm.id, owner: { ...creds, user_id: rows[0].id, full_name: rows[0].full_name, api: new Api(creds) } };
  }
}

/**
 * A realm with an owner, an administrator, a moderator, a member, a guest, a bot and another
 * member. Without channels, as tests make what they need; with `initialChannels`, as the CLI
 * makes one: the channels service creates Zulip's three, and this waits until the owner has
 * them before adding the others (who then join them as default channels).
 */
export async function createTestRealm(name = 'Test realm', opts: { initialChannels?: boolean } = {}): Promise<TestRealm> {
  const { pool: db, config: cfg } = usersPool();
  const subdomain = `t${unique()}`;
  const { realm, owner } = await createRealm(db, cfg, {
    name,
    subdomain,
    ownerEmail: `owner@${subdomain}.test`,
    ownerName: 'Olivia Owner',
    ownerPassword: 'owner-password',
    initialChannels: opts.initialChannels,
  });
  const host = realmHost(subdomain)!;
  if (opts.initialChannels) {
    const ownerApi = new Api({ email: owner.user.delivery_email, api_key: owner.apiKey, host });
    await eventually(async () => expect(((await ownerApi.get('/users/me/subscriptions')).body.subscriptions as unknown[]).length).toBe(3));
  }
  let n = 0;
  const addUser: TestRealm['addUser'] = async ({ role = Role.MEMBER, name, bot = false, password, local: given, botOwner }) => {
    const local = given ?? `${bot ? 'bot' : 'user'}${++n}`;
    const created = await withTransaction(db, async (tx) => {
      const fresh = await realmStore.findRealmById(tx, realm.id);
      return doCreateUser(tx, cfg, fresh!, {
        email: `${local}@${subdomain}.test`,
        full_name: name ?? local,
        role,
        password,
        bot_type: bot ? 1 : undefined,
        bot_owner_id: bot ? (botOwner ?? owner.user.id) : undefined,
      });
    });
    const creds = { email: created.user.delivery_email, api_key: created.apiKey, host };
    return { ...creds, user_id: created.user.id, full_name: created.user.full_name, api: new Api(creds) };
  };
  const ownerCreds = { email: owner.user.delivery_email, api_key: owner.apiKey, host };
  const made: TestRealm = {
    realm_id: realm.id,
    subdomain,
    host,
    owner: { ...ownerCreds, user_id: owner.user.id, full_name: owner.user.full_name, api: new Api(ownerCreds) },
    admin: await addUser({ role: Role.ADMINISTRATOR, name: 'Ada Admin' }),
    moderator: await addUser({ role: Role.MODERATOR, name: 'Mo Moderator' }),
    member: await addUser({ role: Role.MEMBER, name: 'Mia Member' }),
    guest: await addUser({ role: Role.GUEST, name: 'Gus Guest' }),
    bot: await addUser({ role: Role.MEMBER, name: 'Bo Bot', bot: true }),
    other: await addUser({ role: Role.MEMBER, name: 'Otto Other' }),
    addUser,
  };
  await settle(made.owner);
  return made;
}

/**
 * Waits until every client event announced so far has reached the queues, so a queue
 * registered next sees only what comes after. Client events are delivered in order, so it
 * is enough to make one of our own (a setting toggled and toggled back, told only to `user`)
 * and wait for it.
 */
export async function settle(user: TestUser): Promise<void> {
  const queue = (await user.api.post('/register', { event_types: ['user_settings'], client_capabilities: { user_settings_object: true } })).body;
  const before = (await user.api.post('/register', { fetch_event_types: ['user_settings'], client_capabilities: { user_settings_object: true } })).body.user_settings.twenty_four_hour_time;
  await user.api.patch('/settings', { twenty_four_hour_time: !before });
  await user.api.patch('/settings', { twenty_four_hour_time: before });
  await eventually(async () => {
    const events = (await user.api.get('/events', { queue_id: queue.queue_id, dont_block: true })).body.events;
    if (events.length < 2) throw new Error('client events not delivered yet');
  }, 15_000);
  await user.api.delete('/events', { queue_id: queue.queue_id });
}
