import type { Handler } from '@parley/common';
import type { ChangeAvatarReply } from '@parley/common/generated/parley/users/v1/ChangeAvatarReply';
import type { ChangeAvatarRequest__Output } from '@parley/common/generated/parley/users/v1/ChangeAvatarRequest';
import type { GetAvatarUrlRequest__Output } from '@parley/common/generated/parley/users/v1/GetAvatarUrlRequest';
import type { UsersDeps } from '../deps';
import { avatarUrlOf, changeAvatar as doChangeAvatar, checkAvatarChangeAllowed } from '../domain/avatars';
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

/** Internal GetAvatarUrl (the uploads service, for GET /avatar/{user_id_or_email}[/medium]). */
export const getAvatarUrl =
  (deps: UsersDeps): Handler<GetAvatarUrlRequest__Output, ChangeAvatarReply> =>
  async (req, ctx) => ({ avatar_url: await avatarUrlOf(deps.pool, deps.config, ctx.caller, req.user_id_or_email, req.medium) });
