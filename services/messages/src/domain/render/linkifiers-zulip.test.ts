import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMessage } from './index';
import { topicLinks } from './topic-links';

/**
 * Zulip's own linkifier cases (MarkdownLinkifierTest in zerver/tests/test_markdown.py), kept
 * as data: the same content or topic, with the same linkifiers in the same order, gives the
 * same links (target and text, in order). The HTML around them is the rendering tests' concern.
 */
type Linkifiers = { pattern: string; url_template: string }[];
interface Cases {
  messages: { id: string; linkifiers: Linkifiers; content: string; links: [string, string][] }[];
  topics: { id: string; linkifiers: Linkifiers; topic: string; links: [string, string][] }[];
}
const cases = JSON.parse(readFileSync(join(__dirname, 'zulip-linkifier-cases.json'), 'utf8')) as Cases;
const withIds = (linkifiers: Linkifiers) => linkifiers.map((l, i) => ({ id: i + 1, ...l }));

/** The links of rendered HTML: [href, text], in order (the renderer's own output, so a simple reading serves). */
function linksOf(html: string): [string, string][] {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => [unescape(m[1]), unescape(m[2].replace(/<[^>]+>/g, ''))]);
}

describe("Zulip's linkifier cases", () => {
  it.each(cases.messages.map((c) => [c.id, c] as const))('message %s', (_id, c) => {
    const { html } = renderMessage(c.content, { users: [], groups: [], channels: [], linkifiers: withIds(c.linkifiers) });
    expect(linksOf(html)).toEqual(c.links);
  });

  it.each(cases.topics.map((c) => [c.id, c] as const))('topic %s', (_id, c) => {
    expect(topicLinks(c.topic, withIds(c.linkifiers)).map((l) => [l.url, l.text])).toEqual(c.links);
  });
});
