import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { MessagesDeps } from './messages';
import type { TestWelcomeBotCustomMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/TestWelcomeBotCustomMessageRequest';
import { sendTestWelcomeBotMessage } from '../domain/welcome-bot';

export const testWelcomeBotCustomMessage =
  (deps: MessagesDeps): Handler<TestWelcomeBotCustomMessageRequest__Output, Reply<'POST /realm/test_welcome_bot_custom_message'>> =>
  async (req, ctx) => ({ message_id: await sendTestWelcomeBotMessage(deps.pool, deps, ctx.caller, req.welcome_message_custom_text) });
