import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUserGroupSubgroupsRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupSubgroupsRequest';
import type { UsersDeps } from '../deps';
import { groupSubgroups } from '../domain/user-groups';

export const getUserGroupSubgroups =
  (deps: UsersDeps): Handler<GetUserGroupSubgroupsRequest__Output, Reply<'GET /user_groups/{user_group_id}/subgroups'>> =>
  async (req, ctx) => ({
    subgroups: await groupSubgroups(deps.pool, ctx.caller, req.user_group_id, req.direct_subgroup_only ?? false),
  });
