import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, Role, ROLE_VALUES, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as groupStore from '../store/groups';
import { updateBot, type BotChanges } from '../store/bots';
import type { RealmRow } from '../store/realms';
import type { ListedUserRow, UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { newApiKey } from './api-keys';
import { checkPasswordShape, hashPassword } from './passwords';
import { directSystemGroups } from './system-groups';
import { canSeeDeliveryEmail, formatUser, roleSeesEmail, standInUserId, ApiUser, FormatOptions } from './format';
import { realmUserDefaults } from './realm-defaults';
import { checkUpdateProfileData, renderProfileValues, type RenderMarkdown } from './profile-values';
import { notifyAuthChanged, notifyClients, notifyUserCreated, notifyUserRoleChanged } from './notify';

export interface NewUser {
  email: string;
  full_name: string;
  password?: string;
  role: number;
  bot_type?: number;
  bot_owner_id?: number;
  is_system_bot?: boolean;
  /** Instead of the realm's default (bots made through POST /bots show their address to everyone, as Zulip's). */
  email_address_visibility?: number;
  /** A bot's defaults (POST /bots); channel IDs. */
  bot_defaults?: BotChanges;
  /** Signed up through an invitation link: the channels it names (see UserCreated). */
  invited_to?: { stream_ids: number[]; include_realm_default_subscriptions: boolean };
  /** The realm's first owner, whose realm is to get its initial channels (see UserCreated). */
  initial_channels?: boolean;
}

export interface CreatedUser {
  user: UserRow;
  apiKey: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MAX_NAME_LENGTH = 100;
const NAME_FORBIDDEN = /[*`\\>"@\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- control characters are among the forbidden

export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed) || trimmed.length > 254) throw new BadRequestError(`Invalid email '${email}'`);
  return trimmed;
}

/** Zulip's full-name rules: trimmed, 1-100 characters, none of * ` \ > " @ or control characters. */
export function checkFullName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError('Name too short!');
  if (trimmed.length > MAX_NAME_LENGTH) throw new BadRequestError('Name too long!');
  if (NAME_FORBIDDEN.test(trimmed)) throw new BadRequestError('Invalid characters in name!');
  return trimmed;
}

/** Precondition: inputs validated; tx is a transaction. Writes the user, its groups and events. */
export async function doCreateUser(tx: Queryable, config: UsersConfig, realm: RealmRow, u: NewUser): Promise<CreatedUser> {
  const email = checkEmail(u.email);
  if (await userStore.findUserByEmail(tx, realm.id, email)) throw new BadRequestError(`Email '${email}' already in use`);
  if (u.password !== undefined) {
    const problem = checkPasswordShape(u.password);
    if (problem) throw new BadRequestError(problem);
  }
  const key = newApiKey(config.secret);
  // A new user's settings are the realm's defaults as they are now; later changes of the
  // defaults leave this user alone.
  const { email_address_visibility: visibility, ...settings } = realmUserDefaults(realm);
  const user = await userStore.insertUser(tx, {
    realm_id: realm.id,
    delivery_email: email,
    full_name: checkFullName(u.full_name),
    role: u.role,
    bot_type: u.bot_type ?? null,
    bot_owner_id: u.bot_owner_id ?? null,
    is_system_bot: u.is_system_bot ?? false,
    password_hash: u.password ? await hashPassword(u.password) : null,
    api_key_hash: key.hash,
    api_key_sealed: key.sealed,
    email_address_visibility: u.email_address_visibility ?? Number(visibility),
    settings,
  });
  if (u.bot_defaults) await updateBot(tx, user.id, u.bot_defaults);
  await groupStore.setSystemGroupMemberships(tx, realm.id, user.id, directSystemGroups(user.role));
  await notifyUserCreated(tx, realm.id, {
    user_id: user.id,
    role: user.role,
    is_bot: user.is_bot,
    ...(u.invited_to && { invited_to: u.invited_to }),
    ...(u.initial_channels && { initial_channels: true }),
  });
  if (!user.is_system_bot) await notifyUserAdded(tx, config, user);
  return { user, apiKey: key.key };
}

/**
 * realm_user add, in two versions: with the real email for those the new user's
 * email_address_visibility lets see it, with delivery_email null for the others.
 */
async function notifyUserAdded(tx: Queryable, config: UsersConfig, user: UserRow): Promise<void> {
  const viewers = (await userStore.listRealmUsers(tx, user.realm_id)).filter((v) => v.is_active);
  const sees = (v: ListedUserRow) => canSeeDeliveryEmail(user, { user_id: v.id, role: v.role });
  for (const group of [viewers.filter(sees), viewers.filter((v) => !sees(v))]) {
    if (!group.length) continue;
    const person = formatUser(user, { user_id: group[0].id, role: group[0].role }, { fakeEmailDomain: config.fakeEmailDomain, avatars: config, clientGravatar: false, includeProfileFields: true });
    await notifyClients(
      tx,
      user.realm_id,
      group.map((v) => v.id),
      { type: 'realm_user', op: 'add', person },
    );
  }
}

/**
 * Finds a user of the caller's realm. Another realm's ID reads as nonexistent, so realms
 * cannot probe each other.
 */
export async function accessUser(db: Queryable, caller: Caller, userId: number, opts: AccessOptions & { lock?: boolean } = {}): Promise<UserRow> {
  return accessible(await userStore.findUserById(db, caller.realm_id, userId, { lock: opts.lock }), opts);
}

interface AccessOptions {
  allowDeactivated?: boolean;
  allowBots?: boolean;
}

function accessible(user: UserRow | undefined, opts: AccessOptions): UserRow {
  if (!user || user.is_system_bot) throw new BadRequestError('No such user');
  if (user.is_bot && opts.allowBots === false) throw new BadRequestError('No such bot');
  if (!user.is_active && !opts.allowDeactivated) throw new BadRequestError('User is deactivated');
  return user;
}

/**
 * A user of the caller's realm named by email, as Zulip's access_user_by_email: the
 * `user{id}@<FAKE_EMAIL_DOMAIN>` stand-in names the user by ID whatever their
 * email_address_visibility; a real (delivery) email, in any case, finds only a user whose
 * setting lets the caller's role see it (Zulip makes no exception for the caller's own), so a
 * lookup tells nothing of an address the caller may not see. Then as accessUser.
 */
export async function accessUserByEmail(db: Queryable, config: Pick<UsersConfig, 'fakeEmailDomain'>, caller: Caller, email: string, opts: AccessOptions = {}): Promise<UserRow> {
  const standIn = standInUserId(email, config.fakeEmailDomain);
  if (standIn !== undefined) return accessUser(db, caller, standIn, opts);
  const user = await userStore.findUserByEmail(db, caller.realm_id, email.trim());
  return accessible(user && roleSeesEmail(user.email_address_visibility, caller.role) ? user : undefined, opts);
}

export function formatFor(caller: Caller, config: UsersConfig, opts: Partial<FormatOptions> = {}) {
  const full: FormatOptions = { fakeEmailDomain: config.fakeEmailDomain, avatars: config, clientGravatar: true, includeProfileFields: false, ...opts };
  return (u: ListedUserRow): ApiUser => formatUser(u, caller, full);
}

/**
 * POST /users: whoever holds can_create_users, which only the server grants (the CLI's
 * `grant`, and `create-realm` for the owner it makes), creates member accounts; no role is
 * enough on its own, as in Zulip since feature level 36.
 */
export async function checkCreateUser(
  pool: pg.Pool,
  config: UsersConfig,
  caller: Caller,
  realm: RealmRow,
  req: {
    email: string;
    password: string;
    full_name: string;
  },
): Promise<number> {
  const self = await userStore.findUserById(pool, caller.realm_id, caller.user_id);
  if (!self || !self.can_create_users) {
    throw new BadRequestError('User not authorized to create users');
  }
  return withTransaction(pool, async (tx) => {
    const { user } = await doCreateUser(tx, config, realm, { email: req.email, full_name: req.full_name, password: req.password, role: Role.MEMBER });
    return user.id;
  });
}

/** PATCH /users/{id}: administrators change names and roles; only owners touch ownership. */
export async function checkUpdateUser(pool: pg.Pool, caller: Caller, req: { user_id: number; full_name?: string; role?: number; profile_data?: string }, render: RenderMarkdown): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const rendered = await renderProfileValues(pool, caller.realm_id, req.profile_data, render);
  await withTransaction(pool, async (tx) => {
    const target = await accessUser(tx, caller, req.user_id, { allowDeactivated: true, lock: true });
    const changes: { full_name?: string; role?: number } = {};
    if (req.full_name !== undefined && req.full_name.trim() !== target.full_name) changes.full_name = checkFullName(req.full_name);
    if (req.role !== undefined && req.role !== target.role) {
      await checkRoleChange(tx, caller, target, req.role);
      changes.role = req.role;
    }
    await doUpdateUser(tx, target, changes);
    if (req.profile_data !== undefined) await checkUpdateProfileData(tx, caller, target.id, req.profile_data, 'profile_data', rendered);
  });
}

/** PATCH /users/{email}: PATCH /users/{user_id} for the user accessUserByEmail names. */
export async function checkUpdateUserByEmail(
  pool: pg.Pool,
  config: Pick<UsersConfig, 'fakeEmailDomain'>,
  caller: Caller,
  req: { email: string; full_name?: string; role?: number; profile_data?: string },
  render: RenderMarkdown,
): Promise<void> {
  // First, as by ID: a non-administrator learns nothing, not even whether the address is known.
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const target = await accessUserByEmail(pool, config, caller, req.email, { allowDeactivated: true });
  await checkUpdateUser(pool, caller, { ...req, user_id: target.id }, render);
}

async function checkRoleChange(tx: Queryable, caller: Caller, target: UserRow, role: number): Promise<void> {
  if (!ROLE_VALUES.includes(role)) throw new BadRequestError('Invalid role');
  if ((role === Role.OWNER || target.role === Role.OWNER) && !isOwner(caller)) throw new OwnerRequiredError();
  if (target.role === Role.OWNER && (await userStore.countActiveOwners(tx, target.realm_id)) <= 1) {
    throw new BadRequestError('The owner permission cannot be removed from the only organization owner.');
  }
}

/** Precondition: changes validated; the target row is locked. */
export async function doUpdateUser(tx: Queryable, target: Pick<UserRow, 'id' | 'realm_id' | 'is_bot' | 'role'>, changes: { full_name?: string; role?: number }): Promise<void> {
  if (changes.full_name === undefined && changes.role === undefined) return;
  await userStore.updateUserFields(tx, target.id, changes);
  if (changes.role !== undefined) {
    await groupStore.setSystemGroupMemberships(tx, target.realm_id, target.id, directSystemGroups(changes.role));
    await notifyAuthChanged(tx, target.realm_id, target.id);
    await notifyUserRoleChanged(tx, target.realm_id, { user_id: target.id, is_bot: target.is_bot, old_role: target.role, role: changes.role });
  }
  // The reference's realm_user update events carry one changed field each.
  for (const [field, value] of Object.entries(changes)) {
    await notifyClients(tx, target.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: target.id, [field]: value } });
  }
}
