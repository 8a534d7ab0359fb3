import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserGroupRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateGroup } from '../domain/user-groups';
import { groupSettingParams } from './user-group-ids';

export const updateUserGroup =
  (deps: UsersDeps): Handler<UpdateUserGroupRequest__Output, Reply<'PATCH /user_groups/{user_group_id}'>> =>
  async (req, ctx) => {
    await checkUpdateGroup(deps.pool, ctx.caller, req.user_group_id, {
      name: req.name,
      description: req.description,
      deactivated: req.deactivated,
      settings: groupSettingParams(req as unknown as Record<string, unknown>),
    });
    return {};
  };
