import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateUserGroupRequest__Output } from '@parley/common/generated/parley/users/v1/CreateUserGroupRequest';
import type { UsersDeps } from '../deps';
import { checkCreateGroup } from '../domain/user-groups';
import { groupSettingParams, idList } from './user-group-ids';

export const createUserGroup =
  (deps: UsersDeps): Handler<CreateUserGroupRequest__Output, Reply<'POST /user_groups/create'>> =>
  async (req, ctx) => ({
    group_id: await checkCreateGroup(deps.pool, ctx.caller, {
      name: req.name,
      description: req.description,
      members: idList('members', req.members),
      subgroups: idList('subgroups', req.subgroups),
      settings: groupSettingParams(req as unknown as Record<string, unknown>),
    }),
  });
