import type { Handler } from '@parley/common';
import type { UnsubscribeRequest__Output } from '@parley/common/generated/parley/users/v1/UnsubscribeRequest';
import type { UsersDeps } from '../deps';
import { realmForHost } from '../domain/server-settings';
import { unsubscribe as doUnsubscribe } from '../mail/unsubscribe';

/** The gateway's /accounts/unsubscribe/<kind>/<token>: no caller; the realm comes from the Host. */
export const unsubscribe =
  (deps: UsersDeps): Handler<UnsubscribeRequest__Output> =>
  async (req, ctx) =>
    doUnsubscribe(deps.pool, deps.config, deps.presence, await realmForHost(deps.pool, deps.config, ctx.host), req);
