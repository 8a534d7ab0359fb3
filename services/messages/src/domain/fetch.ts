import { BadRequestError, emptyTopicDisplayName, parseIntList, Queryable } from '@parley/common';
import * as store from '../store/messages';
import type { ViewedMessageRow } from '../store/messages';
import type { ChannelAccess, Peers } from '../peers';
import { FLAG_BITS } from './flags';
import { formatMessage, viewerFlags } from './format';
import { reactionsByMessage } from './reactions';
import { submessagesByMessage } from './submessages';
import { ESCAPED_TOPIC_SQL, narrowWhere, NarrowContext, NarrowTerm, parseNarrow, resolveWithOperator, searchHighlights, SqlParams, WithTarget, withMessageId } from './narrow';
import { topicLinks } from './render';
import { editHistories } from './history';
import { VISIBILITY } from './visibility';
import { notMuted, topicPolicyIn } from './narrow/muting';

/**
 * Reading messages: GET /messages (anchor, counts, narrow) and GET /messages/{message_id}.
 * A user reads the messages they received (they have a copy), and the messages of channels
 * whose content they may read where history is visible to them (public channels, private
 * ones with shared history): the channels service says which.
 */
export const MAX_MESSAGES_PER_FETCH = 5000;
const LARGER_THAN_ANY_ID = 10_000_000_000_000_000;

export interface FetchRequest {
  anchor?: string;
  anchor_date?: number;
  include_anchor?: boolean;
  num_before?: number;
  num_after?: number;
  narrow?: string;
  apply_markdown?: boolean;
  client_gravatar?: boolean;
  allow_empty_topic_name?: boolean;
  message_ids?: string;
  use_first_unread_anchor?: boolean;
}

/**
 * The WHERE clause of what the viewer may read, with the narrow's terms; $1 is the viewer.
 * With `historyFromNarrow` (GET /messages), channel history the viewer never received is
 * searched only in the channels the narrow names (a channel term, or channels:public), as
 * Zulip's feeds and sender narrows hold only what the user received.
 */
async function visibleWhere(peers: Peers, terms: NarrowTerm[], params: SqlParams, historyFromNarrow = false): Promise<string> {
  const channels = await peers.allChannels();
  const readable = channels.filter((c) => c.content && c.history_visible);
  const history = (historyFromNarrow ? historyChannels(terms, readable) : readable).map((c) => c.stream_id);
  const people = await peers.people(narrowPeople(terms));
  const ctx: NarrowContext = {
    viewerId: peers.caller.user_id,
    channel: (operand) => findChannel(channels, operand),
    user: (operand) => people.users.find((u) => u.user_id === Number(operand) || u.email.toLowerCase() === String(operand).toLowerCase()),
    publicChannelIds: channels.filter((c) => !c.invite_only).map((c) => c.stream_id),
    webPublicChannelIds: channels.filter((c) => c.is_web_public).map((c) => c.stream_id),
    mutedChannelIds: usesInHome(terms) ? await peers.mutedChannelIds() : [],
  };
  const narrow = narrowWhere(terms, ctx, params);
  return `m.realm_id = ${params.add(peers.caller.realm_id)} AND (um.user_id IS NOT NULL OR (m.kind = 'channel' AND m.channel_id = ANY(${params.add(history)}::int[])))
    AND (${narrow})`;
}

/** The readable channels whose history a narrow reaches: those a channel term names, all public ones for channels:public; none with an is: term. */
function historyChannels(terms: NarrowTerm[], readable: ChannelAccess[]): ChannelAccess[] {
  if (terms.some((t) => t.operator === 'is' && !t.negated)) return [];
  const named = terms.filter((t) => ['channel', 'stream'].includes(t.operator) && !t.negated).map((t) => findChannel(readable, t.operand as string | number)?.stream_id);
  const publicToo = terms.some((t) => ['channels', 'streams'].includes(t.operator) && !t.negated && t.operand === 'public');
  return readable.filter((c) => named.includes(c.stream_id) || (publicToo && !c.invite_only));
}

function findChannel(channels: readonly ChannelAccess[], operand: string | number): { stream_id: number; name: string } | undefined {
  return channels.find((c) => (typeof operand === 'number' || /^\d+$/.test(String(operand)) ? c.stream_id === Number(operand) : c.name.toLowerCase() === String(operand).toLowerCase()));
}

/** The users a narrow names (sender, dm, dm-including), to resolve in one call. */
function narrowPeople(terms: NarrowTerm[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (const t of terms) {
    if (!['sender', 'dm', 'pm-with', 'pm_with', 'dm-including', 'group-pm-with', 'group_pm_with'].includes(t.operator)) continue;
    if (Array.isArray(t.operand)) out.push(...t.operand);
    else
      out.push(
        ...String(t.operand)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
  }
  return [...new Set(out)];
}

/** The anchor asked for; use_first_unread_anchor (the legacy way to ask for first_unread) overrides `anchor`, as in Zulip. */
function parseAnchor(req: FetchRequest): 'newest' | 'oldest' | 'first_unread' | 'date' | number {
  if (req.use_first_unread_anchor) return 'first_unread';
  const raw = req.anchor;
  if (raw === undefined) throw new BadRequestError("Missing 'anchor' argument.");
  if (['newest', 'oldest', 'first_unread', 'date'].includes(raw)) return raw as 'newest';
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) throw new BadRequestError(`Invalid anchor`);
  return n < 0 ? 0 : Math.min(n, LARGER_THAN_ANY_ID);
}

const usesInHome = (terms: NarrowTerm[]) => terms.some((t) => t.operator === 'in' && t.operand === 'home');

/**
 * Whether a fetch needs the caller's muted channels (from the channels service): to anchor at
 * the first unread message, or for an `in:home` term. A narrow that does not parse needs none
 * (the fetch refuses it).
 */
export function needsMutedChannels(req: FetchRequest): boolean {
  if (anchorsAtFirstUnread(req)) return true;
  try {
    return usesInHome(parseNarrow(req.narrow ?? []));
  } catch {
    return false;
  }
}

/** Whether a fetch anchors at the first unread message (then it asks for the caller's muted channels). */
export const anchorsAtFirstUnread = (req: FetchRequest): boolean => req.use_first_unread_anchor === true || req.anchor === 'first_unread';

/**
 * The condition (on m) of the unread messages the first unread anchor passes over, as Zulip's
 * exclude_muting_conditions: muted topics (only those of the channel the narrow names, if it
 * names one), and, when the narrow names no channel (one reads a muted channel by narrowing
 * to it), the caller's muted channels except the topics they unmuted or follow there. A topic
 * narrow to a muted topic is no exception, as in Zulip: its unread messages are passed over.
 * Topic policies are read in the same query (user_topics is ours); the muted channels come
 * from the channels service, which callers in a transaction ask first (peers keeps the answer).
 */
async function mutedForFirstUnread(peers: Peers, terms: NarrowTerm[], add: (value: unknown) => string): Promise<string> {
  const channelTerm = terms.find((t) => ['channel', 'stream'].includes(t.operator));
  if (channelTerm) {
    const channel = findChannel(await peers.allChannels(), channelTerm.operand as string | number);
    return `NOT (m.kind = 'channel' AND ${topicPolicyIn('$1', [VISIBILITY.MUTED], channel && add(channel.stream_id))})`;
  }
  return notMuted('$1', await peers.mutedChannelIds(), add);
}

/** Formats rows for a viewer: people and channel names resolved in one call each. */
async function present(db: Queryable, peers: Peers, rows: ViewedMessageRow[], o: { applyMarkdown: boolean; allowEmptyTopicName: boolean; clientGravatar: boolean }) {
  const ids = [...new Set(rows.flatMap((r) => [r.sender_id, ...(r.dm_user_ids ?? [])]))];
  // Side by side: most are kept in this process; the edit histories are one query.
  const [policy, channelList, people, linkifiers] = await Promise.all([
    peers.realmPolicy(),
    peers.allChannels(),
    peers.peopleById(ids),
    rows.some((r) => r.kind === 'channel') ? peers.linkifiers() : [],
  ]);
  const channels = new Map(channelList.map((c) => [c.stream_id, c.name]));
  const emptyName = emptyTopicDisplayName(policy.settings);
  const messageIds = rows.map((r) => r.id);
  const [histories, reactions, submessages] = await Promise.all([
    policy.settings.message_edit_history_visibility_policy === 'none' ? new Map() : editHistories(db, messageIds),
    reactionsByMessage(db, messageIds),
    submessagesByMessage(db, messageIds),
  ]);
  return rows.map((r) => {
    const message = formatMessage(r, {
      realmStringId: policy.stringId,
      channelName: r.channel_id !== null ? channels.get(r.channel_id) : undefined,
      people,
      applyMarkdown: o.applyMarkdown,
      clientGravatar: o.clientGravatar,
      topicLinks: r.kind === 'channel' ? topicLinks(r.topic, linkifiers) : [],
    });
    // Clients that do not know the empty topic see the realm's name for it (feature level 334).
    if (r.kind === 'channel' && r.topic === '' && !o.allowEmptyTopicName) message.subject = emptyName;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- editHistories' records are untyped (history.ts); typing them is a change of its own
    const editHistory = histories.has(r.id) && { edit_history: histories.get(r.id) };
    return {
      ...message,
      reactions: reactions.get(r.id) ?? [],
      submessages: submessages.get(r.id) ?? [],
      ...editHistory,
      flags: viewerFlags(r.flags),
    };
  });
}

/** The narrow with its `with` term (if any) resolved to the conversation of a message the viewer may read. */
async function narrowTerms(db: Queryable, peers: Peers, raw: string | undefined): Promise<NarrowTerm[]> {
  const terms = parseNarrow(raw ?? []);
  const withId = withMessageId(terms);
  if (withId === undefined) return terms;
  let target: WithTarget | undefined;
  try {
    const m = await accessMessage(db, peers, withId);
    target = m.kind === 'channel' ? { kind: 'channel', channel_id: m.channel_id!, topic: m.topic } : { kind: 'direct', dm_user_ids: m.dm_user_ids! };
  } catch (err) {
    if (!(err instanceof BadRequestError)) throw err;
  }
  return resolveWithOperator(terms, target);
}

/**
 * The messages of a fetch's window (anchor, counts, narrow) as rows, with where the window
 * stands. Rows are whole (store.COLUMNS), or R with `columns` naming R's (store.FLAG_COLUMNS).
 */
export async function messageWindow<R extends store.FlagRow = ViewedMessageRow>(
  db: Queryable,
  peers: Peers,
  req: FetchRequest,
  opts: { extraColumns?: (params: SqlParams, terms: NarrowTerm[]) => string; historyFromNarrow?: boolean; columns?: string } = {},
) {
  if (req.message_ids !== undefined && (req.num_before || req.num_after || req.anchor !== undefined || req.use_first_unread_anchor)) {
    const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
    throw new BadRequestError(`Unsupported parameter combination: ${parameters}`, { parameters });
  }
  const terms = await narrowTerms(db, peers, req.narrow);
  const params = new SqlParams();
  params.add(peers.caller.user_id);
  const extra = opts.extraColumns?.(params, terms) ?? '';
  const where = await visibleWhere(peers, terms, params, opts.historyFromNarrow);
  const select = (condition: string, values: unknown[], order: 'ASC' | 'DESC', limit: number) => store.selectMessages<R>(db, `${where} AND ${condition}`, values, order, limit, extra, opts.columns);

  if (req.message_ids !== undefined) {
    const ids = parseIntList('message_ids', req.message_ids);
    // IN (unnest) rather than = ANY: PostgreSQL plans `= ANY` of a long list by estimating
    // each element (1.5-2 ms for the 1,000 IDs of a flag change), unnest as one set.
    const rows = await select(`m.id IN (SELECT unnest(${params.add(ids)}::bigint[]))`, params.values, 'ASC', ids.length);
    return { rows, anchor: undefined, foundAnchor: false, foundOldest: false, foundNewest: false };
  }

  const anchorParam = parseAnchor(req);
  const numBefore = req.num_before;
  const numAfter = req.num_after;
  if (numBefore === undefined) throw new BadRequestError("Missing 'num_before' argument");
  if (numAfter === undefined) throw new BadRequestError("Missing 'num_after' argument");
  if (numBefore < 0 || numAfter < 0) throw new BadRequestError('num_before and num_after must not be negative');
  if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) throw new BadRequestError(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  const includeAnchor = req.include_anchor ?? true;
  if (numBefore > 0 && numAfter > 0 && !includeAnchor) throw new BadRequestError('The anchor can only be excluded at an end of the range');

  // The anchor lookups run with the window's parameters (some only the extra columns use) plus their own.
  const lookup = async (condition: (add: (value: unknown) => string) => string | Promise<string>) => {
    const values = [...params.values];
    const add = (value: unknown) => `$${values.push(value)}`;
    return select(await condition(add), values, 'ASC', 1);
  };
  let anchor: number;
  if (anchorParam === 'newest') anchor = LARGER_THAN_ANY_ID;
  else if (anchorParam === 'oldest') anchor = 0;
  else if (anchorParam === 'date') {
    if (req.anchor_date === undefined) throw new BadRequestError("Missing 'anchor_date' argument");
    const date = req.anchor_date;
    const [first] = await lookup((add) => `m.date_sent >= to_timestamp(${add(date)}::double precision)`);
    anchor = first?.id ?? LARGER_THAN_ANY_ID;
  } else if (anchorParam === 'first_unread') {
    const [first] = await lookup(async (add) => {
      const skipped = await mutedForFirstUnread(peers, terms, add);
      return `um.user_id IS NOT NULL AND (um.flags & ${FLAG_BITS.read}) = 0 AND ${skipped}`;
    });
    anchor = first?.id ?? LARGER_THAN_ANY_ID;
  } else anchor = anchorParam;

  const a = params.add(anchor);
  const before = numBefore ? await select(`m.id < ${a}`, params.values, 'DESC', numBefore) : [];
  const after = await select(`m.id ${includeAnchor ? '>=' : '>'} ${a}`, params.values, 'ASC', numAfter + (includeAnchor ? 1 : 0));
  const foundAnchor = includeAnchor && after.length > 0 && after[0].id === anchor;
  const afterRows = foundAnchor || !includeAnchor ? after : after.slice(0, numAfter);
  return {
    rows: [...before.reverse(), ...afterRows],
    anchor,
    foundAnchor,
    foundOldest: before.length < numBefore || anchor === 0,
    foundNewest: afterRows.length < numAfter + (foundAnchor ? 1 : 0) || anchor === LARGER_THAN_ANY_ID,
  };
}

const highlightColumns = (params: SqlParams, terms: NarrowTerm[]) => {
  const highlights = searchHighlights(terms, params);
  return highlights ? `, ${highlights.content} AS match_content, ${highlights.subject} AS match_subject` : '';
};

export async function fetchMessages(db: Queryable, peers: Peers, req: FetchRequest) {
  const w = await messageWindow(db, peers, req, { extraColumns: highlightColumns, historyFromNarrow: true });
  const messages = withMatches(
    await present(db, peers, w.rows, {
      applyMarkdown: req.apply_markdown ?? true,
      allowEmptyTopicName: req.allow_empty_topic_name ?? false,
      clientGravatar: req.client_gravatar ?? true,
    }),
    w.rows,
  );
  if (req.message_ids !== undefined) return { messages, history_limited: false, found_anchor: false, found_oldest: false, found_newest: false };
  return {
    anchor: w.anchor,
    found_anchor: w.foundAnchor,
    found_oldest: w.foundOldest,
    found_newest: w.foundNewest,
    history_limited: false,
    messages,
  };
}

/**
 * GET /messages/matches_narrow: which of the given messages the narrow matches, keyed by ID,
 * with match_content / match_subject (highlighted for a search; else the message's HTML and
 * escaped topic). Messages the caller may not read never match.
 */
export async function matchesNarrow(db: Queryable, peers: Peers, msgIds: number[], narrow: string) {
  const rows = (
    await messageWindow(
      db,
      peers,
      { narrow, message_ids: JSON.stringify(msgIds) },
      {
        extraColumns: (params, terms) => highlightColumns(params, terms) || `, m.rendered_content AS match_content, ${ESCAPED_TOPIC_SQL} AS match_subject`,
      },
    )
  ).rows;
  return { messages: Object.fromEntries(rows.map((r) => [String(r.id), { match_content: r.match_content as string, match_subject: r.match_subject as string }])) };
}

function withMatches(messages: Record<string, unknown>[], rows: (ViewedMessageRow & Record<string, unknown>)[]) {
  return messages.map((m, i) => ('match_content' in rows[i] ? { ...m, match_content: rows[i].match_content, match_subject: rows[i].match_subject } : m));
}

/** GET /messages/{message_id}: one message the viewer may read. */
export async function fetchMessage(db: Queryable, peers: Peers, id: number, opts: { applyMarkdown: boolean; allowEmptyTopicName: boolean }) {
  const row = await accessMessage(db, peers, id);
  // GET /messages/{id} takes no client_gravatar: full URLs, as Zulip's.
  const [message] = await present(db, peers, [row], { ...opts, clientGravatar: false });
  return { message, raw_content: row.content };
}

/** A message the viewer may read (their copy, or a channel's visible history), else "Invalid message(s)". */
export async function accessMessage(db: Queryable, peers: Peers, id: number, opts: { lock?: boolean } = {}): Promise<ViewedMessageRow> {
  const row = await store.findMessage(db, peers.caller.realm_id, id, peers.caller.user_id, opts);
  if (row && row.flags !== null) return row;
  if (row && row.kind === 'channel') {
    const channel = (await peers.allChannels()).find((c) => c.stream_id === row.channel_id);
    if (channel?.content && channel.history_visible) return row;
  }
  throw new BadRequestError('Invalid message(s)');
}

/** GetAccessibleMessageIds takes at most this many IDs. */
export const MAX_ACCESS_CHECKS = 1000;

/**
 * Which of the messages the viewer may read now, by accessMessage's rule (their copy, or a
 * channel's visible history), in one query; the channels service is asked only when some
 * channel message has no copy of the viewer's. Ascending, without unknown IDs.
 */
export async function accessibleMessageIds(db: Queryable, peers: Peers, ids: number[]): Promise<number[]> {
  if (ids.length > MAX_ACCESS_CHECKS) throw new BadRequestError(`Too many messages (maximum ${MAX_ACCESS_CHECKS}).`);
  if (!ids.length) return [];
  const rows = await store.viewerAccessRows(db, peers.caller.realm_id, peers.caller.user_id, ids);
  const needHistory = rows.some((r) => !r.has_copy && r.channel_id !== null);
  const history = needHistory ? new Set((await peers.allChannels()).filter((c) => c.content && c.history_visible).map((c) => c.stream_id)) : new Set<number>();
  return rows.filter((r) => r.has_copy || (r.channel_id !== null && history.has(r.channel_id))).map((r) => r.id);
}
