import pg from 'pg';
import { BadRequestError, Caller, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/muted-users';
import * as userStore from '../store/users';
import { notifyClients, notifyUserMuted } from './notify';

/** Parley's bound on the users one user may mute (Zulip has none). */
export const MAX_MUTED_USERS = 1000;

export interface ApiMutedUser {
  id: number;
  timestamp: number;
}

/** register's muted_users and the muted_users event: whom the user muted, and when (UNIX seconds). */
export async function listMutedUsers(db: Queryable, userId: number): Promise<ApiMutedUser[]> {
  const rows = await store.listMutedUsers(db, userId);
  return rows.map((r) => ({ id: r.muted_user_id, timestamp: Math.floor(r.date_muted.getTime() / 1000) }));
}

/**
 * A user of the caller's realm that may be muted: bots, deactivated users and the realm's
 * system bots too (Zulip's access_user_by_id_including_cross_realm with allow_bots and
 * allow_deactivated). Another realm's ID reads as nonexistent.
 */
async function accessMutable(db: Queryable, caller: Caller, userId: number): Promise<void> {
  const user = await userStore.findUserById(db, caller.realm_id, userId);
  if (!user) throw new BadRequestError('No such user');
}

/** POST /users/me/muted_users/{muted_user_id}, with Zulip's refusals in Zulip's order. */
export async function checkMuteUser(pool: pg.Pool, caller: Caller, mutedUserId: number): Promise<void> {
  if (mutedUserId === caller.user_id) throw new BadRequestError('Cannot mute self');
  await accessMutable(pool, caller, mutedUserId);
  await withTransaction(pool, async (tx) => {
    // The user's row serializes the caller's concurrent mutes, so the bound holds.
    await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (!(await store.insertMutedUser(tx, caller.user_id, mutedUserId))) throw new BadRequestError('User already muted');
    if ((await store.countMutedUsers(tx, caller.user_id)) > MAX_MUTED_USERS) throw new BadRequestError(`You may mute at most ${MAX_MUTED_USERS} users.`);
    await notifyMutedUsers(tx, caller);
    // The messages service marks the muted user's earlier messages read for the muter.
    await notifyUserMuted(tx, caller.realm_id, caller.user_id, mutedUserId);
  });
}

/** DELETE /users/me/muted_users/{muted_user_id}. */
export async function checkUnmuteUser(pool: pg.Pool, caller: Caller, mutedUserId: number): Promise<void> {
  await accessMutable(pool, caller, mutedUserId);
  await withTransaction(pool, async (tx) => {
    if (!(await store.deleteMutedUser(tx, caller.user_id, mutedUserId))) throw new BadRequestError('User is not muted');
    await notifyMutedUsers(tx, caller);
  });
}

/** The muted_users event, to the muter's own clients. */
async function notifyMutedUsers(tx: Queryable, caller: Caller): Promise<void> {
  await notifyClients(tx, caller.realm_id, [caller.user_id], { type: 'muted_users', muted_users: await listMutedUsers(tx, caller.user_id) });
}
