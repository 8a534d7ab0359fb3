import { BadRequestError, Handler } from '@parley/common';
import type { ResolveUsersRequest__Output } from '@parley/common/generated/parley/users/v1/ResolveUsersRequest';
import type { ResolveUsersReply } from '@parley/common/generated/parley/users/v1/ResolveUsersReply';
import type { UsersDeps } from '../deps';
import { apiEmail } from '../domain/format';
import { resolvePrincipals } from '../domain/principals';

/** Internal: the channels service resolves subscribers and principals through this. */
export const resolveUsers = (deps: UsersDeps): Handler<ResolveUsersRequest__Output, ResolveUsersReply> => async (req) => {
  const realmId = Number(req.realm_id);
  if (!Number.isSafeInteger(realmId) || realmId <= 0) throw new BadRequestError('realm_id is required');
  const { users, unknown } = await resolvePrincipals(deps.pool, deps.config, realmId, req.principals);
  return {
    users: users.map((u) => ({
      user_id: u.id, email: apiEmail(u, deps.config.fakeEmailDomain), full_name: u.full_name, role: u.role, is_bot: u.is_bot, is_active: u.is_active,
    })),
    unknown,
  };
};
