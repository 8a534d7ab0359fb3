import { renderMessage } from './index';
import { MAX_TEX } from './math';
import { expectLinearGrowth } from '@parley/common/testing';

const html = (content: string) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }).html;

describe('spoilers', () => {
  it("renders ```spoiler header as Zulip's spoiler block, the content hidden", () => {
    expect(html('```spoiler header\ncontent\n```\noutside spoiler\n')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>header</p>\n</div>' + '<div class="spoiler-content" aria-hidden="true">\n<p>content</p>\n</div></div>\n<p>outside spoiler</p>',
    );
  });

  it('has an empty header when none is given, and renders Markdown in both parts', () => {
    expect(html('~~~spoiler\n**x**\n~~~')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n</div>' + '<div class="spoiler-content" aria-hidden="true">\n<p><strong>x</strong></p>\n</div></div>',
    );
    expect(html('```spoiler *Plot*\n```quote\nq\n```\n```')).toContain('<p><em>Plot</em></p>');
  });

  it('works inside a quote, and quotes work inside it', () => {
    expect(html('~~~quote\n```spoiler h\nc\n```\n~~~')).toMatch(/^<blockquote>\n<div class="spoiler-block">/);
  });

  it('escapes HTML in the header and the content', () => {
    const out = html('```spoiler <script>alert(1)</script> <img src=x onerror=alert(1)>\n<script>alert(2)</script>\n```');
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(out).toContain('<p>&lt;script&gt;alert(2)&lt;/script&gt;</p>');
  });
});

describe('math', () => {
  it('renders $$tex$$ inline with KaTeX, as Zulip', () => {
    const out = html('so $$x^2$$ then');
    expect(out).toMatch(/^<p>so <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
    expect(out).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(out).toMatch(/<\/span> then<\/p>$/);
  });

  it('leaves $$ alone where Zulip does: money, code, a newline inside, a word right after', () => {
    expect(html('We make $$$ or $$$$!')).toBe('<p>We make $$$ or $$$$!</p>');
    expect(html('`$$a$$`')).toBe('<p><code>$$a$$</code></p>');
    expect(html('$$x=3\ny=4$$')).toBe('<p>$$x=3<br>\ny=4$$</p>');
    expect(html('$$_$$ smiley')).toBe('<p>$$_$$ smiley</p>');
    expect(html('$$a$$b')).toBe('<p>$$a$$b</p>');
  });

  it('renders ```math as display math, one formula per paragraph', () => {
    const out = html('```math\na^2\n\nb^2\n```');
    expect(out.match(/<p><span class="katex-display"><span class="katex">/g)).toHaveLength(2);
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
  });

  it("shows bad TeX in Zulip's tex-error span, escaped", () => {
    expect(html('$$\\error{**a**}$$')).toBe('<p><span class="tex-error">$$\\error{**a**}$$</span></p>');
    expect(html("~~~math\n\\<script type='x'>alert('xss');</script>\n~~~")).toBe('<p><span class="tex-error">\\&lt;script type=&#x27;x&#x27;&gt;alert(&#x27;xss&#x27;);&lt;/script&gt;</span></p>');
  });

  it('never lets markup through: TeX text, \\href and \\htmlData are escaped or refused', () => {
    for (const tex of ['<script>alert(1)</script>', '\\href{javascript:alert(1)}{x}', '\\htmlData{onclick=alert(1)}{x}', '\\text{<img src=x>}']) {
      const out = html(`$$${tex}$$\n\n\`\`\`math\n${tex}\n\`\`\``);
      expect(out).not.toMatch(/<script|<img|<a |href=|\son[a-z]+=|data-onclick/);
    }
  });

  it('refuses TeX over the size bound, stops macro bombs, and works in proportion to its length', () => {
    expect(html(`$$${'x'.repeat(MAX_TEX + 1)}$$`)).toMatch(/^<p><span class="tex-error">/);
    expect(html(`$$${'\\def\\a{\\a\\a}\\a'}$$`)).toMatch(/^<p><span class="tex-error">/);
    const fraction = '\\frac{a}{b}';
    expect(html(`$$${fraction.repeat(Math.floor(MAX_TEX / fraction.length))}$$`)).toContain('class="katex"');
    const render = (n: number) => Array.from({ length: 5 }, () => html(`$$${fraction.repeat(n)}$$`));
    expectLinearGrowth(render, Math.floor(MAX_TEX / fraction.length / 8), { largest: Math.floor(MAX_TEX / fraction.length) });
  });
});
