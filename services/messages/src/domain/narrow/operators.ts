import { FLAG_BITS } from '../flags';
import { VISIBILITY } from '../visibility';
import { notMuted, topicPolicyIn } from './muting';
import type { NarrowContext } from './context';
import { BadNarrowOperatorError, operandText } from './errors';
import type { NarrowTerm } from './parse';
import type { SqlParams } from './params';

type Operand = NarrowTerm['operand'];

/**
 * One operator's condition over `m` (messages) and `um` (the viewer's user_messages row,
 * LEFT JOINed, so um.* may be NULL). A condition is never NULL, so that NOT (...) of it is
 * exactly its complement. `null` means "no filter" whether negated or not (as Zulip's no-op
 * operators: near, in:all).
 */
export type ConditionBuilder = (operand: Operand, ctx: NarrowContext, params: SqlParams) => string | null;

// Bits are inlined, not parameters, so that `(um.flags & 1) = 0` matches the partial index
// user_messages_unread. The viewer's flags count as 0 when the viewer has no row.
const flagSet = (mask: number) => `(COALESCE(um.flags, 0) & ${mask}) <> 0`;
const MENTION_MASK = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;
const RESOLVED_TOPIC_PREFIX = '✔ ';
// Zulip reads a topic operand of "general chat" (its display name of the empty topic) as the
// empty topic, for clients that do not send the empty string.
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';
// Message IDs are bigint; a longer digit string would fail in PostgreSQL instead of here.
const MAX_MESSAGE_ID = 9223372036854775807n;

/** `(m.kind = 'channel' AND m.channel_id = ANY(...))`: the kind check keeps it non-NULL for DMs. */
const inChannels = (ids: number[], params: SqlParams) => `m.kind = 'channel' AND m.channel_id = ANY(${params.add(ids)}::int[])`;

function resolveUser(operand: Operand, ctx: NarrowContext): number {
  const user = Array.isArray(operand) ? undefined : ctx.user(operand);
  if (!user) throw new BadNarrowOperatorError(`unknown user ${operandText(operand)}`);
  return user.user_id;
}

/** The users named by a dm operand (IDs, or comma-separated emails); throws if any is unknown. */
function resolveUserList(operand: Operand, ctx: NarrowContext): number[] {
  const names: (string | number)[] = Array.isArray(operand) ? operand : typeof operand === 'string' ? operand.split(',').map((s) => s.trim()) : [operand];
  return names.map((name) => {
    const user = ctx.user(name);
    if (!user) throw new BadNarrowOperatorError(`unknown user in ${operandText(operand)}`);
    return user.user_id;
  });
}

const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

const channel: ConditionBuilder = (operand, ctx, params) => {
  const found = Array.isArray(operand) ? undefined : ctx.channel(operand);
  if (!found) throw new BadNarrowOperatorError(`unknown channel ${operandText(operand)}`);
  return `m.kind = 'channel' AND m.channel_id = ${params.add(found.stream_id)}`;
};

const channels: ConditionBuilder = (operand, ctx, params) => {
  if (operand === 'public') return inChannels(ctx.publicChannelIds, params);
  if (operand === 'web-public') return inChannels(ctx.webPublicChannelIds, params);
  throw new BadNarrowOperatorError(`unknown channels operand ${operandText(operand)}`);
};

const topic: ConditionBuilder = (operand, _ctx, params) => {
  const name = String(operand) === EMPTY_TOPIC_FALLBACK_NAME ? '' : String(operand);
  // lower(m.topic) and the kind check match the index messages_channel_topic.
  return `m.kind = 'channel' AND lower(m.topic) = lower(${params.add(name)}::text)`;
};

const sender: ConditionBuilder = (operand, ctx, params) => `m.sender_id = ${params.add(resolveUser(operand, ctx))}`;

const id: ConditionBuilder = (operand, _ctx, params) => {
  const text = String(operand);
  if (!/^\d+$/.test(text) || BigInt(text) > MAX_MESSAGE_ID) throw new BadNarrowOperatorError('Invalid message ID');
  return `m.id = ${params.add(text)}::bigint`;
};

/** The conversation among exactly these users and the viewer (a self-DM when only the viewer). */
const dm: ConditionBuilder = (operand, ctx, params) => {
  const ids = resolveUserList(operand, ctx);
  // Zulip: a dm narrow naming nobody matches nothing.
  if (ids.length === 0) return 'FALSE';
  const participants = sortedUnique([...ids, ctx.viewerId]);
  return `m.kind = 'direct' AND m.dm_user_ids = ${params.add(participants)}::int[]`;
};

/**
 * Direct messages (1:1 and group) among whose participants are this user and the viewer;
 * with the viewer's own ID, all the viewer's direct messages. As Zulip, no channel messages.
 */
const dmIncluding: ConditionBuilder = (operand, ctx, params) => {
  const participants = sortedUnique([resolveUser(operand, ctx), ctx.viewerId]);
  return `m.kind = 'direct' AND m.dm_user_ids @> ${params.add(participants)}::int[]`;
};

/** Deprecated by dm-including: group direct messages (3+ participants) with this user and the viewer. */
const groupPmWith: ConditionBuilder = (operand, ctx, params) => {
  const participants = sortedUnique([resolveUser(operand, ctx), ctx.viewerId]);
  return `m.kind = 'direct' AND cardinality(m.dm_user_ids) > 2 AND m.dm_user_ids @> ${params.add(participants)}::int[]`;
};

/** A topic the viewer follows (their user_topics row says so). */
const followed = (ctx: NarrowContext, params: SqlParams): string => `m.kind = 'channel' AND ${topicPolicyIn(params.add(ctx.viewerId), [VISIBILITY.FOLLOWED])}`;

const is: ConditionBuilder = (operand, ctx, params) => {
  switch (operand) {
    case 'dm':
    case 'private': // legacy alias
      return `m.kind = 'direct'`;
    case 'starred':
      return flagSet(FLAG_BITS.starred);
    case 'unread':
      // A message the viewer has no row for (history of a public channel) counts as read.
      return `um.user_id IS NOT NULL AND (um.flags & ${FLAG_BITS.read}) = 0`;
    case 'mentioned':
      return flagSet(MENTION_MASK);
    case 'alerted':
      return flagSet(FLAG_BITS.has_alert_word);
    case 'resolved':
      return `starts_with(m.topic, '${RESOLVED_TOPIC_PREFIX}')`;
    case 'followed':
      return followed(ctx, params);
    default:
      throw new BadNarrowOperatorError(`unknown 'is' operand ${operandText(operand)}`);
  }
};

const has: ConditionBuilder = (operand) => {
  switch (operand) {
    case 'link':
    case 'image':
    case 'attachment':
      return `m.has_${operand}`;
    case 'reaction':
      return 'EXISTS (SELECT 1 FROM reactions r WHERE r.message_id = m.id)';
    default:
      throw new BadNarrowOperatorError(`unknown 'has' operand ${operandText(operand)}`);
  }
};

/** in:home leaves out what the viewer muted, as Zulip's exclude_muting_conditions; in:all is no filter. */
const inOperator: ConditionBuilder = (operand, ctx, params) => {
  if (operand === 'all') return null;
  if (operand !== 'home') throw new BadNarrowOperatorError(`unknown 'in' operand ${operandText(operand)}`);
  return notMuted(params.add(ctx.viewerId), ctx.mutedChannelIds, (v) => params.add(v));
};

/** The operators narrowWhere builds conditions for (search and with are handled apart). */
export const CONDITION_BUILDERS: Readonly<Record<string, ConditionBuilder>> = {
  channel,
  stream: channel, // legacy alias
  channels,
  streams: channels, // legacy alias
  topic,
  sender,
  id,
  dm,
  'pm-with': dm, // legacy alias
  pm_with: dm, // Zulip still accepts the underscore spellings of old
  'dm-including': dmIncluding,
  'group-pm-with': groupPmWith,
  group_pm_with: groupPmWith,
  is,
  has,
  in: inOperator,
  near: () => null, // affects the anchor only: see anchorFromNarrow
};
