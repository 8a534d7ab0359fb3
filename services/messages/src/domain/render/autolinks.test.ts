import { renderMessage } from './index';
import { expectLinearGrowth } from '@parley/common/testing';

const html = (content: string, cap?: number) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }, cap).html;
const a = (href: string, text = href) => `<a href="${href}">${text}</a>`;

describe('auto-links as Zulip finds them', () => {
  it('leaves trailing punctuation out, a colon too', () => {
    expect(html('from http://supervisord.org/running.html:')).toBe(`<p>from ${a('http://supervisord.org/running.html')}:</p>`);
    expect(html('at https://zulip.com/api. Check it!')).toBe(`<p>at ${a('https://zulip.com/api')}. Check it!</p>`);
    expect(html('http://example.com/x?with,commas, but')).toBe(`<p>${a('http://example.com/x?with,commas')}, but</p>`);
  });

  it('keeps balanced parentheses, nested up to seven deep, and makes no link deeper', () => {
    expect(html('(http://en.wikipedia.org/wiki/Each-way_(bet))')).toBe(`<p>(${a('http://en.wikipedia.org/wiki/Each-way_(bet)')})</p>`);
    const nested = 'https://zulip.com/(we_like_(to_n(e)st_)_n(es)t)_nest';
    expect(html(`four ${nested}`)).toBe(`<p>four ${a(nested)}</p>`);
    const tooDeep = 'https://zulip.com/(we_like_((t(d(o(_(1(2)1)__)o)o))o_nest_)_nest)_nest';
    expect(html(`eight ${tooDeep}`)).toBe(`<p>eight ${tooDeep}</p>`);
  });

  it('starts a link only after white space or one of \'"(,:<, and shows <> around an address', () => {
    expect(html('<script src=http://xx.com/xss.js<b>')).toBe('<p>&lt;script src=http://xx.com/xss.js&lt;b&gt;</p>');
    expect(html('sorry,http://example.com/')).toBe(`<p>sorry,${a('http://example.com/')}</p>`);
    expect(html('<a@b.com>')).toBe(`<p>&lt;${a('mailto:a@b.com', 'a@b.com')}&gt;</p>`);
    expect(html('a@b.com/foo')).toBe('<p>a@b.com/foo</p>');
  });

  it('does work in proportion to long runs of parentheses', () => {
    // Past a message's length, and so past the cap on its HTML: the growth is what is measured.
    expectLinearGrowth((n) => html(`http://x.com/${'('.repeat(n)}${')'.repeat(n)} http://x.com/${')'.repeat(2 * n)}`, Infinity), 500);
  });
});
