import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { listLinkifiers } from '../domain/linkifiers';

/** GET /realm/linkifiers (parley.common.v1.Empty). */
export const getLinkifiers =
  (deps: UsersDeps): Handler<object, Reply<'GET /realm/linkifiers'>> =>
  async (_req, ctx) => ({
    linkifiers: await listLinkifiers(deps.pool, ctx.caller),
  });
