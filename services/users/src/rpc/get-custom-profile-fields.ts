import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { listProfileFields } from '../domain/profile-fields';

/** GET /realm/profile_fields: any user of the realm. */
export const getCustomProfileFields =
  (deps: UsersDeps): Handler<unknown, Reply<'GET /realm/profile_fields'>> =>
  async (_req, ctx) => ({
    custom_fields: await listProfileFields(deps.pool, ctx.caller.realm_id),
  });
