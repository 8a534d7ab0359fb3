import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { DeleteCustomProfileFieldRequest__Output as DeleteCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/DeleteCustomProfileFieldRequest';
import type { UsersDeps } from '../deps';
import { checkDeleteProfileField } from '../domain/profile-fields';

/** DELETE /realm/profile_fields/{field_id} (administrators). */
export const deleteCustomProfileField =
  (deps: UsersDeps): Handler<DeleteCustomProfileFieldRequest, Reply<'DELETE /realm/profile_fields/{field_id}'>> =>
  async (req, ctx) => {
    await checkDeleteProfileField(deps.pool, ctx.caller, req.field_id);
    return {};
  };
