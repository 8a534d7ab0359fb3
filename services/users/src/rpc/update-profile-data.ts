import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateOwnProfileData } from '../domain/profile-values';

/** parley.users.v1.UpdateProfileDataRequest, until the generated types have it. */
interface UpdateProfileDataRequest {
  /** JSON list of {id, value} objects. */
  data: string;
}

/** PATCH /users/me/profile_data. */
export const updateProfileData = (deps: UsersDeps): Handler<UpdateProfileDataRequest> => async (req, ctx) => {
  await checkUpdateOwnProfileData(deps.pool, ctx.caller, req.data);
  return {};
};
