import type MarkdownIt from 'markdown-it';
import type { UploadPreview } from '@parley/common';
import type { RenderEnv } from './context';
import { attrs } from './html';
import { isImageUrl, isUploadUrl } from './links';

type Token = MarkdownIt.Token;

/**
 * Zulip's InlineInterestingLinkProcessor drops every preview of a message with more distinct
 * previewable URLs than this (INLINE_PREVIEW_LIMIT_PER_MESSAGE).
 */
const PREVIEW_LIMIT = 24;

interface Preview {
  href: string;
  title?: string;
  upload?: UploadPreview;
}

/**
 * Inline image previews, as Zulip renders a link to an image: an uploaded image Parley has
 * thumbnailed (RenderContext.uploadPreviews) shows its thumbnail with the original's size
 * and type; without that context, an upload or any other URL is an image by its path's
 * extension, shown as it is (no image proxy runs here). After the paragraph
 * holding the link (inside the list item when the list is tight), a
 * `div.message_inline_image` linking to the image, with the link's text as its title when
 * the link has text of its own. Each URL is previewed once per message; none in block
 * quotes; a paragraph that is only an auto-link to an image gives way to its preview.
 * Runs after the inline pass, on the final link tokens (their hrefs as rendered).
 */
export function imagePreviews(state: MarkdownIt.StateCore): void {
  const tokens = state.tokens;
  const found: { at: number; previews: Preview[] }[] = [];
  const urls = new Set<string>();
  let quoteDepth = 0;
  tokens.forEach((token, i) => {
    if (token.type === 'blockquote_open') quoteDepth++;
    else if (token.type === 'blockquote_close') quoteDepth--;
    else if (token.type === 'inline' && token.children && quoteDepth === 0 && tokens[i + 1]?.type === 'paragraph_close') {
      const previews = imageLinks(token.children, state.env as RenderEnv).filter((p) => !urls.has(p.href));
      previews.forEach((p) => urls.add(p.href));
      if (previews.length) found.push({ at: i, previews });
    }
  });
  if (!found.length || urls.size > PREVIEW_LIMIT) return;
  (state.env as RenderEnv).findings.hasImage = true;
  // From the end, so that earlier positions stay valid.
  for (const { at, previews } of found.reverse()) {
    const close = tokens[at + 1];
    const block = new state.Token('html_block', '', 0);
    block.content = previews.map(previewHtml).join('') + (close.hidden ? '' : '\n');
    if (!close.hidden && isOnlyAutoLink(tokens[at].children!)) tokens.splice(at - 1, 3, block);
    else tokens.splice(at + 2, 0, block);
  }
}

/** The image links among a paragraph's inline tokens, in order, each URL once. */
function imageLinks(children: Token[], env: RenderEnv): Preview[] {
  const out: Preview[] = [];
  children.forEach((token, i) => {
    if (token.type !== 'link_open') return;
    const href = token.attrGet('href') ?? '';
    // With the uploads' previews at hand, an upload is an image exactly when it has one (Zulip's is_image).
    const previews = isUploadUrl(href) ? env.uploadPreviews : undefined;
    const upload = previews?.get(uploadPathOf(href));
    const image = previews ? upload !== undefined : isImageUrl(href);
    if (!image || out.some((p) => p.href === href)) return;
    const text = linkText(children, i);
    out.push({ href, ...(text !== undefined && !isAutoLink(token, text) ? { title: text } : {}), ...(upload ? { upload } : {}) });
  });
  return out;
}

/** The path_id an upload link names (after /user_uploads/, without query or fragment, percent-decoded). */
function uploadPathOf(href: string): string {
  const path = href.slice('/user_uploads/'.length).split(/[?#]/, 1)[0];
  try {
    return path
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    return path;
  }
}

/** The plain text of the link opening at `i`. */
function linkText(children: Token[], i: number): string | undefined {
  let text = '';
  for (let j = i + 1; j < children.length && children[j].type !== 'link_close'; j++) text += children[j].content;
  return text || undefined;
}

/** An auto-link (markdown-it's linkify) shows its URL as typed. */
const isAutoLink = (open: Token, text: string) => open.markup === 'linkify' || open.info === 'auto' || text === open.attrGet('href');

/** A paragraph that is one auto-link and nothing else. */
function isOnlyAutoLink(children: Token[]): boolean {
  const parts = children.filter((t) => !(t.type === 'text' && !t.content.trim()));
  return parts.length === 3 && parts[0].type === 'link_open' && parts[2].type === 'link_close' && isAutoLink(parts[0], parts[1].content);
}

function previewHtml(p: Preview): string {
  const link = attrs([['href', p.href], ...(p.title ? [['title', p.title] as [string, string]] : [])]);
  return `<div class="message_inline_image"><a${link}><img${attrs(p.upload ? thumbnailAttrs(p.upload) : [['src', p.href]])}></a></div>`;
}

/**
 * An uploaded image's preview, as Zulip renders a thumbnailed one: the thumbnail, the
 * original's size and type (clients size the box before it loads, and may ask for another
 * of server_thumbnail_formats), whether it moves, and its transcoded still if any.
 */
function thumbnailAttrs(u: UploadPreview): [string, string][] {
  return [
    // Encoded as markdown-it encodes the link to the original (names may hold any letter).
    ['src', encodeURI(u.url)],
    ['data-original-dimensions', `${u.original_width_px}x${u.original_height_px}`],
    ['data-original-content-type', u.original_content_type],
    ...(u.animated ? [['data-animated', 'true'] as [string, string]] : []),
    ...(u.transcoded_image ? [['data-transcoded-image', u.transcoded_image] as [string, string]] : []),
  ];
}
