import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { RemoveProfileDataRequest__Output as RemoveProfileDataRequest } from '@parley/common/generated/parley/users/v1/RemoveProfileDataRequest';
import type { UsersDeps } from '../deps';
import { checkRemoveOwnProfileData, parseFieldIds } from '../domain/profile-values';

/** DELETE /users/me/profile_data. */
export const removeProfileData =
  (deps: UsersDeps): Handler<RemoveProfileDataRequest, Reply<'DELETE /users/me/profile_data'>> =>
  async (req, ctx) => {
    await checkRemoveOwnProfileData(deps.pool, ctx.caller, parseFieldIds(req.data));
    return {};
  };
