import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { listProfileFields } from '../domain/profile-fields';

/** GET /realm/profile_fields: any user of the realm. */
export const getCustomProfileFields = (deps: UsersDeps): Handler<unknown> => async (_req, ctx) => ({
  custom_fields: await listProfileFields(deps.pool, ctx.caller.realm_id),
});
