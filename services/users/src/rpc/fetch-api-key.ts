import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { FetchApiKeyRequest__Output } from '@parley/common/generated/parley/users/v1/FetchApiKeyRequest';
import type { UsersDeps } from '../deps';
import { fetchApiKey as fetchKey } from '../domain/auth';
import { realmForHost } from '../domain/server-settings';

export const fetchApiKey =
  (deps: UsersDeps): Handler<FetchApiKeyRequest__Output, Reply<'POST /fetch_api_key'>> =>
  async (req, ctx) =>
    fetchKey(deps.pool, deps.config, await realmForHost(deps.pool, deps.config, ctx.host), req);
