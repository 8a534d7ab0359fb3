import { splitEmoji } from './emoji';
import { renderMessage, type RenderContext } from './index';

const ctx: RenderContext = { users: [], groups: [], channels: [], linkifiers: [] };
const html = (content: string) => renderMessage(content, ctx).html;
const smile = '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';

describe('emoji shortcodes', () => {
  it("renders a known name as Zulip's emoji span", () => {
    expect(html(':smile:')).toBe(`<p>${smile}</p>`);
    expect(html('I am :smile: today')).toBe(`<p>I am ${smile} today</p>`);
  });

  it('titles an emoji with spaces for underscores, and uses the code without FE0F', () => {
    expect(html(':heart_eyes: :heart: :+1:')).toBe(
      '<p><span aria-label="heart eyes" class="emoji emoji-1f60d" role="img" title="heart eyes">:heart_eyes:</span> ' +
        '<span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span> ' +
        '<span aria-label="+1" class="emoji emoji-1f44d" role="img" title="+1">:+1:</span></p>',
    );
  });

  it("renders Zulip's names, not emoji-datasource's: :smile: is U+1F642 and aliases keep their own title", () => {
    expect(html(':big_smile: :kiwi: :gold: :thumbs_up: :like:')).toBe(
      '<p><span aria-label="big smile" class="emoji emoji-1f604" role="img" title="big smile">:big_smile:</span> ' +
        '<span aria-label="kiwi" class="emoji emoji-1f95d" role="img" title="kiwi">:kiwi:</span> ' +
        '<span aria-label="gold" class="emoji emoji-1f947" role="img" title="gold">:gold:</span> ' +
        '<span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span> ' +
        '<span aria-label="like" class="emoji emoji-1f44d" role="img" title="like">:like:</span></p>',
    );
  });

  it('leaves emoji-datasource names that Zulip does not have as text', () => {
    expect(html(':thumbsup: :red_car: :kiwifruit: :rainbow-flag:')).toBe('<p>:thumbsup: :red_car: :kiwifruit: :rainbow-flag:</p>');
  });

  it('writes the code as Zulip renders it, without U+FE0F (emoji_names.py: 1f575-200d-2640)', () => {
    expect(html(':woman_detective:')).toBe('<p><span aria-label="woman detective" class="emoji emoji-1f575-200d-2640" role="img" title="woman detective">' + ':woman_detective:</span></p>');
  });

  it("renders Zulip's own emoji as its image", () => {
    expect(html(':zulip:')).toBe('<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>');
  });

  it('leaves unknown names, wrong case and half shortcodes as text', () => {
    expect(html(':nada: :Smile: :smile smile:')).toBe('<p>:nada: :Smile: :smile smile:</p>');
  });

  it('needs no space around it, as in Zulip', () => {
    expect(html('a:smile:b')).toBe(`<p>a${smile}b</p>`);
  });

  it("does not read an unknown name's closing colon as an opening one", () => {
    expect(splitEmoji(':nada:smile:')).toEqual([{ text: ':nada:smile:' }]);
    expect(splitEmoji('10:30:smile:')).toEqual([{ text: '10:30:smile:' }]);
  });

  it('renders emoji inside emphasis but not inside code or links', () => {
    expect(html('**:smile:** `:smile:` [:smile:](https://x.com)')).toBe(`<p><strong>${smile}</strong> <code>:smile:</code> ` + '<a href="https://x.com">:smile:</a></p>');
    expect(html('```\n:smile:\n```')).toBe('<div class="codehilite"><pre><span></span><code>:smile:\n</code></pre></div>');
  });
});

describe('Unicode emoji and emoticons', () => {
  const render = (content: string, translateEmoticons = false) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [], translateEmoticons }).html;
  const span = (name: string, code: string) => `<span aria-label="${name.replace(/_/g, ' ')}" class="emoji emoji-${code}" role="img" title="${name.replace(/_/g, ' ')}">:${name}:</span>`;

  it('wraps a Unicode emoji Zulip names in its emoji span, and leaves text-style symbols and unnamed sequences', () => {
    expect(render('Extra\u{1F47D}Terrestrial')).toBe(`<p>Extra${span('alien', '1f47d')}Terrestrial</p>`);
    expect(render('\u2b06\ufe0f and \u{1F441}\u200d\u{1F5E8}')).toBe(`<p>${span('up', '2b06')} and ${span('eye_in_speech_bubble', '1f441-200d-1f5e8')}</p>`);
    expect(render('1 \u2194 # \u00a9')).toBe('<p>1 \u2194 # \u00a9</p>');
    expect(render('\u{1F426}\u200d\u{1F525}')).toBe('<p>\u{1F426}\u200d\u{1F525}</p>');
    expect(render('`\u{1F47D}`')).toBe('<p><code>\u{1F47D}</code></p>');
  });

  it('translates emoticons only for a sender who enables it, and only between terminal symbols', () => {
    expect(render(':) <3')).toBe('<p>:) &lt;3</p>');
    expect(render(':) foo :( bar <3 x:) (:)', true)).toBe(`<p>${span('smile', '1f642')} foo ${span('frown', '1f641')} bar ${span('heart', '2764')} x:) ${span('smile', '1f642')})</p>`);
    expect(render('`:)` [:)](https://x.com)', true)).not.toContain('emoji');
  });
});
