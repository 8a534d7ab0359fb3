import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUserGroupsRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupsRequest';
import type { UsersDeps } from '../deps';
import { listGroups } from '../domain/user-groups';

export const getUserGroups =
  (deps: UsersDeps): Handler<GetUserGroupsRequest__Output, Reply<'GET /user_groups'>> =>
  async (req, ctx) => ({
    user_groups: await listGroups(deps.pool, ctx.caller.realm_id, req.include_deactivated_groups ?? false),
  });
