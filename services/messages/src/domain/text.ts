import { BadRequestError, LIMITS } from '@parley/common';

/**
 * Message and topic text as Zulip takes it: content trimmed of trailing white space and
 * leading blank lines, and cut at max_message_length with "[message truncated]"; topics cut
 * at max_topic_length with an ellipsis; "(no topic)" and the realm's name for the empty topic
 * read as the empty topic (feature level 370).
 */
export function normalizeContent(raw: string): string {
  const content = raw.replace(/\s+$/u, '').replace(/^\n+/, '');
  if (!content) throw new BadRequestError('Message must not be empty');
  if (content.includes('\u0000')) throw new BadRequestError('Message must not contain null bytes');
  return truncate(content, LIMITS.max_message_length, '\n[message truncated]');
}

export function normalizeTopic(raw: string, emptyTopicDisplayName: string): string {
  const topic = raw.trim();
  if (topic.includes('\u0000')) throw new BadRequestError('Topic must not contain null bytes');
  if (topic === '(no topic)' || topic === emptyTopicDisplayName) return '';
  return truncate(topic, LIMITS.max_topic_length, '...');
}

export function truncate(text: string, max: number, marker: string): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - marker.length).join('') + marker;
}

/** The clients whose users send by hand: their own messages start read (Zulip's Client.default_read_by_sender). */
const UI_CLIENTS = new Set(['website', 'zulipandroid', 'zulipios', 'zulipmobile', 'zulipelectron', 'zulipdesktop', 'zulipterminal', 'ios', 'android', 'snipe']);

export function readBySenderByDefault(client: string): boolean {
  const name = client.toLowerCase();
  return UI_CLIENTS.has(name) || name.includes('desktop app');
}
