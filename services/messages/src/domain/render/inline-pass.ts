import type MarkdownIt from 'markdown-it';
import type { RenderEnv } from './context';
import { splitEmoji } from './emoji';
import { applyLinkifiers } from './linkifiers';
import { linkAttrs, noteLink } from './links';
import { Mention, noteMention } from './mentions';

type Token = MarkdownIt.Token;

interface Pass {
  state: MarkdownIt.StateCore;
  env: RenderEnv;
  inQuote: boolean;
}

/**
 * The last core rule, over each paragraph's inline tokens once markdown-it has parsed them
 * (and its auto-links are links): links get Zulip's attributes and count for has:link,
 * mentions are counted (silenced inside quotes), and the realm's linkifiers, then emoji
 * shortcodes, apply to text outside code and links. Zulip runs linkifiers before emphasis,
 * so a match may not follow markup directly (`**#12**` is not linked) but may end before it.
 */
export function finishInline(state: MarkdownIt.StateCore): void {
  const env = state.env as RenderEnv;
  let quoteDepth = 0;
  for (const block of state.tokens) {
    if (block.type === 'blockquote_open') quoteDepth++;
    else if (block.type === 'blockquote_close') quoteDepth--;
    else if (block.type === 'inline' && block.children) {
      block.children = finishChildren(block.children, { state, env, inQuote: quoteDepth > 0 }, false);
    }
  }
}

function finishChildren(children: Token[], pass: Pass, inLink: boolean): Token[] {
  const out: Token[] = [];
  let linkDepth = inLink ? 1 : 0;
  children.forEach((token, i) => {
    switch (token.type) {
      case 'link_open': {
        linkDepth++;
        const href = token.attrGet('href') ?? '';
        token.attrs = linkAttrs(href, pass.env.realmUrl);
        noteLink(pass.env.findings, href);
        out.push(token);
        // Zulip shows the URL of a link written without text, or with only white space.
        const close = children.findIndex((t, j) => j > i && t.type === 'link_close');
        if (children.slice(i + 1, close).every((t) => t.type === 'text' && !t.content.trim())) {
          children.splice(i + 1, close - i - 1);
          out.push(textToken(pass.state, token.attrGet('href') ?? href));
        }
        return;
      }
      case 'link_close':
        linkDepth--;
        out.push(token);
        return;
      case 'image':
        out.push(...imageAsLink(token, pass));
        return;
      case 'zulip_mention':
        noteMention(token.meta as Mention, pass.inQuote, pass.env.findings);
        out.push(token);
        return;
      case 'text':
        if (linkDepth > 0) out.push(token);
        else out.push(...splitText(token.content, followsMarkup(children[i - 1]), pass));
        return;
      default:
        out.push(token);
    }
  });
  return out;
}

/**
 * Zulip has no image syntax: `![text](url)` is a "!" and a link (its preview is a separate
 * block, not rendered here). It still counts for has:image.
 */
function imageAsLink(image: Token, pass: Pass): Token[] {
  const src = image.attrGet('src') ?? '';
  const open = new pass.state.Token('link_open', 'a', 1);
  open.attrs = linkAttrs(src, pass.env.realmUrl);
  noteLink(pass.env.findings, src, true);
  const inner = finishChildren(image.children ?? [], pass, true);
  if (inner.length === 0) inner.push(textToken(pass.state, src));
  return [textToken(pass.state, '!'), open, ...inner, new pass.state.Token('link_close', 'a', -1)];
}

/** Whether the token before a text run stands where Zulip has markup or a placeholder. */
function followsMarkup(previous: Token | undefined): boolean {
  return previous !== undefined && previous.type !== 'softbreak' && previous.type !== 'hardbreak';
}

function splitText(text: string, blockedBefore: boolean, pass: Pass): Token[] {
  const { state, env } = pass;
  const out: Token[] = [];
  for (const piece of applyLinkifiers(text, blockedBefore, env.linkifiers)) {
    if (piece.url !== undefined) {
      const open = new state.Token('link_open', 'a', 1);
      open.attrs = linkAttrs(piece.url, env.realmUrl);
      noteLink(env.findings, piece.url);
      out.push(open, textToken(state, piece.text), new state.Token('link_close', 'a', -1));
      continue;
    }
    for (const part of splitEmoji(piece.text, env.translateEmoticons, env.realmEmoji)) {
      if (!part.emoji) {
        out.push(textToken(state, part.text));
        continue;
      }
      const emoji = new state.Token('zulip_emoji', '', 0);
      emoji.meta = part.emoji;
      out.push(emoji);
    }
  }
  return out;
}

function textToken(state: MarkdownIt.StateCore, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}
