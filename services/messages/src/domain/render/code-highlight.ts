import { codeLanguage, hljs } from './code-languages';
import { pygmentsHtml, pygmentsSegments } from './code-tokens';
import { attrs, escapeCode, escapeText } from './html';

/**
 * Zulip's code block (zerver/lib/markdown/fenced_code.py with Python-Markdown's codehilite and
 * Pygments): `<div class="codehilite" data-code-language="Python"><pre><span></span><code>…`
 * with Pygments' token spans inside.
 */

/**
 * Code past these bounds is not highlighted: it keeps Zulip's structure and language, without
 * token spans. highlight.js's grammars are regular expressions that are not linear-time: long
 * runs without whitespace cost it time quadratic in their length (a 10,000-character word takes
 * C# ~1 s). Within both bounds, the worst measured here is ~150 ms for a 5,000-character block
 * of 64-character words (C#); ordinary code costs ~1-2 ms per 1,000 characters.
 */
export const MAX_HIGHLIGHTED_CODE_CHARS = 5_000;
export const MAX_HIGHLIGHTED_WORD_CHARS = 64;

export interface CodeBlockOptions {
  /** The realm's default_code_block_language, for fences that name none ('' or undefined: none). */
  defaultLanguage?: string;
}

/**
 * The HTML Zulip writes for a code block: `lang` is the fence's language ('' or undefined: none;
 * indented blocks have none and pass no default). Trailing whitespace of each line and blank
 * lines at either end are dropped, and the code ends with a newline, as Pygments writes it.
 * A fence with no lines at all is nothing, as in Zulip.
 */
export function renderCodeBlock(code: string, lang: string | undefined, opts: CodeBlockOptions = {}): string {
  if (code === '') return '';
  const body = `${trimNewlines(
    code
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n'),
  )}\n`;
  const typed = lang || opts.defaultLanguage || '';
  if (!typed) {
    // No language: Pygments as Zulip's codehilite calls it, whose escaping (quotes too) stays.
    const grammar = codeLanguage(headerLanguage(body) || 'text').grammar;
    const inner = grammar ? highlighted(body, grammar, escapeCode) : escapeCode(body);
    return `<div class="codehilite"><pre><span></span><code>${inner}</code></pre></div>`;
  }
  const language = codeLanguage(typed);
  // Zulip re-serializes a block with a language through lxml, which leaves quotes in text bare.
  const inner = language.grammar ? highlighted(body, language.grammar, escapeText) : escapeText(body);
  return `<div class="codehilite"${attrs([['data-code-language', language.label]])}><pre><span></span><code>${inner}</code></pre></div>`;
}

/** Without blank lines at either end (a loop: `/\n+$/` is quadratic on long runs of newlines). */
function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

/**
 * Python-Markdown's codehilite reads a language from the first line of a block that names none:
 * `#!python`, `#!/usr/bin/python` or `:::python`. Zulip keeps that line in the code (its
 * CodeHilite._parseHeader) and adds no data-code-language.
 */
function headerLanguage(body: string): string {
  return /^(?:::+|#!)(?:(?:\/\w+)*[/ ])?([\w#.+-]*)/.exec(body)?.[1] ?? '';
}

/** The longest run of non-whitespace characters (UTF-16 units). */
function longestWord(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    run = c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d ? 0 : run + 1;
    if (run > longest) longest = run;
  }
  return longest;
}

function highlighted(body: string, grammar: string, escape: (text: string) => string): string {
  if (grammar === 'plaintext' || body.length > MAX_HIGHLIGHTED_CODE_CHARS || longestWord(body) > MAX_HIGHLIGHTED_WORD_CHARS) {
    return escape(body);
  }
  try {
    return pygmentsHtml(pygmentsSegments(hljs.highlight(body, { language: grammar, ignoreIllegals: true }).value, grammar), escape);
  } catch {
    // Zulip too shows the code plain when highlighting fails.
    return escape(body);
  }
}
