import type { Reply } from '@parley/common/api';
import { EncodedJson, encodedJson, Handler, HandlerContext, parseJsonReply } from '@parley/common';
import type { GetUserRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserRequest';
import type { GetUserByEmailRequest__Output } from '@parley/common/generated/parley/users/v1/GetUserByEmailRequest';
import type { GetUsersRequest__Output } from '@parley/common/generated/parley/users/v1/GetUsersRequest';
import type { CreateUserRequest__Output } from '@parley/common/generated/parley/users/v1/CreateUserRequest';
import type { UpdateUserRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserRequest';
import type { UpdateUserByEmailRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateUserByEmailRequest';
import type { DeactivateUserRequest__Output } from '@parley/common/generated/parley/users/v1/DeactivateUserRequest';
import type { ReactivateUserRequest__Output } from '@parley/common/generated/parley/users/v1/ReactivateUserRequest';
import type { ResetUserPasswordRequest__Output } from '@parley/common/generated/parley/users/v1/ResetUserPasswordRequest';
import type { UsersDeps } from '../deps';
import { ownProfile, getUser as get, getUserByEmail as getByEmail, listUsers, parseUserIds, callerRealm } from '../domain/queries';
import { checkCreateUser, checkUpdateUser, checkUpdateUserByEmail } from '../domain/users';
import { markdownThrough } from '../domain/markdown';
import { checkDeactivateOwnUser } from '../domain/activation';
import { checkSetUserActiveWithBots } from '../domain/bot-activation';
import { channelLookup } from '../domain/channels';
import { checkResetPassword } from '../domain/password-reset';

/** The newest message the caller received, as the messages service's part of POST /register says. */
async function fetchMaxMessageId(deps: UsersDeps, ctx: HandlerContext): Promise<number> {
  const state = await deps.clients.messages.getRegisterState({ fetch_event_types: '["message"]', client_capabilities: '{}' }, ctx);
  return parseJsonReply<{ max_message_id: number }>(state).max_message_id;
}

/** GET /users/me: one hop when this process keeps the caller's profile and maximum (OwnUserAnswers). */
export const getOwnUser =
  (deps: UsersDeps): Handler<object, EncodedJson<Reply<'GET /users/me'>>> =>
  async (_req, ctx) => {
    const { realm_id: realmId, user_id: userId } = ctx.caller;
    const key = String(userId);
    const [profile, maxMessageId] = await Promise.all([
      deps.kept.profiles.get(realmId, key, async () => JSON.stringify(await ownProfile(deps.pool, deps.config, ctx.caller))),
      deps.kept.maxMessageIds.get(realmId, key, () => fetchMaxMessageId(deps, ctx)),
    ]);
    // The profile is a JSON object with fields: max_message_id joins them.
    return encodedJson(`${profile.slice(0, -1)},"max_message_id":${maxMessageId}}`);
  };

export const getUser =
  (deps: UsersDeps): Handler<GetUserRequest__Output, Reply<'GET /users/{user_id}'>> =>
  async (req, ctx) => ({
    user: await get(deps.pool, deps.config, ctx.caller, req.user_id, {
      clientGravatar: req.client_gravatar ?? true,
      includeProfileFields: req.include_custom_profile_fields ?? false,
    }),
  });

export const getUserByEmail =
  (deps: UsersDeps): Handler<GetUserByEmailRequest__Output, Reply<'GET /users/{email}'>> =>
  async (req, ctx) => ({
    user: await getByEmail(deps.pool, deps.config, ctx.caller, req.email, {
      clientGravatar: req.client_gravatar ?? true,
      includeProfileFields: req.include_custom_profile_fields ?? false,
    }),
  });

export const getUsers =
  (deps: UsersDeps): Handler<GetUsersRequest__Output, Reply<'GET /users'>> =>
  async (req, ctx) => ({
    members: await listUsers(deps.pool, deps.config, ctx.caller, {
      clientGravatar: req.client_gravatar ?? true,
      includeProfileFields: req.include_custom_profile_fields ?? false,
      userIds: req.user_ids === undefined ? undefined : parseUserIds(req.user_ids),
    }),
  });

export const createUser =
  (deps: UsersDeps): Handler<CreateUserRequest__Output, Reply<'POST /users'>> =>
  async (req, ctx) => ({
    user_id: await checkCreateUser(deps.pool, deps.config, ctx.caller, await callerRealm(deps.pool, ctx.caller), req),
  });

export const updateUser =
  (deps: UsersDeps): Handler<UpdateUserRequest__Output, Reply<'PATCH /users/{user_id}'>> =>
  async (req, ctx) => {
    await checkUpdateUser(deps.pool, ctx.caller, req, markdownThrough(deps.clients.messages, ctx));
    return {};
  };

export const updateUserByEmail =
  (deps: UsersDeps): Handler<UpdateUserByEmailRequest__Output, Reply<'PATCH /users/{email}'>> =>
  async (req, ctx) => {
    await checkUpdateUserByEmail(deps.pool, deps.config, ctx.caller, req, markdownThrough(deps.clients.messages, ctx));
    return {};
  };

export const deactivateUser =
  (deps: UsersDeps): Handler<DeactivateUserRequest__Output, Reply<'DELETE /users/{user_id}'>> =>
  async (req, ctx) => {
    await checkSetUserActiveWithBots(deps.pool, ctx.caller, req.user_id, false, channelLookup(deps.clients.channels, ctx));
    return {};
  };

export const reactivateUser =
  (deps: UsersDeps): Handler<ReactivateUserRequest__Output, Reply<'POST /users/{user_id}/reactivate'>> =>
  async (req, ctx) => {
    await checkSetUserActiveWithBots(deps.pool, ctx.caller, req.user_id, true, channelLookup(deps.clients.channels, ctx));
    return {};
  };

/** POST /users/{user_id}/password (Parley): an administrator sets a member's password. */
export const resetUserPassword =
  (deps: UsersDeps): Handler<ResetUserPasswordRequest__Output, Reply<'POST /users/{user_id}/password'>> =>
  async (req, ctx) => {
    await checkResetPassword(deps.pool, ctx.caller, req.user_id, req.new_password);
    return {};
  };

/** DELETE /users/me (parley.common.v1.Empty). */
export const deactivateOwnUser =
  (deps: UsersDeps): Handler<object, Reply<'DELETE /users/me'>> =>
  async (_req, ctx) => {
    await checkDeactivateOwnUser(deps.pool, ctx.caller, channelLookup(deps.clients.channels, ctx));
    return {};
  };
