import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, randomToken, Role, sha256, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as resetStore from '../store/password-resets';
import type { UserRow } from '../store/users';
import type { RealmRow } from '../store/realms';
import type { UsersConfig } from '../config';
import { queueMail } from '../mail/compose';
import { passwordResetMail, passwordResetUnknownMail } from '../mail/password-reset';
import { checkNewPassword, hashPassword } from './passwords';
import { accessUser, checkEmail } from './users';
import { doEndSessions } from './sessions';
import { realmUrl } from './server-settings';

/**
 * An administrator sets a member's password (Parley's POST /users/{user_id}/password, and the
 * management CLI's reset-password, for a server without mail or a user without a mailbox); a
 * user who forgot theirs asks for a reset link by mail (below). The user's browser sessions
 * end (domain/sessions.ts); the API key stays, as Zulip's password change keeps it.
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

/** Zulip's PASSWORD_RESET_TIMEOUT: a reset link works for 24 hours. */
export const PASSWORD_RESET_VALID_HOURS = 24;

const TOKEN = /^[A-Za-z0-9]{32}$/;
const INVALID_LINK = 'Invalid password reset link';
const EXPIRED_LINK = 'This password reset link has expired. Ask for a new one.';
const USED_LINK = 'This password reset link has already been used. Ask for a new one.';
const STALE_LINK = 'This password reset link is no longer valid: the password was changed since. Ask for a new one.';

/** The page a reset link opens (the web client's, served by the gateway). */
export const passwordResetUrl = (config: UsersConfig, realm: Pick<RealmRow, 'string_id'>, token: string) => `${realmUrl(config, realm)}/accounts/password/reset/${token}/`;

/**
 * POST /password_reset (Parley's form for Zulip's /accounts/password/reset/, anonymous, in the
 * realm the Host names): answers the same whether or not the address has an account, and
 * mails it either way, as Zulip's ZulipPasswordResetForm does: a single-use link to an
 * active account, else a `password_reset_unknown` note (no account here, or a deactivated
 * one). Bots have no password: their addresses get the note. A deactivated or unknown realm
 * sends nothing. Older links stay valid (each is single-use and expires); setting a password
 * by any means ends them all (the session epoch moves). The gateway limits requests per
 * address (RATE_LIMIT_PASSWORD_RESET) and per client address.
 */
export async function requestPasswordReset(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, rawEmail: string): Promise<void> {
  const email = checkEmail(rawEmail);
  if (!realm || realm.deactivated) return;
  const url = realmUrl(config, realm);
  await withTransaction(pool, async (tx) => {
    const user = await userStore.findUserByEmail(tx, realm.id, email);
    if (user && user.is_active && !user.is_bot) {
      const token = randomToken(32);
      await resetStore.insertPasswordReset(tx, { user_id: user.id, token_hash: sha256(token), session_epoch: user.session_epoch, valid_seconds: PASSWORD_RESET_VALID_HOURS * 3600 });
      await resetStore.deleteStalePasswordResets(tx, user.id);
      await queueMail(tx, config, {
        kind: 'password_reset',
        realm,
        to: { address: user.delivery_email, name: user.full_name, userId: user.id },
        content: passwordResetMail({ realmName: realm.name, realmUrl: url, email: user.delivery_email, resetUrl: passwordResetUrl(config, realm, token), validHours: PASSWORD_RESET_VALID_HOURS }),
      });
      return;
    }
    const others = await resetStore.otherRealmsOfAddress(tx, email, realm.id);
    await queueMail(tx, config, {
      kind: 'password_reset_unknown',
      realm,
      to: { address: email },
      content: passwordResetUnknownMail({
        realmName: realm.name,
        realmUrl: url,
        email,
        deactivated: user !== undefined && !user.is_active && !user.is_bot,
        otherRealms: others.map((r) => ({ name: r.name, url: realmUrl(config, r) })),
      }),
    });
  });
}

/**
 * The user a reset token names, if the link still works: of the Host's realm, neither
 * expired nor used, made in the user's current session epoch, the user active. A 400 that
 * says which, otherwise (the token holder read the mail: nothing is revealed to them).
 */
async function usableReset(db: Queryable, realm: RealmRow | undefined, token: string, opts: { lock?: boolean } = {}): Promise<{ reset: resetStore.PasswordResetRow; user: UserRow }> {
  if (!realm || realm.deactivated || !TOKEN.test(token)) throw new BadRequestError(INVALID_LINK);
  const reset = await resetStore.findPasswordReset(db, sha256(token), opts);
  const user = reset && (await userStore.findUserById(db, realm.id, reset.user_id, opts));
  if (!reset || !user || !user.is_active || user.is_bot) throw new BadRequestError(INVALID_LINK);
  if (reset.used_at) throw new BadRequestError(USED_LINK);
  if (reset.expired) throw new BadRequestError(EXPIRED_LINK);
  if (reset.session_epoch !== user.session_epoch) throw new BadRequestError(STALE_LINK);
  return { reset, user };
}

/** GET /password_reset/{token} (Parley): what the new-password page shows, or why the link no longer works. */
export async function describePasswordReset(pool: pg.Pool, realm: RealmRow | undefined, token: string) {
  const { user } = await usableReset(pool, realm, token);
  return { email: user.delivery_email, full_name: user.full_name, realm_name: realm!.name };
}

/**
 * POST /password_reset/{token} (Parley): sets the password (PATCH /settings's rules), ends
 * every browser session of the user and every other reset link, and uses the link up. The
 * answer names the address to log in with.
 */
export async function resetPasswordWithToken(pool: pg.Pool, realm: RealmRow | undefined, token: string, newPassword: string) {
  await usableReset(pool, realm, token);
  checkNewPassword(newPassword, 'The password is too weak.');
  const hash = await hashPassword(newPassword);
  return withTransaction(pool, async (tx) => {
    // Again, locked: two uses of one link at once, or a password change meanwhile.
    const { reset, user } = await usableReset(tx, realm, token, { lock: true });
    await doSetPassword(tx, user, hash);
    await resetStore.markPasswordResetUsed(tx, reset.id);
    return { email: user.delivery_email };
  });
}
