import type { Handler } from '@parley/common';
import type { LoginLimitKeyRequest__Output } from '@parley/common/generated/parley/users/v1/LoginLimitKeyRequest';
import type { LoginLimitKeyReply } from '@parley/common/generated/parley/users/v1/LoginLimitKeyReply';
import type { UsersDeps } from '../deps';
import { loginLimitKey } from '../domain/login-limit';
import { realmForHost } from '../domain/server-settings';

/** Internal: what the gateway counts a password login's failures against (the realm comes from the Host). */
export const getLoginLimitKey =
  (deps: UsersDeps): Handler<LoginLimitKeyRequest__Output, LoginLimitKeyReply> =>
  async (req, ctx) => ({ key: await loginLimitKey(deps.pool, await realmForHost(deps.pool, deps.config, ctx.host), req.username) });
