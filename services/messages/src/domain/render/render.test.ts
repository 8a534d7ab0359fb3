import { renderMessage, type RenderContext } from './index';

const ctx: RenderContext = {
  users: [{ user_id: 12, full_name: 'Full Name', is_active: true }],
  groups: [{ id: 3, name: 'support' }],
  channels: [{ stream_id: 9, name: 'Denmark' }],
  linkifiers: [],
};
const html = (content: string) => renderMessage(content, ctx).html;
const link = (url: string, text = url) => `<a href="${url}">${text}</a>`;

describe('renderMessage: Markdown', () => {
  it('writes paragraphs joined by a newline, with none at the end, and nothing for nothing', () => {
    expect(html('')).toBe('');
    expect(html('test_input')).toBe('<p>test_input</p>');
    expect(html('one\n\ntwo')).toBe('<p>one</p>\n<p>two</p>');
  });

  it('makes a newline a line break, as Zulip does', () => {
    expect(html('a\nb')).toBe('<p>a<br>\nb</p>');
  });

  it('renders emphasis, strong, headings, lists, quotes and ~~ as <del>', () => {
    expect(html('*a* **b** ~~c~~')).toBe('<p><em>a</em> <strong>b</strong> <del>c</del></p>');
    expect(html('# Hello world')).toBe('<h1>Hello world</h1>');
    expect(html('#Hello world')).toBe('<p>#Hello world</p>');
    expect(html('* one\n* two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html('> Hello World!\n\n> Hello Universe!')).toBe('<blockquote>\n<p>Hello World!</p>\n</blockquote>\n<blockquote>\n<p>Hello Universe!</p>\n</blockquote>');
  });

  it('has no _ emphasis, no setext headings and no reference links, like Zulip', () => {
    expect(html('snake_case _x_ __init__')).toBe('<p>snake_case _x_ __init__</p>');
    expect(html('Title\n===')).toBe('<p>Title<br>\n===</p>');
    expect(html('Hello [world]\n\n[world]: https://google.com')).toBe(`<p>Hello [world]</p>\n<p>[world]: ${link('https://google.com')}</p>`);
  });

  it('leaves quotes alone in text and escapes &, < and > once', () => {
    expect(html(`it's "lunch" time`)).toBe(`<p>it's "lunch" time</p>`);
    expect(html('& &amp; &amp;amp;')).toBe('<p>&amp; &amp; &amp;amp;</p>');
  });
});

describe('renderMessage: raw HTML', () => {
  it('escapes HTML in content instead of passing it through', () => {
    expect(html('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html('<div onclick="x()">\nhi\n</div>')).toBe('<p>&lt;div onclick="x()"&gt;<br>\nhi<br>\n&lt;/div&gt;</p>');
    expect(html('hi <img src=x onerror=alert(1)> there')).toBe('<p>hi &lt;img src=x onerror=alert(1)&gt; there</p>');
  });

  it('escapes HTML in code', () => {
    expect(html('`<b>&nbsp;</b>`')).toBe('<p><code>&lt;b&gt;&amp;nbsp;&lt;/b&gt;</code></p>');
    expect(html('```\n<script>"x"</script>\n```')).toBe('<div class="codehilite"><pre><span></span><code>&lt;script&gt;&quot;x&quot;&lt;/script&gt;\n</code></pre></div>');
  });
});

describe('renderMessage: code', () => {
  it("renders fenced code as Zulip's codehilite block, with the language's Pygments name and token classes", () => {
    expect(html('Hamlet once said\n~~~~\ndef func():\n    x = 1\n~~~~\nAnd all was good.')).toBe(
      '<p>Hamlet once said</p>\n<div class="codehilite"><pre><span></span><code>def func():\n    x = 1\n</code></pre></div>\n<p>And all was good.</p>',
    );
    // Zulip's codeblock_hilite_python fixture case.
    expect(html('```python\ndef speak(self):\n    x = 1\n```')).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> <span class="nf">speak</span>' +
        '<span class="p">(</span><span class="bp">self</span><span class="p">):</span>\n    <span class="n">x</span> <span class="o">=</span> ' +
        '<span class="mi">1</span>\n</code></pre></div>',
    );
    expect(html('~~~~ {.py}\nx\n~~~~')).toBe('<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span>\n</code></pre></div>');
  });

  it('drops trailing whitespace in code, as Pygments does, and escapes quotes there', () => {
    expect(html("```\ny = 2\t\t\nz = 'x'   \n```")).toBe('<div class="codehilite"><pre><span></span><code>y = 2\nz = &#39;x&#39;\n</code></pre></div>');
  });

  it('renders four-space-indented code the same way', () => {
    expect(html('    def foo(): pass')).toBe('<div class="codehilite"><pre><span></span><code>def foo(): pass\n</code></pre></div>');
  });

  it('renders inline code as <code>', () => {
    expect(html('run `ls -la` now')).toBe('<p>run <code>ls -la</code> now</p>');
  });

  it('does not read mentions, channel links, emoji or URLs inside code', () => {
    const content = '`@**Full Name** @*support* #**Denmark** :smile: https://x.com`\n```\n@**all** @**topic** :smile: https://x.com\n```';
    const r = renderMessage(content, ctx);
    expect(r.html).toBe(
      '<p><code>@**Full Name** @*support* #**Denmark** :smile: https://x.com</code></p>\n' +
        '<div class="codehilite"><pre><span></span><code>@**all** @**topic** :smile: https://x.com\n</code></pre></div>',
    );
    expect(r).toMatchObject({ mentionedUserIds: [], mentionedGroupIds: [], streamWildcard: false, topicWildcard: false, hasLink: false });
  });

  it('renders ```quote and ```quoted as a block quote of their Markdown', () => {
    expect(html('Hamlet said:\n~~~ quote\nTo be or **not** to be.\n\nThat is the question\n~~~')).toBe(
      '<p>Hamlet said:</p>\n<blockquote>\n<p>To be or <strong>not</strong> to be.</p>\n<p>That is the question</p>\n</blockquote>',
    );
    expect(html('````quoted\nouter\n```quote\ninner\n```\n````')).toBe('<blockquote>\n<p>outer</p>\n<blockquote>\n<p>inner</p>\n</blockquote>\n</blockquote>');
  });
});

describe('renderMessage: links', () => {
  it('links URLs and Markdown links with href alone, as Zulip (no title, target or rel)', () => {
    expect(html('see https://zulip.com/ now')).toBe(`<p>see ${link('https://zulip.com/')} now</p>`);
    expect(html('[Zulip](https://zulip.com)')).toBe(`<p>${link('https://zulip.com', 'Zulip')}</p>`);
    expect(html('[Zulip](https://zulip.com "the site")')).toBe(`<p>${link('https://zulip.com', 'Zulip')}</p>`);
  });

  it('shows the URL of a link with blank text, and makes links to the realm itself relative', () => {
    expect(html('[  ](https://github.com)')).toBe(`<p>${link('https://github.com')}</p>`);
    const local = (content: string) => renderMessage(content, { ...ctx, realmUrl: 'https://chat.example.com' }).html;
    expect(local('[foo](https://chat.example.com/#narrow/stream/1-Denmark)')).toBe(`<p>${link('#narrow/stream/1-Denmark', 'foo')}</p>`);
    expect(local('https://chat.example.com/user_uploads/2/ab/f.pdf')).toBe(`<p>${link('user_uploads/2/ab/f.pdf', 'https://chat.example.com/user_uploads/2/ab/f.pdf')}</p>`);
    expect(local('https://chat.example.com/https://example.com')).toBe(`<p>${link('https://chat.example.com/https://example.com')}</p>`);
    expect(local('https://chat.example.com.evil.com/#narrow')).toBe(`<p>${link('https://chat.example.com.evil.com/#narrow')}</p>`);
  });

  it('links bare domains with http:// and keeps relative links relative', () => {
    expect(html('www.zulip.com')).toBe(`<p>${link('http://www.zulip.com', 'www.zulip.com')}</p>`);
    expect(html('[x](zulip.com/a)')).toBe(`<p>${link('http://zulip.com/a', 'x')}</p>`);
    expect(html('[x](/user_uploads/2/ab/f.pdf)')).toBe(`<p>${link('/user_uploads/2/ab/f.pdf', 'x')}</p>`);
    expect(html('[x](#narrow/channel/9-Denmark)')).toBe(`<p>${link('#narrow/channel/9-Denmark', 'x')}</p>`);
  });

  it('does not take file names for domains (main.py, README.md)', () => {
    expect(html('edit main.py and README.md')).toBe('<p>edit main.py and README.md</p>');
  });

  it('shows the URL of a link written without text', () => {
    expect(html('[](https://zulip.com)')).toBe(`<p>${link('https://zulip.com')}</p>`);
  });

  it('refuses javascript:, data: and vbscript: links, leaving the text', () => {
    expect(html('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(html('[x](JavaScript:alert(1))')).toBe('<p>[x](JavaScript:alert(1))</p>');
    expect(html('[x](&#106;avascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(html('[x](data:text/html;base64,PHNjcmlwdD4=)')).toBe('<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>');
    expect(html('![x](data:image/png;base64,AAAA)')).toBe('<p>![x](data:image/png;base64,AAAA)</p>');
    expect(html('[x](vbscript:msgbox)')).toBe('<p>[x](vbscript:msgbox)</p>');
    expect(html('<javascript:alert(1)>')).toBe('<p>&lt;javascript:alert(1)&gt;</p>');
    expect(renderMessage('[x](javascript:alert(1))', ctx).hasLink).toBe(false);
  });

  it("escapes quotes and brackets in a link's URL and text", () => {
    expect(html('[<b>"](https://x.com/?q="a"<b>)')).toBe(`<p>${link('https://x.com/?q=%22a%22%3Cb%3E', '&lt;b&gt;"')}</p>`);
    expect(html('[x](<https://x.com/a b>)')).toBe(`<p>${link('https://x.com/a%20b', 'x')}</p>`);
  });

  it('renders image syntax as Zulip does: a "!" and a link, previewed', () => {
    expect(html('![a cat](https://x.com/cat.png)')).toBe(
      `<p>!${link('https://x.com/cat.png', 'a cat')}</p>\n` + '<div class="message_inline_image"><a href="https://x.com/cat.png" title="a cat"><img src="https://x.com/cat.png"></a></div>',
    );
  });
});

describe('renderMessage: has: facts', () => {
  const facts = (content: string) => {
    const { hasLink, hasImage, hasAttachment } = renderMessage(content, ctx);
    return { hasLink, hasImage, hasAttachment };
  };

  it('has nothing for plain text, mentions and channel links', () => {
    expect(facts('hi @**Full Name** #**Denmark** #**Denmark>Castle**')).toEqual({ hasLink: false, hasImage: false, hasAttachment: false });
  });

  it('has a link for URLs, Markdown links and e-mail addresses', () => {
    expect(facts('https://zulip.com')).toEqual({ hasLink: true, hasImage: false, hasAttachment: false });
    expect(facts('[x](https://zulip.com)')).toEqual({ hasLink: true, hasImage: false, hasAttachment: false });
    expect(facts('mail iago@zulip.com')).toEqual({ hasLink: true, hasImage: false, hasAttachment: false });
  });

  it('has an image for links to image files, whatever their case or query, and for image syntax', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'gif', 'webp', 'PNG']) {
      expect(facts(`https://x.com/a.${ext}`)).toEqual({ hasLink: true, hasImage: true, hasAttachment: false });
    }
    expect(facts('https://x.com/a.png?size=2')).toMatchObject({ hasImage: true });
    expect(facts('https://x.com/a.png.html')).toMatchObject({ hasImage: false });
    expect(facts('![x](https://x.com/photo)')).toEqual({ hasLink: true, hasImage: true, hasAttachment: false });
  });

  it('has an attachment for links to uploaded files', () => {
    expect(facts('[f.pdf](/user_uploads/2/ab/f.pdf)')).toEqual({ hasLink: true, hasImage: false, hasAttachment: true });
    expect(facts('[f.png](/user_uploads/2/ab/f.png)')).toEqual({ hasLink: true, hasImage: true, hasAttachment: true });
    expect(facts('[x](/help/user_uploads/f.pdf)')).toEqual({ hasLink: true, hasImage: false, hasAttachment: false });
    expect(facts('`/user_uploads/2/ab/f.pdf`')).toEqual({ hasLink: false, hasImage: false, hasAttachment: false });
  });
});

describe('auto-links after a colon', () => {
  const html = (content: string) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }).html;
  it('links what follows a colon, as Zulip, and keeps ports, schemes and e-mail addresses whole', () => {
    expect(html('see:example.com')).toBe('<p>see:<a href="http://example.com">example.com</a></p>');
    expect(html('http://example.com:8080/a:b')).toBe('<p><a href="http://example.com:8080/a:b">http://example.com:8080/a:b</a></p>');
    // Zulip's link regex takes the address alone (no scheme before it), after the colon.
    expect(html('mailto:a@example.com')).toBe('<p>mailto:<a href="mailto:a@example.com">a@example.com</a></p>');
    expect(html('javascript:alert(1)')).toBe('<p>javascript:alert(1)</p>');
  });
});

describe('image previews', () => {
  const html = (content: string) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] });
  const preview = (href: string, title?: string) => `<div class="message_inline_image"><a href="${href}"${title ? ` title="${title}"` : ''}><img src="${href}"></a></div>`;

  it('previews an uploaded image under its paragraph, titled by the link, and counts it for has:image', () => {
    const r = html('Look: [cat.png](/user_uploads/2/ab/x/cat.png) and [notes.txt](/user_uploads/2/cd/y/notes.txt)');
    expect(r.html).toBe(
      '<p>Look: <a href="/user_uploads/2/ab/x/cat.png">cat.png</a> and <a href="/user_uploads/2/cd/y/notes.txt">notes.txt</a></p>\n' + preview('/user_uploads/2/ab/x/cat.png', 'cat.png'),
    );
    expect(r.hasImage).toBe(true);
  });

  it('previews each URL once, none in quotes, and a message of only an image URL as its preview alone', () => {
    expect(html('https://x.com/a.png').html).toBe(preview('https://x.com/a.png'));
    const twice = '<a href="https://x.com/a.png">https://x.com/a.png</a>';
    expect(html('https://x.com/a.png and again https://x.com/a.png').html).toBe(`<p>${twice} and again ${twice}</p>\n${preview('https://x.com/a.png')}`);
    expect(html('> https://x.com/q.png').html).toBe('<blockquote>\n<p><a href="https://x.com/q.png">https://x.com/q.png</a></p>\n</blockquote>');
  });

  it('gives none at all past 24 image URLs in a message, as Zulip', () => {
    const many = Array.from({ length: 25 }, (_, i) => `https://x.com/${i}.png`).join(' ');
    expect(html(many).html).not.toContain('message_inline_image');
    expect(html(many.split(' ').slice(0, 24).join(' ')).html.match(/message_inline_image/g)).toHaveLength(24);
  });

  it('escapes the title and the URL', () => {
    expect(html('[<b>"x"</b>](https://x.com/a.png?q="><script>)').html).toContain(
      '<div class="message_inline_image"><a href="https://x.com/a.png?q=%22%3E%3Cscript%3E" title="&lt;b&gt;&quot;x&quot;&lt;/b&gt;">',
    );
  });

  describe("of uploads, with their thumbnails (the uploads service's previews)", () => {
    const still = {
      url: '/user_uploads/thumbnail/2/ab/x/cat.png/840x560.webp',
      animated: false,
      original_width_px: 1920,
      original_height_px: 1080,
      original_content_type: 'image/png',
    };
    const withPreviews = (content: string, previews: [string, typeof still & { transcoded_image?: string }][]) =>
      renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [], uploadPreviews: new Map(previews) });

    it("shows the thumbnail with the original's size and type, linking the original, as Zulip", () => {
      expect(withPreviews('[cat.png](/user_uploads/2/ab/x/cat.png)', [['2/ab/x/cat.png', still]]).html).toBe(
        '<p><a href="/user_uploads/2/ab/x/cat.png">cat.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/x/cat.png" title="cat.png">' +
          '<img src="/user_uploads/thumbnail/2/ab/x/cat.png/840x560.webp" data-original-dimensions="1920x1080" data-original-content-type="image/png"></a></div>',
      );
    });

    it('marks an animated image and names a transcoded still', () => {
      const gif = { ...still, url: '/user_uploads/thumbnail/2/ab/y/spin.gif/840x560-anim.webp', animated: true, original_content_type: 'image/gif' };
      expect(withPreviews('[spin](/user_uploads/2/ab/y/spin.gif)', [['2/ab/y/spin.gif', gif]]).html).toContain(
        '<img src="/user_uploads/thumbnail/2/ab/y/spin.gif/840x560-anim.webp" data-original-dimensions="1920x1080" data-original-content-type="image/gif" data-animated="true">',
      );
      const tiff = { ...still, url: '/user_uploads/thumbnail/2/ab/z/scan.tiff/840x560.webp', original_content_type: 'image/tiff', transcoded_image: '4032x3024.webp' };
      expect(withPreviews('[scan](/user_uploads/2/ab/z/scan.tiff)', [['2/ab/z/scan.tiff', tiff]]).html).toContain('data-original-content-type="image/tiff" data-transcoded-image="4032x3024.webp">');
    });

    it('previews no upload the uploads service does not call an image, whatever its name says', () => {
      // A .png that is not one, and a file with no preview: no inline image (Zulip's is_image asks ImageAttachment).
      const r = withPreviews('[fake.png](/user_uploads/2/cd/q/fake.png) [cat.png](/user_uploads/2/ab/x/cat.png)', [['2/ab/x/cat.png', still]]);
      expect(r.html.match(/message_inline_image/g)).toHaveLength(1);
      expect(r.html).not.toContain('<img src="/user_uploads/2/cd/q/fake.png"');
      // Other sites' images are still previewed by their extension.
      expect(withPreviews('https://x.com/a.png', []).html).toBe(preview('https://x.com/a.png'));
    });

    it('finds the preview of a percent-encoded name', () => {
      const cafe = { ...still, url: '/user_uploads/thumbnail/2/ab/x/café.png/840x560.webp' };
      expect(withPreviews('[café](/user_uploads/2/ab/x/café.png)', [['2/ab/x/café.png', cafe]]).html).toContain('<img src="/user_uploads/thumbnail/2/ab/x/caf%C3%A9.png/840x560.webp"');
    });
  });
});

describe('custom emoji', () => {
  const realmEmoji = new Map([
    ['party_parrot', '/user_avatars/2/emoji/images/7.gif'],
    ['smile', '/user_avatars/2/emoji/images/8.png'],
  ]);
  const html = (content: string, emoji = realmEmoji) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [], realmEmoji: emoji }).html;

  it("renders an active custom emoji as its image, as Zulip's make_realm_emoji, before a Unicode emoji of the same name", () => {
    expect(html(':party_parrot: and :smile:')).toBe(
      '<p><img alt=":party_parrot:" class="emoji" src="/user_avatars/2/emoji/images/7.gif" title="party parrot">' +
        ' and <img alt=":smile:" class="emoji" src="/user_avatars/2/emoji/images/8.png" title="smile"></p>',
    );
  });

  it('leaves a name the realm has no emoji for as Zulip does, and never in code', () => {
    expect(html(':no_such_emoji:')).toBe('<p>:no_such_emoji:</p>');
    expect(html('`:party_parrot:`')).toBe('<p><code>:party_parrot:</code></p>');
    expect(html(':smile:', new Map())).toContain('class="emoji emoji-1f642"');
  });
});
