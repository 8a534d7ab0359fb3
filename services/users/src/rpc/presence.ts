import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdatePresenceRequest__Output } from '@parley/common/generated/parley/users/v1/UpdatePresenceRequest';
import type { GetUserPresenceRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserPresenceRequest';
import type { UsersDeps } from '../deps';
import { updatePresence as update, presences, userPresence } from '../domain/presence';

export const updatePresence =
  (deps: UsersDeps): Handler<UpdatePresenceRequest__Output, Reply<'POST /users/me/presence'>> =>
  (req, ctx) =>
    update(deps.pool, deps.people, deps.presence, deps.config, ctx.caller, req);

/** GET /realm/presence: everyone's presence, in the legacy format keyed by email. */
export const getRealmPresence =
  (deps: UsersDeps): Handler<object, Reply<'GET /realm/presence'>> =>
  async (_req, ctx) => {
    const { presences: all, server_timestamp } = await presences(deps.pool, deps.people, deps.presence, deps.config, ctx.caller, { modern: false }, Date.now() / 1000);
    // presences() builds either format; GET /realm/presence asks for the legacy one.
    return { presences: all as Reply<'GET /realm/presence'>['presences'], server_timestamp };
  };

/** GET /users/{user_id_or_email}/presence: one user's presence, in the legacy format. */
export const getUserPresence =
  (deps: UsersDeps): Handler<GetUserPresenceRequest__Output, Reply<'GET /users/{user_id_or_email}/presence'>> =>
  async (req, ctx) =>
    userPresence(deps.pool, deps.presence, deps.config, ctx.caller, req.user_id_or_email);
