import pg from 'pg';
import { BadRequestError, Caller, InvalidParameterError, isIntegerParam, Queryable, RealmDeactivatedError } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UsersConfig } from '../config';
import { accessUser, formatFor } from './users';
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

/**
 * GET /users/me without its max_message_id (which the messages service knows): the caller
 * as they see themselves, their real email and profile fields included.
 */
export async function ownProfile(pool: pg.Pool, config: UsersConfig, caller: Caller): Promise<ApiUser> {
  const me = await userStore.findUserById(pool, caller.realm_id, caller.user_id);
  if (!me) throw new BadRequestError('No such user');
  const [user] = await withProfileData(pool, caller.realm_id, [formatFor(caller, config, { clientGravatar: false, includeProfileFields: true })(me)]);
  return user;
}

export async function getUser(
  pool: pg.Pool,
  config: UsersConfig,
  caller: Caller,
  userId: number,
  opts: {
    clientGravatar: boolean;
    includeProfileFields: boolean;
  },
): Promise<ApiUser> {
  const user = await accessUser(pool, caller, userId, { allowDeactivated: true, allowBots: true });
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
