import { createHash } from 'node:crypto';
import pg from 'pg';
import { Caller, randomToken, UnauthorizedError } from '@parley/common';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import type { SessionStore } from '../store/sessions';
import * as userStore from '../store/users';
import { fetchApiKey, sessionCaller as callerOfUser } from './auth';

/**
 * Browser sessions (spec, Authentication 2: the upload endpoints, tus and file serving take a
 * session cookie as well as Basic auth). POST /accounts/login checks the password as POST
 * /fetch_api_key does (bots have no password login) and opens a session; the gateway turns
 * the reply into an httpOnly `sessionid` cookie and a `csrftoken` cookie, whose value
 * cookie-authenticated POST/PATCH/DELETE requests must echo in X-CSRFToken.
 */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600; // Zulip's SESSION_COOKIE_AGE: two weeks

const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function login(pool: pg.Pool, config: UsersConfig, sessions: SessionStore, realm: RealmRow | undefined, req: { username: string; password: string }) {
  const { user_id } = await fetchApiKey(pool, config, realm, req);
  const session = randomToken(40);
  const csrfToken = randomToken(32);
  await sessions.put(keyOf(session), { realm_id: realm!.id, user_id, csrf_token: csrfToken, created_at: Date.now() }, SESSION_TTL_SECONDS);
  return { session_id: session, csrf_token: csrfToken, max_age_seconds: SESSION_TTL_SECONDS, user_id };
}

/**
 * Who a session cookie stands for, with its CSRF token; UNAUTHORIZED when the session is
 * unknown or expired. A deactivated user or realm is refused as with an API key.
 */
export async function sessionCaller(pool: pg.Pool, config: UsersConfig, sessions: SessionStore, token: string, subdomain: string | undefined): Promise<{ caller: Caller; csrf_token: string }> {
  const record = token ? await sessions.get(keyOf(token)) : undefined;
  if (!record) throw new UnauthorizedError();
  // Opened before an administrator set the user's password (password-reset.ts): ended.
  const resetAt = await userStore.passwordResetAt(pool, record.user_id);
  if (resetAt !== undefined && (record.created_at ?? 0) < resetAt) {
    await sessions.delete(keyOf(token));
    throw new UnauthorizedError();
  }
  const caller = await callerOfUser(pool, config, record.realm_id, record.user_id, subdomain);
  return { caller, csrf_token: record.csrf_token };
}

export async function logout(sessions: SessionStore, token: string): Promise<void> {
  if (token) await sessions.delete(keyOf(token));
}
