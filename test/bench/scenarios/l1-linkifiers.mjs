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
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const { renderMessage } = require(join(ROOT, 'services/messages/dist/domain/render/index.js'));
const cfg = JSON.parse(process.argv[2] ?? '{}');
const renders = cfg.renders ?? 50;

const EVERYDAY = [
  '#(?P<id>[0-9]+)', 'RT #(?P<id>[0-9]{2,8})', 'gh-(?P<repo>[a-z]+)/(?P<id>\\d+)', '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)',
  'CVE-(?P<year>\\d{4})-(?P<id>\\d{4,7})', 'PR(?P<id>\\d+)', '(?i)bug (?P<id>\\d+)', 'JIRA-(?P<id>\\d+)', '[Tt]icket\\s+(?P<id>\\d+)',
  'commit (?P<sha>[0-9a-f]{7,40})', '@(?P<user>[a-z]{3,20})/(?P<id>\\d+)', 'RFC ?(?P<rfc>[0-9]+)', 'PEP ?(?P<pep>[0-9]+)',
  '(?P<lang>[a-z]{2})wiki:(?P<page>\\w+)', 'MR!(?P<id>\\d+)', 'T(?P<id>\\d{4,})', 'doc:(?P<path>[\\w/.-]+)', 'zulip#(?P<id>\\d+)',
  'ISSUE-(?P<id>[0-9]+)', 'sentry:(?P<id>[0-9a-f]{32})',
];
const CATASTROPHIC = ['(?P<id>(a+)+b)', '(?P<ticket>([A-Z]+-?)+[0-9]+)'];
const linkifiers = [...EVERYDAY, ...CATASTROPHIC].map((pattern, i) => ({
  id: i + 1, pattern, url_template: `https://links${i}.example/${[...pattern.matchAll(/\(\?P<(\w+)>/g)].map((m) => `{${m[1]}}`).join('/')}`,
}));
const sentence = 'The fox #123 jumps over ABC-42; see zulip/zulip#456, CVE-2024-12345, RFC 2616, PEP 8 and bug 99. '
  + 'commit deadbeef1 fixed ticket 7, MR!3 and T12345. aaaaaaaaaaaaaaaaaaaaaaaaaaa! ABCDEFGHIJKLMNOPQRSTUVWXYZABCD! aab\n';
const content = sentence.repeat(Math.ceil(10_000 / sentence.length)).slice(0, 10_000);
const context = { users: [], groups: [], channels: [], linkifiers };

const cpu0 = process.cpuUsage();
let t = performance.now();
const first = renderMessage(content, context);
const coldMs = performance.now() - t;
const links = (first.html.match(/<a /g) ?? []).length;
const latencies = [];
for (let i = 0; i < renders; i++) {
  t = performance.now();
  renderMessage(content, context);
  latencies.push(performance.now() - t);
}
const cpu = process.cpuUsage(cpu0);
latencies.sort((a, b) => a - b);
const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
process.stdout.write(`${JSON.stringify({
  length: content.length, linkifiers: linkifiers.length, links, coldMs, renders,
  latency: { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) }, cpuMs: (cpu.user + cpu.system) / 1000,
})}\n`);
