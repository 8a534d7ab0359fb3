import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { ReorderCustomProfileFieldsRequest__Output as ReorderCustomProfileFieldsRequest } from '@parley/common/generated/parley/users/v1/ReorderCustomProfileFieldsRequest';
import type { UsersDeps } from '../deps';
import { checkReorderProfileFields, parseOrder } from '../domain/profile-fields';

/** PATCH /realm/profile_fields (administrators). */
export const reorderCustomProfileFields =
  (deps: UsersDeps): Handler<ReorderCustomProfileFieldsRequest, Reply<'PATCH /realm/profile_fields'>> =>
  async (req, ctx) => {
    await checkReorderProfileFields(deps.pool, ctx.caller, parseOrder(req.order));
    return {};
  };
