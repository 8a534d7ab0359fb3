import MarkdownIt from 'markdown-it';
import { zulipLinkifyMatch } from './autolinks';
import { ChannelLink, channelLinkRule, renderChannelLink } from './channel-links';
import { renderCodeBlock } from './code-highlight';
import type { RenderEnv } from './context';
import { renderEmoji } from './emoji';
import { escapeText } from './html';
import { fenceInfo, SPOILER_CLOSE, SPOILER_CONTENT, SPOILER_OPEN, zulipFences } from './fences';
import { finishInline } from './inline-pass';
import { strikeRule, zulipBlocks, zulipEmphasis, zulipFenceRule, zulipListRule } from './structure';
import { linkTarget } from './links';
import { renderInlineTex, renderMathBlock, texRule } from './math';
import { renderTime, timeRule } from './time';
import { Mention, mentionRule, renderMention } from './mentions';
import { imagePreviews } from './previews';

/**
 * The one markdown-it instance: CommonMark plus tables, strikethrough and auto-links, set up
 * to write what Zulip's Markdown processor (zerver/lib/markdown) writes. Raw HTML is never
 * passed through (`html: false`); a newline is a line break, as in Zulip. Per-render data
 * travels in markdown-it's `env` (a RenderEnv), so the instance is shared.
 *
 * Zulip has no setext headings and no reference links; `_` does not emphasize; `~~` is <del>.
 */
export const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true });
// Nor `<url>` auto-links: Zulip shows the brackets around the link it finds inside.
md.disable(['lheading', 'reference', 'autolink']);

const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url) => {
  const normalized = normalizeLink(url);
  return linkTarget(normalized) ?? normalized;
};
// An auto-link shows the URL as typed (markdown-it would decode %20 and the like).
md.normalizeLinkText = (url) => url;
// Zulip's scheme allow-list rather than markdown-it's deny-list (which lets data:image through).
md.validateLink = (url) => linkTarget(url) !== undefined;

const linkifyMatch = md.linkify.match.bind(md.linkify);
const linkifyTest = md.linkify.test.bind(md.linkify);
/** The text with each colon not before "//" read as a space (same length; see zulipLinkifyMatch), or null when it has none. */
const colonsAsSpaces = (text: string): string | null => {
  const spaced = text.replace(/:(?!\/\/)/g, ' ');
  return spaced === text ? null : spaced;
};
md.linkify.match = (text) => {
  const spaced = colonsAsSpaces(text);
  return zulipLinkifyMatch(text, linkifyMatch(text), spaced === null ? null : linkifyMatch(spaced));
};
md.linkify.test = (text) => {
  if (linkifyTest(text)) return true;
  const spaced = colonsAsSpaces(text);
  return spaced !== null && linkifyTest(spaced);
};
// Every auto-link goes through that one match (markdown-it's inline rule would bypass it).
md.inline.ruler.disable('linkify');

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

/** The language of a fence's info string, as Zulip's FENCE_RE reads it ("{.py}" is "py"). */
export function fenceLanguage(info: string): string {
  return fenceInfo(md, info).language;
}

md.inline.ruler.before('emphasis', 'zulip_tex', texRule);
md.inline.ruler.disable('strikethrough');
md.inline.ruler2.disable('strikethrough');
md.inline.ruler.before('emphasis', 'zulip_strike', strikeRule);
const blockRule = (name: string) => (md.block.ruler as unknown as { __rules__: { name: string; fn: MarkdownIt.ParserBlock.RuleBlock }[] }).__rules__.find((rule) => rule.name === name)!.fn;
md.block.ruler.at('fence', zulipFenceRule(blockRule('fence')), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
md.block.ruler.at('list', zulipListRule(blockRule('list')), { alt: ['paragraph', 'reference', 'blockquote'] });
md.inline.ruler.before('autolink', 'zulip_time', timeRule);
md.core.ruler.after('block', 'zulip_fences', zulipFences);
md.core.ruler.after('zulip_fences', 'zulip_blocks', zulipBlocks);
md.core.ruler.after('inline', 'zulip_emphasis', zulipEmphasis);
md.core.ruler.push('zulip_inline', finishInline);
md.core.ruler.push('zulip_image_previews', imagePreviews);

const rules = md.renderer.rules;
rules.text = (tokens, idx) => escapeText(tokens[idx].content);
rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx].content)}</code>`;
// Code blocks: Zulip's codehilite HTML with Pygments token classes (code-highlight.ts); a block ends its line.
// The rules whose HTML grows far past their source (code, TeX) spend from the rendering's OutputBudget.
const codeFence = (token: MarkdownIt.Token, env: RenderEnv) => withNewline(renderCodeBlock(token.content, fenceLanguage(token.info), { defaultLanguage: env.defaultCodeBlockLanguage }));
const withNewline = (block: string) => block && `${block}\n`;
rules.fence = (tokens, idx, _options, env: RenderEnv) => env.output.spend(codeFence(tokens[idx], env));
rules.code_block = (tokens, idx, _options, env: RenderEnv) => env.output.spend(withNewline(renderCodeBlock(tokens[idx].content, undefined)));
rules.s_open = () => '<del>';
rules.s_close = () => '</del>';
rules.zulip_mention = (tokens, idx) => renderMention(tokens[idx].meta as Mention);
rules.zulip_channel_link = (tokens, idx) => renderChannelLink(tokens[idx].meta as ChannelLink);
rules.zulip_time = (tokens, idx) => renderTime(tokens[idx].content);
rules.zulip_tex = (tokens, idx, _options, env: RenderEnv) => env.output.spend(renderInlineTex(tokens[idx].content));
rules.zulip_math = (tokens, idx, _options, env: RenderEnv) => renderMathBlock(tokens[idx].content, (html) => env.output.spend(html));
rules.zulip_spoiler_open = () => SPOILER_OPEN;
rules.zulip_spoiler_content = () => SPOILER_CONTENT;
rules.zulip_spoiler_close = () => SPOILER_CLOSE;
rules.zulip_emoji = (tokens, idx) => {
  const { name, code, src } = tokens[idx].meta as { name: string; code: string; src?: string };
  return renderEmoji(name, code, src);
};
