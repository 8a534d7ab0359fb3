import type { Handler } from '@parley/common';
import type { ChangeAvatarReply } from '@parley/common/generated/parley/users/v1/ChangeAvatarReply';
import type { ChangeAvatarRequest__Output } from '@parley/common/generated/parley/users/v1/ChangeAvatarRequest';
import type { UsersDeps } from '../deps';
import { changeAvatar as doChangeAvatar, checkAvatarChangeAllowed } from '../domain/avatars';
import { channelLookup } from '../domain/channels';

/** Internal ChangeAvatar (the uploads service, for POST and DELETE /users/me/avatar). */
export const changeAvatar =
  (deps: UsersDeps): Handler<ChangeAvatarRequest__Output, ChangeAvatarReply> =>
  async (req, ctx) => {
    if (req.check_only) {
      await checkAvatarChangeAllowed(deps.pool, ctx.caller);
      return { avatar_url: '' };
    }
    return doChangeAvatar(deps.pool, deps.config, ctx.caller, req.avatar_source, channelLookup(deps.clients.channels, ctx));
  };
