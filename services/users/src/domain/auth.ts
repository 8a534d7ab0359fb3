import pg from 'pg';
import {
  ApiError, Caller, constantTimeEqual, InvalidApiKeyError, RealmDeactivatedError, UnauthorizedError, UserDeactivatedError,
} from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { API_KEY_PATTERN, apiKeyHash, unsealApiKey } from './api-keys';
import { apiEmail } from './format';
import { verifyPassword } from './passwords';

export class SubdomainMismatchError extends ApiError {
  constructor() {
    super('UNAUTHORIZED', 'Account is not associated with this subdomain', 401);
  }
}

export class AuthenticationFailedError extends ApiError {
  constructor() {
    super('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401);
  }
}

const toCaller = (u: UserRow, email: string): Caller => ({
  realm_id: u.realm_id, user_id: u.id, role: u.role, is_bot: u.is_bot, email,
});

function checkActive(user: UserRow, realm: RealmRow | undefined): void {
  if (!user.is_active) throw new UserDeactivatedError();
  if (!realm || realm.deactivated) throw new RealmDeactivatedError();
}

/**
 * Basic auth: the API key finds the user (by its hash, constant-time compared with the
 * stored key), then the email must be that user's (API or real email, any case), and a
 * realm subdomain in the Host must be the user's realm.
 */
export async function authenticate(pool: pg.Pool, config: UsersConfig, req: { email: string; api_key: string; subdomain?: string }): Promise<Caller> {
  if (!API_KEY_PATTERN.test(req.api_key)) throw new InvalidApiKeyError();
  const user = await userStore.findUserByApiKeyHash(pool, apiKeyHash(req.api_key));
  if (!user || !constantTimeEqual(unsealApiKey(config.secret, user.api_key_sealed), req.api_key)) throw new InvalidApiKeyError();
  const email = apiEmail(user, config.fakeEmailDomain);
  const given = req.email.trim().toLowerCase();
  if (given !== email.toLowerCase() && given !== user.delivery_email.toLowerCase()) throw new InvalidApiKeyError();
  const realm = await realmStore.findRealmById(pool, user.realm_id);
  checkActive(user, realm);
  if (req.subdomain !== undefined && realm && realm.string_id !== req.subdomain) throw new SubdomainMismatchError();
  return toCaller(user, email);
}

/** A browser session's user, checked as Basic auth checks an API key's: active, in the Host's realm. */
export async function sessionCaller(pool: pg.Pool, config: UsersConfig, realmId: number, userId: number, subdomain: string | undefined): Promise<Caller> {
  const user = await userStore.findUserById(pool, realmId, userId);
  if (!user) throw new UnauthorizedError();
  const realm = await realmStore.findRealmById(pool, user.realm_id);
  checkActive(user, realm);
  if (subdomain !== undefined && realm && realm.string_id !== subdomain) throw new SubdomainMismatchError();
  return toCaller(user, apiEmail(user, config.fakeEmailDomain));
}

/** POST /fetch_api_key: the realm comes from the Host; username is the real email. */
export async function fetchApiKey(pool: pg.Pool, config: UsersConfig, realm: RealmRow | undefined, req: { username: string; password: string }) {
  const user = realm && (await userStore.findUserByEmail(pool, realm.id, req.username.trim()));
  // Verified even without a user or a password (one KDF run each way), so a refusal tells nothing.
  const ok = await verifyPassword(req.password, user ? user.password_hash : null);
  if (!user || !ok || user.is_bot) throw new AuthenticationFailedError();
  checkActive(user, realm);
  return { api_key: unsealApiKey(config.secret, user.api_key_sealed), email: apiEmail(user, config.fakeEmailDomain), user_id: user.id };
}
