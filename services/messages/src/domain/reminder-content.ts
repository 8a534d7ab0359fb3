import { BadRequestError, LIMITS } from '@parley/common';
import type { ViewedMessageRow } from '../store/messages';
import type { Peers } from '../peers';
import { topicUrl } from './render/narrow-urls';
import { truncate } from './text';

/**
 * The text of a reminder, as Zulip writes it when the reminder is scheduled
 * (zerver/lib/reminders.py, feature level 415): which message it is about, the note if any,
 * then who said it, linked to the message, and the message quoted (truncated to fit a
 * message); a poll or to-do list is named instead of quoted. The content is fixed then: a
 * later edit or deletion of the message does not change the reminder.
 */

/** Zulip's normalize_note_text: trailing whitespace and leading newlines go; then the length is checked. */
export function normalizeNote(raw: string): string {
  const note = raw.replace(/\s+$/u, '').replace(/^\n+/, '');
  const max = LIMITS.max_reminder_note_length;
  if ([...note].length > max) throw new BadRequestError(`Maximum reminder note length: ${max} characters`);
  return note;
}

/** Characters that break the `#**channel>topic@id**` syntax (Zulip's will_produce_broken_stream_topic_link). */
const BREAKS_CHANNEL_LINK = /[`>*&]|\$\$/;

/** `#**channel>topic@id**`, or an ordinary link where the names would break that syntax. */
export function messageLinkSyntax(channelId: number, channel: string, topic: string, messageId: number): string {
  if (BREAKS_CHANNEL_LINK.test(channel) || BREAKS_CHANNEL_LINK.test(topic)) {
    return `[#${channel} > ${topic} @ 💬](${topicUrl(channelId, channel, topic)}/near/${messageId})`;
  }
  return `#**${channel}>${topic}@${messageId}**`;
}

/** A fence longer than any line-opening run of backticks in the text (at least three). */
function unusedFence(text: string): string {
  let length = 3;
  for (const m of text.matchAll(/^[ \t]*(`{3,})/gm)) length = Math.max(length, m[1].length + 1);
  return '`'.repeat(length);
}

export interface ReminderSource {
  message: ViewedMessageRow;
  senderName: string;
  /** The channel's name, for a channel message. */
  channelName?: string;
}

/** The reminder's Markdown. Precondition: the creator may read the message. */
export function reminderContent({ message, senderName, channelName }: ReminderSource, rawNote?: string): string {
  const note = rawNote ? normalizeNote(rawNote) : '';
  const withNote = note ? ` Note:\n > ${note}` : '';
  let url: string;
  let content: string;
  if (message.kind === 'channel' && message.channel_id !== null) {
    url = `${topicUrl(message.channel_id, channelName ?? '', message.topic)}/near/${message.id}`;
    content = `You requested a reminder for ${messageLinkSyntax(message.channel_id, channelName ?? '', message.topic, message.id)}.${withNote}`;
  } else {
    const participants = [...new Set([...(message.dm_user_ids ?? []), message.sender_id])].sort((a, b) => a - b);
    url = `/#narrow/dm/${participants.join(',')}/near/${message.id}`;
    content = `You requested a reminder for the following direct message.${withNote}`;
  }
  const sender = `@_**${senderName}|${message.sender_id}**`;
  content += '\n\n';
  if (message.content.startsWith('/poll')) return `${content}${sender} [sent](${url}) a poll.`;
  if (message.content.startsWith('/todo')) return `${content}${sender} [sent](${url}) a todo list.`;
  content += `${sender} [said](${url}):\n`;
  // Zulip picks the fence from the text around the quote; the quoted message is looked at too,
  // so that a fence inside it cannot end the quote early.
  const fence = unusedFence(`${content}\n${message.content}`);
  const room = LIMITS.max_message_length - [...`${content}${fence}quote\n\n${fence}`].length;
  return `${content}${fence}quote\n${truncate(message.content, room, '\n[message truncated]')}\n${fence}`;
}

/** What reminderContent needs to know of the message beyond its row: its sender's name, its channel's name. */
export async function reminderSource(peers: Peers, message: ViewedMessageRow): Promise<ReminderSource> {
  const [people, channel] = await Promise.all([
    peers.people([message.sender_id]),
    message.kind === 'channel' && message.channel_id !== null ? peers.channelOrHidden({ stream_id: message.channel_id }) : undefined,
  ]);
  return {
    message,
    senderName: people.users[0]?.full_name ?? '',
    ...(channel && { channelName: channel.channel?.name ?? channel.hiddenName ?? '' }),
  };
}
