import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateSettingsRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateSettingsRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateSettings, SettingsRequest } from '../domain/settings';

export const updateSettings =
  (deps: UsersDeps): Handler<UpdateSettingsRequest__Output, Reply<'PATCH /settings' | 'PATCH /settings/display' | 'PATCH /settings/notifications'>> =>
  async (req, ctx) => {
    await checkUpdateSettings(deps.pool, deps.config, deps.presence, ctx.caller, req as SettingsRequest);
    return {};
  };
