import { BadRequestError, LIMITS } from '@parley/common';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** A channel name: trimmed, not empty, within max_stream_name_length, no control characters. */
export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new BadRequestError("Channel name can't be empty.");
  if ([...name].length > LIMITS.max_stream_name_length) {
    throw new BadRequestError(`Channel name too long (limit: ${LIMITS.max_stream_name_length} characters).`);
  }
  const at = [...name].findIndex((ch) => CONTROL.test(ch));
  if (at >= 0) throw new BadRequestError(`Invalid character in channel name, at position ${at + 1}.`);
  return name;
}

/** A channel description: one line (Zulip turns newlines into spaces), within the limit. */
export function checkChannelDescription(raw: string): string {
  const description = raw.replace(/\r?\n/g, ' ').trim();
  if ([...description].length > LIMITS.max_stream_description_length) {
    throw new BadRequestError(`Channel description too long (limit: ${LIMITS.max_stream_description_length} characters).`);
  }
  if (CONTROL.test(description)) throw new BadRequestError('Invalid character in channel description');
  return description;
}

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;

export function checkTopicsPolicy(raw: string): string {
  if (!(TOPICS_POLICIES as readonly string[]).includes(raw)) throw new BadRequestError(`Invalid topics_policy: '${raw}'`);
  return raw;
}

/**
 * message_retention_days as sent: a positive number of days, "realm_default" (null) or
 * "unlimited" (-1). The older "forever" was replaced at feature level 91 and is refused.
 * Clients send strings raw or JSON-encoded ("\"unlimited\"").
 */
export function parseRetention(raw: string): number | null {
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // a bare string
  }
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new BadRequestError(`Bad value for 'message_retention_days': ${raw}`);
}
