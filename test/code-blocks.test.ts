import { ok } from './support/responses';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';

/**
 * Code blocks over HTTP: Zulip's codehilite HTML with Pygments token classes in sends, edits and
 * previews, and the realm's default_code_block_language for fences that name no language (Zulip's
 * zerver/lib/markdown/fenced_code.py). The rendering itself is specified in
 * services/messages/src/domain/render/code-highlight.test.ts.
 */
let realm: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('Code block realm');
}, 60_000);
afterAll(closeFixtures);

const PYTHON_BLOCK =
  '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> ' +
  '<span class="nf">f</span><span class="p">():</span> <span class="k">pass</span>\n</code></pre></div>';
const PLAIN_BLOCK = '<div class="codehilite"><pre><span></span><code>def f(): pass\n</code></pre></div>';

const preview = async (content: string) => ok(await realm.member.api.post('/messages/render', { content })).rendered as string;

async function setDefaultLanguage(language: string): Promise<void> {
  ok(await realm.owner.api.patch('/realm', { default_code_block_language: language }, { contract: 'envelope' }));
}

describe('code blocks', () => {
  it("render with the language's Pygments name and token classes in previews and sends", async () => {
    expect(await preview('```py\ndef f(): pass\n```')).toBe(PYTHON_BLOCK);
    const id = ok(await realm.member.api.post('/messages', { type: 'direct', to: [realm.other.user_id], content: '```py\ndef f(): pass\n```' })).id as number;
    const message = ok(await realm.member.api.get(`/messages/${id}`)).message;
    expect(message.content).toBe(PYTHON_BLOCK);
  });

  it("take the realm's default_code_block_language where the fence names none", async () => {
    await setDefaultLanguage('python');
    try {
      expect(await preview('```\ndef f(): pass\n```')).toBe(PYTHON_BLOCK);
      // Indented code is not a fence: no default applies, as in Zulip.
      expect(await preview('    def f(): pass')).toBe(PLAIN_BLOCK);
      expect(await preview('```text\ndef f(): pass\n```')).toBe('<div class="codehilite" data-code-language="Text only"><pre><span></span><code>def f(): pass\n</code></pre></div>');
    } finally {
      await setDefaultLanguage('');
    }
    expect(await preview('```\ndef f(): pass\n```')).toBe(PLAIN_BLOCK);
  });
});
