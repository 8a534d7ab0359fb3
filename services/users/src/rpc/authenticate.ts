import type { Handler } from '@parley/common';
import type { AuthenticateRequest__Output } from '@parley/common/generated/parley/users/v1/AuthenticateRequest';
import type { AuthenticateReply } from '@parley/common/generated/parley/users/v1/AuthenticateReply';
import type { UsersDeps } from '../deps';
import { authenticate as authenticateCaller } from '../domain/auth';

export const authenticate =
  (deps: UsersDeps): Handler<AuthenticateRequest__Output, AuthenticateReply> =>
  async (req) => ({ caller: await authenticateCaller(deps.pool, deps.config, req) });
