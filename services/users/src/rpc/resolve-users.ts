import { BadRequestError, Handler, requireRealmId } from '@parley/common';
import type { ResolveUsersRequest__Output } from '@parley/common/generated/parley/users/v1/ResolveUsersRequest';
import type { ResolveUsersReply } from '@parley/common/generated/parley/users/v1/ResolveUsersReply';
import type { ResolvedUser } from '@parley/common/generated/parley/users/v1/ResolvedUser';
import type { UsersConfig } from '../config';
import type { UsersDeps } from '../deps';
import { apiEmail, EmailVisibility, publicAvatarUrl } from '../domain/format';
import { resolvePrincipals } from '../domain/principals';
import * as userStore from '../store/users';
import type { UserRow } from '../store/users';

/** A user as other services see people (ResolveUsers, GetPermissionContext). */
export function resolvedUser(u: UserRow, config: UsersConfig): ResolvedUser {
  return {
    user_id: u.id,
    email: apiEmail(u, config.fakeEmailDomain),
    full_name: u.full_name,
    role: u.role,
    is_bot: u.is_bot,
    is_active: u.is_active,
    bot_owner_id: u.bot_owner_id ?? 0,
    avatar_url: publicAvatarUrl(u, config.fakeEmailDomain),
    client_computable_avatar: u.avatar_source === 'G' && u.email_address_visibility === EmailVisibility.EVERYONE,
  };
}

/** Internal: the channels service resolves subscribers and principals through this. */
export const resolveUsers =
  (deps: UsersDeps): Handler<ResolveUsersRequest__Output, ResolveUsersReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const { users, unknown } = await resolvePrincipals(deps.pool, deps.config, realmId, req.principals, { withSystemBots: req.include_system_bots });
    if (req.system_bot !== undefined) {
      const bot = await userStore.findSystemBot(deps.pool, realmId, req.system_bot);
      if (!bot) throw new BadRequestError(`No system bot '${req.system_bot}'`);
      users.unshift(bot);
    }
    return { users: users.map((u) => resolvedUser(u, deps.config)), unknown };
  };
