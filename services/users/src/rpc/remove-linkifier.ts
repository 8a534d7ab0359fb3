import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkRemoveLinkifier } from '../domain/linkifiers';

/** parley.users.v1.RemoveLinkifierRequest (DELETE /realm/filters/{filter_id}). */
export interface RemoveLinkifierRequest {
  filter_id: number;
}

export const removeLinkifier =
  (deps: UsersDeps): Handler<RemoveLinkifierRequest, Reply<'DELETE /realm/filters/{filter_id}'>> =>
  async (req, ctx) => {
    await checkRemoveLinkifier(deps.pool, ctx.caller, req.filter_id);
    return {};
  };
