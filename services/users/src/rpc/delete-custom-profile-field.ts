import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkDeleteProfileField } from '../domain/profile-fields';

/** parley.users.v1.DeleteCustomProfileFieldRequest, until the generated types have it. */
interface DeleteCustomProfileFieldRequest {
  field_id: number;
}

/** DELETE /realm/profile_fields/{field_id} (administrators). */
export const deleteCustomProfileField = (deps: UsersDeps): Handler<DeleteCustomProfileFieldRequest> => async (req, ctx) => {
  await checkDeleteProfileField(deps.pool, ctx.caller, req.field_id);
  return {};
};
