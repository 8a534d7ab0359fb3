import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkCreateProfileField } from '../domain/profile-fields';

/** parley.users.v1.CreateCustomProfileFieldRequest, until the generated types have it. */
interface CreateCustomProfileFieldRequest {
  field_type: number;
  name?: string;
  hint?: string;
  /** JSON text of a dict. */
  field_data?: string;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/** POST /realm/profile_fields (administrators). */
export const createCustomProfileField = (deps: UsersDeps): Handler<CreateCustomProfileFieldRequest> => async (req, ctx) => ({
  id: await checkCreateProfileField(deps.pool, ctx.caller, req),
});
