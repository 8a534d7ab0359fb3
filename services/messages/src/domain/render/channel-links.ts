import type MarkdownIt from 'markdown-it';
import type { Lookup, RenderEnv } from './context';
import { attrs, escapeText } from './html';
import { mentionMayStartAt } from './mentions';
import { channelUrl, topicUrl } from './narrow-urls';

/**
 * Channel, topic and message links as Zulip writes them (StreamPattern, StreamTopicPattern
 * and StreamTopicMessagePattern in zerver/lib/markdown): `#**channel**`, `#**channel>topic**`
 * and `#**channel>topic@123**`, for channels the sender can see, by exact name. Zulip adds
 * `/with/<id>` to a topic link when the topic has messages; that needs the message store and
 * is left out here.
 */

export interface ChannelLink {
  channelId: number;
  channel: string;
  topic?: string;
  messageId?: string;
}

const LINK = /\*\*([^*]+)\*\*/y;
const MESSAGE_LINK = /^([^>]+)>([^]*)@(\d+)$/;
const TOPIC_LINK = /^([^>]+)>([^]*)$/;
/** How Zulip shows the empty topic in a link (Message.EMPTY_TOPIC_FALLBACK_NAME). */
const EMPTY_TOPIC_NAME = 'general chat';

/** What `#**text**` links to: a message, else a topic, else a whole channel, by Zulip's order. */
export function resolveChannelLink(text: string, lookup: Lookup): ChannelLink | undefined {
  for (const form of [MESSAGE_LINK, TOPIC_LINK]) {
    const m = form.exec(text);
    const channel = m && lookup.channelsByName.get(m[1]);
    if (m && channel) return { channelId: channel.stream_id, channel: channel.name, topic: m[2], messageId: m[3] };
  }
  const channel = lookup.channelsByName.get(text);
  return channel && { channelId: channel.stream_id, channel: channel.name };
}

/** The inline rule for `#`. */
export function channelLinkRule(state: MarkdownIt.StateInline, validateOnly: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x23 /* # */ || !mentionMayStartAt(src, pos)) return false;
  LINK.lastIndex = pos + 1;
  const m = LINK.exec(src);
  if (!m || LINK.lastIndex > state.posMax) return false;
  const link = resolveChannelLink(m[1], (state.env as RenderEnv).lookup);
  if (!link) return false;
  if (!validateOnly) state.push('zulip_channel_link', '', 0).meta = link;
  state.pos = LINK.lastIndex;
  return true;
}

export function renderChannelLink(link: ChannelLink): string {
  const { channelId, channel, topic, messageId } = link;
  if (topic === undefined) {
    const a = attrs([
      ['class', 'stream'],
      ['data-stream-id', String(channelId)],
      ['href', channelUrl(channelId, channel)],
    ]);
    return `<a${a}>${escapeText(`#${channel}`)}</a>`;
  }
  const shownTopic = topic === '' ? `<em>${EMPTY_TOPIC_NAME}</em>` : escapeText(topic);
  const text = `${escapeText(`#${channel} > `)}${shownTopic}`;
  if (messageId !== undefined) {
    const href = `${topicUrl(channelId, channel, topic)}/near/${messageId}`;
    return `<a${attrs([
      ['class', 'message-link'],
      ['href', href],
    ])}>${text} @ 💬</a>`;
  }
  const a = attrs([
    ['class', 'stream-topic'],
    ['data-stream-id', String(channelId)],
    ['href', topicUrl(channelId, channel, topic)],
  ]);
  return `<a${a}>${text}</a>`;
}
