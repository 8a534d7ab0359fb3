/**
 * A user's flags on a message, stored as bits of user_messages.flags. Clients change only
 * `read`, `starred` and `collapsed`; the others are set by the server (mentions, alert words,
 * `historical` for a message the user read without having received it). Bits not named here
 * are the server's own (store/messages.ts DIRECT_COPY_BIT) and never shown.
 */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
} as const;

export type FlagName = keyof typeof FLAG_BITS;

/** The flags clients may add and remove with POST /messages/flags. */
export const EDITABLE_FLAGS: readonly FlagName[] = ['read', 'starred', 'collapsed'];

/** The flag names of a bit set, as messages show them; `wildcard_mentioned` is the deprecated union. */
export function flagNames(bits: number): string[] {
  const names = (Object.keys(FLAG_BITS) as FlagName[]).filter((name) => (bits & FLAG_BITS[name]) !== 0) as string[];
  if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) names.push('wildcard_mentioned');
  return names;
}
