import { renderMessage, type RenderContext } from './index';
import { channelSlug, encodeHashComponent } from './narrow-urls';

const ctx: RenderContext = {
  users: [],
  groups: [],
  channels: [
    { stream_id: 9, name: 'Denmark' },
    { stream_id: 10, name: 'social life' },
    { stream_id: 11, name: 'Tom & "Jerry" <3' },
    { stream_id: 12, name: 'a>b' },
  ],
  linkifiers: [],
};
const render = (content: string) => renderMessage(content, ctx);
const html = (content: string) => render(content).html;

describe('encodeHashComponent', () => {
  it('percent-encodes as Python\'s quote(safe="*") and writes % as . and . as .2E', () => {
    expect(encodeHashComponent('Castle')).toBe('Castle');
    expect(encodeHashComponent('some topic')).toBe('some.20topic');
    expect(encodeHashComponent('v1.2 (beta)')).toBe('v1.2E2.20.28beta.29');
    expect(encodeHashComponent("it's 100%!*~_-")).toBe('it.27s.20100.25.21*~_-');
    expect(encodeHashComponent('café/ü')).toBe('caf.C3.A9.2F.C3.BC');
    expect(encodeHashComponent('\uD800x')).toBe('.EF.BF.BDx');
  });

  it('writes a channel as id-name with spaces as dashes', () => {
    expect(channelSlug(9, 'Denmark')).toBe('9-Denmark');
    expect(channelSlug(10, 'social life')).toBe('10-social-life');
    expect(channelSlug(11, 'a.b c%')).toBe('11-a.2Eb-c.25');
  });
});

describe('channel links', () => {
  it('renders #**channel** as a link to the channel, not counted as a link', () => {
    const r = render('see #**Denmark**');
    expect(r.html).toBe('<p>see <a class="stream" data-stream-id="9" href="/#narrow/channel/9-Denmark">#Denmark</a></p>');
    expect(r.hasLink).toBe(false);
  });

  it('renders #**channel>topic** as a link to the topic', () => {
    expect(html('#**Denmark>Castle**')).toBe('<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-Denmark/topic/Castle">#Denmark &gt; Castle</a></p>');
    expect(html('#**social life>some topic**')).toBe('<p><a class="stream-topic" data-stream-id="10" href="/#narrow/channel/10-social-life/topic/some.20topic">#social life &gt; some topic</a></p>');
  });

  it('cuts the channel at the first >, so a topic may hold one', () => {
    expect(html('#**Denmark>a>b**')).toBe('<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-Denmark/topic/a.3Eb">#Denmark &gt; a&gt;b</a></p>');
    expect(html('#**a>b**')).toBe('<p><a class="stream" data-stream-id="12" href="/#narrow/channel/12-a.3Eb">#a&gt;b</a></p>');
  });

  it('shows the empty topic as Zulip names it', () => {
    expect(html('#**Denmark>**')).toBe('<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-Denmark/topic/">#Denmark &gt; <em>general chat</em></a></p>');
  });

  it('renders #**channel>topic@id** as a link to the message', () => {
    expect(html('#**Denmark>Castle@123**')).toBe('<p><a class="message-link" href="/#narrow/channel/9-Denmark/topic/Castle/near/123">#Denmark &gt; Castle @ 💬</a></p>');
  });

  it('escapes HTML in channel names and topics', () => {
    expect(html('#**Tom & "Jerry" <3><script>alert(1)</script>**')).toBe(
      '<p><a class="stream-topic" data-stream-id="11" href="/#narrow/channel/11-Tom-.26-.22Jerry.22-.3C3/topic/.3Cscript.3Ealert.281.29.3C.2Fscript.3E">' +
        '#Tom &amp; "Jerry" &lt;3 &gt; &lt;script&gt;alert(1)&lt;/script&gt;</a></p>',
    );
  });

  it('leaves an unknown channel, or one named in another case, as text', () => {
    expect(html('#**Nowhere** #**denmark** #**Nowhere>x**')).toBe('<p>#<strong>Nowhere</strong> #<strong>denmark</strong> #<strong>Nowhere&gt;x</strong></p>');
  });

  it('needs the start, a space or an opening mark before the #, and no code around it', () => {
    expect(html('x#**Denmark**')).toBe('<p>x#<strong>Denmark</strong></p>');
    expect(html('(#**Denmark**)')).toBe('<p>(<a class="stream" data-stream-id="9" href="/#narrow/channel/9-Denmark">#Denmark</a>)</p>');
    expect(html('`#**Denmark**`')).toBe('<p><code>#**Denmark**</code></p>');
  });
});
