import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError, Caller, constantTimeEqual, randomToken, ServiceClient } from '@parley/common';
import { answeredCaller, type AuthCache } from './auth';

/**
 * Browser sessions, as Zulip's web app uses them: an httpOnly `sessionid` cookie names the
 * session (kept by the users service), and a `csrftoken` cookie the page's script reads and
 * echoes in an `X-CSRFToken` header on every POST/PATCH/DELETE. A request authenticated by
 * the cookie without that echo is refused (CSRF_FAILED, 403), as Django refuses it. The
 * spec takes session cookies on the upload endpoints, tus and file serving only.
 *
 * Logging in is guarded too (login CSRF: another site's form must not sign a browser into the
 * attacker's account): the web client's pages set a `csrftoken` cookie before any session,
 * which the login form echoes, and a request from another origin is refused (checkLoginCsrf).
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
  const token = echoedToken(req, csrfCookieOf(req), undefined);
  if (!constantTimeEqual(token, sessionCsrf)) throw new CsrfError('CSRF token incorrect.');
}

function csrfCookieOf(req: IncomingMessage): string {
  const cookie = parseCookies(req.headers.cookie)[CSRF_COOKIE];
  if (!cookie) throw new CsrfError('CSRF cookie not set.');
  return cookie;
}

/** The token the request echoes (X-CSRFToken, else the form's field), which must be its cookie's. */
function echoedToken(req: IncomingMessage, cookie: string, field: unknown): string {
  const header = req.headers[CSRF_HEADER];
  const token = typeof header === 'string' && header ? header : typeof field === 'string' ? field : '';
  if (!token) throw new CsrfError('CSRF token missing.');
  if (!constantTimeEqual(token, cookie)) throw new CsrfError('CSRF token incorrect.');
  return token;
}

/**
 * POST /accounts/login, as Django checks Zulip's login form: a request from another origin is
 * refused (checkSameOrigin), and the pre-login `csrftoken` cookie must be echoed in
 * X-CSRFToken or in the form's `csrfmiddlewaretoken` field (Django's name). No session binds
 * the token yet: another site can neither read nor set this site's cookie, so it cannot echo it.
 * API clients log in with POST /fetch_api_key instead, which sets no cookie and needs neither.
 */
export function checkLoginCsrf(req: IncomingMessage, field: unknown): void {
  checkSameOrigin(req);
  echoedToken(req, csrfCookieOf(req), field);
}

/**
 * Django's origin check, and the browser's own word: an `Origin` other than this Host (with
 * its scheme when the request is known to have come over HTTPS; `null` included), or
 * `Sec-Fetch-Site: cross-site` or `same-site` (another realm's subdomain is another origin).
 */
function checkSameOrigin(req: IncomingMessage): void {
  const origin = req.headers.origin;
  if (origin !== undefined && !isOriginOf(origin, req.headers.host ?? '', isHttps(req))) {
    // The origin as Django names it, cut: the message echoes a header of the client's.
    throw new CsrfError(`Origin checking failed - ${origin.length > 100 ? `${origin.slice(0, 100)}…` : origin} does not match any trusted origins.`);
  }
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new CsrfError(`Cross-site request refused (Sec-Fetch-Site: ${site}).`);
}

/**
 * Whether `origin` (`scheme://host[:port]`) names this Host, default ports aside. Compared as
 * text, not parsed as a URL: a realm's host under an IP address (`sub.127.0.0.1`) is no URL.
 */
function isOriginOf(origin: string, host: string, https: boolean): boolean {
  const match = /^(https?):\/\/([^/?#@\s]+)$/i.exec(origin);
  if (!match) return false;
  const scheme = match[1].toLowerCase();
  if (https && scheme !== 'https') return false;
  const defaultPort = scheme === 'https' ? ':443' : ':80';
  const bare = (h: string) => (h.toLowerCase().endsWith(defaultPort) ? h.toLowerCase().slice(0, -defaultPort.length) : h.toLowerCase());
  return bare(match[2]) === bare(host);
}

/** Whether the client reached us over HTTPS (directly, or through a proxy that says so). */
export const isHttps = (req: IncomingMessage): boolean => req.headers['x-forwarded-proto'] === 'https' || (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;

/**
 * Django's CSRF_COOKIE_AGE: the token cookie outlives the 14-day session, so a page whose
 * session ended can log in again with it.
 */
export const CSRF_COOKIE_AGE_SECONDS = 31_449_600;

const csrfCookie = (token: string, secure: boolean) => `${CSRF_COOKIE}=${token}; Path=/; Max-Age=${CSRF_COOKIE_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** A pre-login CSRF cookie for a page of the web client, unless the request carries one already. */
export function preLoginCsrfCookie(req: IncomingMessage): string | undefined {
  return parseCookies(req.headers.cookie)[CSRF_COOKIE] ? undefined : csrfCookie(randomToken(32), isHttps(req));
}

/** Set-Cookie values for a new session (Secure when the client reached us over HTTPS); the CSRF token is the session's own. */
export function sessionCookies(reply: { session_id: string; csrf_token: string; max_age_seconds: number | string }, secure: boolean): string[] {
  const tail = `Path=/; Max-Age=${Number(reply.max_age_seconds)}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=${reply.session_id}; ${tail}; HttpOnly`, csrfCookie(reply.csrf_token, secure)];
}

/** After a logout: no session, and a new pre-login CSRF token, so the page can log in again. */
export function loggedOutCookies(secure: boolean): string[] {
  return [`${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}; HttpOnly`, csrfCookie(randomToken(32), secure)];
}
