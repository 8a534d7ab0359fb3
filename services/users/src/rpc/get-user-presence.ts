import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUserPresenceRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserPresenceRequest';
import type { UsersDeps } from '../deps';
import { userPresence } from '../domain/presence';

/** GET /users/{user_id_or_email}/presence: one user's presence, in the legacy format. */
export const getUserPresence =
  (deps: UsersDeps): Handler<GetUserPresenceRequest__Output, Reply<'GET /users/{user_id_or_email}/presence'>> =>
  async (req, ctx) =>
    userPresence(deps.pool, deps.presence, deps.config, ctx.caller, req.user_id_or_email);
