import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkReorderLinkifiers, parseLinkifierIds } from '../domain/linkifiers';

/** parley.users.v1.ReorderLinkifiersRequest (PATCH /realm/linkifiers). */
export interface ReorderLinkifiersRequest {
  /** JSON list of linkifier IDs. */
  ordered_linkifier_ids: string;
}

export const reorderLinkifiers =
  (deps: UsersDeps): Handler<ReorderLinkifiersRequest, Reply<'PATCH /realm/linkifiers'>> =>
  async (req, ctx) => {
    await checkReorderLinkifiers(deps.pool, ctx.caller, parseLinkifierIds(req.ordered_linkifier_ids));
    return {};
  };
