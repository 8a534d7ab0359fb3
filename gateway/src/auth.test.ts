import { Caller, fakeClients, InvalidApiKeyError } from '@parley/common';
import { AuthCache, authenticate, BasicCredentials, parseBasicAuth } from './auth';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

const caller = (user_id: number, realm_id = 1): Caller => ({ realm_id, user_id, role: 400, is_bot: false, email: `u${user_id}@example.com` });

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('parseBasicAuth', () => {
  it('returns undefined when there is no header', () => {
    expect(parseBasicAuth(undefined)).toBeUndefined();
    expect(parseBasicAuth('')).toBeUndefined();
  });

  it('splits email and API key', () => {
    expect(parseBasicAuth(basic('iago@zulip.com:abcd1234'))).toEqual({ email: 'iago@zulip.com', apiKey: 'abcd1234' });
  });

  it('accepts the scheme in any case and surrounding spaces', () => {
    expect(parseBasicAuth(`bAsIc   ${Buffer.from('a@b.c:k').toString('base64')}  `)).toEqual({ email: 'a@b.c', apiKey: 'k' });
  });

  it('splits at the first colon, keeping later colons in the key', () => {
    expect(parseBasicAuth(basic('a@b.c:key:with:colons'))).toEqual({ email: 'a@b.c', apiKey: 'key:with:colons' });
  });

  it('allows an empty key', () => {
    expect(parseBasicAuth(basic('a@b.c:'))).toEqual({ email: 'a@b.c', apiKey: '' });
  });

  it('decodes a unicode email as UTF-8', () => {
    expect(parseBasicAuth(basic('zoë.müller@exämple.com:k3y'))).toEqual({ email: 'zoë.müller@exämple.com', apiKey: 'k3y' });
  });

  it.each([
    ['Bearer abcdef'],
    ['Basic'],
    ['Basic '],
    ['Basic !!!!'],
    ['Basic YTpi-_'], // base64url characters are not base64
    ['Basic YTpi YTpi'],
    ['Digest username="a"'],
  ])('refuses %j with UNAUTHORIZED 401', (header) => {
    expect(() => parseBasicAuth(header)).toThrow(
      expect.objectContaining({
        code: 'UNAUTHORIZED',
        httpStatus: 401,
        message: 'Invalid authorization header for basic auth',
      }),
    );
  });

  it('refuses credentials without a colon', () => {
    expect(() => parseBasicAuth(basic('no-colon-here'))).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED', httpStatus: 401 }));
  });
});

describe('AuthCache', () => {
  const creds: BasicCredentials = { email: 'Iago@Zulip.com', apiKey: 'key1' };

  describe('key', () => {
    it('is the same for the same credentials and subdomain', () => {
      expect(AuthCache.key(creds, 'chat')).toBe(AuthCache.key({ ...creds }, 'chat'));
    });

    it('ignores the case of the email', () => {
      expect(AuthCache.key(creds, 'chat')).toBe(AuthCache.key({ email: 'iago@zulip.com', apiKey: 'key1' }, 'chat'));
    });

    it('differs by API key, including its case', () => {
      expect(AuthCache.key(creds, 'chat')).not.toBe(AuthCache.key({ ...creds, apiKey: 'key2' }, 'chat'));
      expect(AuthCache.key(creds, 'chat')).not.toBe(AuthCache.key({ ...creds, apiKey: 'KEY1' }, 'chat'));
    });

    it('differs by subdomain, and between no subdomain and the empty one', () => {
      const keys = [AuthCache.key(creds, 'chat'), AuthCache.key(creds, 'other'), AuthCache.key(creds, undefined), AuthCache.key(creds, '')];
      expect(new Set(keys).size).toBe(4);
    });

    it('keeps an API key given alone apart from every Basic key, whatever email is claimed', () => {
      const keyOnly = AuthCache.keyOnlyKey('key1', 'chat');
      expect(keyOnly).toBe(AuthCache.keyOnlyKey('key1', 'chat'));
      expect(keyOnly).not.toBe(AuthCache.keyOnlyKey('key1', 'other'));
      for (const email of ['', 'key-only', '\0key-only', 'key-only\0']) {
        for (const apiKey of ['key1', `key1\0chat`, `\0key1`]) expect(AuthCache.key({ email, apiKey }, 'chat')).not.toBe(keyOnly);
      }
      expect(keyOnly).not.toContain('key1');
    });

    it('does not contain the API key', () => {
      expect(AuthCache.key({ email: 'a@b.c', apiKey: 'SECRETKEYSECRETKEY' }, undefined)).not.toContain('SECRETKEY');
    });
  });

  it('returns a stored caller until the TTL passes', () => {
    const c = clock();
    const cache = new AuthCache(1000, 10, c.now);
    cache.set('k', caller(1));
    expect(cache.get('k')).toEqual(caller(1));
    c.advance(999);
    expect(cache.get('k')).toEqual(caller(1));
    c.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('returns undefined for an unknown key', () => {
    expect(new AuthCache(1000).get('nope')).toBeUndefined();
  });

  it('counts the TTL from the last set', () => {
    const c = clock();
    const cache = new AuthCache(1000, 10, c.now);
    cache.set('k', caller(1));
    c.advance(800);
    cache.set('k', caller(2));
    c.advance(800);
    expect(cache.get('k')).toEqual(caller(2));
  });

  it('drops the oldest entry when full', () => {
    const cache = new AuthCache(60_000, 3);
    cache.set('a', caller(1));
    cache.set('b', caller(2));
    cache.set('c', caller(3));
    cache.get('a'); // reading does not make an entry younger
    cache.set('d', caller(4));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([caller(2), caller(3), caller(4)]);
  });

  it('evicts nothing when refreshing an entry it already holds', () => {
    const cache = new AuthCache(60_000, 2);
    cache.set('a', caller(1));
    cache.set('b', caller(2));
    cache.set('b', caller(3));
    expect([cache.size, cache.get('a'), cache.get('b')]).toEqual([2, caller(1), caller(3)]);
  });

  describe('invalidate', () => {
    function filled() {
      const cache = new AuthCache(60_000);
      cache.set('r1u1', caller(1, 1));
      cache.set('r1u1-other-key', caller(1, 1));
      cache.set('r1u2', caller(2, 1));
      cache.set('r2u1', caller(1, 2));
      return cache;
    }

    it('drops every entry of one user of one realm', () => {
      const cache = filled();
      cache.invalidate(1, 1);
      expect(cache.get('r1u1')).toBeUndefined();
      expect(cache.get('r1u1-other-key')).toBeUndefined();
      expect(cache.get('r1u2')).toEqual(caller(2, 1));
      expect(cache.get('r2u1')).toEqual(caller(1, 2)); // same user id, other realm
    });

    it('drops a whole realm when userId is null', () => {
      const cache = filled();
      cache.invalidate(1, null);
      expect(cache.size).toBe(1);
      expect(cache.get('r2u1')).toEqual(caller(1, 2));
    });

    it('drops nothing when nothing matches', () => {
      const cache = filled();
      cache.invalidate(3, null);
      cache.invalidate(1, 99);
      expect(cache.size).toBe(4);
    });
  });
});

describe('authenticate', () => {
  const creds: BasicCredentials = { email: 'iago@zulip.com', apiKey: 'key1' };

  /** A users client whose Authenticate answers with `reply` (or throws it), counting calls. */
  function fakeUsers(reply: () => Promise<{ caller: Caller }>) {
    const call = jest.fn((_method: string, _req: unknown, _ctx: unknown) => reply());
    return { call, client: fakeClients({ users: call }).users };
  }

  it('asks the users service on a miss, with the credentials, subdomain, client and host', async () => {
    const users = fakeUsers(async () => ({ caller: caller(7) }));
    const got = await authenticate(new AuthCache(60_000), users.client, creds, 'chat', 'ZulipMobile', 'chat.example.com');
    expect(got).toEqual(caller(7));
    expect(users.call).toHaveBeenCalledWith('Authenticate', { email: 'iago@zulip.com', api_key: 'key1', subdomain: 'chat' }, { client: 'ZulipMobile', host: 'chat.example.com' });
  });

  it('serves a second call with the same credentials from the cache', async () => {
    const users = fakeUsers(async () => ({ caller: caller(7) }));
    const cache = new AuthCache(60_000);
    await authenticate(cache, users.client, creds, 'chat', 'c', 'h');
    const again = await authenticate(cache, users.client, { email: 'IAGO@zulip.com', apiKey: 'key1' }, 'chat', 'c', 'h');
    expect(again).toEqual(caller(7));
    expect(users.call).toHaveBeenCalledTimes(1);
  });

  it('asks again for another subdomain or another key', async () => {
    const users = fakeUsers(async () => ({ caller: caller(7) }));
    const cache = new AuthCache(60_000);
    await authenticate(cache, users.client, creds, 'chat', 'c', 'h');
    await authenticate(cache, users.client, creds, 'other', 'c', 'h');
    await authenticate(cache, users.client, { ...creds, apiKey: 'key2' }, 'chat', 'c', 'h');
    expect(users.call).toHaveBeenCalledTimes(3);
  });

  it('asks again once the entry expired', async () => {
    const c = clock();
    const users = fakeUsers(async () => ({ caller: caller(7) }));
    const cache = new AuthCache(1000, 10, c.now);
    await authenticate(cache, users.client, creds, undefined, 'c', 'h');
    c.advance(1000);
    await authenticate(cache, users.client, creds, undefined, 'c', 'h');
    expect(users.call).toHaveBeenCalledTimes(2);
  });

  it('does not cache a refusal: the error propagates and the next call asks again', async () => {
    let fail = true;
    const users = fakeUsers(async () => {
      if (fail) throw new InvalidApiKeyError();
      return { caller: caller(7) };
    });
    const cache = new AuthCache(60_000);
    await expect(authenticate(cache, users.client, creds, 'chat', 'c', 'h')).rejects.toMatchObject({ code: 'INVALID_API_KEY', httpStatus: 401 });
    expect(cache.size).toBe(0);
    fail = false;
    await expect(authenticate(cache, users.client, creds, 'chat', 'c', 'h')).resolves.toEqual(caller(7));
    expect(users.call).toHaveBeenCalledTimes(2);
  });
});
