import type { Handler } from '@parley/common';
import type { LoginRequest__Output } from '@parley/common/generated/parley/users/v1/LoginRequest';
import type { SessionRequest__Output } from '@parley/common/generated/parley/users/v1/SessionRequest';
import type { UsersDeps } from '../deps';
import { notifyAuthChanged } from '../domain/notify';
import { realmForHost } from '../domain/server-settings';
import * as sessions from '../domain/sessions';

/** POST /accounts/login: the realm comes from the Host, as for POST /fetch_api_key. */
export const login =
  (deps: UsersDeps): Handler<LoginRequest__Output> =>
  async (req, ctx) =>
    sessions.login(deps.pool, deps.config, deps.sessions, await realmForHost(deps.pool, deps.config, ctx.host), req, ctx.device);

/** POST /accounts/logout; every gateway forgets the caller's cached authentication. */
export const logout =
  (deps: UsersDeps): Handler<SessionRequest__Output> =>
  async (req, ctx) => {
    await sessions.logout(deps.sessions, req.session_id);
    await notifyAuthChanged(deps.pool, ctx.caller.realm_id, ctx.caller.user_id);
    return {};
  };

export const getSession =
  (deps: UsersDeps): Handler<SessionRequest__Output> =>
  async (req) =>
    sessions.sessionCaller(deps.pool, deps.config, deps.sessions, req.session_id, req.subdomain ?? undefined);
