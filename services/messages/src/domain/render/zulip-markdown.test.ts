import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMessage } from './index';

/**
 * Zulip's own Markdown cases (zerver/tests/fixtures/markdown_test_cases.json, Apache-2.0; see
 * the file's "source"), rendered by Parley and compared with Zulip's HTML structurally: the same
 * tags, attributes and text, with attribute order, entity spelling and runs of whitespace
 * ignored. A ratchet: at least FLOOR cases pass, and every case in zulip-markdown-passing.json
 * (the known-passing set) still passes. Failing names are printed, to choose work from.
 * Set UPDATE_ZULIP_PASSING=1 to rewrite the known-passing list after an improvement.
 */
interface Case {
  name: string;
  input: string;
  expected_output: string;
  translate_emoticons?: boolean;
  ignore?: boolean;
}
interface Cases {
  regular_tests: Case[];
  linkify_tests: [string, string, string][];
}

const cases = JSON.parse(readFileSync(join(__dirname, 'zulip-markdown-cases.json'), 'utf8')) as Cases;
const PASSING_FILE = join(__dirname, 'zulip-markdown-passing.json');
const knownPassing = JSON.parse(readFileSync(PASSING_FILE, 'utf8')) as string[];

/** The number of cases (regular and linkify) that must render as Zulip renders them. */
const FLOOR = 237;

/** Cases that depend on Zulip's test database or settings, which Parley cannot reproduce. */
const SKIPPED: Readonly<Record<string, string>> = {};

/** Zulip's test realm's URL, which its own-realm links are made relative to. */
const REALM_URL = 'http://zulip.testserver';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/** The HTML as a list of tags (attributes sorted) and text runs (whitespace collapsed, but kept as written inside <pre>: code). */
export function structure(html: string): string[] {
  const out: string[] = [];
  let text = '';
  let inPre = 0;
  const flush = () => {
    const t = inPre ? decode(text) : decode(text).replace(/\s+/g, ' ').trim();
    if (t) out.push(`"${t}"`);
    text = '';
  };
  const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*"|='[^']*')?)*)\s*\/?>/y;
  let i = 0;
  while (i < html.length) {
    if (html[i] === '<') {
      TAG.lastIndex = i;
      const m = TAG.exec(html);
      if (m) {
        flush();
        const attrs = [...m[3].matchAll(/([^\s=>/]+)(?:="([^"]*)"|='([^']*)')?/g)]
          .map(
            (a) =>
              `${a[1]}="${decode(a[2] ?? a[3] ?? '')
                .replace(/\s+/g, ' ')
                .trim()}"`,
          )
          .sort();
        out.push(`<${m[1]}${m[2].toLowerCase()}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`);
        if (m[2].toLowerCase() === 'pre') inPre += m[1] ? -1 : 1;
        i = TAG.lastIndex;
        continue;
      }
    }
    text += html[i++];
  }
  flush();
  return out;
}

function render(input: string, translateEmoticons = false): string {
  return renderMessage(input, { users: [], groups: [], channels: [], linkifiers: [], realmUrl: REALM_URL, translateEmoticons }).html;
}

/** Zulip's expected HTML for a linkify case (test_markdown.py's replaced()). */
function linkifyExpected([, payload, url]: [string, string, string]): string {
  if (!url || !payload.includes('%s')) return payload;
  const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
  return payload.replace('%s', `<a href="${href}">${url}</a>`);
}

interface Outcome {
  name: string;
  expected: string;
  actual: string;
  pass: boolean;
}

function outcomes(): Outcome[] {
  const all: Outcome[] = [];
  for (const c of cases.regular_tests) {
    if (c.ignore || SKIPPED[c.name]) continue;
    const actual = render(c.input, c.translate_emoticons ?? false);
    all.push({ name: c.name, expected: c.expected_output, actual, pass: sameStructure(actual, c.expected_output) });
  }
  cases.linkify_tests.forEach((t, i) => {
    const expected = linkifyExpected(t);
    const actual = render(t[0]);
    all.push({ name: `linkify_${i}: ${t[0].slice(0, 60)}`, expected, actual, pass: sameStructure(actual, expected) });
  });
  return all;
}

function sameStructure(a: string, b: string): boolean {
  return JSON.stringify(structure(a)) === JSON.stringify(structure(b));
}

describe("Zulip's Markdown cases", () => {
  const results = outcomes();
  const passing = results.filter((r) => r.pass).map((r) => r.name);

  it('the structural comparison tells markup apart and ignores attribute order and whitespace', () => {
    expect(sameStructure('<p a="1"  b="2">x  y</p>', '<p b="2" a="1">x y</p>')).toBe(true);
    expect(sameStructure('<p>&#x27;</p>', "<p>'</p>")).toBe(true);
    expect(sameStructure('<p><em>x</em></p>', '<p><strong>x</strong></p>')).toBe(false);
    expect(sameStructure('<a href="x" title="x">x</a>', '<a href="x">x</a>')).toBe(false);
  });

  it(`at least ${FLOOR} cases render as Zulip renders them`, () => {
    const failing = results.filter((r) => !r.pass);
    console.log(
      `Zulip Markdown cases: ${passing.length} of ${results.length} pass (${Object.keys(SKIPPED).length} skipped).\n` +
        `Failing:\n${failing.map((r) => `  ${r.name}\n    want ${r.expected.slice(0, 300)}\n    got  ${r.actual.slice(0, 300)}`).join('\n')}`,
    );
    if (process.env.UPDATE_ZULIP_PASSING) writeFileSync(PASSING_FILE, `${JSON.stringify(passing, null, 1)}\n`);
    expect(passing.length).toBeGreaterThanOrEqual(FLOOR);
  });

  it('every case known to pass still passes', () => {
    expect(knownPassing.filter((name) => !passing.includes(name))).toEqual([]);
  });

  it('every skipped case exists and says why', () => {
    const names = new Set(cases.regular_tests.map((c) => c.name));
    for (const [name, reason] of Object.entries(SKIPPED)) {
      expect(names.has(name)).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
