import pg from 'pg';
import { ApiError, Role, withTransaction, type Caller, type Queryable } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { UserRow } from '../store/users';
import { notifyAuthChanged, notifyClients, notifyUserActiveChanged } from './notify';

/**
 * Zulip's CannotDeactivateLastUserError: the organization's only active account, or its only
 * owner, deactivating themselves. `entity` names which, as the message does.
 */
export class CannotDeactivateLastUserError extends ApiError {
  constructor(isLastOwner: boolean) {
    const entity = isLastOwner ? 'organization owner' : 'user';
    super('CANNOT_DEACTIVATE_LAST_USER', `Cannot deactivate the only ${entity}.`, 400, { is_last_owner: isLastOwner, entity });
  }
}

/** Marks one account inactive: its sessions and keys stop working, and the realm hears of it. */
async function markInactive(tx: Queryable, user: UserRow): Promise<void> {
  await userStore.updateUserFields(tx, user.id, { is_active: false });
  await notifyAuthChanged(tx, user.realm_id, user.id);
  await notifyUserActiveChanged(tx, user.realm_id, user.id, false);
  await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, is_active: false } });
}

/**
 * Deactivates an account and, as Zulip's do_deactivate_user, the active bots it owns, in the
 * same transaction (a bot is never left working for an owner who is gone).
 * Precondition: the caller may deactivate `target`, which is active and locked.
 */
export async function doDeactivateUser(tx: Queryable, target: UserRow): Promise<void> {
  if (!target.is_bot) {
    for (const bot of await userStore.lockActiveBotsOwnedBy(tx, target.realm_id, target.id)) await markInactive(tx, bot);
  }
  await markInactive(tx, target);
}

/**
 * DELETE /users/me, Zulip's deactivate_user_own_backend: anyone may leave, bots too, except
 * the organization's only active account and its only owner. The realm row is locked so that
 * two owners leaving at once cannot both pass the last-owner check.
 */
export async function checkDeactivateOwnUser(pool: pg.Pool, caller: Caller): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await realmStore.findRealmById(tx, caller.realm_id, { lock: true });
    const self = await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (!self?.is_active) return; // already gone: the gateway refuses a deactivated caller before this
    if ((await userStore.countActiveAccounts(tx, caller.realm_id)) <= 1) throw new CannotDeactivateLastUserError(false);
    if (self.role === Role.OWNER && !self.is_bot && (await userStore.countActiveOwners(tx, caller.realm_id)) <= 1) {
      throw new CannotDeactivateLastUserError(true);
    }
    await doDeactivateUser(tx, self);
  });
}
