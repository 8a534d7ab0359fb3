import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { AddPlaygroundRequest__Output } from '@parley/common/generated/parley/users/v1/AddPlaygroundRequest';
import type { RemovePlaygroundRequest__Output } from '@parley/common/generated/parley/users/v1/RemovePlaygroundRequest';
import type { UsersDeps } from '../deps';
import { checkAddPlayground, checkRemovePlayground } from '../domain/playgrounds';

export const addPlayground =
  (deps: UsersDeps): Handler<AddPlaygroundRequest__Output, Reply<'POST /realm/playgrounds'>> =>
  async (req, ctx) => ({
    id: await checkAddPlayground(deps.pool, ctx.caller, req),
  });

export const removePlayground =
  (deps: UsersDeps): Handler<RemovePlaygroundRequest__Output, Reply<'DELETE /realm/playgrounds/{playground_id}'>> =>
  async (req, ctx) => {
    await checkRemovePlayground(deps.pool, ctx.caller, req.playground_id);
    return {};
  };
