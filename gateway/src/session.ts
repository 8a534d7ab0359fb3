import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError, Caller, constantTimeEqual, ServiceClient } from '@parley/common';
import { answeredCaller, type AuthCache } from './auth';

/**
 * Browser sessions, as Zulip's web app uses them: an httpOnly `sessionid` cookie names the
 * session (kept by the users service), and a `csrftoken` cookie the page's script reads and
 * echoes in an `X-CSRFToken` header on every POST/PATCH/DELETE. A request authenticated by
 * the cookie without that echo is refused (CSRF_FAILED, 403), as Django refuses it. The
 * spec takes session cookies on the upload endpoints, tus and file serving only.
 */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class CsrfError extends ApiError {
  constructor(reason: string) {
    super('CSRF_FAILED', `CSRF error: ${reason}`, 403);
  }
}

/** The cookies of a request (the first of a repeated name wins, as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/**
 * The caller a session cookie stands for (through the cache; the users service on a miss),
 * after the CSRF check for unsafe methods: the header, the cookie and the session's own
 * token must all agree.
 */
export async function authenticateSession(
  cache: AuthCache,
  users: ServiceClient<'users'>,
  req: IncomingMessage,
  session: string,
  subdomain: string | undefined,
  client: string,
  host: string,
): Promise<Caller> {
  const key = `session\0${createHash('sha256')
    .update(`${session}\0${subdomain ?? '\u0001'}`)
    .digest('base64')}`;
  let entry = cache.getWithCsrf(key);
  if (!entry) {
    const reply = await users.getSession({ session_id: session, subdomain }, { client, host });
    // The caller names its session, so a password change made through it keeps it.
    entry = { caller: { ...answeredCaller(reply.caller), session: reply.session_key }, csrf: reply.csrf_token };
    cache.set(key, entry.caller, reply.csrf_token);
  }
  if (!SAFE_METHODS.has(req.method ?? 'GET')) checkCsrf(req, entry.csrf ?? '');
  return entry.caller;
}

function checkCsrf(req: IncomingMessage, sessionCsrf: string): void {
  const cookie = parseCookies(req.headers.cookie)[CSRF_COOKIE];
  if (!cookie) throw new CsrfError('CSRF cookie not set.');
  const header = req.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !header) throw new CsrfError('CSRF token missing.');
  if (!constantTimeEqual(header, cookie) || !constantTimeEqual(cookie, sessionCsrf)) throw new CsrfError('CSRF token incorrect.');
}

/** Set-Cookie values for a new session (Secure when the client reached us over HTTPS). */
export function sessionCookies(reply: { session_id: string; csrf_token: string; max_age_seconds: number | string }, secure: boolean): string[] {
  const tail = `Path=/; Max-Age=${Number(reply.max_age_seconds)}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=${reply.session_id}; ${tail}; HttpOnly`, `${CSRF_COOKIE}=${reply.csrf_token}; ${tail}`];
}

export function clearedCookies(secure: boolean): string[] {
  const tail = `Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=; ${tail}; HttpOnly`, `${CSRF_COOKIE}=; ${tail}`];
}
