import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateProfileDataRequest__Output as UpdateProfileDataRequest } from '@parley/common/generated/parley/users/v1/UpdateProfileDataRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateOwnProfileData } from '../domain/profile-values';

/** PATCH /users/me/profile_data. */
export const updateProfileData = (deps: UsersDeps): Handler<UpdateProfileDataRequest, Reply<'PATCH /users/me/profile_data'>> => async (req, ctx) => {
  await checkUpdateOwnProfileData(deps.pool, ctx.caller, req.data);
  return {};
};
