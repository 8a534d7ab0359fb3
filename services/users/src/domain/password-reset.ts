import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, Role, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';
import { checkNewPassword, hashPassword } from './passwords';
import { accessUser } from './users';
import { doEndSessions } from './sessions';

/**
 * An administrator sets a member's password (Parley's POST /users/{user_id}/password, and the
 * management CLI's reset-password): Parley sends no password-reset email. The user's browser
 * sessions end (domain/sessions.ts); the API key stays, as Zulip's password change keeps it.
 */
export async function checkResetPassword(pool: pg.Pool, caller: Caller, userId: number, newPassword: string): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const target = await accessUser(pool, caller, userId);
  checkResettable(target);
  if (target.role === Role.OWNER && !isOwner(caller)) throw new OwnerRequiredError();
  checkNewPassword(newPassword, 'New password is too weak!');
  const hash = await hashPassword(newPassword);
  await withTransaction(pool, async (tx) => {
    // Again, locked: deactivated or made an owner meanwhile.
    const locked = await accessUser(tx, caller, userId, { lock: true });
    if (locked.role === Role.OWNER && !isOwner(caller)) throw new OwnerRequiredError();
    await doSetPassword(tx, locked, hash);
  });
}

/** Bots log in with their API key only; a deactivated user is refused (reactivate first). */
export function checkResettable(user: Pick<UserRow, 'is_bot' | 'is_active'>): void {
  if (user.is_bot) throw new BadRequestError('Bots have no password');
  if (!user.is_active) throw new BadRequestError('User is deactivated');
}

/** Precondition: the password checked and hashed; tx is a transaction. */
export async function doSetPassword(tx: Queryable, user: Pick<UserRow, 'id' | 'realm_id'>, hash: string): Promise<void> {
  await userStore.setPasswordHash(tx, user.id, hash);
  await doEndSessions(tx, user);
}
