import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkMuteUser, checkUnmuteUser } from '../domain/muted-users';

/** parley.users.v1.MutedUserRequest. */
export interface MutedUserRequest {
  muted_user_id: number;
}

/** POST /users/me/muted_users/{muted_user_id}. */
export const muteUser =
  (deps: UsersDeps): Handler<MutedUserRequest, Reply<'POST /users/me/muted_users/{muted_user_id}'>> =>
  async (req, ctx) => {
    await checkMuteUser(deps.pool, ctx.caller, Number(req.muted_user_id));
    return {};
  };

/** DELETE /users/me/muted_users/{muted_user_id}. */
export const unmuteUser =
  (deps: UsersDeps): Handler<MutedUserRequest, Reply<'DELETE /users/me/muted_users/{muted_user_id}'>> =>
  async (req, ctx) => {
    await checkUnmuteUser(deps.pool, ctx.caller, Number(req.muted_user_id));
    return {};
  };
