import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { presences } from '../domain/presence';

/** GET /realm/presence: everyone's presence, in the legacy format keyed by email. */
export const getRealmPresence =
  (deps: UsersDeps): Handler<object, Reply<'GET /realm/presence'>> =>
  async (_req, ctx) => {
    const { presences: all, server_timestamp } = await presences(deps.pool, deps.people, deps.presence, deps.config, ctx.caller, { modern: false }, Date.now() / 1000);
    // presences() builds either format; GET /realm/presence asks for the legacy one.
    return { presences: all as Reply<'GET /realm/presence'>['presences'], server_timestamp };
  };
