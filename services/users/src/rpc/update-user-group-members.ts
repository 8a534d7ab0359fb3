import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserGroupMembersRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupMembersRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateMembers } from '../domain/user-groups';
import { idList } from './user-group-ids';

export const updateUserGroupMembers =
  (deps: UsersDeps): Handler<UpdateUserGroupMembersRequest__Output, Reply<'POST /user_groups/{user_group_id}/members'>> =>
  async (req, ctx) => {
    await checkUpdateMembers(deps.pool, ctx.caller, req.user_group_id, {
      add: idList('add', req.add),
      delete: idList('delete', req.delete),
      add_subgroups: idList('add_subgroups', req.add_subgroups),
      delete_subgroups: idList('delete_subgroups', req.delete_subgroups),
    });
    return {};
  };
