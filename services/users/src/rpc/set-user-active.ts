import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { DeactivateUserRequest__Output } from '@parley/common/generated/parley/users/v1/DeactivateUserRequest';
import type { ReactivateUserRequest__Output } from '@parley/common/generated/parley/users/v1/ReactivateUserRequest';
import type { UsersDeps } from '../deps';
import { checkSetUserActive } from '../domain/users';
import { checkDeactivateOwnUser } from '../domain/deactivation';

export const deactivateUser = (deps: UsersDeps): Handler<DeactivateUserRequest__Output, Reply<'DELETE /users/{user_id}'>> => async (req, ctx) => {
  await checkSetUserActive(deps.pool, ctx.caller, req.user_id, false);
  return {};
};

export const reactivateUser = (deps: UsersDeps): Handler<ReactivateUserRequest__Output, Reply<'POST /users/{user_id}/reactivate'>> => async (req, ctx) => {
  await checkSetUserActive(deps.pool, ctx.caller, req.user_id, true);
  return {};
};

/** DELETE /users/me (parley.common.v1.Empty). */
export const deactivateOwnUser = (deps: UsersDeps): Handler<object, Reply<'DELETE /users/me'>> => async (_req, ctx) => {
  await checkDeactivateOwnUser(deps.pool, ctx.caller);
  return {};
};
