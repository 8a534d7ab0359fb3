import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateProfileDataRequest__Output as UpdateProfileDataRequest } from '@parley/common/generated/parley/users/v1/UpdateProfileDataRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateOwnProfileData } from '../domain/profile-values';
import { markdownThrough } from '../domain/markdown';

/** PATCH /users/me/profile_data. */
export const updateProfileData =
  (deps: UsersDeps): Handler<UpdateProfileDataRequest, Reply<'PATCH /users/me/profile_data'>> =>
  async (req, ctx) => {
    await checkUpdateOwnProfileData(deps.pool, ctx.caller, req.data, markdownThrough(deps.clients.messages, ctx));
    return {};
  };
