import pg from 'pg';
import { BadRequestError, Caller, InvalidParameterError, isIntegerParam, Queryable, RealmDeactivatedError } from '@parley/common';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UsersConfig } from '../config';
import { accessUser, accessUserByEmail, formatFor } from './users';
import type { ApiUser } from './format';
import { profileDataFor } from './profile-values';

export async function callerRealm(pool: pg.Pool, caller: Caller): Promise<RealmRow> {
  const realm = await realmStore.findRealmById(pool, caller.realm_id);
  if (!realm) throw new RealmDeactivatedError();
  return realm;
}

/** Fills in the profile_data of the users formatted with it (people, not bots). */
export async function withProfileData<T extends ApiUser>(db: Queryable, realmId: number, users: T[]): Promise<T[]> {
  const data = await profileDataFor(
    db,
    realmId,
    users.filter((u) => u.profile_data).map((u) => u.user_id),
  );
  for (const u of users) if (u.profile_data) u.profile_data = data.get(u.user_id) ?? {};
  return users;
}

/** GET /users/me's user: a bot's has bot_type and bot_owner_id, a person's neither. */
export type OwnProfile = Omit<ApiUser, 'bot_type' | 'bot_owner_id'> & Partial<Pick<ApiUser, 'bot_type' | 'bot_owner_id'>>;

/**
 * GET /users/me without its max_message_id (which the messages service knows): the caller
 * as they see themselves, their real email and profile fields included. As Zulip's
 * format_user_row, only a bot's carries bot_type and bot_owner_id (the reference's schema of
 * this response, which allows no other field, has neither).
 */
export async function ownProfile(pool: pg.Pool, config: UsersConfig, caller: Caller): Promise<OwnProfile> {
  const me = await userStore.findUserById(pool, caller.realm_id, caller.user_id);
  if (!me) throw new BadRequestError('No such user');
  const [user] = await withProfileData(pool, caller.realm_id, [formatFor(caller, config, { clientGravatar: false, includeProfileFields: true })(me)]);
  if (user.is_bot) return user;
  const { bot_type: _type, bot_owner_id: _owner, ...person } = user;
  return person;
}

interface ShowOptions {
  clientGravatar: boolean;
  includeProfileFields: boolean;
}

/** GET /users/{user_id}: any user of the realm, deactivated users and bots too. */
export async function getUser(pool: pg.Pool, config: UsersConfig, caller: Caller, userId: number, opts: ShowOptions): Promise<ApiUser> {
  return show(pool, config, caller, await accessUser(pool, caller, userId, { allowDeactivated: true, allowBots: true }), opts);
}

/** GET /users/{email}: the same, the user named by email (accessUserByEmail). */
export async function getUserByEmail(pool: pg.Pool, config: UsersConfig, caller: Caller, email: string, opts: ShowOptions): Promise<ApiUser> {
  return show(pool, config, caller, await accessUserByEmail(pool, config, caller, email, { allowDeactivated: true, allowBots: true }), opts);
}

async function show(pool: pg.Pool, config: UsersConfig, caller: Caller, user: UserRow, opts: ShowOptions): Promise<ApiUser> {
  return (await withProfileData(pool, caller.realm_id, [formatFor(caller, config, opts)(user)]))[0];
}

export async function listUsers(
  pool: pg.Pool,
  config: UsersConfig,
  caller: Caller,
  opts: {
    clientGravatar: boolean;
    includeProfileFields: boolean;
    userIds?: number[];
  },
): Promise<ApiUser[]> {
  const rows = await userStore.listRealmUsers(pool, caller.realm_id, opts.userIds);
  return withProfileData(pool, caller.realm_id, rows.map(formatFor(caller, config, opts)));
}

/** The `user_ids` parameter: a JSON list of integers. */
export function parseUserIds(raw: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new InvalidParameterError('user_ids', 'not a JSON list');
  }
  if (!Array.isArray(value) || !value.every(isIntegerParam)) {
    throw new BadRequestError('user_ids is not a list of integers');
  }
  return value;
}
