import type MarkdownIt from 'markdown-it';

type Match = ReturnType<MarkdownIt['linkify']['match']> extends (infer M)[] | null ? M : never;

/** What may stand before an auto-link (the lookbehind of Zulip's get_web_link_regex). */
const MAY_PRECEDE = /[\s'"(,:<]/;
/** What may follow an auto-link before white space or the end; not part of the link. */
const TRAILING = new Set([...'!:;?),.\'">']);
/** Zulip matches parentheses nested up to seven deep in a URL's path, and no deeper. */
const MAX_PAREN_DEPTH = 7;
// Zulip leaves out top-level domains that are mostly file extensions ("see main.py").
const FILE_EXTENSION_TLD = /\.(?:java|md|mov|py|zip)$/i;

/**
 * Where Zulip's auto-link starting at `start` of `text` ends, or undefined where Zulip makes no
 * link: the link is the shortest prefix of the run of non-space characters whose rest is only
 * trailing punctuation, with its parentheses balanced (an e-mail address takes no path).
 */
function zulipLinkEnd(text: string, start: number, email: boolean): number | undefined {
  let runEnd = start;
  while (runEnd < text.length && !/\s/.test(text[runEnd])) runEnd++;
  let end = runEnd;
  while (end > start && TRAILING.has(text[end - 1])) end--;
  if (email) return /^[\w.-]+@[\w.-]+\.\w+$/.test(text.slice(start, end)) ? end : undefined;
  let depth = 0;
  let deepest = 0;
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '"') return undefined;
    if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')' && --depth < 0) return undefined;
  }
  // Only closing parentheses from the trailing punctuation can balance what is still open.
  while (depth > 0 && end < runEnd && text[end] === ')') {
    end++;
    depth--;
  }
  return depth === 0 && deepest <= MAX_PAREN_DEPTH ? end : undefined;
}

/**
 * linkify-it's matches, cut and extended to the links Zulip's get_web_link_regex finds.
 * `afterColons` are linkify-it's matches in the text with each colon not before "//" read as
 * a space: Zulip links what follows a colon whatever stands before it ("javascript:foo.com"
 * links foo.com), where linkify-it, reading a scheme it refuses, finds nothing.
 */
export function zulipLinkifyMatch(text: string, matches: Match[] | null, afterColons: Match[] | null = null): Match[] {
  const kept = (matches ?? []).flatMap((m) => asZulipLink(text, m));
  const overlaps = (m: Match) => kept.some((o) => m.index < o.lastIndex && o.index < m.lastIndex);
  const extra = (afterColons ?? []).filter((m) => m.index > 0 && text[m.index - 1] === ':' && !overlaps(m)).flatMap((m) => asZulipLink(text, m));
  return [...kept, ...extra].sort((a, b) => a.index - b.index);
}

/** One linkify-it match as the link Zulip makes there, if any. */
function asZulipLink(text: string, m: Match): Match[] {
  if (m.index > 0 && !MAY_PRECEDE.test(text[m.index - 1])) return [];
  const email = m.schema === 'mailto:' || (m.schema === '' && m.url.startsWith('mailto:'));
  const end = zulipLinkEnd(text, m.index, email);
  if (end === undefined) return [];
  const raw = text.slice(m.index, end);
  if (m.schema === '' && !email && FILE_EXTENSION_TLD.test(raw.split(/[/?#:]/, 1)[0])) return [];
  const prefix = m.schema !== '' ? '' : email ? 'mailto:' : 'http://';
  return [{ ...m, lastIndex: end, raw, text: raw, url: prefix + raw }];
}
