import pg from 'pg';
import { LoginDevice, queueNewLoginMail } from './login-notice';
import { ApiError, Caller, constantTimeEqual, InvalidApiKeyError, RealmDeactivatedError, UserDeactivatedError } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { API_KEY_PATTERN, apiKeyHash, unsealApiKey } from './api-keys';
import { apiEmail } from './format';
import { verifyPassword } from './passwords';

const NOT_THIS_SUBDOMAIN = 'Account is not associated with this subdomain';

/** An API key used on another realm's host (Zulip's validate_account_and_subdomain, as json_unauthorized). */
export class SubdomainMismatchError extends ApiError {
  constructor() {
    super('UNAUTHORIZED', NOT_THIS_SUBDOMAIN, 401);
  }
}

/** A browser session used on another realm's host: Zulip's authenticated_json_view answers its JsonableError, 400. */
export class SessionSubdomainMismatchError extends ApiError {
  constructor() {
    super('BAD_REQUEST', NOT_THIS_SUBDOMAIN, 400);
  }
}

/** A password login on a host that names no realm, or by an email whose account is in another realm (Zulip's InvalidSubdomainError). */
export class InvalidSubdomainError extends ApiError {
  constructor() {
    super('NONEXISTENT_SUBDOMAIN', 'Invalid subdomain', 404);
  }
}

export class AuthenticationFailedError extends ApiError {
  constructor() {
    super('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401);
  }
}

const toCaller = (u: UserRow, email: string): Caller => ({
  realm_id: u.realm_id,
  user_id: u.id,
  role: u.role,
  is_bot: u.is_bot,
  email,
});

function checkActive(user: UserRow, realm: RealmRow | undefined): void {
  if (!user.is_active) throw new UserDeactivatedError();
  if (!realm || realm.deactivated) throw new RealmDeactivatedError();
}

/**
 * Basic auth: the API key finds the user (by its hash, constant-time compared with the
 * stored key), then the email must be that user's (API or real email, any case), and the
 * realm the request's Host names (`subdomain`; absent or '' for the root realm, as an IP or
 * an unknown host names it) must be the user's realm, as Zulip binds every request.
 */
export async function authenticate(pool: pg.Pool, config: UsersConfig, req: { email: string; api_key: string; subdomain?: string; key_only?: boolean }): Promise<Caller> {
  if (!API_KEY_PATTERN.test(req.api_key)) throw new InvalidApiKeyError();
  const user = await userStore.findUserByApiKeyHash(pool, apiKeyHash(req.api_key));
  if (!user || !constantTimeEqual(unsealApiKey(config.secret, user.api_key_sealed), req.api_key)) throw new InvalidApiKeyError();
  const email = apiEmail(user, config.fakeEmailDomain);
  const given = req.email.trim().toLowerCase();
  // Key only (the file routes' `api_key` query parameter, as Zulip's validate_api_key with no role): the key is the whole credential.
  if (!req.key_only && given !== email.toLowerCase() && given !== user.delivery_email.toLowerCase()) throw new InvalidApiKeyError();
  const realm = await realmStore.findRealmById(pool, user.realm_id);
  checkActive(user, realm);
  if (realm && realm.string_id !== (req.subdomain ?? '')) throw new SubdomainMismatchError();
  return toCaller(user, email);
}

/** A browser session's user (read by the caller), checked as Basic auth checks an API key's: active, in the Host's realm ('' for the root realm). */
export async function sessionCaller(pool: pg.Pool, config: UsersConfig, user: UserRow, subdomain: string | undefined): Promise<Caller> {
  const realm = await realmStore.findRealmById(pool, user.realm_id);
  checkActive(user, realm);
  if (realm && realm.string_id !== (subdomain ?? '')) throw new SessionSubdomainMismatchError();
  return toCaller(user, apiEmail(user, config.fakeEmailDomain));
}

/**
 * A password login (POST /fetch_api_key, POST /accounts/login): the user is looked up in the
 * realm the Host names only (the root realm for an IP or an unknown host); username is the real
 * email. Zulip's answers: no such realm, or the email's account is in another realm, is
 * NONEXISTENT_SUBDOMAIN (404). The row read is the one whose password was checked.
 */
export async function checkPasswordLogin(pool: pg.Pool, realm: RealmRow | undefined, req: { username: string; password: string }): Promise<UserRow> {
  if (!realm) throw new InvalidSubdomainError();
  const username = req.username.trim();
  const user = await userStore.findUserByEmail(pool, realm.id, username);
  // Verified even without a user or a password (one KDF run each way), so the time tells nothing.
  const ok = await verifyPassword(req.password, user ? user.password_hash : null);
  if (!user && (await userStore.emailHasAnyAccount(pool, username))) throw new InvalidSubdomainError();
  if (!user || !ok || user.is_bot) throw new AuthenticationFailedError();
  checkActive(user, realm);
  return user;
}

/** POST /fetch_api_key: a password login answered with the API key. */
export async function fetchApiKey(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, req: { username: string; password: string }, device?: LoginDevice) {
  const user = await checkPasswordLogin(pool, realm, req);
  await queueNewLoginMail(pool, config, realm!, user, device);
  return { api_key: unsealApiKey(config.secret, user.api_key_sealed), email: apiEmail(user, config.fakeEmailDomain), user_id: user.id };
}
