import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { getOwnUser as getOwn } from '../domain/queries';

export const getOwnUser = (deps: UsersDeps): Handler<object> => async (_req, ctx) => getOwn(deps.pool, deps.config, ctx.caller);
