import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { AuthenticateRequest__Output } from '@parley/common/generated/parley/users/v1/AuthenticateRequest';
import type { AuthenticateReply } from '@parley/common/generated/parley/users/v1/AuthenticateReply';
import type { FetchApiKeyRequest__Output } from '@parley/common/generated/parley/users/v1/FetchApiKeyRequest';
import type { LoginLimitKeyRequest__Output } from '@parley/common/generated/parley/users/v1/LoginLimitKeyRequest';
import type { LoginLimitKeyReply } from '@parley/common/generated/parley/users/v1/LoginLimitKeyReply';
import type { UsersDeps } from '../deps';
import { authenticate as authenticateCaller, fetchApiKey as fetchKey } from '../domain/auth';
import { realmForHost } from '../domain/server-settings';
import { loginLimitKey } from '../domain/login-limit';

export const authenticate =
  (deps: UsersDeps): Handler<AuthenticateRequest__Output, AuthenticateReply> =>
  async (req) => ({ caller: await authenticateCaller(deps.pool, deps.config, req) });

export const fetchApiKey =
  (deps: UsersDeps): Handler<FetchApiKeyRequest__Output, Reply<'POST /fetch_api_key'>> =>
  async (req, ctx) =>
    fetchKey(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req, ctx.device);

/** Internal: what the gateway counts a password login's failures against (the realm comes from the Host). */
export const getLoginLimitKey =
  (deps: UsersDeps): Handler<LoginLimitKeyRequest__Output, LoginLimitKeyReply> =>
  async (req, ctx) => ({ key: await loginLimitKey(deps.pool, await realmForHost(deps.pool, deps.config, ctx.host), req.username) });
