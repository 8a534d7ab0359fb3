import type { RenderContext } from './context';
import { toJsPattern } from './linkifier-pattern';
import { linkTarget } from './links';
import { expandTemplate } from './url-template';

/**
 * Linkifiers as Zulip applies them (prepare_linkifier_pattern in zerver/lib/markdown): a
 * match must start the text or follow whitespace or one of ' " ( , : <, and must not be
 * followed by a letter or digit. Look-arounds keep those characters out of the match, so a
 * following match may start right after it, as in Zulip.
 */

export interface CompiledLinkifier {
  regex: RegExp;
  urlTemplate: string;
}

export interface LinkifierMatch {
  /** Where the match starts in the text. */
  index: number;
  text: string;
  url: string;
}

/** A run of text, or a linkifier's link; `blockedBefore` when a match just before it forbids one at its start. */
export type LinkifiedPiece = { text: string; url?: undefined; blockedBefore: boolean } | { text: string; url: string };

const BEFORE = `(?<=^|[\\s\\u0085\\p{Z}'"(,:<])`;
const AFTER = '(?=$|[^\\p{L}\\p{N}])';
// Stands for what Zulip's placeholder for an earlier match is: neither space nor an opener.
const BLOCKER = '\u0002';

const compiled = new Map<string, RegExp | null>();
const CACHE_LIMIT = 500;

function compilePattern(pattern: string): RegExp | undefined {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    const js = toJsPattern(pattern);
    regex = js ? new RegExp(`${BEFORE}(?:${js.source})${AFTER}`, `gu${js.flags}`) : null;
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex ?? undefined;
}

/** The linkifiers in order; one whose pattern JS cannot run is left out. */
export function compileLinkifiers(linkifiers: RenderContext['linkifiers']): CompiledLinkifier[] {
  const out: CompiledLinkifier[] = [];
  for (const { pattern, url_template } of linkifiers) {
    const regex = compilePattern(pattern);
    if (regex) out.push({ regex, urlTemplate: url_template });
  }
  return out;
}

/** Every match of one linkifier in the text, left to right, with its URL. */
export function linkifierMatches(text: string, linkifier: CompiledLinkifier, blockedBefore = false): LinkifierMatch[] {
  const offset = blockedBefore ? BLOCKER.length : 0;
  const subject = blockedBefore ? BLOCKER + text : text;
  const { regex } = linkifier;
  const matches: LinkifierMatch[] = [];
  regex.lastIndex = offset;
  for (let m = regex.exec(subject); m; m = regex.exec(subject)) {
    if (m[0] === '') {
      // An empty match links nothing; step over one code point and go on.
      regex.lastIndex += (subject.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1;
      continue;
    }
    matches.push({ index: m.index - offset, text: m[0], url: expandTemplate(linkifier.urlTemplate, m.groups ?? {}) });
  }
  return matches;
}

/**
 * The linkifiers applied one after another, each to the text the earlier ones left, so the
 * first linkifier wins where two would overlap (Zulip registers them in order at one
 * priority). A URL Zulip would not link (a javascript: template, say) stays text.
 */
export function applyLinkifiers(text: string, blockedBefore: boolean, linkifiers: CompiledLinkifier[]): LinkifiedPiece[] {
  let pieces: LinkifiedPiece[] = [{ text, blockedBefore }];
  for (const linkifier of linkifiers) {
    pieces = pieces.flatMap((piece) => (piece.url === undefined ? splitPiece(piece, linkifier) : [piece]));
  }
  return pieces.filter((piece) => piece.text !== '');
}

function splitPiece(piece: { text: string; blockedBefore: boolean }, linkifier: CompiledLinkifier): LinkifiedPiece[] {
  const out: LinkifiedPiece[] = [];
  let pos = 0;
  let blockedBefore = piece.blockedBefore;
  for (const match of linkifierMatches(piece.text, linkifier, piece.blockedBefore)) {
    const url = linkTarget(match.url);
    if (url === undefined) continue;
    out.push({ text: piece.text.slice(pos, match.index), blockedBefore });
    out.push({ text: match.text, url });
    pos = match.index + match.text.length;
    blockedBefore = true;
  }
  out.push({ text: piece.text.slice(pos), blockedBefore });
  return out;
}
