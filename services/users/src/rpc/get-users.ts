import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUsersRequest__Output } from '@parley/common/generated/parley/users/v1/GetUsersRequest';
import type { UsersDeps } from '../deps';
import { listUsers, parseUserIds } from '../domain/queries';

export const getUsers =
  (deps: UsersDeps): Handler<GetUsersRequest__Output, Reply<'GET /users'>> =>
  async (req, ctx) => ({
    members: await listUsers(deps.pool, deps.config, ctx.caller, {
      clientGravatar: req.client_gravatar ?? true,
      includeProfileFields: req.include_custom_profile_fields ?? false,
      userIds: req.user_ids === undefined ? undefined : parseUserIds(req.user_ids),
    }),
  });
