import { BadRequestError, isIntegerParam } from '@parley/common';

/**
 * Where a send goes, as clients name it: `to` for direct messages and for channel messages,
 * and whether the channel's topics policy takes the topic.
 */

/** `to` as clients send it for direct messages: a JSON list of IDs or emails, or emails separated by commas. */
export function parseDirectRecipients(raw: string): (string | number)[] {
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // a bare email, or emails separated by commas
  }
  if (typeof value === 'number') value = [value];
  if (typeof value === 'string')
    value = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(value) || !value.length || !value.every((v) => (typeof v === 'string' && v) || isIntegerParam(v))) {
    throw new BadRequestError('Invalid user ID or email in to');
  }
  return value as (string | number)[];
}

/** `to` for channel messages: a channel ID or name (JSON-encoded or bare). */
export function parseChannelTarget(raw: string): { stream_id: number } | { name: string } {
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // a bare name
  }
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (isIntegerParam(value)) return { stream_id: value };
  if (typeof value === 'string' && value.trim()) return { name: value.trim() };
  throw new BadRequestError('Invalid channel in to');
}

/** Whether the channel (under the realm's topics_policy for "inherit") takes this topic. */
export function checkTopicPolicy(channelPolicy: string, realmPolicy: string, topic: string): void {
  const policy = channelPolicy === 'inherit' ? realmPolicy : channelPolicy;
  if (topic === '' && policy === 'disable_empty_topic') throw new BadRequestError('Sending messages to the general chat is not allowed in this channel.');
  if (topic !== '' && policy === 'empty_topic_only') throw new BadRequestError('Only the general chat topic is allowed in this channel.');
}
