import pg from 'pg';
import { AdminRequiredError, ApiError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, Role, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import * as botStore from '../store/bots';
import type { UserRow } from '../store/users';
import type { ChannelLookup } from './channels';
import { channelsOf, notifyBotActive, type Channels } from './bots';
import { accessUser } from './users';
import { notifyClients, notifyUserActiveChanged } from './notify';
import { doEndSessions } from './sessions';

/**
 * Deactivating and reactivating accounts, as Zulip's do_deactivate_user and the views over it:
 * an administrator's DELETE /users/{id} and POST /users/{id}/reactivate, and anyone's
 * DELETE /users/me. Deactivating a user deactivates the active bots they own, in the same
 * transaction (a bot is never left working for an owner who is gone); reactivating does not
 * bring them back. The bots' default channels, which decide who hears of them (the realm_bot
 * events), are asked of the channels service before the transaction.
 */

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

/**
 * Precondition: the target row is locked and is not already so. Signs it out and tells
 * everyone. Its browser sessions end for good (Zulip's delete_user_sessions): reactivating the
 * account brings none back.
 */
export async function doSetUserActive(tx: Queryable, target: Pick<UserRow, 'id' | 'realm_id'>, active: boolean): Promise<void> {
  await userStore.updateUserFields(tx, target.id, { is_active: active });
  await doEndSessions(tx, target);
  await notifyUserActiveChanged(tx, target.realm_id, target.id, active);
  await notifyClients(tx, target.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: target.id, is_active: active } });
}

/**
 * Deactivates an account and the active bots it owns, each bot's administrators told with a
 * realm_bot update. Precondition: the caller may deactivate `target`, which is active and
 * locked; `known` holds the default channels of the bots concerned (botsConcerned).
 */
export async function doDeactivateUser(tx: Queryable, target: UserRow, known: Channels): Promise<void> {
  const owned = target.is_bot ? [] : await botStore.listBots(tx, target.realm_id, target.id, true);
  for (const bot of owned) {
    await doSetUserActive(tx, bot, false);
    await notifyBotActive(tx, bot, false, known);
  }
  await doSetUserActive(tx, target, false);
  const self = target.is_bot ? await botStore.findBot(tx, target.realm_id, target.id) : undefined;
  if (self) await notifyBotActive(tx, self, false, known);
}

/** The default channels of the bots a deactivation concerns (the user, if a bot, or the bots they own): before any transaction. */
export async function botsConcerned(pool: pg.Pool, realmId: number, userId: number, channels: ChannelLookup): Promise<Channels> {
  const self = await botStore.findBot(pool, realmId, userId);
  return channelsOf(self ? [self] : await botStore.listBots(pool, realmId, userId, true), channels);
}

/**
 * DELETE /users/{id} (the user's bots too) and POST /users/{id}/reactivate (the user alone),
 * administrators. `also` runs in the same transaction after the change (more checks, whose
 * refusal undoes it, and more events); `known` is botsConcerned's answer for a deactivation.
 */
export async function checkSetUserActive(
  pool: pg.Pool,
  caller: Caller,
  userId: number,
  active: boolean,
  opts: { known?: Channels; also?: (tx: Queryable, target: UserRow) => Promise<void> } = {},
): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    // The realm first, as DELETE /users/me takes it: the last-owner checks of both wait for each other.
    if (!active) await realmStore.findRealmById(tx, caller.realm_id, { lock: true });
    const target = await accessUser(tx, caller, userId, { allowDeactivated: true, lock: true });
    if (active && target.is_active) throw new BadRequestError('User is already active');
    if (!active && !target.is_active) throw new BadRequestError('User is already deactivated');
    if (!active && target.role === Role.OWNER) {
      if (!isOwner(caller)) throw new OwnerRequiredError();
      if ((await userStore.countActiveOwners(tx, target.realm_id)) <= 1) {
        throw new BadRequestError('Cannot deactivate the only organization owner');
      }
    }
    if (active) await doSetUserActive(tx, target, true);
    else await doDeactivateUser(tx, target, opts.known ?? (new Map() as Channels));
    await opts.also?.(tx, target);
  });
}

/**
 * DELETE /users/me, Zulip's deactivate_user_own_backend: anyone may leave, bots too, except
 * the organization's only active account and its only owner. The realm row is locked so that
 * two owners leaving at once cannot both pass the last-owner check.
 */
export async function checkDeactivateOwnUser(pool: pg.Pool, caller: Caller, channels: ChannelLookup): Promise<void> {
  const known = await botsConcerned(pool, caller.realm_id, caller.user_id, channels);
  await withTransaction(pool, async (tx) => {
    await realmStore.findRealmById(tx, caller.realm_id, { lock: true });
    const self = await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (!self?.is_active) return; // already gone: the gateway refuses a deactivated caller before this
    if ((await userStore.countActiveAccounts(tx, caller.realm_id)) <= 1) throw new CannotDeactivateLastUserError(false);
    if (self.role === Role.OWNER && !self.is_bot && (await userStore.countActiveOwners(tx, caller.realm_id)) <= 1) {
      throw new CannotDeactivateLastUserError(true);
    }
    await doDeactivateUser(tx, self, known);
  });
}
