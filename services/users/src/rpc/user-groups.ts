import type { Reply } from '@parley/common/api';
import { parseIntList, type Handler } from '@parley/common';
import type { CreateUserGroupRequest__Output } from '@parley/common/generated/parley/users/v1/CreateUserGroupRequest';
import type { GetUserGroupsRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupsRequest';
import type { UpdateUserGroupRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupRequest';
import type { UpdateUserGroupMembersRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupMembersRequest';
import type { UpdateUserGroupSubgroupsRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserGroupSubgroupsRequest';
import type { GetUserGroupMembersRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupMembersRequest';
import type { GetUserGroupMemberRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupMemberRequest';
import type { GetUserGroupSubgroupsRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserGroupSubgroupsRequest';
import type { UserGroupIdRequest__Output } from '@parley/common/generated/parley/users/v1/UserGroupIdRequest';
import type { UsersDeps } from '../deps';
import { checkCreateGroup, listGroups, checkUpdateGroup, checkUpdateMembers, checkUpdateSubgroups, groupMembers, groupSubgroups, checkDeactivateGroup } from '../domain/user-groups';
import { accessUser } from '../domain/users';
import { channelLookup } from '../domain/channels';

/** A JSON list of IDs (validated by the gateway too; services do not trust their callers). */
export function idList(name: string, raw: string | undefined): number[] {
  if (raw === undefined) return [];
  return parseIntList(name, raw);
}

/** The group permission settings present in a request, by name. */
export function groupSettingParams(req: Record<string, unknown>): Record<string, unknown> {
  const keys = ['can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group', 'can_remove_members_group'];
  return Object.fromEntries(keys.filter((k) => req[k] !== undefined).map((k) => [k, req[k]]));
}

export const createUserGroup =
  (deps: UsersDeps): Handler<CreateUserGroupRequest__Output, Reply<'POST /user_groups/create'>> =>
  async (req, ctx) => ({
    group_id: await checkCreateGroup(
      deps.pool,
      ctx.caller,
      {
        name: req.name,
        description: req.description,
        members: idList('members', req.members),
        subgroups: idList('subgroups', req.subgroups),
        settings: groupSettingParams(req as unknown as Record<string, unknown>),
      },
      deps.config.maxUserGroupsPerRealm,
    ),
  });

export const getUserGroups =
  (deps: UsersDeps): Handler<GetUserGroupsRequest__Output, Reply<'GET /user_groups'>> =>
  async (req, ctx) => ({
    user_groups: await listGroups(deps.pool, ctx.caller.realm_id, req.include_deactivated_groups ?? false),
  });

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

export const updateUserGroupSubgroups =
  (deps: UsersDeps): Handler<UpdateUserGroupSubgroupsRequest__Output, Reply<'POST /user_groups/{user_group_id}/subgroups'>> =>
  async (req, ctx) => {
    await checkUpdateSubgroups(deps.pool, ctx.caller, req.user_group_id, idList('add', req.add), idList('delete', req.delete));
    return {};
  };

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

export const getUserGroupSubgroups =
  (deps: UsersDeps): Handler<GetUserGroupSubgroupsRequest__Output, Reply<'GET /user_groups/{user_group_id}/subgroups'>> =>
  async (req, ctx) => ({
    subgroups: await groupSubgroups(deps.pool, ctx.caller, req.user_group_id, req.direct_subgroup_only ?? false),
  });

export const deactivateUserGroup =
  (deps: UsersDeps): Handler<UserGroupIdRequest__Output, Reply<'POST /user_groups/{user_group_id}/deactivate'>> =>
  async (req, ctx) => {
    await checkDeactivateGroup(deps.pool, ctx.caller, req.user_group_id, channelLookup(deps.clients.channels, ctx));
    return {};
  };
