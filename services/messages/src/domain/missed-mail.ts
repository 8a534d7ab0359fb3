import { BadRequestError, Queryable } from '@parley/common';
import type { MissedMessage } from '@parley/common/generated/parley/messages/v1/MissedMessage';
import type { ChannelAccess, Peers } from '../peers';
import { COLUMNS, MessageRow } from '../store/messages';
import { policiesFor } from '../store/user-topics';
import { FLAG_BITS } from './flags';
import { MAX_ACCESS_CHECKS } from './fetch';
import { isTopicMuted } from './unreads';
import { VISIBILITY } from './visibility';
import { topicUrl } from './render/narrow-urls';

/**
 * The users service's question before it mails a batch of missed messages (its
 * missed-message mails, Zulip's handle_missedmessage_emails): of these messages, those the
 * caller still has unread and may still read where they are now (a message deleted, read or
 * moved out of reach since is left out), with how the caller sees their topic now (muted,
 * followed). Answered on the pool: it asks the channels service what the caller may read.
 */
export async function missedMessages(db: Queryable, peers: Peers, ids: number[]): Promise<MissedMessage[]> {
  if (ids.length > MAX_ACCESS_CHECKS) throw new BadRequestError(`Too many messages (maximum ${MAX_ACCESS_CHECKS}).`);
  if (!ids.length) return [];
  const { realm_id, user_id } = peers.caller;
  const { rows } = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2
      WHERE m.realm_id = $1 AND m.id = ANY($3::bigint[]) AND um.flags & ${FLAG_BITS.read} = 0 ORDER BY m.id`,
    [realm_id, user_id, ids],
  );
  const channels = rows.some((r) => r.kind === 'channel') ? new Map((await peers.allChannels()).map((c) => [c.stream_id, c])) : new Map<number, ChannelAccess>();
  const out: MissedMessage[] = [];
  for (const m of rows) {
    const base = { id: m.id, sender_id: m.sender_id, kind: m.kind, topic: m.topic, content: m.content, rendered_content: m.rendered_content, date_sent: Math.floor(m.date_sent.getTime() / 1000) };
    if (m.kind === 'direct') {
      out.push({ ...base, dm_user_ids: m.dm_user_ids ?? [], topic: '' });
      continue;
    }
    const channel = channels.get(m.channel_id!);
    // Moved to a channel the user may not read (or theirs was made private): not theirs to mail.
    if (!channel?.content) continue;
    const policy = (await policiesFor(db, [user_id], m.channel_id!, m.topic)).get(user_id) ?? 0;
    out.push({
      ...base,
      stream_id: m.channel_id!,
      channel_name: channel.name,
      topic_muted: isTopicMuted(channel.is_muted, policy),
      followed: policy === VISIBILITY.FOLLOWED,
      narrow_url: topicUrl(m.channel_id!, channel.name, m.topic),
    });
  }
  return out;
}
