import { unicodeEmojiCode, unicodeEmojiCodeOf, unicodeEmojiTable } from '@parley/common';
import { attrs, escapeText } from './html';

/** `:name:` anywhere in text, as Zulip's EMOJI_REGEX (`:[\w\-\+]+:`, \w being Unicode's). */
const SHORTCODE = /:[\p{L}\p{M}\p{N}_+-]+:/gu;

/** Zulip's own emoji, drawn from its static files. */
const ZULIP_EMOJI_SRC = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/**
 * A Unicode emoji as Zulip's POSSIBLE_EMOJI_RE finds one (Unicode TR51's EBNF): a flag, or an
 * emoji with a modifier, presentation selector, keycap or tag sequence, joined by ZWJs. Each
 * repetition starts with a fixed character, so matching is linear.
 */
const SEQUENCE_PART = String.raw`\p{RI}\p{RI}|\p{Emoji}(?:\p{Emoji_Modifier}|\u{FE0F}\u{20E3}?|[\u{E0020}-\u{E007E}]+\u{E007F})?`;
const UNICODE_EMOJI = new RegExp(`(?:${SEQUENCE_PART})(?:\\u{200D}(?:${SEQUENCE_PART}))*`, 'gu');
/** A single character that is text by default (digits, ↔, ©), which Zulip leaves as text. */
const TEXT_PRESENTATION = /^\P{Emoji_Presentation}\u{20E3}?$/u;

/** Zulip's emoticon translations (EMOTICON_CONVERSIONS in tools/setup/emoji/emoji_setup_utils.py). */
const EMOTICONS: readonly [string, string][] = [
  [':)', 'smile'],
  ['(:', 'smile'],
  [':(', 'frown'],
  ['<3', 'heart'],
  [':|', 'neutral'],
  [':/', 'confused'],
  [';)', 'wink'],
  [':D', 'grinning'],
  [':o', 'open_mouth'],
  [':O', 'open_mouth'],
  [':p', 'stuck_out_tongue'],
  [':P', 'stuck_out_tongue'],
];
/** What may stand around an emoticon (EMOTICON_RE's terminal_symbols). */
const TERMINAL = new Set([...',.;?!()[] "\'\n\t']);

let unqualified: Map<string, string> | undefined;

/**
 * Zulip's codepoint_to_name, keyed as Zulip keys it: without U+FE0F (a few of the shared table's
 * codes keep it, e.g. 1f441-fe0f-200d-1f5e8-fe0f, where Zulip renders emoji-1f441-200d-1f5e8).
 */
function nameOfUnqualified(code: string): string | undefined {
  unqualified ??= new Map([...unicodeEmojiTable().nameByCode].map(([c, name]) => [unicodeEmojiCode(c), name]));
  return unqualified.get(code);
}

/** The code Zulip renders for a name: its code without U+FE0F. */
function codeOfName(name: string): string | undefined {
  const code = unicodeEmojiCodeOf(name);
  return code === undefined ? undefined : unicodeEmojiCode(code);
}

/** An emoji found in text: a Unicode or Zulip emoji by code, or a realm's custom emoji by its image (`src`). */
export type EmojiPiece = { text: string; emoji?: undefined } | { text: string; emoji: { name: string; code: string; src?: string } };

/**
 * The text split at the emoji Zulip renders in it: `:name:` shortcodes that name an emoji
 * (Zulip's extra `zulip`, or any of Zulip's names for a Unicode emoji, aliases too; an unknown
 * name stays text), then emoticons like `:)` when the sender translates them, then Unicode emoji
 * that Zulip names. A name of the realm's active custom emoji is that emoji first, as in Zulip.
 */
export function splitEmoji(text: string, translateEmoticons = false, realmEmoji?: ReadonlyMap<string, string>): EmojiPiece[] {
  const pieces: EmojiPiece[] = [];
  const plain = (t: string) => {
    if (translateEmoticons) {
      for (const p of splitEmoticons(t)) {
        if (p.emoji) pieces.push(p);
        else pushUnicode(pieces, p.text);
      }
    } else pushUnicode(pieces, t);
  };
  let pos = 0;
  SHORTCODE.lastIndex = 0;
  for (let m = SHORTCODE.exec(text); m; m = SHORTCODE.exec(text)) {
    const name = m[0].slice(1, -1);
    const src = realmEmoji?.get(name);
    const code = src !== undefined ? 'realm' : name === 'zulip' ? 'zulip' : codeOfName(name);
    // As in Zulip, an unknown name's closing colon does not open another (":x:smile:").
    if (code === undefined) continue;
    if (m.index > pos) plain(text.slice(pos, m.index));
    pieces.push({ text: m[0], emoji: { name, code, ...(src !== undefined && { src }) } });
    pos = m.index + m[0].length;
  }
  if (pos < text.length) plain(text.slice(pos));
  return pieces;
}

/** Whether the text has a `:name:` shortcode at all (then the realm's custom emoji may be needed). */
export function hasShortcode(text: string): boolean {
  SHORTCODE.lastIndex = 0;
  return SHORTCODE.test(text);
}

/** Whether the text has an emoticon Zulip would translate (outside code or not: a cheap first look). */
export function hasEmoticon(text: string): boolean {
  return splitEmoticons(text).some((piece) => piece.emoji);
}

function splitEmoticons(text: string): EmojiPiece[] {
  const pieces: EmojiPiece[] = [];
  let start = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    if (i > 0 && !TERMINAL.has(text[i - 1])) continue;
    const found = EMOTICONS.find(([e]) => text.startsWith(e, i) && (i + 2 === text.length || TERMINAL.has(text[i + 2])));
    if (!found) continue;
    if (i > start) pieces.push({ text: text.slice(start, i) });
    pieces.push({ text: found[0], emoji: { name: found[1], code: codeOfName(found[1])! } });
    start = i + 2;
    i++;
  }
  if (start < text.length) pieces.push({ text: text.slice(start) });
  return pieces;
}

function pushUnicode(pieces: EmojiPiece[], text: string): void {
  let pos = 0;
  UNICODE_EMOJI.lastIndex = 0;
  for (let m = UNICODE_EMOJI.exec(text); m; m = UNICODE_EMOJI.exec(text)) {
    if (TEXT_PRESENTATION.test(m[0])) continue;
    const code = [...m[0].replace(/\u{FE0F}/gu, '')].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('-');
    const name = nameOfUnqualified(code);
    if (name === undefined) continue;
    if (m.index > pos) pieces.push({ text: text.slice(pos, m.index) });
    pieces.push({ text: m[0], emoji: { name, code } });
    pos = m.index + m[0].length;
  }
  if (pos < text.length) pieces.push({ text: text.slice(pos) });
}

/** Zulip's make_emoji and make_realm_emoji: the title reads the name with spaces. */
export function renderEmoji(name: string, code: string, src?: string): string {
  const syntax = `:${name}:`;
  const title = name.replace(/_/g, ' ');
  if (src !== undefined)
    return `<img${attrs([
      ['alt', syntax],
      ['class', 'emoji'],
      ['src', src],
      ['title', title],
    ])}>`;
  if (code === 'zulip')
    return `<img${attrs([
      ['alt', syntax],
      ['class', 'emoji'],
      ['src', ZULIP_EMOJI_SRC],
      ['title', title],
    ])}>`;
  const span = attrs([
    ['aria-label', title],
    ['class', `emoji emoji-${code}`],
    ['role', 'img'],
    ['title', title],
  ]);
  return `<span${span}>${escapeText(syntax)}</span>`;
}
