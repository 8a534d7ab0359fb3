import { VISIBILITY } from '../visibility';

type Add = (value: unknown) => string;

/**
 * Whether the viewer's visibility policy for m's topic is one of `policies` (user_topics is
 * the messages service's own table; its unique index leads with the viewer). With
 * `channelId`, only a policy in that channel counts.
 */
export function topicPolicyIn(viewer: string, policies: readonly number[], channelId?: string): string {
  return `EXISTS (SELECT 1 FROM user_topics ut
      WHERE ut.user_id = ${viewer} AND ut.channel_id = m.channel_id AND lower(ut.topic) = lower(m.topic)
      AND ut.visibility_policy IN (${policies.join(', ')})${channelId === undefined ? '' : ` AND ut.channel_id = ${channelId}::int`})`;
}

/**
 * Zulip's exclude_muting_conditions for a narrow that names no channel, as one condition over
 * m (never NULL, so NOT of it is its complement): not a muted topic, and not in a muted
 * channel unless the viewer unmuted or follows the topic there. `in:home` is this; so is what
 * the first unread anchor passes over when the narrow names no channel.
 */
export function notMuted(viewer: string, mutedChannelIds: readonly number[], add: Add): string {
  const { MUTED, UNMUTED, FOLLOWED } = VISIBILITY;
  const mutedTopic = `NOT (m.kind = 'channel' AND ${topicPolicyIn(viewer, [MUTED])})`;
  if (!mutedChannelIds.length) return mutedTopic;
  return `${mutedTopic} AND NOT (m.kind = 'channel' AND m.channel_id = ANY(${add(mutedChannelIds)}::int[])
    AND NOT ${topicPolicyIn(viewer, [UNMUTED, FOLLOWED])})`;
}
