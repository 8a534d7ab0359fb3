import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateUser } from '../domain/users';
import { markdownThrough } from '../domain/markdown';

export const updateUser =
  (deps: UsersDeps): Handler<UpdateUserRequest__Output, Reply<'PATCH /users/{user_id}'>> =>
  async (req, ctx) => {
    await checkUpdateUser(deps.pool, ctx.caller, req, markdownThrough(deps.clients.messages, ctx));
    return {};
  };
