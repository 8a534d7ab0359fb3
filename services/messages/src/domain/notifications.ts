import pg from 'pg';
import { RpcClients, withTransaction } from '@parley/common';
import { Directory, systemBot } from './directory';
import { doSend } from './send';
import { normalizeContent, normalizeTopic } from './text';

/**
 * Messages the system posts as the realm's Notification Bot, asked by other services over
 * the bus (`<service>.notification`: the channels service's new-channel announcements and
 * new-subscription messages, this service's notices of moves and moderation requests).
 * Each bus message is posted once, however often delivered.
 */
export const NOTIFICATION_SUBJECTS = ['channels.notification', 'messages.notification'];

export interface Notification {
  realm_id: number;
  /** A channel message (stream_id, topic) or a direct message to user_ids. */
  stream_id?: number;
  topic?: string;
  user_ids?: number[];
  content: string;
}

export async function postNotification(pool: pg.Pool, clients: RpcClients, busMessageId: string, n: Notification): Promise<void> {
  const bot = await systemBot(clients, n.realm_id, 'notification-bot');
  const dir = new Directory(clients, {
    caller: { realm_id: n.realm_id, user_id: bot.user_id, role: bot.role, is_bot: true, email: bot.email }, client: 'Internal', host: '',
  });
  const content = normalizeContent(n.content);
  let out: Parameters<typeof doSend>[2];
  if (n.stream_id !== undefined) {
    // The bot posts in any channel of the realm, private ones included (moderation requests).
    const { channel: seen, hiddenName } = await dir.channelOrHidden({ stream_id: n.stream_id });
    const channel = seen ?? (hiddenName !== undefined ? { stream_id: n.stream_id, name: hiddenName, is_archived: false } : undefined);
    if (!channel || channel.is_archived) return;
    const policy = await dir.realmPolicy();
    const topic = normalizeTopic(n.topic ?? '', String(policy.settings.realm_empty_topic_display_name ?? ''));
    const recipients = [...new Set([...(await dir.subscribers(channel.stream_id)), bot.user_id])];
    out = { sender: bot, channel, topic, participants: [bot], recipients, content, client: 'Internal', readBySender: true };
  } else {
    const { users } = await dir.people(n.user_ids ?? []);
    const participants = [bot, ...users.filter((u) => u.is_active && u.user_id !== bot.user_id)].sort((a, b) => a.user_id - b.user_id);
    out = { sender: bot, topic: '', participants, recipients: participants.map((p) => p.user_id), content, client: 'Internal', readBySender: true };
  }
  // Asked before the transaction: the recipients' alert words and mutes.
  out = { ...out, traits: await dir.sendTraits(out.recipients) };
  await withTransaction(pool, async (tx) => {
    const { rowCount } = await tx.query('INSERT INTO handled_notifications (bus_message_id) VALUES ($1) ON CONFLICT DO NOTHING', [busMessageId]);
    if (rowCount) await doSend(tx, dir, out);
  });
}
