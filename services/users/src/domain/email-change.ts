import pg from 'pg';
import { ApiError, BadRequestError, isAdmin, Queryable, randomToken, RealmDeactivatedError, sha256, UserDeactivatedError, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { queueMail } from '../mail/compose';
import { confirmNewEmailMail, emailChangedNotice } from '../mail/email-change-mails';
import { apiEmail, canSeeDeliveryEmail } from './format';
import { notifyAuthChanged, notifyClients } from './notify';
import { realmUrl } from './server-settings';
import { checkEmail } from './users';

/** Zulip's CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS: a link works for a day. */
export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * Parley's bound on the rows a user's requests keep (a new request revokes the earlier ones,
 * as Zulip's do_start_email_change_process; the rows stay a day for the rate limit).
 */
export const MAX_PENDING_EMAIL_CHANGES = 10;

/**
 * Zulip's `email_change_by_user` rate limit: each request mails an address that has no
 * relationship with the server yet, so 2 an hour and 5 a day.
 */
export const EMAIL_CHANGE_RATE_LIMITS: readonly { windowMs: number; max: number }[] = [
  { windowMs: 60 * 60 * 1000, max: 2 },
  { windowMs: 24 * 60 * 60 * 1000, max: 5 },
];

/**
 * Zulip's validate_email_change_request: the realm allows the change (administrators may
 * always), the address is valid and allowed in the realm, and nobody in the realm has it.
 * Returns the trimmed address.
 */
export async function checkEmailChange(db: Queryable, realm: RealmRow, user: Pick<UserRow, 'role' | 'is_active'>, email: string): Promise<string> {
  if (!user.is_active) throw new UserDeactivatedError();
  if (realm.settings.email_changes_disabled === true && !isAdmin({ role: user.role })) {
    throw new BadRequestError('Email address changes are disabled in this organization.');
  }
  const address = validAddress(email);
  checkAllowedInRealm(realm, address);
  const existing = await userStore.findUserByEmail(db, realm.id, address);
  if (existing) {
    if (existing.is_system_bot) throw new BadRequestError('Reserved for system bots.');
    throw new BadRequestError(existing.is_active ? 'Already has an account.' : 'Account has been deactivated.');
  }
  return address;
}

function validAddress(email: string): string {
  try {
    return checkEmail(email);
  } catch {
    throw new BadRequestError('Invalid address.');
  }
}

/**
 * Zulip's realm email validator. Parley keeps no list of the realm's domains (realm_domains is
 * always empty), so a realm restricted to its domains allows no new address, as Zulip's would
 * with none listed. Parley has no list of disposable domains either.
 */
function checkAllowedInRealm(realm: RealmRow, address: string): void {
  if (realm.settings.emails_restricted_to_domains !== true) return;
  if (address.slice(0, address.lastIndexOf('@')).includes('+')) throw new BadRequestError('Email addresses containing + are not allowed.');
  throw new BadRequestError('Outside your domain.');
}

/** RATE_LIMIT_HIT when the user has made as many requests as Zulip allows in a window. */
async function checkEmailChangeRate(db: Queryable, userId: number): Promise<void> {
  for (const { windowMs, max } of EMAIL_CHANGE_RATE_LIMITS) {
    const recent = await userStore.recentEmailChanges(db, userId, windowMs);
    if (recent.length >= max) {
      const freeAt = recent[recent.length - max].getTime() + windowMs;
      throw new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', 429, { 'retry-after': Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) });
    }
  }
}

/**
 * Zulip's do_start_email_change_process: records the request (revoking the earlier ones) and
 * mails a single-use link to the new address; nothing changes until it is followed.
 * Precondition: the address passed checkEmailChange; the user row is locked; tx is a transaction.
 */
export async function doStartEmailChange(tx: Queryable, config: UsersConfig, realm: RealmRow, user: UserRow, newEmail: string): Promise<void> {
  await checkEmailChangeRate(tx, user.id);
  const key = randomToken(24);
  await userStore.insertEmailChange(tx, {
    userId: user.id,
    oldEmail: user.delivery_email,
    newEmail,
    tokenHash: sha256(key),
    validMs: EMAIL_CHANGE_VALID_MS,
    keep: MAX_PENDING_EMAIL_CHANGES,
  });
  const url = realmUrl(config, realm);
  await queueMail(tx, config, {
    kind: 'email_change_confirm',
    realm,
    to: { address: newEmail, name: user.full_name, userId: user.id },
    content: confirmNewEmailMail({ realmUrl: url, realmHost: url.replace(/^[a-z]+:\/\//, ''), oldEmail: user.delivery_email, newEmail, link: `${url}/accounts/confirm_new_email/${key}/` }),
  });
}

/** Zulip's confirmation key errors, as its pages word them (always 404). */
const LINK_MALFORMED = 'Whoops. The confirmation link is malformed.';
const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';
const LINK_UNKNOWN = "Whoops. We couldn't find your confirmation link in the system.";

export interface ConfirmedEmailChange {
  user_id: number;
  old_email: string;
  email: string;
  realm_name: string;
}

/**
 * Zulip's confirm_email_change: the link's key (or, for the operator of a server without
 * mail, the request's ID) marks the request used; the new address replaces the old one, the
 * realm hears of it, cached logins with the old address end, and the old address is told.
 * The request is checked again as when it was made (the address may have been taken since);
 * a refusal rolls back, leaving the link usable.
 */
export async function confirmEmailChange(pool: pg.Pool, config: UsersConfig, by: { key: string } | { id: number }): Promise<ConfirmedEmailChange> {
  if ('key' in by && !/^[A-Za-z0-9]{24}$/.test(by.key)) throw new ApiError('NOT_FOUND', LINK_MALFORMED, 404);
  return withTransaction(pool, async (tx) => {
    const change = await userStore.takeEmailChange(tx, 'key' in by ? { tokenHash: sha256(by.key) } : { id: by.id });
    if (change === undefined) throw new ApiError('NOT_FOUND', LINK_UNKNOWN, 404);
    if (change === 'expired') throw new ApiError('NOT_FOUND', LINK_EXPIRED, 404);
    const user = (await userStore.findUserById(tx, change.realm_id, change.user_id, { lock: true }))!;
    // A later change (by an administrator) would make this one stale.
    if (user.delivery_email !== change.old_email) throw new ApiError('NOT_FOUND', LINK_EXPIRED, 404);
    const realm = (await realmStore.findRealmById(tx, user.realm_id))!;
    if (realm.deactivated) throw new RealmDeactivatedError();
    const newEmail = await checkEmailChange(tx, realm, user, change.new_email);
    await doChangeDeliveryEmail(tx, config, user, newEmail);
    await queueMail(tx, config, {
      kind: 'email_change_notice',
      realm,
      to: { address: change.old_email, name: user.full_name, userId: user.id },
      content: emailChangedNotice({ realmName: realm.name, newEmail }),
    });
    return { user_id: user.id, old_email: change.old_email, email: newEmail, realm_name: realm.name };
  });
}

/** Zulip's do_change_user_delivery_email. Precondition: the user row is locked; tx is a transaction. */
async function doChangeDeliveryEmail(tx: Queryable, config: UsersConfig, user: UserRow, newEmail: string): Promise<void> {
  await userStore.setDeliveryEmail(tx, user.id, newEmail);
  const updated = { ...user, delivery_email: newEmail };
  // The real address goes to those who may see it (the user's email_address_visibility).
  const viewers = (await userStore.listRealmUsers(tx, user.realm_id)).filter((v) => v.is_active && canSeeDeliveryEmail(user, { user_id: v.id, role: v.role }));
  await notifyClients(
    tx,
    user.realm_id,
    viewers.map((v) => v.id),
    { type: 'realm_user', op: 'update', person: { user_id: user.id, delivery_email: newEmail } },
  );
  if (apiEmail(updated, config.fakeEmailDomain) !== apiEmail(user, config.fakeEmailDomain)) {
    await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person: { user_id: user.id, new_email: newEmail } });
  }
  await notifyAuthChanged(tx, user.realm_id, user.id);
}
