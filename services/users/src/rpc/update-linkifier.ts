import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateLinkifier } from '../domain/linkifiers';

/** parley.users.v1.UpdateLinkifierRequest (PATCH /realm/filters/{filter_id}). */
export interface UpdateLinkifierRequest {
  filter_id: number;
  pattern: string;
  url_template: string;
}

export const updateLinkifier =
  (deps: UsersDeps): Handler<UpdateLinkifierRequest, Reply<'PATCH /realm/filters/{filter_id}'>> =>
  async (req, ctx) => {
    await checkUpdateLinkifier(deps.pool, ctx.caller, req.filter_id, { pattern: req.pattern, url_template: req.url_template });
    return {};
  };
