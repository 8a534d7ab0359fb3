/**
 * Zulip's narrow URL encoding (zerver/lib/url_encoding.py, the web app's
 * internal_url.encodeHashComponent): percent-encode, then write '%' as '.' so that the
 * result survives in a URL fragment; '.' itself becomes ".2E".
 */

import { wellFormed } from './url-template';

// Python's quote(s, safe="*") keeps only these; encodeURIComponent also keeps ! ' ( ).
const KEPT_BY_ENCODE_URI_COMPONENT_ONLY = /[!'()]/g;

export function encodeHashComponent(text: string): string {
  return encodeURIComponent(wellFormed(text))
    .replace(KEPT_BY_ENCODE_URI_COMPONENT_ONLY, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/[%.]/g, (c) => (c === '%' ? '.' : '.2E'));
}

/** "9-Denmark": the channel's ID and its name, spaces written as dashes. */
export function channelSlug(channelId: number, name: string): string {
  return `${channelId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
}

export function channelUrl(channelId: number, name: string): string {
  return `/#narrow/channel/${channelSlug(channelId, name)}`;
}

export function topicUrl(channelId: number, name: string, topic: string): string {
  return `${channelUrl(channelId, name)}/topic/${encodeHashComponent(topic)}`;
}
