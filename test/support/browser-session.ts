import { randomToken } from '@parley/common';
import { rawRequest, RawResponse } from './uploads';

/**
 * A browser's session on a realm's Host, as a test holds it: the cookies `POST /accounts/login`
 * set, and requests that send them (with the CSRF token echoed in X-CSRFToken).
 */
export interface BrowserSession {
  sessionid: string;
  csrftoken: string;
  /** The Cookie header a browser would send. */
  cookie: string;
  request(method: string, path: string, params?: Record<string, string>): Promise<RawResponse>;
}

export const form = (params: Record<string, string>): Buffer => Buffer.from(new URLSearchParams(params).toString());

/** The cookies a response sets, by name (their values). */
export function setCookies(res: RawResponse): Record<string, string> {
  return Object.fromEntries((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/**
 * What a login form's post carries against login CSRF: the pre-login `csrftoken` cookie (which
 * the web client's pages set: test/sessions.test.ts asks them) echoed in X-CSRFToken.
 */
export function loginCsrf(): { cookie: string; 'x-csrftoken': string } {
  const token = randomToken(32);
  return { cookie: `csrftoken=${token}`, 'x-csrftoken': token };
}

/** Logs in on `host` with a password; throws unless Parley answers 200 with the session's cookies. */
export async function browserLogin(host: string, username: string, password: string): Promise<BrowserSession> {
  const res = await rawRequest('POST', '/accounts/login', { body: form({ username, password }), headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...loginCsrf() } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.body.toString('utf8')}`);
  const { sessionid, csrftoken } = setCookies(res);
  const cookie = `sessionid=${sessionid}; csrftoken=${csrftoken}`;
  return {
    sessionid,
    csrftoken,
    cookie,
    request: (method, path, params) =>
      rawRequest(method, path, {
        headers: { host, cookie, 'x-csrftoken': csrftoken, ...(params && { 'content-type': 'application/x-www-form-urlencoded' }) },
        body: params && form(params),
      }),
  };
}
