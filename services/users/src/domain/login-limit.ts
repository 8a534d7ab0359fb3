import { createHash } from 'node:crypto';
import pg from 'pg';
import * as userStore from '../store/users';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';

/**
 * The key a password login's failures count against (ADR 0014). Zulip's rule is 5 failures
 * per username in 30 minutes; counted on the spelling the client sent, any other spelling
 * the lookup folds to the same account (`İ` for `i`, the Kelvin sign for `k`, another case)
 * would get fresh attempts at the same password. So the count is per account:
 * `user:<realm_id>:<user_id>` for the account the username names in the Host's realm, found
 * as POST /fetch_api_key finds it or, failing that, by its NFKC form (full-width letters);
 * and for a username that names no account, `name:<realm_id>:<digest>` of that NFKC form
 * folded by PostgreSQL's lower(), the fold the lookup itself uses.
 */
export async function loginLimitKey(pool: pg.Pool, realm: RealmRow | undefined, username: string): Promise<string> {
  const given = username.trim();
  const normalised = given.normalize('NFKC');
  const user = realm && (await findAccount(pool, realm.id, given, normalised));
  if (realm && user) return `user:${realm.id}:${user.id}`;
  const { rows } = await pool.query<{ folded: string }>('SELECT lower($1) AS folded', [normalised]);
  const digest = createHash('sha256').update(rows[0].folded).digest('base64url');
  return `name:${realm?.id ?? '-'}:${digest}`;
}

async function findAccount(pool: pg.Pool, realmId: number, given: string, normalised: string): Promise<UserRow | undefined> {
  const user = await userStore.findUserByEmail(pool, realmId, given);
  if (user || normalised === given) return user;
  return userStore.findUserByEmail(pool, realmId, normalised);
}
