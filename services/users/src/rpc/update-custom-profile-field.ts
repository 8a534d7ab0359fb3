import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateProfileField } from '../domain/profile-fields';

/** parley.users.v1.UpdateCustomProfileFieldRequest, until the generated types have it. */
interface UpdateCustomProfileFieldRequest {
  field_id: number;
  name?: string;
  hint?: string;
  /** JSON text of a dict. */
  field_data?: string;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/** PATCH /realm/profile_fields/{field_id} (administrators). */
export const updateCustomProfileField = (deps: UsersDeps): Handler<UpdateCustomProfileFieldRequest> => async (req, ctx) => {
  await checkUpdateProfileField(deps.pool, ctx.caller, req);
  return {};
};
