import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

const QUOTE_LANGUAGES: ReadonlySet<string> = new Set(['quote', 'quoted']);
const MATH_LANGUAGES: ReadonlySet<string> = new Set(['math']);

/**
 * A fence's info string as Zulip's FENCE_RE reads it: an optional `{` or `.`, the language
 * ("{.py}" is "py"), then a header (for spoilers) up to a closing `}`.
 */
export function fenceInfo(md: MarkdownIt, info: string): { language: string; header: string } {
  const text = md.utils.unescapeAll(info).trim();
  const m = /^\{?\.?([a-zA-Z0-9_+\-./#]*) *(.*)$/.exec(text)!;
  return { language: m[1], header: m[2].replace(/\}$/, '').trim() };
}

function blockToken(state: MarkdownIt.StateCore, type: string, nesting: -1 | 0 | 1, map: Token['map']): Token {
  const token = new state.Token(type, '', nesting);
  token.block = true;
  token.map = map;
  return token;
}

/**
 * Zulip's fenced blocks that are not code: ```quote and ```quoted are block quotes of their
 * Markdown; ```spoiler header is a spoiler block (the header shown, the content hidden);
 * ```math is display TeX (rendered by the zulip_math rule). The loop goes on into the tokens it
 * inserts, so fences inside quotes and spoilers are converted too.
 */
export function zulipFences(state: MarkdownIt.StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const fence = tokens[i];
    if (fence.type !== 'fence') continue;
    const { language, header } = fenceInfo(state.md, fence.info);
    if (QUOTE_LANGUAGES.has(language)) {
      const inner: Token[] = [];
      state.md.block.parse(fence.content, state.md, state.env, inner);
      const open = blockToken(state, 'blockquote_open', 1, fence.map);
      open.tag = 'blockquote';
      const close = blockToken(state, 'blockquote_close', -1, fence.map);
      close.tag = 'blockquote';
      tokens.splice(i, 1, open, ...inner, close);
    } else if (language === 'spoiler') {
      const head: Token[] = [];
      if (header) state.md.block.parse(header, state.md, state.env, head);
      const body: Token[] = [];
      state.md.block.parse(fence.content, state.md, state.env, body);
      tokens.splice(
        i,
        1,
        blockToken(state, 'zulip_spoiler_open', 1, fence.map),
        ...head,
        blockToken(state, 'zulip_spoiler_content', 0, fence.map),
        ...body,
        blockToken(state, 'zulip_spoiler_close', -1, fence.map),
      );
    } else if (MATH_LANGUAGES.has(language)) {
      const math = blockToken(state, 'zulip_math', 0, fence.map);
      math.content = fence.content;
      tokens[i] = math;
    }
  }
}

export const SPOILER_OPEN = '<div class="spoiler-block"><div class="spoiler-header">\n';
export const SPOILER_CONTENT = '</div><div class="spoiler-content" aria-hidden="true">\n';
export const SPOILER_CLOSE = '</div></div>\n';
