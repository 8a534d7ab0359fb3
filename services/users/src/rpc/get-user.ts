import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUserRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserRequest';
import type { UsersDeps } from '../deps';
import { getUser as get } from '../domain/queries';

export const getUser =
  (deps: UsersDeps): Handler<GetUserRequest__Output, Reply<'GET /users/{user_id}'>> =>
  async (req, ctx) => ({
    user: await get(deps.pool, deps.config, ctx.caller, req.user_id, {
      clientGravatar: req.client_gravatar ?? true,
      includeProfileFields: req.include_custom_profile_fields ?? false,
    }),
  });
