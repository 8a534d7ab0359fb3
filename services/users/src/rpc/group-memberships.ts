import { BadRequestError, Handler, parseGroupSettingValue, requireRealmId } from '@parley/common';
import type { GetGroupMembershipsRequest__Output } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsRequest';
import type { GetGroupMembershipsReply } from '@parley/common/generated/parley/users/v1/GetGroupMembershipsReply';
import type { ExpandGroupSettingsRequest__Output } from '@parley/common/generated/parley/users/v1/ExpandGroupSettingsRequest';
import type { ExpandGroupSettingsReply } from '@parley/common/generated/parley/users/v1/ExpandGroupSettingsReply';
import type { CheckGroupSettingsRequest__Output } from '@parley/common/generated/parley/users/v1/CheckGroupSettingsRequest';
import type { CheckGroupSettingsReply } from '@parley/common/generated/parley/users/v1/CheckGroupSettingsReply';
import type { UsersDeps } from '../deps';
import * as groupStore from '../store/groups';
import { checkGroupSettingValue } from '../domain/group-settings';

/**
 * Internal RPCs through which other services use the realm's groups without owning them:
 * who belongs to what (permission checks), who holds a value (event audiences), and whether
 * a value may be stored (channels' group settings).
 */

export const getGroupMemberships =
  (deps: UsersDeps): Handler<GetGroupMembershipsRequest__Output, GetGroupMembershipsReply> =>
  async (req) => {
    const byUser = await groupStore.groupMemberships(deps.pool, requireRealmId(req.realm_id), req.user_ids.map(Number));
    return { memberships: [...byUser].map(([user_id, group_ids]) => ({ user_id, group_ids })) };
  };

export const expandGroupSettings =
  (deps: UsersDeps): Handler<ExpandGroupSettingsRequest__Output, ExpandGroupSettingsReply> =>
  async (req) => {
    const groups: number[] = [];
    const users: number[] = [];
    for (const raw of req.setting_values) {
      const value = parseGroupSettingValue('setting_values', raw);
      if (typeof value === 'number') groups.push(value);
      else if (typeof value === 'object' && value !== null) {
        const v = value as { direct_members?: unknown[]; direct_subgroups?: unknown[] };
        users.push(...((v.direct_members ?? []).filter(Number.isSafeInteger) as number[]));
        groups.push(...((v.direct_subgroups ?? []).filter(Number.isSafeInteger) as number[]));
      } else throw new BadRequestError('setting_values holds a value that is not a group-setting value');
    }
    return { user_ids: await groupStore.activeUsersIn(deps.pool, requireRealmId(req.realm_id), groups, users) };
  };

export const checkGroupSettings =
  (deps: UsersDeps): Handler<CheckGroupSettingsRequest__Output, CheckGroupSettingsReply> =>
  async (req) => {
    const realmId = requireRealmId(req.realm_id);
    const values: string[] = [];
    for (const check of req.checks) {
      const value = parseGroupSettingValue(check.name, check.value);
      values.push(JSON.stringify(await checkGroupSettingValue(deps.pool, realmId, check.name, { allowEveryone: check.allow_everyone }, value)));
    }
    return { values };
  };
