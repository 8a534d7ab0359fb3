import type { RenderContext } from './context';
import { compileLinkifiers, linkifierMatches } from './linkifiers';
import { md } from './markdown';

interface TopicMatch {
  text: string;
  url: string;
  index: number;
  /** The linkifier's place in the realm's order; bare URLs come after every linkifier. */
  precedence: number;
}

// Zulip cuts a topic at these before looking for bare URLs (basic_link_splitter).
const SPLITTER = /[ !;),'"]/g;
const BEFORE_URL = /[\s'"(,:<]/;
const AFTER_URL = /^[!:;?),.'">]*$/;

/**
 * Zulip's topic_links: each linkifier's matches in the topic, then bare URLs; where two
 * overlap, the earlier linkifier wins, and any linkifier wins over a bare URL. The URLs are
 * not HTML-escaped (clients escape them when they show them); a bare URL without a scheme
 * gets https://, as Zulip gives it.
 */
export function topicLinks(topic: string, linkifiers: RenderContext['linkifiers']): { text: string; url: string }[] {
  const matches: TopicMatch[] = [];
  compileLinkifiers(linkifiers).forEach((linkifier, precedence) => {
    for (const { index, text, url } of linkifierMatches(topic, linkifier)) matches.push({ index, text, url, precedence });
  });
  matches.sort((a, b) => a.precedence - b.precedence || a.index - b.index);
  matches.push(...bareUrls(topic));
  const applied: TopicMatch[] = [];
  for (const match of matches) if (applied.every((other) => !overlaps(other, match))) applied.push(match);
  applied.sort((a, b) => a.index - b.index);
  return applied.map(({ text, url }) => ({ text, url }));
}

function overlaps(a: TopicMatch, b: TopicMatch): boolean {
  return (b.index <= a.index && a.index < b.index + b.text.length) || (a.index <= b.index && b.index < a.index + a.text.length);
}

/** At most one URL per piece between splitters, ending the piece (bar closing punctuation). */
function bareUrls(topic: string): TopicMatch[] {
  const found: TopicMatch[] = [];
  for (let pos = 0; pos < topic.length;) {
    SPLITTER.lastIndex = pos;
    const end = SPLITTER.exec(topic)?.index ?? topic.length;
    const piece = topic.slice(pos, end);
    const link = (md.linkify.match(piece) ?? []).find((l) => (l.index === 0 || BEFORE_URL.test(piece[l.index - 1])) && AFTER_URL.test(piece.slice(l.lastIndex)));
    if (link) {
      const hasScheme = link.schema !== '' && link.raw.toLowerCase().startsWith(link.schema.toLowerCase());
      found.push({ text: link.raw, url: hasScheme ? link.raw : `https://${link.raw}`, index: pos + link.index, precedence: Infinity });
    }
    pos = end + 1;
  }
  return found;
}
