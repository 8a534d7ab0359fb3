import type { Queryable } from '@parley/common';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { apiEmail } from './format';

export interface ResolvedPrincipals {
  /** The distinct users named, in the order first named (deactivated ones included). */
  users: UserRow[];
  /** The principals that name no user of the realm. */
  unknown: string[];
}

/**
 * What `principals` parameters name: user IDs, or API emails as clients know them (the
 * delivery email only where the user lets everyone see it; otherwise user<id>@<fake domain>),
 * like Zulip's get_user. System bots are not principals (the messages service asks for them as senders).
 */
export async function resolvePrincipals(db: Queryable, config: UsersConfig, realmId: number, principals: string[], opts: { withSystemBots?: boolean } = {}): Promise<ResolvedPrincipals> {
  // One indexed query for the candidates: the IDs given or hidden in placeholder emails, and
  // the emails as delivery emails; then keep a user for an email only if it is their API email.
  const ids = new Set<number>();
  const emails: string[] = [];
  for (const principal of principals) {
    const id = ID.test(principal) ? principal : placeholderId(principal.trim(), config.fakeEmailDomain);
    if (id !== undefined) ids.add(Number(id));
    else emails.push(principal.trim());
  }
  const users = await userStore.findRealmUsersByIdsOrEmails(db, realmId, [...ids].filter(isInt32), emails, opts.withSystemBots);
  const byId = new Map(users.map((u) => [u.id, u]));
  const byEmail = new Map(users.map((u) => [apiEmail(u, config.fakeEmailDomain).toLowerCase(), u]));
  const found = new Map<number, UserRow>();
  const unknown: string[] = [];
  for (const principal of principals) {
    const user = ID.test(principal) ? byId.get(Number(principal)) : byEmail.get(principal.trim().toLowerCase());
    if (user) found.set(user.id, user);
    else unknown.push(principal);
  }
  return { users: [...found.values()], unknown };
}

const ID = /^[1-9][0-9]{0,15}$/;
const isInt32 = (n: number) => n <= 2 ** 31 - 1;

/** The user ID in a placeholder email, user<id>@<fake domain> (what hidden users' API emails are). */
function placeholderId(email: string, fakeEmailDomain: string): string | undefined {
  const suffix = `@${fakeEmailDomain}`.toLowerCase();
  const lower = email.toLowerCase();
  return lower.endsWith(suffix) ? /^user([1-9][0-9]{0,9})$/.exec(lower.slice(0, -suffix.length))?.[1] : undefined;
}
