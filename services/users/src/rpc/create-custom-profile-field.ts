import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateCustomProfileFieldRequest__Output as CreateCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/CreateCustomProfileFieldRequest';
import type { UsersDeps } from '../deps';
import { checkCreateProfileField } from '../domain/profile-fields';

/** POST /realm/profile_fields (administrators). */
export const createCustomProfileField =
  (deps: UsersDeps): Handler<CreateCustomProfileFieldRequest, Reply<'POST /realm/profile_fields'>> =>
  async (req, ctx) => ({
    id: await checkCreateProfileField(deps.pool, ctx.caller, req),
  });
