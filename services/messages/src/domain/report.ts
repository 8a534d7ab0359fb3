import { BadRequestError, schemaOf, withTransaction, writeOutbox } from '@parley/common';
import pg from 'pg';
import type { Peers } from '../peers';
import { accessMessage } from './fetch';

/**
 * POST /messages/{message_id}/report: a user flags a message they can read; the Notification
 * Bot posts the report in the realm's moderation request channel (one topic per reported
 * user), quoting the message.
 */
export const REPORT_TYPES = ['spam', 'harassment', 'inappropriate', 'norms', 'other'] as const;
export const MAX_REPORT_DESCRIPTION = 1000;

export async function checkReportMessage(pool: pg.Pool, peers: Peers, id: number, reportType: string, description?: string): Promise<void> {
  if (!(REPORT_TYPES as readonly string[]).includes(reportType)) throw new BadRequestError(`Invalid report_type: '${reportType}'`);
  const text = description?.trim() ?? '';
  if (reportType === 'other' && !text) throw new BadRequestError('An explanation is required.');
  if ([...text].length > MAX_REPORT_DESCRIPTION) throw new BadRequestError(`Description is too long (limit: ${MAX_REPORT_DESCRIPTION} characters).`);
  const policy = await peers.realmPolicy();
  const channel = policy.settings.moderation_request_channel_id;
  if (typeof channel !== 'number' || channel < 0) throw new BadRequestError('Moderation request channel must be specified to enable message reporting.');
  // Everything the report says is asked before the transaction (no remote call in it).
  const message = await accessMessage(pool, peers, id);
  const [{ users }, channels] = await Promise.all([peers.people([peers.caller.user_id, message.sender_id]), peers.allChannels()]);
  await withTransaction(pool, async (tx) => {
    const name = (userId: number) => users.find((u) => u.user_id === userId)?.full_name ?? String(userId);
    const mention = (userId: number) => `@_**${name(userId)}|${userId}**`;
    const where = message.kind === 'channel' ? `#**${channels.find((c) => c.stream_id === message.channel_id)?.name ?? message.channel_id}>${message.topic}@${message.id}**` : 'a direct message';
    const content = [
      `${mention(peers.caller.user_id)} reported ${where} sent by ${mention(message.sender_id)}.`,
      `- Reason: **${reportType}**`,
      ...(text ? [`- Notes:\n\`\`\`quote\n${text}\n\`\`\``] : []),
      `**Message sent by ${mention(message.sender_id)}**`,
      `\`\`\`quote\n${message.content}\n\`\`\``,
    ].join('\n');
    await writeOutbox(tx, schemaOf('messages'), 'messages.notification', {
      realm_id: peers.caller.realm_id,
      stream_id: channel,
      topic: `${name(message.sender_id)}'s moderation requests`,
      content,
    });
  });
}
