import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { getUserStatus as getStatus } from '../domain/user-status';

/** parley.users.v1.GetUserStatusRequest (GET /users/{user_id}/status), until the types are regenerated. */
export interface GetUserStatusRequest {
  user_id: number;
}

export const getUserStatus =
  (deps: UsersDeps): Handler<GetUserStatusRequest, Reply<'GET /users/{user_id}/status'>> =>
  async (req, ctx) => ({
    status: await getStatus(deps.pool, ctx.caller, req.user_id),
  });
