import type { Reply } from '@parley/common/api';
import { realmEmojiOf, type Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateStatusForUser } from '../domain/user-status';

/** parley.users.v1.UpdateUserStatusRequest (POST /users/{user_id}/status), until the types are regenerated. */
export interface UpdateUserStatusRequest {
  user_id: number;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export const updateUserStatus =
  (deps: UsersDeps): Handler<UpdateUserStatusRequest, Reply<'POST /users/{user_id}/status'>> =>
  async (req, ctx) => {
    const { user_id: userId, ...status } = req;
    await checkUpdateStatusForUser(deps.pool, ctx.caller, userId, status, realmEmojiOf(deps.clients, ctx.caller.realm_id, ctx));
    return {};
  };
