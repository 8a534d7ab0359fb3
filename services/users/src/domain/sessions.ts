import { createHash } from 'node:crypto';
import pg from 'pg';
import { Caller, Queryable, randomToken, UnauthorizedError } from '@parley/common';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import type { SessionRecord, SessionStore } from '../store/sessions';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';
import { checkPasswordLogin, sessionCaller as callerOfUser } from './auth';
import { notifyAuthChanged } from './notify';
import { LoginDevice, queueNewLoginMail } from './login-notice';

/**
 * Browser sessions (spec, Authentication 2: the upload endpoints, tus and file serving take a
 * session cookie as well as Basic auth). POST /accounts/login checks the password as POST
 * /fetch_api_key does (bots have no password login) and opens a session; the gateway turns
 * the reply into an httpOnly `sessionid` cookie and a `csrftoken` cookie, whose value
 * cookie-authenticated POST/PATCH/DELETE requests must echo in X-CSRFToken.
 *
 * How sessions end (ADR 0029): each user has a session epoch, and a session records the epoch
 * it was opened in. Changing or resetting the password and deactivating the user (or the realm)
 * move the epoch on in the change's own transaction, which ends every session opened before,
 * in whichever store it lives (Redis or the users schema) and whatever a store call does
 * after: Zulip deletes the sessions (delete_user_sessions) and Django refuses those whose
 * password hash is stale. A password change keeps the one session that made it (Django's
 * update_session_auth_hash): the user row names it (`session_kept_key`) until the epoch moves
 * again. An ended session is deleted from the store when it is next presented; otherwise it
 * expires.
 */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600; // Zulip's SESSION_COOKIE_AGE: two weeks

const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function login(pool: pg.Pool, config: UsersConfig, sessions: SessionStore, realm: RealmRow | undefined, req: { username: string; password: string }, device?: LoginDevice) {
  // The epoch of the row whose password was checked: a change committed meanwhile ends this session too.
  const user = await checkPasswordLogin(pool, realm, req);
  const session = randomToken(40);
  const csrfToken = randomToken(32);
  await sessions.put(keyOf(session), { realm_id: user.realm_id, user_id: user.id, csrf_token: csrfToken, created_at: Date.now(), epoch: user.session_epoch }, SESSION_TTL_SECONDS);
  await queueNewLoginMail(pool, config, realm!, user, device);
  return { session_id: session, csrf_token: csrfToken, max_age_seconds: SESSION_TTL_SECONDS, user_id: user.id };
}

/** Whether a session still stands: opened in its user's current epoch, or the one kept through the epoch's last move. */
export function sessionStands(record: SessionRecord, key: string, user: Pick<UserRow, 'session_epoch' | 'session_kept_key'>): boolean {
  return (record.epoch ?? 0) === user.session_epoch || user.session_kept_key === key;
}

/**
 * Who a session cookie stands for, with its CSRF token; UNAUTHORIZED when the session is
 * unknown, expired or ended (then deleted). A deactivated user or realm is refused as with an
 * API key. With the session's store key, which the gateway names in the caller it signs
 * (Caller.session), so a password change can keep the session that made it.
 */
export async function sessionCaller(
  pool: pg.Pool,
  config: UsersConfig,
  sessions: SessionStore,
  token: string,
  subdomain: string | undefined,
): Promise<{ caller: Caller; csrf_token: string; session_key: string }> {
  const key = keyOf(token);
  const record = token ? await sessions.get(key) : undefined;
  if (!record) throw new UnauthorizedError();
  const user = await userStore.findUserById(pool, record.realm_id, record.user_id);
  if (!user || !sessionStands(record, key, user)) {
    await sessions.delete(key);
    throw new UnauthorizedError();
  }
  const caller = await callerOfUser(pool, config, user, subdomain);
  return { caller, csrf_token: record.csrf_token, session_key: key };
}

export async function logout(sessions: SessionStore, token: string): Promise<void> {
  if (token) await sessions.delete(keyOf(token));
}

/**
 * Ends every browser session of the user but `keep` (the store key of the session making the
 * change: Caller.session), and has every gateway drop what it cached of the user, so an ended
 * session is refused at its next request. Precondition: tx is the change's transaction.
 */
export async function doEndSessions(tx: Queryable, user: Pick<UserRow, 'id' | 'realm_id'>, keep?: string): Promise<void> {
  await userStore.moveSessionEpoch(tx, user.id, keep ?? null);
  await notifyAuthChanged(tx, user.realm_id, user.id);
}
