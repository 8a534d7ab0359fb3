import { unicodeEmojiCodeOf } from '@parley/common';
import { attrs, escapeText } from './html';

/** `:name:` anywhere in text, as Zulip's EMOJI_REGEX (`:[\w\-\+]+:`, \w being Unicode's). */
const SHORTCODE = /:[\p{L}\p{M}\p{N}_+-]+:/gu;

/** Zulip's own emoji, drawn from its static files. */
const ZULIP_EMOJI_SRC = '/static/generated/emoji/images/emoji/unicode/zulip.png';

export type EmojiPiece = { text: string; emoji?: undefined } | { text: string; emoji: { name: string; code: string } };

/**
 * The text split at emoji shortcodes that name an emoji (Zulip's extra `zulip`, or any of Zulip's
 * names for a Unicode emoji, aliases too); an unknown name stays text. Custom realm emoji do not
 * exist yet.
 */
export function splitEmoji(text: string): EmojiPiece[] {
  const pieces: EmojiPiece[] = [];
  let pos = 0;
  SHORTCODE.lastIndex = 0;
  for (let m = SHORTCODE.exec(text); m; m = SHORTCODE.exec(text)) {
    const name = m[0].slice(1, -1);
    const code = name === 'zulip' ? 'zulip' : unicodeEmojiCodeOf(name);
    // As in Zulip, an unknown name's closing colon does not open another (":x:smile:").
    if (code === undefined) continue;
    if (m.index > pos) pieces.push({ text: text.slice(pos, m.index) });
    pieces.push({ text: m[0], emoji: { name, code } });
    pos = m.index + m[0].length;
  }
  if (pos < text.length) pieces.push({ text: text.slice(pos) });
  return pieces;
}

/** Zulip's make_emoji and make_realm_emoji: the title reads the name with spaces. */
export function renderEmoji(name: string, code: string): string {
  const syntax = `:${name}:`;
  const title = name.replace(/_/g, ' ');
  if (code === 'zulip') return `<img${attrs([['alt', syntax], ['class', 'emoji'], ['src', ZULIP_EMOJI_SRC], ['title', title]])}>`;
  const span = attrs([['aria-label', title], ['class', `emoji emoji-${code}`], ['role', 'img'], ['title', title]]);
  return `<span${span}>${escapeText(syntax)}</span>`;
}
