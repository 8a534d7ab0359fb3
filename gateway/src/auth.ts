import { createHash } from 'node:crypto';
import { Caller, InternalError, ServiceClient, UnauthorizedError } from '@parley/common';

export interface BasicCredentials {
  email: string;
  apiKey: string;
}

/** `Authorization: Basic base64(email:api_key)`; undefined when absent, 401 when malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) throw new UnauthorizedError('Invalid authorization header for basic auth');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new UnauthorizedError('Invalid authorization header for basic auth');
  return { email: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

interface Entry {
  caller: Caller;
  /** A browser session's CSRF token (see session.ts); absent for Basic auth. */
  csrf?: string;
  expires: number;
}

/**
 * Successful authentications, kept in this process for a short time so a request costs no
 * extra hop. Entries are keyed by a hash of the credentials (the key itself is not kept)
 * and dropped when the users service announces a change to that user or realm.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly now = Date.now,
  ) {}

  static key(creds: BasicCredentials, subdomain: string | undefined): string {
    return createHash('sha256')
      .update(`${creds.email.toLowerCase()}\0${creds.apiKey}\0${subdomain ?? '\u0001'}`)
      .digest('base64');
  }

  /**
   * The key of an API key given alone (authenticateApiKey): prefixed, as a session's is, so it
   * is never a Basic key (a bare digest), and no email reaches an entry that skipped its check.
   */
  static keyOnlyKey(apiKey: string, subdomain: string | undefined): string {
    return `key-only\0${createHash('sha256')
      .update(`${apiKey}\0${subdomain ?? '\u0001'}`)
      .digest('base64')}`;
  }

  get(key: string): Caller | undefined {
    return this.getWithCsrf(key)?.caller;
  }

  getWithCsrf(key: string): { caller: Caller; csrf?: string } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, caller: Caller, csrf?: string): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      // Map iteration is insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { caller, csrf, expires: this.now() + this.ttlMs });
  }

  /** Drops a user's entries, or the whole realm's when userId is null. */
  invalidate(realmId: number, userId: number | null): void {
    for (const [key, entry] of this.entries) {
      if (entry.caller.realm_id === realmId && (userId === null || entry.caller.user_id === userId)) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Authenticates through the cache, asking the users service on a miss. */
export async function authenticate(cache: AuthCache, users: ServiceClient<'users'>, creds: BasicCredentials, subdomain: string | undefined, client: string, host: string): Promise<Caller> {
  const key = AuthCache.key(creds, subdomain);
  const hit = cache.get(key);
  if (hit) return hit;
  const reply = await users.authenticate({ email: creds.email, api_key: creds.apiKey, subdomain }, { client, host });
  const caller = answeredCaller(reply.caller);
  cache.set(key, caller);
  return caller;
}

/**
 * An API key given alone, as Zulip's file routes take it in the query (`?api_key=`) for
 * clients that cannot set headers: the key names the user. Through the cache, apart from
 * Basic credentials' entries.
 */
export async function authenticateApiKey(cache: AuthCache, users: ServiceClient<'users'>, apiKey: string, subdomain: string | undefined, client: string, host: string): Promise<Caller> {
  const key = AuthCache.keyOnlyKey(apiKey, subdomain);
  const hit = cache.get(key);
  if (hit) return hit;
  const reply = await users.authenticate({ email: '', api_key: apiKey, subdomain, key_only: true }, { client, host });
  const caller = answeredCaller(reply.caller);
  cache.set(key, caller);
  return caller;
}

/** The caller the users service answered: it always names one when it accepts credentials. */
export function answeredCaller(caller: Caller | null): Caller {
  if (!caller) throw new InternalError();
  return caller;
}
