import type { IncomingMessage } from 'node:http';
import { checkLoginCsrf, loggedOutCookies, sessionCookies } from './session';

/** A login request as the gateway sees it: its headers (and whether it came over TLS). */
const request = (headers: Record<string, string>, encrypted = false) => ({ headers: { host: 'chat.example.test', ...headers }, socket: { encrypted } }) as unknown as IncomingMessage;
const token = 'T'.repeat(32);
const withToken = { cookie: `csrftoken=${token}`, 'x-csrftoken': token };
const refusal = (msg: string) => expect.objectContaining({ code: 'CSRF_FAILED', httpStatus: 403, message: `CSRF error: ${msg}` });

describe('checkLoginCsrf (POST /accounts/login)', () => {
  it('takes the pre-login cookie echoed in X-CSRFToken or in the csrfmiddlewaretoken field, from this origin or a client that names none', () => {
    const sameSite: Record<string, string>[] = [{}, { origin: 'http://chat.example.test' }, { origin: 'http://CHAT.example.test' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }];
    for (const headers of sameSite) {
      expect(() => checkLoginCsrf(request({ ...withToken, ...headers }), undefined)).not.toThrow();
    }
    expect(() => checkLoginCsrf(request({ cookie: `csrftoken=${token}` }), token)).not.toThrow();
    expect(() => checkLoginCsrf(request({ ...withToken, origin: 'https://chat.example.test' }, true), undefined)).not.toThrow();
    expect(() => checkLoginCsrf(request({ ...withToken, origin: 'http://chat.example.test:8080', host: 'chat.example.test:8080' }), undefined)).not.toThrow();
    expect(() => checkLoginCsrf(request({ ...withToken, origin: 'http://chat.example.test', host: 'chat.example.test:80' }), undefined)).not.toThrow();
    // A realm's host under an IP address, which is no URL (the test system's).
    expect(() => checkLoginCsrf(request({ ...withToken, origin: 'http://sub.127.0.0.1:9991', host: 'sub.127.0.0.1:9991' }), undefined)).not.toThrow();
  });

  it('refuses a missing cookie, a missing token and another token, as Django words it', () => {
    expect(() => checkLoginCsrf(request({ 'x-csrftoken': token }), undefined)).toThrow(refusal('CSRF cookie not set.'));
    expect(() => checkLoginCsrf(request({ cookie: `csrftoken=${token}` }), undefined)).toThrow(refusal('CSRF token missing.'));
    expect(() => checkLoginCsrf(request({ cookie: `csrftoken=${token}`, 'x-csrftoken': 'U'.repeat(32) }), undefined)).toThrow(refusal('CSRF token incorrect.'));
    expect(() => checkLoginCsrf(request({ cookie: `csrftoken=${token}` }), 'U'.repeat(32))).toThrow(refusal('CSRF token incorrect.'));
  });

  it('refuses another origin whatever the token: another site, another realm, another port, null, and http under https', () => {
    const origins: [string, boolean][] = [
      ['http://evil.test', false],
      ['http://other.chat.example.test', false],
      ['http://chat.example.test:8080', false],
      ['null', false],
      ['http://chat.example.test', true],
      ['http://chat.example.test/login/', false],
      ['ftp://chat.example.test', false],
      ['http://user@chat.example.test', false],
    ];
    for (const [origin, https] of origins) {
      expect(() => checkLoginCsrf(request({ ...withToken, origin }, https), undefined)).toThrow(refusal(`Origin checking failed - ${origin} does not match any trusted origins.`));
    }
    const long = `http://${'e'.repeat(200)}.test`;
    expect(() => checkLoginCsrf(request({ ...withToken, origin: long }), undefined)).toThrow(refusal(`Origin checking failed - ${long.slice(0, 100)}… does not match any trusted origins.`));
  });

  it('refuses what the browser says came from another site', () => {
    for (const site of ['cross-site', 'same-site']) {
      expect(() => checkLoginCsrf(request({ ...withToken, 'sec-fetch-site': site }), undefined)).toThrow(refusal(`Cross-site request refused (Sec-Fetch-Site: ${site}).`));
    }
  });
});

describe('session cookies', () => {
  it("keep the CSRF token a year, as Django's, beyond the session's two weeks", () => {
    const [session, csrf] = sessionCookies({ session_id: 's'.repeat(40), csrf_token: token, max_age_seconds: 1209600 }, false);
    expect(session).toBe(`sessionid=${'s'.repeat(40)}; Path=/; Max-Age=1209600; SameSite=Lax; HttpOnly`);
    expect(csrf).toBe(`csrftoken=${token}; Path=/; Max-Age=31449600; SameSite=Lax`);
  });

  it('after a logout: no session, and a new pre-login token', () => {
    const [session, csrf] = loggedOutCookies(true);
    expect(session).toBe('sessionid=; Path=/; Max-Age=0; SameSite=Lax; Secure; HttpOnly');
    expect(csrf).toMatch(/^csrftoken=[A-Za-z0-9]{32}; Path=\/; Max-Age=31449600; SameSite=Lax; Secure$/);
  });
});
