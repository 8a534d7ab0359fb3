import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateRealmRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateRealmRequest';
import type { UsersDeps } from '../deps';
import { checkUpdateRealm } from '../domain/realm-update';
import { channelLookup } from '../domain/channels';

export const updateRealm =
  (deps: UsersDeps): Handler<UpdateRealmRequest__Output, Reply<'PATCH /realm'>> =>
  async (req, ctx) => {
    await checkUpdateRealm(deps.pool, ctx.caller, req as unknown as Record<string, unknown>, channelLookup(deps.clients.channels, ctx));
    return {};
  };
