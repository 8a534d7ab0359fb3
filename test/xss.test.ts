import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';

/**
 * Rendering safety (#11, part 5): a corpus of XSS vectors sent wherever users put text that
 * Parley renders or serves — message content (Markdown → HTML), topics, status texts, custom
 * profile field values (rendered), saved snippet titles, channel descriptions (rendered),
 * and linkifier templates that would produce script URLs. Nothing executable survives into
 * the HTML a client inserts: no script-capable elements, no event-handler attributes, no
 * javascript:/vbscript:/data: URLs. Plain-text fields come back as the same text (clients
 * escape them), never as markup Parley made.
 */
let realm: TestRealm;
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('XSS realm');
});
afterAll(closeFixtures);

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab entity</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '[md link](javascript:alert(1))',
  '[md link entity](&#106;avascript:alert(1))',
  '[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![md image](javascript:alert(1))',
  '<javascript:alert(1)>',
  '<div style="background:url(javascript:alert(1))">css</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '`<img src=x onerror=alert(1)>` and ```\n<script>alert(1)</script>\n```',
  '**<img src=x onerror=alert(1)>**',
  '<<script>script>alert(1)<</script>/script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
];

/** What in an HTML fragment could run script: the elements, the attributes, the URLs. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<\s*([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const [, tag, attrs] = m;
    if (/^(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|button|body|frame|frameset|applet|video|audio|source|details|textarea|select|template)$/i.test(tag))
      found.push(`<${tag}>`);
    for (const a of attrs.matchAll(/([^\s"'=/]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const name = a[1].toLowerCase();
      const value = (a[2] ?? '')
        .replace(/^["']|["']$/g, '')
        .replace(/&#x?0*9;|&#x?0*a;|&tab;|&newline;|\s/gi, '')
        .toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style' && /url\(|expression\(/.test(value)) found.push(`${tag}[style]`);
      if (/^(href|src|action|formaction|data|xlink:href|srcset|poster|background)$/.test(name) && /^(javascript|vbscript|data|&#)/.test(decodeEntities(value)))
        found.push(`${tag}[${name}=${value.slice(0, 30)}]`);
    }
  }
  return found;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .toLowerCase();
}

describe('rendering safety', () => {
  it('keeps the detector honest: it finds each kind of executable HTML', () => {
    expect(executableParts('<p>fine <a href="https://x.test">x</a></p>')).toEqual([]);
    expect(executableParts('<script>1</script>')).toEqual(['<script>']);
    expect(executableParts('<img src=x onerror=alert(1)>')).toEqual(['img[onerror]']);
    expect(executableParts('<a href="&#106;avascript:1">x</a>')).toHaveLength(1);
    expect(executableParts('<a href="java&#x09;script:1">x</a>')).toHaveLength(1);
  });

  it('renders message content without anything executable', async () => {
    const channel = ok(
      await realm.owner.api.post('/channels/create', {
        name: 'xss',
        subscribers: JSON.stringify([realm.owner.user_id, realm.member.user_id]),
        send_new_subscription_messages: false,
      }),
    ).id as number;
    for (const vector of VECTORS) {
      const id = ok(await realm.member.api.post('/messages', { type: 'stream', to: channel, topic: 'vectors', content: vector })).id;
      const { message } = ok(await realm.member.api.get(`/messages/${id}`));
      expect([vector, executableParts(message.content)]).toEqual([vector, []]);
      // The preview renderer gives the same guarantee.
      const rendered = ok(await realm.member.api.post('/messages/render', { content: vector })).rendered;
      expect([vector, executableParts(rendered)]).toEqual([vector, []]);
    }
  });

  it('keeps topics, status texts and snippet titles as the text they were', async () => {
    const channel = ok(
      await realm.owner.api.post('/channels/create', {
        name: 'xss-topics',
        subscribers: JSON.stringify([realm.member.user_id]),
        send_new_subscription_messages: false,
      }),
    ).id as number;
    for (const vector of VECTORS.filter((v) => v.length <= 60 && !v.includes('\n'))) {
      const id = ok(await realm.member.api.post('/messages', { type: 'stream', to: channel, topic: vector, content: 'x' })).id;
      const { message } = ok(await realm.member.api.get(`/messages/${id}`));
      expect(message.subject).toBe(vector.trim());
      ok(await realm.member.api.post('/users/me/status', { status_text: vector }));
      const status = ok(await realm.member.api.get(`/users/${realm.member.user_id}/status`)).status;
      expect(status.status_text).toBe(vector.trim());
      const snippet = ok(await realm.member.api.post('/saved_snippets', { title: vector, content: 'c' })).saved_snippet_id;
      const snippets = ok(await realm.member.api.get('/saved_snippets')).saved_snippets as Json[];
      expect(snippets.find((s) => s.id === snippet)!.title).toBe(vector.trim());
    }
  });

  it('renders custom profile field values and channel descriptions without anything executable', async () => {
    const fieldId = ok(await realm.owner.api.post('/realm/profile_fields', { name: 'About XSS', field_type: 2 })).id as number;
    const channelId = ok(await realm.owner.api.post('/channels/create', { name: 'xss-described', subscribers: JSON.stringify([realm.owner.user_id]) })).id as number;
    for (const vector of VECTORS) {
      ok(await realm.member.api.patch('/users/me/profile_data', { data: JSON.stringify([{ id: fieldId, value: vector }]) }, { contract: 'envelope' }));
      const user = ok(await realm.owner.api.get(`/users/${realm.member.user_id}`, { include_custom_profile_fields: true })).user;
      const rendered = user.profile_data[String(fieldId)].rendered_value as string;
      expect([vector, executableParts(rendered)]).toEqual([vector, []]);
      ok(await realm.owner.api.patch(`/streams/${channelId}`, { description: vector.replace(/\n/g, ' ').slice(0, 1000) }));
      const stream = ok(await realm.owner.api.get(`/streams/${channelId}`)).stream;
      expect([vector, executableParts(stream.rendered_description)]).toEqual([vector, []]);
    }
  });

  it('marks every API answer nosniff, so no browser reads one as a script, a style or a page', async () => {
    const answers = [
      await realm.member.api.get('/users/me'),
      await realm.member.api.post('/messages', { type: 'stream', to: '999999999', topic: 't', content: '<script>alert(1)</script>' }),
      await realm.member.api.as(undefined).get('/users/me'),
    ];
    expect(answers.map((a) => [a.status, a.headers['content-type'], a.headers['x-content-type-options']])).toEqual([
      [200, 'application/json', 'nosniff'],
      [400, 'application/json', 'nosniff'],
      [401, 'application/json', 'nosniff'],
    ]);
  });

  it('refuses a NUL escaped inside a JSON value with a 400, never a 500', async () => {
    const fieldId = ok(await realm.owner.api.post('/realm/profile_fields', { name: 'NUL field', field_type: 1 })).id as number;
    const res = await realm.member.api.patch('/users/me/profile_data', { data: JSON.stringify([{ id: fieldId, value: 'a\u0000b' }]) }, { contract: 'envelope' });
    expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', 'Invalid input: text contains NULL (0x00) characters.']);
  });

  it('renders no script link from a linkifier, whatever its template or the text it captures', async () => {
    // Zulip accepts any valid URL template; its renderer drops links to unsafe schemes.
    for (const [i, template] of ['javascript:alert({id})', 'JAVASCRIPT:alert({id})', 'data:text/html,{id}', 'vbscript:{id}'].entries()) {
      ok(await realm.owner.api.post('/realm/filters', { pattern: `xss${i}-(?P<id>[0-9]+)`, url_template: template }));
      const rendered = ok(await realm.member.api.post('/messages/render', { content: `see xss${i}-123` })).rendered as string;
      expect([template, executableParts(rendered)]).toEqual([template, []]);
    }
    // A safe template whose captured text is attacker-controlled stays an http(s) link.
    ok(await realm.owner.api.post('/realm/filters', { pattern: 'TICKET-(?P<id>[a-z0-9:/]+)', url_template: 'https://tracker.example/{id}' }));
    const rendered = ok(await realm.member.api.post('/messages/render', { content: 'see TICKET-javascript:alert(1)' })).rendered as string;
    expect(executableParts(rendered)).toEqual([]);
  });
});
