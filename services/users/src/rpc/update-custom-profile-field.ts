import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateCustomProfileFieldRequest__Output as UpdateCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/UpdateCustomProfileFieldRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateProfileField } from '../domain/profile-fields';

/** PATCH /realm/profile_fields/{field_id} (administrators). */
export const updateCustomProfileField =
  (deps: UsersDeps): Handler<UpdateCustomProfileFieldRequest, Reply<'PATCH /realm/profile_fields/{field_id}'>> =>
  async (req, ctx) => {
    await checkUpdateProfileField(deps.pool, ctx.caller, req);
    return {};
  };
