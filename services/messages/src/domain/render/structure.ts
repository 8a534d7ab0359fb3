import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/**
 * Where Zulip's Markdown builds blocks and emphasis differently from CommonMark, fixed up on
 * markdown-it's tokens (each a single pass) or by a rule of Zulip's shape.
 */

/** A fence opens only where Zulip's FENCE_RE matches: no ~ or ` after the fence's own run. */
export function zulipFenceRule(fence: MarkdownIt.ParserBlock.RuleBlock): MarkdownIt.ParserBlock.RuleBlock {
  return (state, startLine, endLine, silent) => {
    const line = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
    const run = /^(?:~{3,}|`{3,})/.exec(line);
    if (run && /[~`]/.test(line.slice(run[0].length))) return false;
    return fence(state, startLine, endLine, silent);
  };
}

/**
 * In Zulip an ordered list nested in a list item may start at any number right after the
 * item's text ("2. B\n  3. C"); CommonMark lets only a "1." interrupt a paragraph there.
 */
export function zulipListRule(list: MarkdownIt.ParserBlock.RuleBlock): MarkdownIt.ParserBlock.RuleBlock {
  return (state, startLine, endLine, silent) => {
    if (!silent || state.parentType !== 'paragraph' || state.blkIndent === 0) return list(state, startLine, endLine, silent);
    const parentType = state.parentType;
    state.parentType = 'list';
    try {
      return list(state, startLine, endLine, silent);
    } finally {
      state.parentType = parentType;
    }
  };
}

/**
 * Zulip's blocks: a quote with nothing in it is the text ">" (so `>>>` is two quotes around
 * ">"), and adjacent bullet lists with different markers (`*`, `-`, `+`) are one list.
 */
export function zulipBlocks(state: MarkdownIt.StateCore): void {
  const tokens = state.tokens;
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const next = tokens[i + 1];
    if (token.type === 'blockquote_open' && next?.type === 'blockquote_close') {
      const open = new state.Token('paragraph_open', 'p', 1);
      const inline = new state.Token('inline', '', 0);
      inline.content = '>';
      inline.children = [];
      const close = new state.Token('paragraph_close', 'p', -1);
      open.block = close.block = inline.block = true;
      open.level = close.level = token.level;
      inline.level = token.level + 1;
      out.push(open, inline, close);
      i++;
    } else if (token.type === 'bullet_list_close' && next?.type === 'bullet_list_open' && next.level === token.level) {
      i++;
    } else out.push(token);
  }
  state.tokens = out;
}

/**
 * Zulip's emphasis, on each paragraph's inline tokens: `**` and `*` do not reach across a line
 * break (they stay text), and `***foo***` is strong around emphasis.
 */
export function zulipEmphasis(state: MarkdownIt.StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children = block.children.filter((t) => t.type !== 'text' || t.content !== '');
    block.children = children;
    const open: number[] = [];
    for (let i = 0; i < children.length; i++) {
      const t = children[i];
      if (t.type === 'strong_open' || t.type === 'em_open') open.push(i);
      else if ((t.type === 'strong_close' || t.type === 'em_close') && open.length) {
        const start = open.pop()!;
        if (children.slice(start + 1, i).some((c) => c.type === 'softbreak' || c.type === 'hardbreak')) {
          for (const at of [start, i]) Object.assign(children[at], { type: 'text', tag: '', nesting: 0, content: children[at].markup });
        }
      }
    }
    for (let i = 0; i + 1 < children.length; i++) {
      if (children[i].type !== 'em_open' || children[i + 1].type !== 'strong_open') continue;
      const level = children[i + 1].level;
      const close = children.findIndex((c, j) => j > i + 1 && c.type === 'strong_close' && c.level === level);
      if (close < 0 || children[close + 1]?.type !== 'em_close') continue;
      [children[i], children[i + 1]] = [children[i + 1], children[i]];
      [children[close], children[close + 1]] = [children[close + 1], children[close]];
    }
  }
}

/**
 * Zulip's `~~`: DEL_RE, `(?<!~)~~([^~\n]+?)~~(?!~)`, so spaces may stand inside (`~~ x ~~`). The
 * text between is Markdown of its own. One forward scan to the next `~`.
 */
export function strikeRule(state: MarkdownIt.StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x7e || src.charCodeAt(pos + 1) !== 0x7e || (pos > 0 && src[pos - 1] === '~')) return false;
  let end = pos + 2;
  while (end < state.posMax && src[end] !== '~' && src[end] !== '\n') end++;
  if (end === pos + 2 || src[end] !== '~' || src[end + 1] !== '~' || end + 1 >= state.posMax || src[end + 2] === '~') return false;
  if (!silent) {
    state.push('s_open', 's', 1).markup = '~~';
    const max = state.posMax;
    state.pos = pos + 2;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = max;
    state.push('s_close', 's', -1).markup = '~~';
  }
  state.pos = end + 2;
  return true;
}

const LIST_ITEM = /^( *)([*+-]|\d{1,9}[.)])( +)(?=\S)/;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Zulip nests a list item two spaces in (Python-Markdown with a tab length of 2), where
 * CommonMark wants it at its parent's content column ("1. " takes 3). The source's list items
 * indented under an item are moved to that column, so markdown-it nests what Zulip nests; fenced
 * code is left alone. One pass over the lines, with a stack of the open items.
 */
export function zulipListIndents(content: string): string {
  const lines = content.split('\n');
  const open: { indent: number; column: number; contentColumn: number }[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = FENCE_LINE.exec(line);
    if (fence !== undefined) {
      if (fenceMark && fenceMark[1][0] === fence[0] && fenceMark[1].length >= fence.length && !line.slice(fenceMark[0].length).trim()) fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark[1];
      open.length = 0;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (!item) {
      if (line.trim() && !line.startsWith(' ')) open.length = 0;
      continue;
    }
    const indent = item[1].length;
    // Four spaces in with no list open is an indented code block, whose text stays as written.
    if (!open.length && indent >= 4) continue;
    while (open.length && open[open.length - 1].indent >= indent) open.pop();
    const parent = open[open.length - 1];
    const column = parent && indent >= parent.indent + 2 ? Math.max(indent, parent.contentColumn) : indent;
    if (column !== indent) lines[i] = ' '.repeat(column) + line.slice(indent);
    const spaces = item[3].length > 4 ? 1 : item[3].length;
    open.push({ indent, column, contentColumn: column + item[2].length + spaces });
  }
  return lines.join('\n');
}
