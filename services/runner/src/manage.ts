import { parseArgs } from 'node:util';
import {
  bootstrapServiceSchema,
  createLogger,
  createPool,
  envInt,
  envString,
  envUrl,
  loadSecret,
  removeBusNamespace,
  Role,
  ROLE_NAMES,
  runMigrations,
  serviceDatabaseUrl,
  withTransaction,
} from '@parley/common';
import {
  checkEmail,
  checkNewPassword,
  checkResettable,
  describeMail,
  mailStore,
  queueTestMail,
  confirmEmailChange,
  digestRequestStatus,
  requestDigests,
  createRealm,
  doCreateUser,
  doSetPassword,
  hashPassword,
  MIGRATIONS_DIR,
  readUsersConfig,
  realmStore,
  realmUrl,
  setRealmActive,
  userStore,
  UsersConfig,
} from '@parley/users';
import type pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * The management CLI (`npm run --silent manage -- <command> ...`). Each command prints one
 * line of JSON on success; on failure a message on stderr and a non-zero exit. It works on
 * the same configuration as the server, whether or not the server is running.
 */
type Command = (ctx: { pool: pg.Pool; config: UsersConfig; args: Record<string, string | boolean | undefined> }) => Promise<object>;

const OPTIONS = {
  name: { type: 'string' },
  'owner-email': { type: 'string' },
  'owner-name': { type: 'string' },
  subdomain: { type: 'string' },
  'owner-password': { type: 'string' },
  realm: { type: 'string' },
  token: { type: 'string' },
  id: { type: 'string' },
  now: { type: 'boolean' },
  wait: { type: 'boolean' },
  email: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  bot: { type: 'boolean' },
  namespace: { type: 'string' },
  'no-initial-channels': { type: 'boolean' },
  limit: { type: 'string' },
} as const;

class UsageError extends Error {}

function need(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} is required`);
  return value;
}

async function findRealm(pool: pg.Pool, subdomain: string) {
  const realm = await realmStore.findRealmBySubdomain(pool, subdomain);
  if (!realm) throw new UsageError(`No realm with subdomain '${subdomain}'`);
  return realm;
}

const commands: Record<string, Command> = {
  'create-realm': async ({ pool, config, args }) => {
    const { realm, owner } = await createRealm(pool, config, {
      name: need(args, 'name'),
      subdomain: (args.subdomain as string | undefined) ?? '',
      ownerEmail: need(args, 'owner-email'),
      ownerName: need(args, 'owner-name'),
      ownerPassword: args['owner-password'] as string | undefined,
      // Zulip's three, made by the channels service as it hears of the owner; an operator
      // scripting an organization of their own design (or a test) may ask for none.
      initialChannels: !args['no-initial-channels'],
    });
    return { realm_id: realm.id, subdomain: realm.string_id, user_id: owner.user.id, email: owner.user.delivery_email, api_key: owner.apiKey, site: realmUrl(config, realm) };
  },
  'create-user': async ({ pool, config, args }) => {
    const realm = await findRealm(pool, need(args, 'realm'));
    const roleName = (args.role as string | undefined) ?? 'member';
    const role = ROLE_NAMES[roleName];
    if (role === undefined) throw new UsageError(`--role must be one of ${Object.keys(ROLE_NAMES).join(', ')}`);
    const created = await withTransaction(pool, async (tx) => {
      // A bot needs an owner: the realm's first owner, as if they had created it.
      const owner = args.bot ? (await userStore.listRealmUsers(tx, realm.id)).find((u) => u.role === Role.OWNER) : undefined;
      return doCreateUser(tx, config, realm, {
        email: need(args, 'email'),
        full_name: need(args, 'name'),
        password: args.password as string | undefined,
        role,
        bot_type: args.bot ? 1 : undefined,
        bot_owner_id: owner?.id,
      });
    });
    return { user_id: created.user.id, email: created.user.delivery_email, api_key: created.apiKey, site: realmUrl(config, realm) };
  },
  // For a server without mail, or a user who cannot read theirs (others ask for a reset link
  // by mail, POST /password_reset): an operator sets the password (as an administrator can,
  // POST /users/{user_id}/password); the user's browser sessions end, the API key stays.
  'reset-password': async ({ pool, args }) => {
    const realm = await findRealm(pool, need(args, 'realm'));
    const password = need(args, 'password');
    const user = await userStore.findUserByEmail(pool, realm.id, need(args, 'email'));
    if (!user || user.is_system_bot) throw new UsageError(`No user with email '${args.email}' in realm '${realm.string_id}'`);
    checkResettable(user);
    checkNewPassword(password, 'The password is too weak.');
    const hash = await hashPassword(password);
    await withTransaction(pool, (tx) => doSetPassword(tx, user, hash));
    return { user_id: user.id, email: user.delivery_email, password_reset: true };
  },
  'deactivate-realm': async ({ pool, args }) => {
    const realm = await setRealmActive(pool, need(args, 'realm'), false);
    return { realm_id: realm.id, deactivated: true };
  },
  'reactivate-realm': async ({ pool, args }) => {
    const realm = await setRealmActive(pool, need(args, 'realm'), true);
    return { realm_id: realm.id, deactivated: false };
  },
  // For a server without mail: the live requests (`mails` shows their links too), and their
  // confirmation by the operator, by request ID or by the link's key, as following the link does.
  'email-changes': async ({ pool, args }) => {
    const realm = await findRealm(pool, need(args, 'realm'));
    const pending = await userStore.pendingEmailChanges(pool, realm.id);
    return {
      pending: pending.map((c) => ({ id: c.id, user_id: c.user_id, old_email: c.old_email, new_email: c.new_email, expires: c.expires_at.toISOString() })),
    };
  },
  'confirm-email-change': async ({ pool, config, args }) => {
    if (args.id !== undefined) {
      const id = Number(args.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('--id takes a request ID (see email-changes)');
      return confirmEmailChange(pool, config, { id });
    }
    return confirmEmailChange(pool, config, { key: need(args, 'token') });
  },
  // The weekly digest, for a trial or a test: the running server's next look (DIGEST_POLL_MS)
  // sends the realm's digests, if it has them on; --now whatever its digest_weekday. Users
  // sent one within six days get none. With --wait, waits for the run and prints how many.
  'send-digests': async ({ pool, args }) => {
    const realm = await findRealm(pool, need(args, 'realm'));
    const id = await requestDigests(pool, realm.id, args.now === true);
    if (args.wait !== true) return { requested: id, realm_id: realm.id };
    for (let i = 0; i < 600; i++) {
      const row = await digestRequestStatus(pool, id);
      if (row?.done_at) return { requested: id, realm_id: realm.id, sent: row.sent };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new UsageError('No running Parley took the request within a minute (it stays waiting)');
  },
  // The latest mails, newest first, with the links in them: where an operator without
  // EMAIL_HOST reads a password-reset or invitation link to hand on (the files are in `file`).
  mails: async ({ pool, args }) => {
    const limit = args.limit === undefined ? 10 : Number(args.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
    const rows = await mailStore.latestMail(pool, limit, args.email as string | undefined);
    return { mails: rows.map(describeMail) };
  },
  // A mail to check the settings (Zulip's send_test_email): queued, then sent by the running
  // server's users service; `mails` shows what became of it.
  'send-test-mail': async ({ pool, config, args }) => {
    const realm = await findRealm(pool, (args.realm as string | undefined) ?? '');
    const address = checkEmail(need(args, 'email'));
    const id = await queueTestMail(pool, config, realm, address);
    return { queued: Number(id), to: address };
  },
  grant: async ({ pool, args, positionals }: Parameters<Command>[0] & { positionals?: string[] }) => {
    const permission = positionals?.[0];
    if (permission !== 'can_create_users') throw new UsageError('grant takes one permission: can_create_users');
    const realm = await findRealm(pool, need(args, 'realm'));
    const user = await userStore.findUserByEmail(pool, realm.id, need(args, 'email'));
    if (!user) throw new UsageError(`No user with email '${args.email}' in realm '${realm.string_id}'`);
    await userStore.updateUserFields(pool, user.id, { can_create_users: true });
    return { user_id: user.id, granted: permission };
  },
};

/**
 * Commands on the bus's servers, not the database: they need neither DATABASE_URL nor the
 * embedded PostgreSQL.
 */
type BusCommand = (ctx: { env: NodeJS.ProcessEnv; args: Record<string, string | boolean | undefined> }) => Promise<object>;

const busCommands: Record<string, BusCommand> = {
  // A bus namespace's NATS streams (with their consumers) and Redis keys, once its processes
  // have stopped; whichever of NATS_URL and REDIS_URL is unset is left alone (null in the output).
  'remove-bus-namespace': ({ env, args }) =>
    removeBusNamespace({
      namespace: args.namespace as string | undefined,
      natsUrl: envUrl(env, 'NATS_URL', ['nats:', 'tls:']),
      redisUrl: envUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    }),
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const busCommand = busCommands[command ?? ''];
  const run = commands[command ?? ''];
  if (!run && !busCommand) throw new UsageError(`usage: manage <${[...Object.keys(commands), ...Object.keys(busCommands)].join('|')}> [options]`);
  const { values, positionals } = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  const env = process.env;
  if (busCommand) {
    if (positionals.length) throw new UsageError(`${command} takes no positional arguments, got '${positionals[0]}'`);
    process.stdout.write(`${JSON.stringify(await busCommand({ env, args: values }))}\n`);
    return;
  }
  const dataDir = envString(env, 'PARLEY_DATA_DIR', './.data');
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir,
        port: envInt(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
        secret: loadSecret(env, dataDir),
      });
  const config = readUsersConfig(env, { databaseUrl: embedded?.url });
  const log = createLogger('manage', 'warn');
  if (!config.databaseUrl) throw new UsageError('DATABASE_URL must be set');
  const url = serviceDatabaseUrl(env, config.databaseUrl, 'users', config.secret);
  await bootstrapServiceSchema(config.databaseUrl, 'users', config.secret);
  await runMigrations(url, 'users', MIGRATIONS_DIR, log);
  const pool = createPool(url, 'users', 2);
  try {
    const out = await (run as (ctx: object) => Promise<object>)({ pool, config, args: values, positionals });
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).catch((err: Error) => {
  // Usage, validation (ApiError) and database errors all read as one line; never a stack.
  process.stderr.write(`error: ${err.message}\n`);
  process.exit(1);
});
