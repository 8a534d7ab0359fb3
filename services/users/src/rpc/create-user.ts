import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateUserRequest__Output } from '@parley/common/generated/parley/users/v1/CreateUserRequest';
import type { UsersDeps } from '../deps';
import { checkCreateUser } from '../domain/users';
import { callerRealm } from '../domain/queries';

export const createUser =
  (deps: UsersDeps): Handler<CreateUserRequest__Output, Reply<'POST /users'>> =>
  async (req, ctx) => ({
    user_id: await checkCreateUser(deps.pool, deps.config, ctx.caller, await callerRealm(deps.pool, ctx.caller), req),
  });
