import type { MessageRow } from '../store/messages';
import type { Person } from '@parley/common';
import { flagNames, FLAG_BITS } from './flags';

/**
 * A message as clients see it (the reference's MessagesBase), for GET /messages and
 * message events. `people` holds the sender and, for direct messages, every participant.
 */
export interface FormatOptions {
  realmStringId: string;
  channelName?: string;
  people: Map<number, Person>;
  applyMarkdown: boolean;
  topicLinks: { text: string; url: string }[];
  /** Zulip's client_gravatar: avatar_url null where the client computes the gravatar itself. */
  clientGravatar: boolean;
}

export function formatMessage(m: MessageRow, o: FormatOptions): Record<string, unknown> {
  const sender = o.people.get(m.sender_id);
  const channel = m.kind === 'channel';
  return {
    id: m.id,
    sender_id: m.sender_id,
    sender_full_name: sender?.full_name ?? '',
    sender_email: sender?.email ?? '',
    sender_realm_str: o.realmStringId,
    avatar_url: !sender || (o.clientGravatar && sender.client_computable_avatar) ? null : sender.avatar_url,
    client: m.client,
    content: o.applyMarkdown ? m.rendered_content : m.content,
    content_type: o.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: channel
      ? (o.channelName ?? '')
      : (m.dm_user_ids ?? []).map((id) => {
          const p = o.people.get(id);
          return { id, email: p?.email ?? '', full_name: p?.full_name ?? '', is_mirror_dummy: false };
        }),
    is_me_message: /^\/me( |$)/.test(m.content),
    reactions: [],
    recipient_id: m.recipient_id,
    ...(channel && { stream_id: m.channel_id }),
    subject: m.topic,
    topic_links: o.topicLinks,
    submessages: [],
    timestamp: Math.floor(m.date_sent.getTime() / 1000),
    type: channel ? 'stream' : 'private',
    ...(m.last_edit_time && { last_edit_timestamp: Math.floor(m.last_edit_time.getTime() / 1000) }),
    ...(m.last_moved_time && { last_moved_timestamp: Math.floor(m.last_moved_time.getTime() / 1000) }),
  };
}

/** A viewer's flags: their copy's, or read+historical for a message they never received. */
export const viewerFlags = (bits: number | null): string[] => (bits === null ? ['read', 'historical'] : flagNames(bits));

export const HISTORICAL_READ = FLAG_BITS.read | FLAG_BITS.historical;
