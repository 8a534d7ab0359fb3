import type { Reply } from '@parley/common/api';
import { EncodedJson, encodedJson, Handler, HandlerContext, parseJsonReply } from '@parley/common';
import type { UsersDeps } from '../deps';
import { ownProfile } from '../domain/queries';

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
