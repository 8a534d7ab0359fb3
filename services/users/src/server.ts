import { join } from 'node:path';
import { runService, RunningService, Handler } from '@parley/common';
import type { UsersConfig } from './config';
import type { UsersDeps } from './deps';
import { authenticate } from './rpc/authenticate';
import { getServerSettings } from './rpc/get-server-settings';
import { fetchApiKey } from './rpc/fetch-api-key';
import { getOwnUser } from './rpc/get-own-user';
import { getUser } from './rpc/get-user';
import { getUsers } from './rpc/get-users';
import { createUser } from './rpc/create-user';
import { updateUser } from './rpc/update-user';
import { deactivateUser, reactivateUser } from './rpc/set-user-active';
import { getRegisterState } from './rpc/get-register-state';
import { updateSettings } from './rpc/update-settings';
import { updateRealmUserDefaults } from './rpc/update-realm-user-defaults';
import { updateRealm } from './rpc/update-realm';
import { createUserGroup } from './rpc/create-user-group';
import { getUserGroups } from './rpc/get-user-groups';
import { updateUserGroup } from './rpc/update-user-group';
import { updateUserGroupMembers } from './rpc/update-user-group-members';
import { updateUserGroupSubgroups } from './rpc/update-user-group-subgroups';
import { getUserGroupMember, getUserGroupMembers } from './rpc/get-user-group-members';
import { getUserGroupSubgroups } from './rpc/get-user-group-subgroups';
import { deactivateUserGroup } from './rpc/deactivate-user-group';
import { isInGroupSetting } from './rpc/is-in-group-setting';
import { updateOwnStatus } from './rpc/update-own-status';
import { updateUserStatus } from './rpc/update-user-status';
import { getUserStatus } from './rpc/get-user-status';
import { addLinkifier } from './rpc/add-linkifier';
import { getLinkifiers } from './rpc/get-linkifiers';
import { updateLinkifier } from './rpc/update-linkifier';
import { removeLinkifier } from './rpc/remove-linkifier';
import { reorderLinkifiers } from './rpc/reorder-linkifiers';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/users/v1/users.proto. */
export function usersHandlers(deps: UsersDeps): Record<string, Handler> {
  return {
    Authenticate: authenticate(deps),
    GetServerSettings: getServerSettings(deps),
    FetchApiKey: fetchApiKey(deps),
    GetOwnUser: getOwnUser(deps),
    GetUser: getUser(deps),
    GetUsers: getUsers(deps),
    CreateUser: createUser(deps),
    UpdateUser: updateUser(deps),
    DeactivateUser: deactivateUser(deps),
    ReactivateUser: reactivateUser(deps),
    GetRegisterState: getRegisterState(deps),
    UpdateSettings: updateSettings(deps),
    UpdateRealmUserDefaults: updateRealmUserDefaults(deps),
    UpdateRealm: updateRealm(deps),
    CreateUserGroup: createUserGroup(deps),
    GetUserGroups: getUserGroups(deps),
    UpdateUserGroup: updateUserGroup(deps),
    UpdateUserGroupMembers: updateUserGroupMembers(deps),
    UpdateUserGroupSubgroups: updateUserGroupSubgroups(deps),
    GetUserGroupMembers: getUserGroupMembers(deps),
    GetUserGroupMember: getUserGroupMember(deps),
    GetUserGroupSubgroups: getUserGroupSubgroups(deps),
    DeactivateUserGroup: deactivateUserGroup(deps),
    IsInGroupSetting: isInGroupSetting(deps),
    UpdateOwnStatus: updateOwnStatus(deps),
    UpdateUserStatus: updateUserStatus(deps),
    GetUserStatus: getUserStatus(deps),
    AddLinkifier: addLinkifier(deps),
    GetLinkifiers: getLinkifiers(deps),
    UpdateLinkifier: updateLinkifier(deps),
    RemoveLinkifier: removeLinkifier(deps),
    ReorderLinkifiers: reorderLinkifiers(deps),
  };
}

export function startUsersService(config: UsersConfig): Promise<RunningService> {
  return runService({
    name: 'users',
    config,
    migrationsDir: MIGRATIONS_DIR,
    makeHandlers: ({ pool, log }) => usersHandlers({ pool, log, config }),
  });
}
