import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { realmForHost, serverSettings } from '../domain/server-settings';

export const getServerSettings =
  (deps: UsersDeps): Handler<object, Reply<'GET /server_settings'>> =>
  async (_req, ctx) =>
    serverSettings(deps.config, await realmForHost(deps.pool, deps.config, ctx.host));
