import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetUserGroupMembersRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupMembersRequest';
import type { GetUserGroupMemberRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupMemberRequest';
import type { UsersDeps } from '../deps';
import { accessUser } from '../domain/users';
import { groupMembers } from '../domain/user-groups';

export const getUserGroupMembers =
  (deps: UsersDeps): Handler<GetUserGroupMembersRequest__Output, Reply<'GET /user_groups/{user_group_id}/members'>> =>
  async (req, ctx) => ({
    members: await groupMembers(deps.pool, ctx.caller, req.user_group_id, req.direct_member_only ?? false),
  });

export const getUserGroupMember =
  (deps: UsersDeps): Handler<GetUserGroupMemberRequest__Output, Reply<'GET /user_groups/{user_group_id}/members/{user_id}'>> =>
  async (req, ctx) => {
    const members = await groupMembers(deps.pool, ctx.caller, req.user_group_id, req.direct_member_only ?? false);
    await accessUser(deps.pool, ctx.caller, req.user_id, { allowDeactivated: true, allowBots: true });
    return { is_user_group_member: members.includes(req.user_id) };
  };
