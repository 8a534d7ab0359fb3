import type { Findings } from './context';

/**
 * Which link targets Zulip renders (sanitize_url in zerver/lib/markdown): a fixed list of
 * schemes, so javascript:, data:, vbscript: and the like never become links.
 */
const ALLOWED_SCHEMES: ReadonlySet<string> = new Set([
  'http',
  'https',
  'ftp',
  'file',
  // The WHATWG "safelisted schemes".
  'bitcoin',
  'geo',
  'im',
  'irc',
  'ircs',
  'magnet',
  'mailto',
  'matrix',
  'mms',
  'news',
  'nntp',
  'openpgp4fpr',
  'sip',
  'sms',
  'smsto',
  'ssh',
  'tel',
  'urn',
  'webcal',
  'wtai',
  'xmpp',
]);

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * The href Zulip gives a link to this URL, or undefined when it refuses one: a relative path
 * or fragment stays as it is, an address with @ becomes mailto:, anything else without a
 * scheme gets http://.
 */
export function linkTarget(url: string): string | undefined {
  const scheme = SCHEME.exec(url);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1].toLowerCase()) ? url : undefined;
  if (url === '' || url.startsWith('#') || (url.startsWith('/') && !url.startsWith('//'))) return url;
  if (!url.startsWith('//') && /^[^/?#]*@/.test(url)) return `mailto:${url}`;
  return `http://${url.replace(/^\/\//, '')}`;
}

const IMAGE_EXTENSIONS = /\.(?:bmp|gif|jpe|jpeg|jpg|png|webp)$/;

/** Zulip's image extensions (IMAGE_EXTENSIONS in zerver/lib/markdown), on the URL's path. */
export function isImageUrl(href: string): boolean {
  return IMAGE_EXTENSIONS.test(href.split(/[?#]/, 1)[0].toLowerCase());
}

/** An uploaded file: a path under /user_uploads/ on this server (clients link them relative). */
export function isUploadUrl(href: string): boolean {
  return href.startsWith('/user_uploads/');
}

/** Notes a rendered link in the message's has: facts. */
export function noteLink(findings: Findings, href: string, image = false): void {
  findings.hasLink = true;
  if (image || isImageUrl(href)) findings.hasImage = true;
  if (isUploadUrl(href)) findings.hasAttachment = true;
}

/**
 * The attributes of a rendered link: only href, as Zulip writes it (url_to_a). A link to this
 * realm's own views or uploads is made relative, so that it opens in place
 * (rewrite_local_links_to_relative).
 */
export function linkAttrs(href: string, realmUrl?: string): [string, string][] {
  return [['href', localLink(href, realmUrl)]];
}

function localLink(href: string, realmUrl?: string): string {
  if (!realmUrl) return href;
  const prefix = `${realmUrl.replace(/\/$/, '')}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`) ? href.slice(prefix.length) : href;
}
