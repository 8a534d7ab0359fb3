import { renderMessage } from './index';
import { expectLinearGrowth } from '@parley/common/testing';

const html = (content: string, cap?: number) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }, cap).html;

describe("Zulip's blocks and emphasis", () => {
  it('strikes ~~ with spaces inside, not across a line or with a third ~', () => {
    expect(html('I ~~ like software ~~ love')).toBe('<p>I <del> like software </del> love</p>');
    expect(html('~~test **x** link~~')).toBe('<p><del>test <strong>x</strong> link</del></p>');
    expect(html('~~a\nb~~')).toBe('<p>~~a<br>\nb~~</p>');
    expect(html('~~~a~~~ x')).toBe('<p>~~~a~~~ x</p>');
    expect(html('~~~a~~ ~~a~~~')).toBe('<p>~~~a<del> </del>a~~~</p>'); // as DEL_RE reads it
  });

  it('nests ***foo*** as strong around emphasis, and keeps ** and * within a line', () => {
    expect(html('***foo***')).toBe('<p><strong><em>foo</em></strong></p>');
    expect(html('**a\nb**')).toBe('<p>**a<br>\nb**</p>');
    expect(html('*a\nb* **c**')).toBe('<p>*a<br>\nb* <strong>c</strong></p>');
  });

  it('shows an empty quote as ">" and joins bullet lists of different markers', () => {
    expect(html('>')).toBe('<p>&gt;</p>');
    expect(html('>>>')).toBe('<blockquote>\n<blockquote>\n<p>&gt;</p>\n</blockquote>\n</blockquote>');
    expect(html('* One\n- Two\n+ Three')).toBe('<ul>\n<li>One</li>\n<li>Two</li>\n<li>Three</li>\n</ul>');
  });

  it('nests list items indented two spaces, ordered ones at any number, as Zulip', () => {
    expect(html('1. A\n2. B\n  3. C')).toBe('<ol>\n<li>A</li>\n<li>B\n<ol start="3">\n<li>C</li>\n</ol>\n</li>\n</ol>');
    expect(html('1. a\n  2. b\n    3. c\n2. d')).toMatch(/^<ol>\n<li>a\n<ol start="2">\n<li>b\n<ol start="3">\n<li>c<\/li>/);
    expect(html('para:\n\n    1. list-1\n    2. list-2')).toBe('<p>para:</p>\n<div class="codehilite"><pre><span></span><code>1. list-1\n2. list-2\n</code></pre></div>');
    expect(html('* a\n```\n  2. x\n```')).toContain('<code>  2. x\n</code>');
  });

  it('opens no fence whose info string has ~ or `, so it swallows nothing', () => {
    expect(html('~~~~~~~~xx:  yy~~~~~~\nnext')).toBe('<p>~~~~~~~~xx:  yy~~~~~~<br>\nnext</p>');
  });

  it('does work in proportion to long runs of ~ and *, and to deep lists', () => {
    // Past a message's length, and so past the cap on its HTML: the growth is what is measured.
    expectLinearGrowth((n) => html(`${'~~a '.repeat(n)}\n${'~'.repeat(4 * n)}\n${'***a '.repeat(n)}`, Infinity), 250);
    expectLinearGrowth((n) => html(Array.from({ length: n }, (_, i) => `${' '.repeat((i % 40) * 2)}${i}. x`).join('\n'), Infinity), 250);
  });
});
