/**
 * L2 (issue #29): how long the renderer takes for what people write, in-process (the built
 * services/messages renderer): `typical`, a short message with emphasis, a link, emoji and
 * a four-line code block; `largest`, a message of the largest allowed size (10,000
 * characters) mixing paragraphs with `:emoji:` and Unicode emoji, inline and block math,
 * highlighted code blocks, a spoiler, a list and a time.
 *
 * Configuration: JSON in argv[2] {kind, renders}. Prints JSON as l1-linkifiers.mjs does.
 */
import { timeRenders } from './render-timing.mjs';

const cfg = JSON.parse(process.argv[2] ?? '{}');
const renders = cfg.renders ?? 50;

const TYPICAL =
  'Hello **team**, the build at https://ci.example.com/builds/123 is green :tada: 🎉 — run `make test` first:\n' +
  '```python\ndef greet(name):\n    """Say hello."""\n    return f"Hello {name}!"\n```\n';
const PART = [
  'The release is on <time:2026-12-01T10:00:00Z> :rocket: and the dashboards 📈 show $$e^{i\\pi} + 1 = 0$$ as usual. ',
  'Details in https://wiki.example.com/release/notes?id=42 and *the plan*.\n\n',
  '```math\n\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}\n```\n',
  '```typescript\nexport function add(a: number, b: number): number {\n  // the sum\n  return a + b;\n}\nconst xs = [1, 2, 3].map((x) => add(x, 1));\n```\n',
  '```spoiler Answers\n1. :thumbs_up: yes\n2. **no**\n```\n',
  '* one :smile:\n* two `code`\n* three ✅\n\n',
].join('');
const LARGEST = PART.repeat(Math.ceil(10_000 / PART.length)).slice(0, 10_000);
const content = cfg.kind === 'largest' ? LARGEST : TYPICAL;
const context = { users: [], groups: [], channels: [], linkifiers: [] };

const { first, ...timing } = timeRenders(content, context, renders);
process.stdout.write(`${JSON.stringify({ kind: cfg.kind, length: content.length, htmlLength: first.html.length, ...timing })}\n`);
