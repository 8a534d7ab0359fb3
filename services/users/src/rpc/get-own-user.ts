import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { getOwnUser as getOwn } from '../domain/queries';

export const getOwnUser = (deps: UsersDeps): Handler<object, Reply<'GET /users/me'>> => async (_req, ctx) =>
  getOwn(deps.pool, deps.config, ctx.caller, async () => {
    const state = await deps.clients.messages.call<{ json: string }>('GetRegisterState', { fetch_event_types: '["message"]', client_capabilities: '{}' }, ctx);
    return (JSON.parse(state.json) as { max_message_id: number }).max_message_id;
  });
