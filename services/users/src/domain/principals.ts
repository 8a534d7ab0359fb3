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
 * like Zulip's get_user. System bots are not principals.
 */
export async function resolvePrincipals(db: Queryable, config: UsersConfig, realmId: number, principals: string[]): Promise<ResolvedPrincipals> {
  const users = await userStore.listRealmUsers(db, realmId);
  const byId = new Map(users.map((u) => [u.id, u]));
  const byEmail = new Map(users.map((u) => [apiEmail(u, config.fakeEmailDomain).toLowerCase(), u]));
  const found = new Map<number, UserRow>();
  const unknown: string[] = [];
  for (const principal of principals) {
    const user = /^[1-9][0-9]{0,15}$/.test(principal) ? byId.get(Number(principal)) : byEmail.get(principal.trim().toLowerCase());
    if (user) found.set(user.id, user);
    else unknown.push(principal);
  }
  return { users: [...found.values()], unknown };
}
