import type { Reply } from '@parley/common/api';
import type { DbServiceDeps, Handler } from '@parley/common';
import type { TestWelcomeBotCustomMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/TestWelcomeBotCustomMessageRequest';
import { sendTestWelcomeBotMessage } from '../domain/welcome-bot';

export const testWelcomeBotCustomMessage =
  (deps: DbServiceDeps): Handler<TestWelcomeBotCustomMessageRequest__Output, Reply<'POST /realm/test_welcome_bot_custom_message'>> =>
  async (req, ctx) => ({ message_id: await sendTestWelcomeBotMessage(deps.pool, deps.clients, ctx.caller, req.welcome_message_custom_text) });
