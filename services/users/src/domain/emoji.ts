import { BadRequestError } from '@parley/common';

/**
 * Emoji names and codes, as Zulip checks them for statuses (and, later, reactions).
 * Namespaces by reaction_type:
 * - unicode_emoji: the names of the emoji-datasource package; the code is the lower-case,
 *   dash-separated code points without the U+FE0F presentation selector ("1f697",
 *   "1f3f3-200d-1f308"), which is how Zulip writes them.
 * - zulip_extra_emoji: Zulip's own emoji, whose code is its name ("zulip").
 * - realm_emoji: a realm's custom emoji, by ID.
 */
export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

export interface EmojiData {
  emoji_code: string;
  reaction_type: ReactionType;
}

interface DatasourceEntry {
  unified: string;
  short_names: string[];
}

/** Zulip drops U+FE0F so that qualified and unqualified forms share one code. */
export function unicodeEmojiCode(unified: string): string {
  return unified.toLowerCase().split('-').filter((cp) => cp !== 'fe0f').join('-');
}

function loadUnicodeEmoji(): { byName: Map<string, string>; codes: Set<string> } {
  // The package is JSON only (no types); loaded on first use, not at every start.
  const entries = require('emoji-datasource/emoji.json') as DatasourceEntry[];
  const byName = new Map<string, string>();
  const codes = new Set<string>();
  for (const entry of entries) {
    const code = unicodeEmojiCode(entry.unified);
    codes.add(code);
    for (const name of entry.short_names) if (!byName.has(name)) byName.set(name, code);
  }
  return { byName, codes };
}

let unicode: ReturnType<typeof loadUnicodeEmoji> | undefined;
const unicodeEmoji = () => (unicode ??= loadUnicodeEmoji());

/** Zulip's extra emoji: only `zulip`, whose code is its name. */
const ZULIP_EXTRA_EMOJI: ReadonlySet<string> = new Set(['zulip']);

/** The spec's neutral name for zulip_extra_emoji; accepted on input, never sent. */
const REACTION_TYPE_ALIASES: Readonly<Record<string, string>> = { service_extra_emoji: 'zulip_extra_emoji' };

export function normalizeReactionType(type: string): string {
  return REACTION_TYPE_ALIASES[type] ?? type;
}

export function unicodeEmojiCodeOf(name: string): string | undefined {
  return unicodeEmoji().byName.get(name);
}

/**
 * The code and type of the emoji a name stands for, in Zulip's order of precedence:
 * custom emoji, then Zulip's extra emoji, then Unicode emoji.
 */
export function emojiDataForName(name: string): EmojiData {
  // Custom emoji do not exist yet (the uploads issue adds them), so no name is a realm emoji.
  if (ZULIP_EXTRA_EMOJI.has(name)) return { emoji_code: name, reaction_type: 'zulip_extra_emoji' };
  const code = unicodeEmojiCodeOf(name);
  if (code !== undefined) return { emoji_code: code, reaction_type: 'unicode_emoji' };
  throw new BadRequestError(`Emoji '${name}' does not exist`);
}

/** Zulip's check_emoji_request: the name, code and type must name one existing emoji. */
export function checkEmoji(name: string, code: string, type: string): EmojiData {
  switch (type) {
    case 'realm_emoji':
      // Custom emoji do not exist yet (the uploads issue adds them): every custom emoji ID is
      // invalid until then. Zulip also answers "Invalid custom emoji name." and "This custom
      // emoji has been deactivated." here; those need custom emoji to exist.
      throw new BadRequestError('Invalid custom emoji.');
    case 'zulip_extra_emoji':
      if (!ZULIP_EXTRA_EMOJI.has(code)) throw new BadRequestError('Invalid emoji code.');
      if (name !== code) throw new BadRequestError('Invalid emoji name.');
      return { emoji_code: code, reaction_type: type };
    case 'unicode_emoji':
      if (!unicodeEmoji().codes.has(code)) throw new BadRequestError('Invalid emoji code.');
      if (unicodeEmojiCodeOf(name) !== code) throw new BadRequestError('Invalid emoji name.');
      return { emoji_code: code, reaction_type: type };
    default:
      throw new BadRequestError('Invalid emoji type.');
  }
}
