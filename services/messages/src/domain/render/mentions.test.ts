import { renderMessage, type RenderContext } from './index';

const ctx: RenderContext = {
  users: [
    { user_id: 12, full_name: 'Full Name', is_active: true },
    { user_id: 13, full_name: 'Twin', is_active: true },
    { user_id: 14, full_name: 'Twin', is_active: true },
    { user_id: 15, full_name: 'Gone User', is_active: false },
    { user_id: 16, full_name: '<script>alert(1)</script>', is_active: true },
    { user_id: 17, full_name: 'all', is_active: true },
  ],
  groups: [
    { id: 3, name: 'support' },
    { id: 4, name: '<b>ops</b>' },
  ],
  channels: [],
  linkifiers: [],
};
const render = (content: string) => renderMessage(content, ctx);
const html = (content: string) => render(content).html;
const user = (id: number, name: string) => `<span class="user-mention" data-user-id="${id}">@${name}</span>`;
const silentUser = (id: number, name: string) => `<span class="user-mention silent" data-user-id="${id}">${name}</span>`;

describe('user mentions', () => {
  it('renders @**Full Name** and counts the user', () => {
    const r = render('hi @**Full Name**');
    expect(r.html).toBe(`<p>hi ${user(12, 'Full Name')}</p>`);
    expect(r).toMatchObject({ mentionedUserIds: [12], mentionedGroupIds: [], streamWildcard: false, topicWildcard: false });
  });

  it("finds the name whatever its case, and shows the user's own spelling", () => {
    expect(render('@**full NAME**')).toMatchObject({ html: `<p>${user(12, 'Full Name')}</p>`, mentionedUserIds: [12] });
  });

  it('lets the ID decide with @**Name|id** and @**|id**', () => {
    expect(render('@**Twin|14**')).toMatchObject({ html: `<p>${user(14, 'Twin')}</p>`, mentionedUserIds: [14] });
    expect(render('@**|13**')).toMatchObject({ html: `<p>${user(13, 'Twin')}</p>`, mentionedUserIds: [13] });
  });

  it("leaves one user's name with another's ID, or an unknown ID, as text", () => {
    const r = render('@**Full Name|13** @**Full Name|99** @**|99**');
    expect(r.html).toBe('<p>@<strong>Full Name|13</strong> @<strong>Full Name|99</strong> @<strong>|99</strong></p>');
    expect(r.mentionedUserIds).toEqual([]);
  });

  it('compares the name given with the ID exactly, as Zulip does', () => {
    expect(html('@**full name|12**')).toBe('<p>@<strong>full name|12</strong></p>');
  });

  it('leaves an unknown name as text', () => {
    const r = render('@**Nobody** and @*nobody*');
    expect(r.html).toBe('<p>@<strong>Nobody</strong> and @<em>nobody</em></p>');
    expect(r).toMatchObject({ mentionedUserIds: [], mentionedGroupIds: [] });
  });

  it('renders a silent mention without @ and does not count it', () => {
    const r = render('@_**Full Name** @_**Twin|13**');
    expect(r.html).toBe(`<p>${silentUser(12, 'Full Name')} ${silentUser(13, 'Twin')}</p>`);
    expect(r.mentionedUserIds).toEqual([]);
  });

  it("renders a deactivated user's mention silently, as Zulip does", () => {
    const r = render('@**Gone User** @**|15**');
    expect(r.html).toBe(`<p>${silentUser(15, 'Gone User')} ${silentUser(15, 'Gone User')}</p>`);
    expect(r.mentionedUserIds).toEqual([]);
  });

  it('counts each user once', () => {
    expect(render('@**Full Name** @**full name** @**|12** @**Twin|13**').mentionedUserIds).toEqual([12, 13]);
  });

  it("escapes HTML in a user's name", () => {
    expect(html('@**<script>alert(1)</script>**')).toBe('<p><span class="user-mention" data-user-id="16">@&lt;script&gt;alert(1)&lt;/script&gt;</span></p>');
  });

  it('needs the start, a space or an opening mark before the @', () => {
    expect(html('x@**Full Name**')).toBe('<p>x@<strong>Full Name</strong></p>');
    for (const before of [' ', '(', '[', '{', '"', "'", '/']) {
      expect(html(`x${before}@**Full Name**`)).toBe(`<p>x${before}${user(12, 'Full Name')}</p>`);
    }
    expect(html('x\n@**Full Name**')).toBe(`<p>x<br>\n${user(12, 'Full Name')}</p>`);
  });

  it('is a mention inside emphasis and link text, as in Zulip', () => {
    expect(html('*hi @**Full Name***')).toBe(`<p><em>hi ${user(12, 'Full Name')}</em></p>`);
    expect(render('[@**Full Name**](https://x.com)')).toMatchObject({
      html: `<p><a href="https://x.com">${user(12, 'Full Name')}</a></p>`,
      mentionedUserIds: [12],
    });
  });

  it('is not a mention in code, nor when escaped', () => {
    const r = render('`@**Full Name**`\n\n```\n@**Full Name**\n```\n\n    @**Full Name**\n\n\\@**Full Name**');
    expect(r.html).toBe(
      '<p><code>@**Full Name**</code></p>\n<div class="codehilite"><pre><span></span><code>@**Full Name**\n</code></pre></div>\n' +
        '<div class="codehilite"><pre><span></span><code>@**Full Name**\n</code></pre></div>\n<p>@<strong>Full Name</strong></p>',
    );
    expect(r.mentionedUserIds).toEqual([]);
  });

  it('silences mentions inside quotes, so quoting does not notify again', () => {
    const r = render('> @**Full Name** @**all** @*support*\n\n```quote\n@**topic**\n```');
    expect(r.html).toBe(
      `<blockquote>\n<p>${silentUser(12, 'Full Name')} <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> ` +
        '<span class="user-group-mention silent" data-user-group-id="3">support</span></p>\n</blockquote>\n' +
        '<blockquote>\n<p><span class="topic-mention silent">topic</span></p>\n</blockquote>',
    );
    expect(r).toMatchObject({ mentionedUserIds: [], mentionedGroupIds: [], streamWildcard: false, topicWildcard: false });
  });
});

describe('wildcard mentions', () => {
  it.each(['all', 'everyone', 'channel', 'stream'])('renders @**%s** as a channel wildcard, as written', (name) => {
    const r = render(`@**${name}**`);
    expect(r.html).toBe(`<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@${name}</span></p>`);
    expect(r).toMatchObject({ streamWildcard: true, topicWildcard: false, mentionedUserIds: [] });
  });

  it('takes @**all** as the wildcard even when a user has that name', () => {
    expect(render('@**all**').mentionedUserIds).toEqual([]);
    expect(render('@**all|17**')).toMatchObject({ html: `<p>${user(17, 'all')}</p>`, mentionedUserIds: [17], streamWildcard: false });
  });

  it('renders @**topic** as a topic wildcard', () => {
    const r = render('@**topic**');
    expect(r.html).toBe('<p><span class="topic-mention">@topic</span></p>');
    expect(r).toMatchObject({ streamWildcard: false, topicWildcard: true });
  });

  it('renders the silent forms with "silent" and counts neither', () => {
    const r = render('@_**all** @_**everyone** @_**topic**');
    expect(r.html).toBe(
      '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> ' +
        '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">everyone</span> ' +
        '<span class="topic-mention silent">topic</span></p>',
    );
    expect(r).toMatchObject({ streamWildcard: false, topicWildcard: false });
  });

  it('matches wildcards by their exact, lower-case name', () => {
    expect(render('@**Everyone** @**TOPIC**')).toMatchObject({
      html: '<p>@<strong>Everyone</strong> @<strong>TOPIC</strong></p>',
      streamWildcard: false,
      topicWildcard: false,
    });
  });
});

describe('group mentions', () => {
  it('renders @*group* and counts the group', () => {
    const r = render('ask @*support*');
    expect(r.html).toBe('<p>ask <span class="user-group-mention" data-user-group-id="3">@support</span></p>');
    expect(r).toMatchObject({ mentionedGroupIds: [3], mentionedUserIds: [] });
  });

  it('renders a silent @_*group* without @ and does not count it', () => {
    const r = render('@_*support*');
    expect(r.html).toBe('<p><span class="user-group-mention silent" data-user-group-id="3">support</span></p>');
    expect(r.mentionedGroupIds).toEqual([]);
  });

  it('finds groups by their exact name, as Zulip does', () => {
    expect(render('@*Support*')).toMatchObject({ html: '<p>@<em>Support</em></p>', mentionedGroupIds: [] });
  });

  it("escapes HTML in a group's name", () => {
    expect(html('@*<b>ops</b>*')).toBe('<p><span class="user-group-mention" data-user-group-id="4">@&lt;b&gt;ops&lt;/b&gt;</span></p>');
  });
});
