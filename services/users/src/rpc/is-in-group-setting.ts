import { BadRequestError, Handler } from '@parley/common';
import type { IsInGroupSettingRequest__Output } from '@parley/common/generated/parley/users/v1/IsInGroupSettingRequest';
import type { IsInGroupSettingReply } from '@parley/common/generated/parley/users/v1/IsInGroupSettingReply';
import type { UsersDeps } from '../deps';
import { isInGroupSetting as holds, parseGroupSettingValue } from '../domain/group-settings';

/** Internal: other services ask whether a user holds a group-setting value. */
export const isInGroupSetting =
  (deps: UsersDeps): Handler<IsInGroupSettingRequest__Output, IsInGroupSettingReply> =>
  async (req) => {
    const value = parseGroupSettingValue('setting_value', req.setting_value);
    if (value === undefined) throw new BadRequestError('setting_value is required');
    return { result: await holds(deps.pool, req.user_id, value) };
  };
