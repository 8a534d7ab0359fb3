import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkAddLinkifier } from '../domain/linkifiers';

/** parley.users.v1.AddLinkifierRequest (POST /realm/filters). */
export interface AddLinkifierRequest {
  pattern: string;
  url_template: string;
}

export const addLinkifier =
  (deps: UsersDeps): Handler<AddLinkifierRequest, Reply<'POST /realm/filters'>> =>
  async (req, ctx) => ({
    id: await checkAddLinkifier(deps.pool, ctx.caller, { pattern: req.pattern, url_template: req.url_template }),
  });
