import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, withTransaction } from '@parley/common';
import { Peers, systemBot, type PeerServices } from '../peers';
import { doSend, readyToSend } from './send';
import { normalizeContent } from './text';

/** Zulip's Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH. */
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;

/**
 * POST /realm/test_welcome_bot_custom_message (administrators): the realm's Welcome Bot
 * sends the caller a direct message with the text, as new users would get it; returns its ID.
 * Refusals in Zulip's order: the role, the length, then an empty text.
 */
export async function sendTestWelcomeBotMessage(pool: pg.Pool, services: PeerServices, caller: Caller, text: string): Promise<number> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  if ([...text].length > MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH) {
    throw new BadRequestError(`welcome_message_custom_text is too long (limit: ${MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH} characters)`);
  }
  if (text.length === 0) throw new BadRequestError('Message must not be empty');
  const bot = await systemBot(services.clients, caller.realm_id, 'welcome-bot');
  const peers = new Peers(services, {
    caller: { realm_id: caller.realm_id, user_id: bot.user_id, role: bot.role, is_bot: true, email: bot.email },
    client: 'Internal',
    host: '',
  });
  const { users } = await peers.people([caller.user_id]);
  const participants = [bot, ...users].sort((a, b) => a.user_id - b.user_id);
  const recipients = participants.map((p) => p.user_id);
  const out = { sender: bot, topic: '', participants, recipients, content: normalizeContent(text), client: 'Internal', readBySender: true };
  const ready = await readyToSend(peers, out);
  return withTransaction(pool, (tx) => doSend({ tx }, peers, ready));
}
