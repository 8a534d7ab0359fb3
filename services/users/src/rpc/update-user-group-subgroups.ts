import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserGroupSubgroupsRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupSubgroupsRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateSubgroups } from '../domain/user-groups';
import { idList } from './user-group-ids';

export const updateUserGroupSubgroups =
  (deps: UsersDeps): Handler<UpdateUserGroupSubgroupsRequest__Output, Reply<'POST /user_groups/{user_group_id}/subgroups'>> =>
  async (req, ctx) => {
    await checkUpdateSubgroups(deps.pool, ctx.caller, req.user_group_id, idList('add', req.add), idList('delete', req.delete));
    return {};
  };
