import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkReorderProfileFields, parseOrder } from '../domain/profile-fields';

/** parley.users.v1.ReorderCustomProfileFieldsRequest, until the generated types have it. */
interface ReorderCustomProfileFieldsRequest {
  /** JSON list of field IDs. */
  order: string;
}

/** PATCH /realm/profile_fields (administrators). */
export const reorderCustomProfileFields = (deps: UsersDeps): Handler<ReorderCustomProfileFieldsRequest> => async (req, ctx) => {
  await checkReorderProfileFields(deps.pool, ctx.caller, parseOrder(req.order));
  return {};
};
