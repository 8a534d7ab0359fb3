import { renderMessage, type RenderContext } from './index';

type Linkifiers = RenderContext['linkifiers'];

const ISSUE = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' };
const render = (content: string, linkifiers: Linkifiers = [ISSUE]) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers });
const html = (content: string, linkifiers?: Linkifiers) => render(content, linkifiers).html;
const link = (url: string, text: string) => `<a href="${url}">${text}</a>`;
const issue = (id: string) => link(`https://github.com/zulip/zulip/issues/${id}`, `#${id}`);

describe('linkifiers in messages', () => {
  it('links a match to its expanded URL template, and counts it as a link', () => {
    const r = render('see #123 please');
    expect(r.html).toBe(`<p>see ${issue('123')} please</p>`);
    expect(r.hasLink).toBe(true);
  });

  it('URL-encodes group values, except in {+reserved} expansion', () => {
    const search = { id: 2, pattern: 'find:(?P<q>\\S+)', url_template: 'https://s.example/?q={q}' };
    const reserved = { id: 3, pattern: 'path:(?P<p>\\S+)', url_template: 'https://s.example/{+p}' };
    expect(html('find:a&b/c?d é', [search])).toBe(`<p>${link('https://s.example/?q=a%26b%2Fc%3Fd', 'find:a&amp;b/c?d')} é</p>`);
    expect(html('path:a/b?c=1', [reserved])).toBe(`<p>${link('https://s.example/a/b?c=1', 'path:a/b?c=1')}</p>`);
  });

  it('matches only after the start, whitespace or an opening mark, and not before a letter or digit', () => {
    expect(html('x#1 #2x #3é é#4 #5_')).toBe(`<p>x#1 #2x #3é é#4 ${issue('5')}_</p>`);
    expect(html('(#1) "#2", #3. :#4 <#5> \'#6\' ,#7')).toBe(`<p>(${issue('1')}) "${issue('2')}", ${issue('3')}. :${issue('4')} &lt;${issue('5')}&gt; '${issue('6')}' ,${issue('7')}</p>`);
    expect(html('a\n#8')).toBe(`<p>a<br>\n${issue('8')}</p>`);
    expect(html('[#9 {#10')).toBe('<p>[#9 {#10</p>');
  });

  it('finds matches next to each other, as Zulip does, but not one glued to the last', () => {
    expect(html('#1 #2')).toBe(`<p>${issue('1')} ${issue('2')}</p>`);
    expect(html('#1#2')).toBe(`<p>${issue('1')}#2</p>`);
  });

  it('does not apply inside code, links or URLs', () => {
    const r = render('`#1` [#2](https://x.com) https://x.com/#3\n```\n#4\n```');
    expect(r.html).toBe(
      `<p><code>#1</code> ${link('https://x.com', '#2')} ${link('https://x.com/#3', 'https://x.com/#3')}</p>\n` + '<div class="codehilite"><pre><span></span><code>#4\n</code></pre></div>',
    );
  });

  it('does not apply right after markup, which Zulip handles after linkifiers', () => {
    expect(html('**#1** *#2* ~~#3~~')).toBe('<p><strong>#1</strong> <em>#2</em> <del>#3</del></p>');
    expect(html('**see #1** [a](https://x.com)#2')).toBe(`<p><strong>see ${issue('1')}</strong> ${link('https://x.com', 'a')}#2</p>`);
  });

  it('applies linkifiers in order: the first one wins where two overlap', () => {
    const sub = { id: 4, pattern: '#(?P<id>[0-9]+)-(?P<sub>[0-9]+)', url_template: 'https://t.example/{id}/{sub}' };
    expect(html('#12-3', [sub, ISSUE])).toBe(`<p>${link('https://t.example/12/3', '#12-3')}</p>`);
    expect(html('#12-3', [ISSUE, sub])).toBe(`<p>${issue('12')}-3</p>`);
    const other = { id: 5, pattern: '#(?P<id>[0-9]+)', url_template: 'https://other.example/{id}' };
    expect(html('#7', [other, ISSUE])).toBe(`<p>${link('https://other.example/7', '#7')}</p>`);
  });

  it('lets a later linkifier link what the earlier ones left', () => {
    const repo = { id: 6, pattern: '(?P<repo>[a-z]+)#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/{repo}/issues/{id}' };
    expect(html('zulip#12 and #34', [ISSUE, repo])).toBe(`<p>${link('https://github.com/zulip/zulip/issues/12', 'zulip#12')} and ${issue('34')}</p>`);
  });

  it('reads Python syntax: (?P<name>...) groups and a leading (?i)', () => {
    const jira = { id: 7, pattern: '(?i)jira-(?P<id>\\d+)', url_template: 'https://jira.example/browse/JIRA-{id}' };
    expect(html('JIRA-5 and jira-6', [jira])).toBe(`<p>${link('https://jira.example/browse/JIRA-5', 'JIRA-5')} and ${link('https://jira.example/browse/JIRA-6', 'jira-6')}</p>`);
  });

  it('runs RE2 syntax JavaScript lacks: scoped flags, \\Q…\\E, POSIX classes', () => {
    const scoped = { id: 8, pattern: '(?i:abc)(?P<id>\\d+)', url_template: 'https://x.example/{id}' };
    const quoted = { id: 11, pattern: '\\Qv1.*\\E(?P<id>[[:digit:]]+)', url_template: 'https://v.example/{id}' };
    expect(html('ABC1 v1.*2 v1x2', [scoped, quoted])).toBe(`<p>${link('https://x.example/1', 'ABC1')} ${link('https://v.example/2', 'v1.*2')} v1x2</p>`);
  });

  it('skips a stored pattern RE2 refuses (a look-around), and applies the others', () => {
    const lookahead = { id: 8, pattern: 'abc(?=x)(?P<id>\\d+)', url_template: 'https://x.example/{id}' };
    expect(html('abc1 #2', [lookahead, ISSUE])).toBe(`<p>abc1 ${issue('2')}</p>`);
  });

  it('renders adversarial text against catastrophic patterns correctly (RE2: linear time)', () => {
    // On a backtracking engine each of these takes exponential time in the run of letters.
    const nested = { id: 12, pattern: '(?P<id>(a+)+b)', url_template: 'https://example.com/{id}' };
    const run = 'aaaaaaaaaaaaaaaaaaaaaaaaaaa! '.repeat(340);
    expect(html(`aab ${run}ab`, [nested])).toBe(`<p>${link('https://example.com/aab', 'aab')} ${run}${link('https://example.com/ab', 'ab')}</p>`);
    const ticket = { id: 13, pattern: '(?P<ticket>([A-Z]+-?)+[0-9]+)', url_template: 'https://tickets.example/{ticket}' };
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ! '.repeat(350);
    const content = `ABC-12 ${letters}DE-F-3`;
    expect(content.length).toBeGreaterThan(9_800);
    expect(html(content, [ticket])).toBe(`<p>${link('https://tickets.example/ABC-12', 'ABC-12')} ${letters}${link('https://tickets.example/DE-F-3', 'DE-F-3')}</p>`);
  });

  it('lets the character after a match open the next one, but not a character of the match', () => {
    const paren = { id: 14, pattern: '\\((?P<id>\\d+)\\(?', url_template: 'https://p.example/{id}' };
    // "(1(" is a match; the "(" that ends it cannot open "(2" (Zulip has replaced the match by then).
    expect(html('(1((2 (3 (4', [paren])).toBe(`<p>${link('https://p.example/1', '(1(')}(2 ${link('https://p.example/3', '(3')} ${link('https://p.example/4', '(4')}</p>`);
  });

  it('does not link a template that expands to a refused scheme', () => {
    const evil = { id: 9, pattern: 'run:(?P<code>\\w+)', url_template: 'javascript:{code}' };
    const r = render('run:alert', [evil]);
    expect(r).toMatchObject({ html: '<p>run:alert</p>', hasLink: false });
  });

  it('escapes the matched text and the URL (a quote in the template is percent-encoded, as RFC 6570 says)', () => {
    const angle = { id: 10, pattern: '<(?P<id>\\d+)>', url_template: 'https://x.example/{id}?a=1&b="2"' };
    expect(html('see <12>', [angle])).toBe(`<p>see ${link('https://x.example/12?a=1&amp;b=%222%22', '&lt;12&gt;')}</p>`);
  });

  it('leaves text around a match to the emoji shortcodes', () => {
    expect(html('#1:smile:')).toBe(`<p>${issue('1')}<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>`);
  });
});
