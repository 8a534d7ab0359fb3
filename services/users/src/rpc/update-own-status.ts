import type { Reply } from '@parley/common/api';
import { realmEmojiOf, type Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateOwnStatus } from '../domain/user-status';

/** parley.users.v1.UpdateOwnStatusRequest (POST /users/me/status), until the types are regenerated. */
export interface UpdateOwnStatusRequest {
  status_text?: string;
  away?: boolean;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export const updateOwnStatus =
  (deps: UsersDeps): Handler<UpdateOwnStatusRequest, Reply<'POST /users/me/status'>> =>
  async (req, ctx) => {
    const realmEmoji = realmEmojiOf(deps.clients, ctx.caller.realm_id, ctx);
    await checkUpdateOwnStatus(deps.pool, deps.config, deps.presence, ctx.caller, req, realmEmoji);
    return {};
  };
