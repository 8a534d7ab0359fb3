import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateRealmUserDefaultsRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateRealmUserDefaultsRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateRealmDefaults } from '../domain/realm-defaults';
import type { SettingValue } from '../domain/settings-schema';

export const updateRealmUserDefaults =
  (deps: UsersDeps): Handler<UpdateRealmUserDefaultsRequest__Output, Reply<'PATCH /realm/user_settings_defaults'>> =>
  async (req, ctx) => {
    await checkUpdateRealmDefaults(deps.pool, ctx.caller, req as unknown as Record<string, SettingValue | undefined>);
    return {};
  };
