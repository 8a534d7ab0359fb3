import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { RequestPasswordResetRequest__Output } from '@parley/common/generated/parley/users/v1/RequestPasswordResetRequest';
import type { GetPasswordResetRequest__Output } from '@parley/common/generated/parley/users/v1/GetPasswordResetRequest';
import type { ResetPasswordRequest__Output } from '@parley/common/generated/parley/users/v1/ResetPasswordRequest';
import type { UsersDeps } from '../deps';
import { describePasswordReset, requestPasswordReset as request, resetPasswordWithToken } from '../domain/password-reset';
import { realmForHost } from '../domain/server-settings';

/** Anonymous: the realm is the request's Host's. */
export const requestPasswordReset =
  (deps: UsersDeps): Handler<RequestPasswordResetRequest__Output, Reply<'POST /password_reset'>> =>
  async (req, ctx) => {
    await request(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req.email);
    return {};
  };

/** Anonymous: the realm is the request's Host's. */
export const getPasswordReset =
  (deps: UsersDeps): Handler<GetPasswordResetRequest__Output, Reply<'GET /password_reset/{token}'>> =>
  async (req, ctx) =>
    describePasswordReset(deps.pool, await realmForHost(deps.pool, deps.config, ctx.host), req.token);

/** Anonymous: the realm is the request's Host's. */
export const resetPassword =
  (deps: UsersDeps): Handler<ResetPasswordRequest__Output, Reply<'POST /password_reset/{token}'>> =>
  async (req, ctx) =>
    resetPasswordWithToken(deps.pool, await realmForHost(deps.pool, deps.config, ctx.host), req.token, req.new_password);
