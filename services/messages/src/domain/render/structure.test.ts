import { renderMessage } from './index';

const html = (content: string) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }).html;

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

  it('opens no fence whose info string has ~ or `, so it swallows nothing', () => {
    expect(html('~~~~~~~~xx:  yy~~~~~~\nnext')).toBe('<p>~~~~~~~~xx:  yy~~~~~~<br>\nnext</p>');
  });

  it('stays fast on long runs of ~ and *', () => {
    const started = Date.now();
    html(`${'~~a '.repeat(2500)}\n${'~'.repeat(10000)}\n${'***a '.repeat(2000)}`);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
