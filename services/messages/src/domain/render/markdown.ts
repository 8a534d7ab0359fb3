import MarkdownIt from 'markdown-it';
import { channelLinkRule, renderChannelLink } from './channel-links';
import { renderCodeBlock } from './code-highlight';
import type { RenderEnv } from './context';
import { renderEmoji } from './emoji';
import { escapeText } from './html';
import { finishInline } from './inline-pass';
import { linkTarget } from './links';
import { mentionRule, renderMention } from './mentions';

/**
 * The one markdown-it instance: CommonMark plus tables, strikethrough and auto-links, set up
 * to write what Zulip's Markdown processor (zerver/lib/markdown) writes. Raw HTML is never
 * passed through (`html: false`); a newline is a line break, as in Zulip. Per-render data
 * travels in markdown-it's `env` (a RenderEnv), so the instance is shared.
 *
 * Zulip has no setext headings and no reference links; `_` does not emphasize; `~~` is <del>.
 */
export const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true });
md.disable(['lheading', 'reference']);

const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url) => {
  const normalized = normalizeLink(url);
  return linkTarget(normalized) ?? normalized;
};
// Zulip's scheme allow-list rather than markdown-it's deny-list (which lets data:image through).
md.validateLink = (url) => linkTarget(url) !== undefined;

// Zulip leaves out top-level domains that are mostly file extensions ("see main.py").
const FILE_EXTENSION_TLD = /\.(?:java|md|mov|py|zip)$/i;
const linkifyMatch = md.linkify.match.bind(md.linkify);
md.linkify.match = (text) =>
  (linkifyMatch(text) ?? []).filter((link) => link.schema !== '' || !FILE_EXTENSION_TLD.test(link.raw.split(/[/?#:]/, 1)[0]));

/** Underscores are plain text: Zulip keeps `snake_case` and `__init__` as typed. */
function underscoreRule(state: MarkdownIt.StateInline, validateOnly: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f /* _ */) return false;
  let end = state.pos;
  while (end < state.posMax && state.src.charCodeAt(end) === 0x5f) end++;
  if (!validateOnly) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

md.inline.ruler.before('emphasis', 'zulip_mention', mentionRule);
md.inline.ruler.before('emphasis', 'zulip_channel_link', channelLinkRule);
md.inline.ruler.before('emphasis', 'zulip_underscore', underscoreRule);

const QUOTE_LANGUAGES: ReadonlySet<string> = new Set(['quote', 'quoted']);

/** The language of a fence's info string, as Zulip's FENCE_RE reads it ("{.py}" is "py"). */
export function fenceLanguage(info: string): string {
  return /^\{?\.?([a-zA-Z0-9_+\-./#]*)/.exec(md.utils.unescapeAll(info).trim())![1];
}

/** ```quote and ```quoted fences are block quotes of their Markdown, as in Zulip. */
function quoteFences(state: MarkdownIt.StateCore): void {
  for (let i = 0; i < state.tokens.length; i++) {
    const fence = state.tokens[i];
    if (fence.type !== 'fence' || !QUOTE_LANGUAGES.has(fenceLanguage(fence.info))) continue;
    const inner: MarkdownIt.Token[] = [];
    state.md.block.parse(fence.content, state.md, state.env, inner);
    const open = new state.Token('blockquote_open', 'blockquote', 1);
    const close = new state.Token('blockquote_close', 'blockquote', -1);
    open.block = close.block = true;
    open.map = fence.map;
    // The loop goes on into the inner tokens, so quote fences inside are converted too.
    state.tokens.splice(i, 1, open, ...inner, close);
  }
}

md.core.ruler.after('block', 'zulip_quote_fences', quoteFences);
md.core.ruler.push('zulip_inline', finishInline);

const rules = md.renderer.rules;
rules.text = (tokens, idx) => escapeText(tokens[idx].content);
rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx].content)}</code>`;
// Code blocks: Zulip's codehilite HTML with Pygments token classes (code-highlight.ts); a block ends its line.
const codeFence = (token: MarkdownIt.Token, env: RenderEnv) =>
  withNewline(renderCodeBlock(token.content, fenceLanguage(token.info), { defaultLanguage: env.defaultCodeBlockLanguage }));
const withNewline = (block: string) => (block && `${block}\n`);
rules.fence = (tokens, idx, _options, env: RenderEnv) => codeFence(tokens[idx], env);
rules.code_block = (tokens, idx) => withNewline(renderCodeBlock(tokens[idx].content, undefined));
rules.s_open = () => '<del>';
rules.s_close = () => '</del>';
rules.zulip_mention = (tokens, idx) => renderMention(tokens[idx].meta);
rules.zulip_channel_link = (tokens, idx) => renderChannelLink(tokens[idx].meta);
rules.zulip_emoji = (tokens, idx) => renderEmoji(tokens[idx].meta.name, tokens[idx].meta.code);
