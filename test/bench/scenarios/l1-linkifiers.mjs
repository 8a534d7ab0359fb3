/**
 * L1 (issue #27): how long the renderer takes for a message of the largest allowed size
 * (10,000 characters) against 22 linkifiers: 20 of everyday shapes and the two that take
 * exponential time on a backtracking engine, `(?P<id>(a+)+b)` and
 * `(?P<ticket>([A-Z]+-?)+[0-9]+)`. The text mixes matches of each with runs that make a
 * backtracking engine explode. Rendering is in-process (services/messages' renderer, built).
 *
 * Configuration: JSON in argv[2] {renders}. Prints JSON: the first (cold) render, then the
 * latency of the others and the CPU they took.
 */
import { timeRenders } from './render-timing.mjs';

const cfg = JSON.parse(process.argv[2] ?? '{}');
const renders = cfg.renders ?? 50;

const EVERYDAY = [
  '#(?P<id>[0-9]+)',
  'RT #(?P<id>[0-9]{2,8})',
  'gh-(?P<repo>[a-z]+)/(?P<id>\\d+)',
  '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)',
  'CVE-(?P<year>\\d{4})-(?P<id>\\d{4,7})',
  'PR(?P<id>\\d+)',
  '(?i)bug (?P<id>\\d+)',
  'JIRA-(?P<id>\\d+)',
  '[Tt]icket\\s+(?P<id>\\d+)',
  'commit (?P<sha>[0-9a-f]{7,40})',
  '@(?P<user>[a-z]{3,20})/(?P<id>\\d+)',
  'RFC ?(?P<rfc>[0-9]+)',
  'PEP ?(?P<pep>[0-9]+)',
  '(?P<lang>[a-z]{2})wiki:(?P<page>\\w+)',
  'MR!(?P<id>\\d+)',
  'T(?P<id>\\d{4,})',
  'doc:(?P<path>[\\w/.-]+)',
  'zulip#(?P<id>\\d+)',
  'ISSUE-(?P<id>[0-9]+)',
  'sentry:(?P<id>[0-9a-f]{32})',
];
const CATASTROPHIC = ['(?P<id>(a+)+b)', '(?P<ticket>([A-Z]+-?)+[0-9]+)'];
const linkifiers = [...EVERYDAY, ...CATASTROPHIC].map((pattern, i) => ({
  id: i + 1,
  pattern,
  url_template: `https://links${i}.example/${[...pattern.matchAll(/\(\?P<(\w+)>/g)].map((m) => `{${m[1]}}`).join('/')}`,
}));
const sentence =
  'The fox #123 jumps over ABC-42; see zulip/zulip#456, CVE-2024-12345, RFC 2616, PEP 8 and bug 99. ' +
  'commit deadbeef1 fixed ticket 7, MR!3 and T12345. aaaaaaaaaaaaaaaaaaaaaaaaaaa! ABCDEFGHIJKLMNOPQRSTUVWXYZABCD! aab\n';
const content = sentence.repeat(Math.ceil(10_000 / sentence.length)).slice(0, 10_000);
const context = { users: [], groups: [], channels: [], linkifiers };

const { first, ...timing } = timeRenders(content, context, renders);
const links = (first.html.match(/<a /g) ?? []).length;
process.stdout.write(`${JSON.stringify({ length: content.length, linkifiers: linkifiers.length, links, ...timing })}\n`);
