/** HTML escaping as Zulip's Markdown serializer does it. */

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Element text: only &, < and > (quotes are harmless there, and Zulip leaves them). */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]);
}

/** An attribute value in double quotes. */
export function escapeAttr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => TEXT_ESCAPES[c]);
}

/** Code block content, escaped as Pygments does (quotes too). */
export function escapeCode(code: string): string {
  return code.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]);
}

/** `name="value"` pairs, in the order given. */
export function attrs(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => ` ${name}="${escapeAttr(value)}"`).join('');
}
