import pg from 'pg';
import { emptyTopicDisplayName, withTransaction } from '@parley/common';
import type { Notification, Person } from '@parley/common';
import { Peers, systemBot, type PeerServices } from '../peers';
import { doSend, Outgoing, readyToSend } from './send';
import { normalizeContent, normalizeTopic } from './text';

/**
 * Messages the system posts as the realm's Notification Bot, asked by other services over
 * the bus (`<service>.notification`: the channels service's new-channel announcements and
 * new-subscription messages, this service's notices of moves and moderation requests, the users
 * service's "accepted your invitation").
 * Each bus message is posted once, however often delivered.
 */
export const NOTIFICATION_SUBJECTS = ['channels.notification', 'messages.notification', 'users.notification'] as const;

/** The realm's Notification Bot, and a directory with it as the caller. */
export async function notificationBotPeers(services: PeerServices, realmId: number): Promise<{ bot: Person; peers: Peers }> {
  const bot = await systemBot(services.clients, realmId, 'notification-bot');
  const peers = new Peers(services, {
    caller: { realm_id: realmId, user_id: bot.user_id, role: bot.role, is_bot: true, email: bot.email },
    client: 'Internal',
    host: '',
  });
  return { bot, peers };
}

/**
 * A direct message from the bot to the active ones of some users, with its recipients'
 * traits (asked for here: call it before any transaction).
 */
export async function botDirectMessage(peers: Peers, bot: Person, userIds: number[], content: string): Promise<Outgoing> {
  const { users } = await peers.people(userIds);
  const participants = [bot, ...users.filter((u) => u.is_active && u.user_id !== bot.user_id)].sort((a, b) => a.user_id - b.user_id);
  const recipients = participants.map((p) => p.user_id);
  return { sender: bot, topic: '', participants, recipients, content, client: 'Internal', readBySender: true, traits: await peers.sendTraits(recipients) };
}

export async function postNotification(pool: pg.Pool, services: PeerServices, busMessageId: string, n: Notification): Promise<void> {
  const { bot, peers } = await notificationBotPeers(services, n.realm_id);
  const content = normalizeContent(n.content);
  let out: Outgoing;
  if (n.stream_id !== undefined) {
    // The bot posts in any channel of the realm, private ones included (moderation requests).
    const { channel: seen, hiddenName } = await peers.channelOrHidden({ stream_id: n.stream_id });
    const channel = seen ?? (hiddenName !== undefined ? { stream_id: n.stream_id, name: hiddenName, is_archived: false } : undefined);
    if (!channel || channel.is_archived) return;
    const policy = await peers.realmPolicy();
    const topic = normalizeTopic(n.topic ?? '', emptyTopicDisplayName(policy.settings));
    const recipients = [...new Set([...(await peers.subscribers(channel.stream_id)), bot.user_id])];
    const channelOut = { sender: bot, channel, topic, participants: [bot], recipients, content, client: 'Internal', readBySender: true };
    // Asked before the transaction: the recipients' alert words and mutes.
    out = { ...channelOut, traits: await peers.sendTraits(recipients) };
  } else {
    out = await botDirectMessage(peers, bot, n.user_ids ?? [], content);
  }
  const ready = await readyToSend(peers, out);
  await withTransaction(pool, async (tx) => {
    const { rowCount } = await tx.query('INSERT INTO handled_notifications (bus_message_id) VALUES ($1) ON CONFLICT DO NOTHING', [busMessageId]);
    if (rowCount) await doSend({ tx }, peers, ready);
  });
}
