import type { Reply } from '@parley/common/api';
import { realmEmojiOf, type Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkUpdateOwnStatus, checkUpdateStatusForUser, getUserStatus as getStatus } from '../domain/user-status';

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

/** parley.users.v1.GetUserStatusRequest (GET /users/{user_id}/status), until the types are regenerated. */
export interface GetUserStatusRequest {
  user_id: number;
}

export const getUserStatus =
  (deps: UsersDeps): Handler<GetUserStatusRequest, Reply<'GET /users/{user_id}/status'>> =>
  async (req, ctx) => ({
    status: await getStatus(deps.pool, ctx.caller, req.user_id),
  });
