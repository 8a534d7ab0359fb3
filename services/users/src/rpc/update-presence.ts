import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdatePresenceRequest__Output } from '@parley/common/generated/parley/users/v1/UpdatePresenceRequest';
import type { UsersDeps } from '../deps';
import { updatePresence as update } from '../domain/presence';

export const updatePresence =
  (deps: UsersDeps): Handler<UpdatePresenceRequest__Output, Reply<'POST /users/me/presence'>> =>
  (req, ctx) =>
    update(deps.pool, deps.people, deps.presence, deps.config, ctx.caller, req);
