import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkRemoveOwnProfileData, parseFieldIds } from '../domain/profile-values';

/** parley.users.v1.RemoveProfileDataRequest, until the generated types have it. */
interface RemoveProfileDataRequest {
  /** JSON list of field IDs. */
  data: string;
}

/** DELETE /users/me/profile_data. */
export const removeProfileData = (deps: UsersDeps): Handler<RemoveProfileDataRequest> => async (req, ctx) => {
  await checkRemoveOwnProfileData(deps.pool, ctx.caller, parseFieldIds(req.data));
  return {};
};
