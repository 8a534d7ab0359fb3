import katex from 'katex';
import type MarkdownIt from 'markdown-it';
import { escapeAttr, escapeText } from './html';

/**
 * TeX as Zulip renders it (zerver/lib/tex.py runs KaTeX with its defaults): KaTeX's HTML and
 * MathML, or undefined where KaTeX refuses the TeX. KaTeX escapes what it writes and, without
 * `trust`, makes no links or raw HTML. Its macro expansion is bounded (maxExpand), and so is the
 * input: TeX longer than MAX_TEX is refused as bad TeX, which keeps one message's cost bounded.
 */
export const MAX_TEX = 2000;

export function renderTex(tex: string, display: boolean): string | undefined {
  if (tex.length > MAX_TEX) return undefined;
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'ignore', trust: false, maxExpand: 1000 });
  } catch {
    return undefined;
  }
}

/** `$$tex$$` in text: KaTeX inline, else Zulip's tex-error span showing the source. */
export function renderInlineTex(tex: string): string {
  return renderTex(tex, false) ?? `<span class="tex-error">${escapeText(`$$${tex}$$`)}</span>`;
}

/**
 * A ```math block: each blank-line-separated paragraph is a display formula of its own. Each
 * formula's HTML goes through `spend` as it is made (OutputBudget), so a block of thousands
 * stops at the rendering's cap.
 */
export function renderMathBlock(content: string, spend: (html: string) => string = (html) => html): string {
  return content
    .replace(/\n$/, '')
    .split('\n\n')
    .map((tex) => spend(`<p>${renderTex(tex, true) ?? `<span class="tex-error">${escapeAttr(tex).replace(/'/g, '&#x27;')}</span>`}</p>\n`))
    .join('');
}

const WORD = /[\p{L}\p{N}_]/u;
const isWord = (c: string | undefined) => c !== undefined && WORD.test(c);

/**
 * Zulip's inline TeX (TEX_RE: `\B(?<!\$)\$\$(?P<body>[^\n_$](\\\$|[^$\n])*)\$\$(?!\$)\B`), matched
 * by one forward scan: `$$` not after a word character or `$`, a body that starts with none of
 * newline, `_`, `$` and runs (with `\$` escapes) to the next `$$`, which no `$` or word follows.
 */
export function texRule(state: MarkdownIt.StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x24 || src.charCodeAt(pos + 1) !== 0x24) return false;
  if (pos > 0 && (src[pos - 1] === '$' || isWord(src[pos - 1]))) return false;
  const start = pos + 2;
  if (start >= state.posMax || '\n_$'.includes(src[start])) return false;
  let i = start;
  while (i < state.posMax) {
    const c = src[i];
    if (c === '\n') return false;
    if (c === '\\' && src[i + 1] === '$') {
      i += 2;
      continue;
    }
    if (c === '$') break;
    i++;
  }
  if (src[i] !== '$' || src[i + 1] !== '$' || i + 1 >= state.posMax) return false;
  const after = src[i + 2];
  if (i + 2 < state.posMax && (after === '$' || isWord(after))) return false;
  if (!silent) state.push('zulip_tex', '', 0).content = src.slice(start, i);
  state.pos = i + 2;
  return true;
}
