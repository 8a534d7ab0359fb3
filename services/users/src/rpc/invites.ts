import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateMultiuseInviteRequest__Output } from '@parley/common/generated/parley/users/v1/CreateMultiuseInviteRequest';
import type { RevokeMultiuseInviteRequest__Output } from '@parley/common/generated/parley/users/v1/RevokeMultiuseInviteRequest';
import type { GetInviteLinkRequest__Output } from '@parley/common/generated/parley/users/v1/GetInviteLinkRequest';
import type { AcceptInviteLinkRequest__Output } from '@parley/common/generated/parley/users/v1/AcceptInviteLinkRequest';
import type { UsersDeps } from '../deps';
import type { SendInvitesRequest__Output } from '@parley/common/generated/parley/users/v1/SendInvitesRequest';
import type { RevokeInviteRequest__Output } from '@parley/common/generated/parley/users/v1/RevokeInviteRequest';
import type { ResendInviteRequest__Output } from '@parley/common/generated/parley/users/v1/ResendInviteRequest';
import type { GetConfirmationRequest__Output } from '@parley/common/generated/parley/users/v1/GetConfirmationRequest';
import type { CompleteRegistrationRequest__Output } from '@parley/common/generated/parley/users/v1/CompleteRegistrationRequest';
import { checkCreateInvite, checkRevokeInvite, describeInviteLink, inviteChannels, listInvites } from '../domain/invites';
import { acceptInviteLink, checkResendEmailInvite, checkRevokeEmailInvite, checkSendInvites, completeRegistration, describeConfirmation } from '../domain/invitations';
import { realmForHost } from '../domain/server-settings';

export const createMultiuseInvite =
  (deps: UsersDeps): Handler<CreateMultiuseInviteRequest__Output, Reply<'POST /invites/multiuse'>> =>
  async (req, ctx) => ({
    invite_link: await checkCreateInvite(deps.pool, deps.config, ctx.caller, inviteChannels(deps.clients.channels, ctx), req),
  });

export const getInvites =
  (deps: UsersDeps): Handler<object, Reply<'GET /invites'>> =>
  async (_req, ctx) => ({ invites: await listInvites(deps.pool, deps.config, ctx.caller) });

export const revokeMultiuseInvite =
  (deps: UsersDeps): Handler<RevokeMultiuseInviteRequest__Output, Reply<'DELETE /invites/multiuse/{invite_id}'>> =>
  async (req, ctx) => {
    await checkRevokeInvite(deps.pool, ctx.caller, req.invite_id);
    return {};
  };

/** Anonymous: the realm is the request's Host's. */
export const getInviteLink =
  (deps: UsersDeps): Handler<GetInviteLinkRequest__Output, Reply<'GET /invites/link/{key}'>> =>
  async (req, ctx) =>
    describeInviteLink(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req.key);

/** Anonymous: the realm is the request's Host's. */
export const acceptInviteLinkRpc =
  (deps: UsersDeps): Handler<AcceptInviteLinkRequest__Output, Reply<'POST /invites/link/{key}/accept'>> =>
  async (req, ctx) => {
    await acceptInviteLink(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req);
    return {};
  };

export const sendInvites =
  (deps: UsersDeps): Handler<SendInvitesRequest__Output, Reply<'POST /invites'>> =>
  async (req, ctx) => {
    await checkSendInvites(deps.pool, deps.config, ctx.caller, inviteChannels(deps.clients.channels, ctx), req);
    return {};
  };

export const revokeInvite =
  (deps: UsersDeps): Handler<RevokeInviteRequest__Output, Reply<'DELETE /invites/{invite_id}'>> =>
  async (req, ctx) => {
    await checkRevokeEmailInvite(deps.pool, ctx.caller, req.invite_id);
    return {};
  };

export const resendInvite =
  (deps: UsersDeps): Handler<ResendInviteRequest__Output, Reply<'POST /invites/{invite_id}/resend'>> =>
  async (req, ctx) => {
    await checkResendEmailInvite(deps.pool, deps.config, ctx.caller, req.invite_id);
    return {};
  };

/** Anonymous: the realm is the request's Host's. */
export const getConfirmation =
  (deps: UsersDeps): Handler<GetConfirmationRequest__Output, Reply<'GET /invites/confirm/{key}'>> =>
  async (req, ctx) =>
    describeConfirmation(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req.key);

/** Anonymous: the realm is the request's Host's. */
export const completeRegistrationRpc =
  (deps: UsersDeps): Handler<CompleteRegistrationRequest__Output, Reply<'POST /invites/confirm/{key}'>> =>
  async (req, ctx) =>
    completeRegistration(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req);
