import { compileRe2, type Re2Pattern } from '@parley/common';
import type { RenderContext } from './context';
import { linkTarget } from './links';
import { expandTemplate } from './url-template';

/**
 * Linkifiers as Zulip applies them (prepare_linkifier_pattern in zerver/lib/markdown): a
 * match must start the text or follow whitespace or one of ' " ( , : <, and must not be
 * followed by a letter or digit.
 *
 * Patterns are an administrator's, and the text any member's: they run on RE2 (see
 * common/re2.ts), as in Zulip, whose matching time is linear in the text for every pattern. JavaScript's backtracking RegExp took exponential time on patterns as
 * ordinary as `([A-Z]+-?)+[0-9]+` and stopped the whole process. RE2 has no look-arounds, so,
 * as in Zulip, the pattern consumes the character before and after the match, and the next
 * search starts where the match itself ended: that character may begin the next match, but
 * a character of the match cannot be the opener of the next one.
 */

export interface CompiledLinkifier {
  regex: Re2Pattern;
  /** The pattern's named groups (the URL template's variables). */
  groupNames: string[];
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

// RE2's \s is ASCII only; with NEL and \pZ this is Python's Unicode whitespace, as in Zulip.
const BEFORE = String.raw`(?:^|\s|\x{85}|\pZ|['"(,:<])`;
const AFTER = String.raw`(?:$|[^\pL\pN])`;
// Stands for what Zulip's placeholder for an earlier match is: neither space nor an opener.
const BLOCKER = '\u0002';
/** The match itself, between what comes before and after it. */
const MATCH = 1;

const compiled = new Map<string, CompiledLinkifier['regex'] | null>();
const CACHE_LIMIT = 500;

/**
 * The pattern wrapped with Zulip's boundaries, compiled by RE2; null when RE2 refuses it (the
 * users service checks the syntax when a linkifier is saved, so only an older row could be).
 */
function compilePattern(pattern: string): Re2Pattern | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = compileRe2(`${BEFORE}(${pattern})${AFTER}`);
    } catch {
      regex = null;
    }
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** The linkifiers in order; one whose pattern RE2 refuses is left out. */
export function compileLinkifiers(linkifiers: RenderContext['linkifiers']): CompiledLinkifier[] {
  const out: CompiledLinkifier[] = [];
  for (const { pattern, url_template } of linkifiers) {
    const regex = compilePattern(pattern);
    if (regex) out.push({ regex, groupNames: Object.keys(regex.namedGroups()), urlTemplate: url_template });
  }
  return out;
}

/** Every match of one linkifier in the text, left to right, with its URL. */
export function linkifierMatches(text: string, linkifier: CompiledLinkifier, blockedBefore = false): LinkifierMatch[] {
  const offset = blockedBefore ? BLOCKER.length : 0;
  const matcher = linkifier.regex.matcher(blockedBefore ? BLOCKER + text : text);
  const matches: LinkifierMatch[] = [];
  for (let from = offset; from <= text.length + offset && matcher.find(from);) {
    const [start, end] = [matcher.start(MATCH), matcher.end(MATCH)];
    // The character after the match may open the next one. An empty match links nothing,
    // and the search steps past it (it may have matched at the start, consuming nothing).
    from = start === end ? end + 1 : end;
    if (start === end) continue;
    const groups: Record<string, string> = {};
    for (const name of linkifier.groupNames) {
      const value = matcher.group(name);
      if (value !== null) groups[name] = value;
    }
    const matched = matcher.group(MATCH) ?? '';
    matches.push({ index: start - offset, text: matched, url: expandTemplate(linkifier.urlTemplate, groups) });
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
