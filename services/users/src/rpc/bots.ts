import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateBotRequest__Output } from '@parley/common/generated/parley/users/v1/CreateBotRequest';
import type { UpdateBotRequest__Output } from '@parley/common/generated/parley/users/v1/UpdateBotRequest';
import type { BotIdRequest__Output } from '@parley/common/generated/parley/users/v1/BotIdRequest';
import type { UsersDeps } from '../deps';
import { channelLookup } from '../domain/channels';
import { checkCreateBot, listOwnBots } from '../domain/bots';
import { checkDeactivateBot, checkRegenerateBotApiKey, checkUpdateBot } from '../domain/bot-updates';

const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export const createBot =
  (deps: UsersDeps): Handler<CreateBotRequest__Output, Reply<'POST /bots'>> =>
  async (req, ctx) =>
    (await checkCreateBot(
      deps.pool,
      deps.config,
      ctx.caller,
      {
        full_name: req.full_name,
        short_name: req.short_name,
        bot_type: opt(req.bot_type),
        default_sending_stream: opt(req.default_sending_stream),
        default_events_register_stream: opt(req.default_events_register_stream),
        default_all_public_streams: opt(req.default_all_public_streams),
      },
      channelLookup(deps.clients.channels, ctx),
    )) as Reply<'POST /bots'>;

export const getBots =
  (deps: UsersDeps): Handler<unknown, Reply<'GET /bots'>> =>
  async (_req, ctx) =>
    ({ bots: await listOwnBots(deps.pool, deps.config, ctx.caller, channelLookup(deps.clients.channels, ctx)) }) as Reply<'GET /bots'>;

export const updateBot =
  (deps: UsersDeps): Handler<UpdateBotRequest__Output, Reply<'PATCH /bots/{bot_id}'>> =>
  async (req, ctx) =>
    (await checkUpdateBot(
      deps.pool,
      deps.config,
      ctx.caller,
      {
        bot_id: Number(req.bot_id),
        full_name: opt(req.full_name),
        role: opt(req.role),
        bot_owner_id: req.bot_owner_id === undefined || req.bot_owner_id === null ? undefined : Number(req.bot_owner_id),
        default_sending_stream: opt(req.default_sending_stream),
        default_events_register_stream: opt(req.default_events_register_stream),
        default_all_public_streams: opt(req.default_all_public_streams),
      },
      channelLookup(deps.clients.channels, ctx),
    )) as Reply<'PATCH /bots/{bot_id}'>;

export const deactivateBot =
  (deps: UsersDeps): Handler<BotIdRequest__Output, Reply<'DELETE /bots/{bot_id}'>> =>
  async (req, ctx) => {
    await checkDeactivateBot(deps.pool, ctx.caller, Number(req.bot_id), channelLookup(deps.clients.channels, ctx));
    return {};
  };

export const regenerateBotApiKey =
  (deps: UsersDeps): Handler<BotIdRequest__Output, Reply<'POST /bots/{bot_id}/api_key/regenerate'>> =>
  async (req, ctx) => ({ api_key: await checkRegenerateBotApiKey(deps.pool, deps.config, ctx.caller, Number(req.bot_id), channelLookup(deps.clients.channels, ctx)) });
