import { createHash } from 'node:crypto';
import pg from 'pg';
import { ApiError, BadRequestError, emit, emptyTopicDisplayName, holdsGroupSetting, isAdmin, Queryable, Role, schemaOf, withPrefetchedTransaction, writeOutbox } from '@parley/common';
import * as store from '../store/messages';
import * as edits from '../store/edits';
import type { MessageRow } from '../store/messages';
import { type Attachment, mayLinkUploads, syncMessageAttachments, uploadPathIds } from './attachments';
import type { ChannelAccess, Peers } from '../peers';
import { FLAG_BITS, flagNames } from './flags';
import { HISTORICAL_READ } from './format';
import { accessMessage } from './fetch';
import { type Rendered, topicLinks, topicUrl } from './render';
import { renderAs, WildcardMentionError } from './send';
import { checkTopicPolicy } from './send-targets';
import { normalizeContent, normalizeTopic } from './text';

/**
 * PATCH /messages/{message_id}: editing content (its sender, within the realm's limit),
 * moving messages between topics and channels (propagate_mode change_one / change_later /
 * change_all, with the realm's and the channel's move permissions and time limits), and
 * resolving topics ("✔ " + topic). Every change is kept in the edit history and told as
 * update_message; the Notification Bot tells the old and new threads of a move.
 */
export const RESOLVED_PREFIX = '✔ ';
const PROPAGATE_MODES = ['change_one', 'change_later', 'change_all'];

export interface EditRequest {
  message_id: number;
  topic?: string;
  subject?: string;
  propagate_mode?: string;
  send_notification_to_old_thread?: boolean;
  send_notification_to_new_thread?: boolean;
  content?: string;
  prev_content_sha256?: string;
  stream_id?: number;
}

export interface EditOptions {
  wildcardMentionThreshold: number;
}

export class MoveTimeLimitError extends ApiError {
  constructor(first: number | null, total: number, allowed: number) {
    super('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'You only have permission to move the ' + allowed + '/' + total + ' most recent messages in this topic.', 400, {
      first_message_id_allowed_to_move: first,
      total_messages_in_topic: total,
      total_messages_allowed_to_move: allowed,
    });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const seconds = (ms: number) => ms / 1000;
const isResolved = (topic: string) => topic.startsWith(RESOLVED_PREFIX);
const unresolved = (topic: string) => (isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length).trimStart() : topic);

/**
 * Whether the caller may edit the message's content now (Zulip's validate_user_can_edit_message):
 * editing on in the realm, their own message, within the realm's time limit.
 */
export function checkMayEditContent(settings: Record<string, unknown>, message: { sender_id: number; date_sent: Date }, callerId: number, now: Date): void {
  if (settings.allow_message_editing !== true) throw new BadRequestError('Your organization has turned off message editing');
  if (message.sender_id !== callerId) throw new BadRequestError("You don't have permission to edit this message");
  const limit = settings.message_content_edit_limit_seconds;
  if (typeof limit === 'number' && seconds(now.getTime() - message.date_sent.getTime()) > limit) {
    throw new BadRequestError('The time limit for editing this message has passed');
  }
}

export async function checkEditMessage(pool: pg.Pool, peers: Peers, req: EditRequest, opts: EditOptions, now = new Date()): Promise<{ detached_uploads: Attachment[] }> {
  const caller = peers.caller;
  const rawTopic = req.topic ?? req.subject;
  const mode = req.propagate_mode ?? 'change_one';
  if (!PROPAGATE_MODES.includes(mode)) throw new BadRequestError(`Invalid propagate_mode: '${mode}'`);
  if (req.content !== undefined && req.stream_id !== undefined) throw new BadRequestError('Cannot change message content while changing channel');
  if (req.content === undefined && rawTopic === undefined && req.stream_id === undefined) throw new BadRequestError('Nothing to change');
  if (req.content !== undefined && rawTopic === undefined && req.stream_id === undefined && mode !== 'change_one') {
    throw new BadRequestError('Invalid propagate_mode without topic edit');
  }
  const [policy, groups] = await Promise.all([peers.realmPolicy(), peers.callerGroups()]);
  const holds = (value: unknown) => holdsGroupSetting(value, caller.user_id, groups);
  const settings = policy.settings;
  // The copies' holders' alert words, asked before the transaction: has_alert_word follows the content.
  const traits = req.content === undefined ? undefined : await peers.sendTraits((await edits.copiesOfMany(pool, [req.message_id])).map((c) => c.user_id));

  return withPrefetchedTransaction(
    pool,
    async (tx) => {
      const message = await accessMessage(tx, peers, req.message_id, { lock: true });
      if (message.kind === 'direct' && rawTopic !== undefined) throw new BadRequestError('Direct messages cannot have topics.');
      if (message.kind === 'direct' && req.stream_id !== undefined) throw new BadRequestError('Direct messages cannot be moved to channels.');
      const emptyName = emptyTopicDisplayName(settings);
      const bareTopic = rawTopic?.trim();
      if (bareTopic !== undefined && [RESOLVED_PREFIX.trim(), `${RESOLVED_PREFIX}(no topic)`, `${RESOLVED_PREFIX}${emptyName}`].includes(bareTopic)) {
        throw new BadRequestError('General chat cannot be marked as resolved');
      }
      if (req.content === undefined && req.stream_id === undefined && rawTopic !== undefined && normalizeTopic(rawTopic, emptyName) === message.topic) {
        throw new BadRequestError('Nothing to change');
      }
      const channel = message.kind === 'channel' ? (await peers.allChannels()).find((c) => c.stream_id === message.channel_id) : undefined;
      if (channel && (!channel.content || channel.is_archived)) throw new BadRequestError('Invalid message(s)');

      // Content.
      let contentChange: ContentChange | undefined;
      if (req.content !== undefined) {
        checkMayEditContent(settings, message, caller.user_id, now);
        if (req.prev_content_sha256 !== undefined && req.prev_content_sha256.toLowerCase() !== sha256(message.content)) {
          throw new BadRequestError("'prev_content_sha256' value does not match the expected value.");
        }
        const content = normalizeContent(req.content);
        const { rendered } = await renderAs(peers, content);
        if (channel && !holds(settings.can_mention_many_users_group)) {
          if (rendered.streamWildcard && (await peers.subscribers(channel.stream_id)).length > opts.wildcardMentionThreshold) throw new WildcardMentionError('channel');
          if (rendered.topicWildcard && (await store.topicParticipants(tx, channel.stream_id, message.topic)).length > opts.wildcardMentionThreshold) throw new WildcardMentionError('topic');
        }
        contentChange = { content, rendered, alerted: traits?.matcher?.usersIn(content) ?? new Set() };
      }

      // Topic and channel.
      let move: { channel: ChannelAccess; topic: string; ids: number[]; rows: MessageRow[]; resolveOnly: boolean } | undefined;
      if (channel && (rawTopic !== undefined || req.stream_id !== undefined)) {
        const topic = rawTopic === undefined ? message.topic : normalizeTopic(rawTopic, emptyTopicDisplayName(settings));
        const destination = req.stream_id === undefined || req.stream_id === channel.stream_id ? channel : await peers.channel({ stream_id: req.stream_id });
        if (!destination) throw new BadRequestError('Invalid channel ID');
        const changesChannel = destination.stream_id !== channel.stream_id;
        const changesTopic = topic !== message.topic;
        if (changesChannel || changesTopic) {
          const resolveOnly = !changesChannel && unresolved(topic) === unresolved(message.topic) && isResolved(topic) !== isResolved(message.topic);
          if (resolveOnly && message.topic === '') throw new BadRequestError('General chat cannot be marked as resolved');
          if (isResolved(topic) && unresolved(topic) === '') throw new BadRequestError('General chat cannot be marked as resolved');
          checkMovePermission(caller.role, holds, settings, channel, destination, { changesChannel, resolveOnly });
          if (changesChannel && !destination.post) throw new BadRequestError("You don't have permission to move this message");
          checkTopicPolicy(destination.topics_policy, String(settings.topics_policy), topic);
          const rows = await messagesToMove(tx, peers, message, mode, channel);
          const exempt = caller.role <= Role.MODERATOR;
          const limit = changesChannel ? settings.move_messages_between_streams_limit_seconds : settings.move_messages_within_stream_limit_seconds;
          const movable = exempt || resolveOnly || typeof limit !== 'number' ? rows : rows.filter((r) => seconds(now.getTime() - r.date_sent.getTime()) <= limit);
          if (!movable.some((r) => r.id === message.id)) {
            throw new BadRequestError(changesChannel ? "The time limit for editing this message's channel has passed" : "The time limit for editing this message's topic has passed.");
          }
          if (mode === 'change_all' && movable.length < rows.length) throw new MoveTimeLimitError(movable[0]?.id ?? null, rows.length, movable.length);
          move = { channel: destination, topic, ids: movable.map((r) => r.id), rows: movable, resolveOnly };
        }
      }
      if (!contentChange && !move) return { detached_uploads: [] };

      await applyEdit(tx, peers, message, channel, contentChange, move, mode);
      if (move && channel) {
        const wholeTopic = mode === 'change_all' || (await edits.topicMessages(tx, caller.realm_id, channel.stream_id, message.topic)).length === 0;
        await tellThreads(
          tx,
          peers,
          channel,
          message.topic,
          move.channel,
          move.topic,
          { ids: move.ids, target: message.id, wholeTopic },
          {
            old: req.send_notification_to_old_thread ?? false,
            new: req.send_notification_to_new_thread ?? true,
            resolved: move.channel.stream_id === channel.stream_id && unresolved(move.topic) === unresolved(message.topic) ? isResolved(move.topic) : undefined,
          },
        );
      }
      return { detached_uploads: contentChange ? await syncEditedAttachments(peers, message, contentChange.content) : [] };
    },
    () =>
      Promise.allSettled([
        // Asked before BEGIN (rule 1); what this does not foresee (the subscribers, for a wildcard
        // mention) costs an attempt that rolls back (withPrefetchedTransaction).
        peers.allChannels(),
        req.content !== undefined && (async () => renderAs(peers, normalizeContent(req.content!)))(),
        req.stream_id !== undefined && peers.channel({ stream_id: req.stream_id }),
      ]),
  );
}

/**
 * A content edit's files (in the edit's transaction, so a failure rolls the edit back): the
 * uploads service learns what the new content links to and names the sender's files no
 * message links to any more. No hop when neither version links to uploads.
 */
async function syncEditedAttachments(peers: Peers, message: MessageRow, content: string): Promise<Attachment[]> {
  const pathIds = uploadPathIds(content, message.realm_id);
  if (!pathIds.length && !mayLinkUploads(message.content)) return [];
  return syncMessageAttachments(peers.uploads, {
    realm_id: message.realm_id,
    message_id: message.id,
    sender_id: message.sender_id,
    date_sent: message.date_sent,
    path_ids: pathIds,
    is_edit: true,
  });
}

/**
 * Who may move messages (Zulip 11): within a channel, the realm's
 * can_move_messages_between_topics_group, the channel's can_move_messages_within_channel_group
 * or its administrators; out of a channel, the realm's can_move_messages_between_channels_group,
 * the channel's can_move_messages_out_of_channel_group or its administrators; resolving alone,
 * the realm's or the channel's can_resolve_topics_group.
 */
function checkMovePermission(
  role: number,
  holds: (v: unknown) => boolean,
  settings: Record<string, unknown>,
  from: ChannelAccess,
  to: ChannelAccess,
  what: { changesChannel: boolean; resolveOnly: boolean },
): void {
  const refuse = (msg = "You don't have permission to edit this message") => {
    throw new BadRequestError(msg);
  };
  if (what.resolveOnly) {
    if (!(holds(settings.can_resolve_topics_group) || holds(from.group_settings.can_resolve_topics_group))) refuse("You don't have permission to resolve topics in this channel.");
    return;
  }
  const administers = from.administer || isAdmin({ role });
  if (what.changesChannel) {
    const cannotMove = "You don't have permission to move this message";
    if (!(administers || holds(settings.can_move_messages_between_channels_group) || holds(from.group_settings.can_move_messages_out_of_channel_group))) refuse(cannotMove);
    if (!to.content) refuse(cannotMove);
  } else if (!(administers || holds(settings.can_move_messages_between_topics_group) || holds(from.group_settings.can_move_messages_within_channel_group))) {
    refuse();
  }
}

/** The messages a move takes: the target, and for change_later / change_all the topic's later / all messages the mover may read. */
async function messagesToMove(tx: Queryable, peers: Peers, message: MessageRow, mode: string, channel: ChannelAccess): Promise<MessageRow[]> {
  if (mode === 'change_one') return [message];
  const all = await edits.topicMessages(tx, peers.caller.realm_id, channel.stream_id, message.topic);
  // With protected history, only the messages the mover has a copy of.
  const readable = channel.history_visible ? all : await withCopies(tx, peers.caller.user_id, all);
  return mode === 'change_later' ? readable.filter((r) => r.id >= message.id) : readable;
}

async function withCopies(tx: Queryable, userId: number, rows: MessageRow[]): Promise<MessageRow[]> {
  const copies = new Set(
    (
      await edits.copiesOfMany(
        tx,
        rows.map((r) => r.id),
      )
    )
      .filter((c) => c.user_id === userId)
      .map((c) => c.message_id),
  );
  return rows.filter((r) => copies.has(r.id));
}

async function applyEdit(
  tx: pg.PoolClient,
  peers: Peers,
  message: MessageRow,
  channel: ChannelAccess | undefined,
  contentChange: ContentChange | undefined,
  move: { channel: ChannelAccess; topic: string; ids: number[]; rows: MessageRow[]; resolveOnly: boolean } | undefined,
  mode: string,
): Promise<void> {
  const caller = peers.caller;
  const ids = move ? move.ids : [message.id];
  const history: Omit<edits.EditRow, 'edited_at'>[] = [];
  if (contentChange) {
    await edits.updateContent(tx, message.id, contentChange.content, contentChange.rendered.html, {
      has_link: contentChange.rendered.hasLink,
      has_image: contentChange.rendered.hasImage,
      has_attachment: contentChange.rendered.hasAttachment,
    });
  }
  const movedChannel = move && channel && move.channel.stream_id !== channel.stream_id;
  if (move) {
    const recipient = await store.recipientIdInTransaction(tx, caller.realm_id, { channel_id: move.channel.stream_id });
    await edits.moveMessages(tx, move.ids, { channel_id: move.channel.stream_id, topic: move.topic, recipient_id: recipient }, !move.resolveOnly);
  }
  for (const row of move ? move.rows : [message]) {
    const isTarget = row.id === message.id;
    history.push({
      message_id: row.id,
      user_id: caller.user_id,
      prev_content: isTarget && contentChange ? message.content : null,
      prev_rendered_content: isTarget && contentChange ? message.rendered_content : null,
      prev_topic: move && move.topic !== row.topic ? row.topic : null,
      topic: move && move.topic !== row.topic ? move.topic : null,
      prev_channel_id: movedChannel ? row.channel_id : null,
      channel_id: movedChannel ? move.channel.stream_id : null,
    });
  }
  await edits.insertEdits(tx, history);

  // Who had the messages, and who may now: a private destination keeps only its subscribers,
  // a public one loses the guests not subscribed to it (they told with delete_message); one
  // with protected history gives its subscribers copies, so they can read what moved in.
  const before = await edits.copiesOfMany(tx, ids);
  let losing: number[] = [];
  if (movedChannel) {
    const subscribers = new Set(await peers.subscribers(move.channel.stream_id));
    const holders = [...new Set(before.map((c) => c.user_id))].filter((u) => !subscribers.has(u));
    losing = move.channel.invite_only ? holders : (await peers.people(holders)).users.filter((p) => p.role === Role.GUEST && !move.channel.is_web_public).map((p) => p.user_id);
    await edits.removeCopies(tx, ids, losing);
    if (move.channel.invite_only && !move.channel.history_visible) await edits.addCopies(tx, ids, [...subscribers], HISTORICAL_READ & ~FLAG_BITS.historical);
    await emit(tx, 'messages', caller.realm_id, losing, {
      type: 'delete_message',
      message_type: 'stream',
      message_ids: ids,
      stream_id: channel.stream_id,
      topic: message.topic,
    });
  }
  if (contentChange) await recomputeMentions(tx, peers, message, contentChange);
  const after = await edits.copiesOfMany(tx, ids);

  const event: Record<string, unknown> & { type: string } = {
    type: 'update_message',
    user_id: caller.user_id,
    edit_timestamp: Math.floor(Date.now() / 1000),
    message_id: message.id,
    message_ids: ids,
    rendering_only: false,
    ...(channel && { stream_id: channel.stream_id, stream_name: channel.name }),
    ...(contentChange && {
      orig_content: message.content,
      orig_rendered_content: message.rendered_content,
      content: contentChange.content,
      rendered_content: contentChange.rendered.html,
      is_me_message: /^\/me( |$)/.test(contentChange.content),
    }),
    ...(move && {
      propagate_mode: mode,
      orig_subject: message.topic,
      ...(move.topic !== message.topic && { subject: move.topic, topic_links: topicLinks(move.topic, await peers.linkifiers()) }),
      ...(movedChannel && { new_stream_id: move.channel.stream_id }),
    }),
  };
  // Each user with the target message gets their own flags on it; everyone who had a moved
  // message hears of it; so do the subscribers of a channel whose history they read (as read).
  const flagsOf = new Map<number, number>();
  for (const c of after) if (c.message_id === message.id || !flagsOf.has(c.user_id)) flagsOf.set(c.user_id, c.flags);
  const destination = move?.channel ?? channel;
  if (destination?.history_visible) {
    for (const u of await peers.subscribers(destination.stream_id)) if (!flagsOf.has(u) && !losing.includes(u)) flagsOf.set(u, FLAG_BITS.read);
  }
  const byFlags = new Map<string, number[]>();
  for (const [user, bits] of flagsOf) {
    const key = JSON.stringify(flagNames(bits));
    byFlags.set(key, [...(byFlags.get(key) ?? []), user]);
  }
  for (const [key, users] of byFlags) await emit(tx, 'messages', caller.realm_id, users, { ...event, flags: JSON.parse(key) as string[] });
}

/** New content, rendered, and the users whose alert words it holds. */
interface ContentChange {
  content: string;
  rendered: Rendered;
  alerted: ReadonlySet<number>;
}

/** After a content edit, each recipient's mention and alert-word flags follow the new content (as on send). */
async function recomputeMentions(tx: Queryable, peers: Peers, message: MessageRow, { rendered, alerted }: ContentChange): Promise<void> {
  const groupMembers = new Set(await peers.holders(rendered.mentionedGroupIds));
  const mentioned = new Set([...rendered.mentionedUserIds, ...groupMembers]);
  const participants = rendered.topicWildcard && message.channel_id !== null ? new Set(await store.topicParticipants(tx, message.channel_id, message.topic)) : new Set<number>();
  const bits = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned | FLAG_BITS.has_alert_word;
  for (const c of await edits.copiesOfMany(tx, [message.id])) {
    let flags = c.flags & ~bits;
    if (mentioned.has(c.user_id)) flags |= FLAG_BITS.mentioned;
    if (alerted.has(c.user_id)) flags |= FLAG_BITS.has_alert_word;
    if (message.kind === 'channel' && rendered.streamWildcard) flags |= FLAG_BITS.stream_wildcard_mentioned;
    if (message.kind === 'channel' && rendered.topicWildcard && participants.has(c.user_id)) flags |= FLAG_BITS.topic_wildcard_mentioned;
    if (flags !== c.flags) await edits.setCopyFlags(tx, c.user_id, message.id, flags);
  }
}

/**
 * The Notification Bot's notices of a move (posted after commit, through the outbox like
 * other services' notifications), in Zulip's words: "This topic was moved …" when the whole
 * topic moved, "[A message](link) was moved here …" for one, "N messages were …"; for a
 * resolve or unresolve only "has marked this topic as resolved", which an undo within 60
 * seconds takes back instead of answering (Zulip's grace period).
 */
export const RESOLVE_UNDO_SECONDS = 60;

async function tellThreads(
  tx: Queryable,
  peers: Peers,
  from: ChannelAccess,
  fromTopic: string,
  to: ChannelAccess,
  toTopic: string,
  moved: { ids: number[]; target: number; wholeTopic: boolean },
  notify: { old: boolean; new: boolean; resolved: boolean | undefined },
): Promise<void> {
  const [me] = (await peers.people([peers.caller.user_id])).users;
  const actor = `@_**${me?.full_name ?? peers.caller.email}|${peers.caller.user_id}**`;
  const post = (stream_id: number, topic: string, content: string) => writeOutbox(tx, schemaOf('messages'), 'messages.notification', { realm_id: peers.caller.realm_id, stream_id, topic, content });
  if (notify.resolved !== undefined) {
    if (await undoResolveNotice(tx, peers, to.stream_id, toTopic, !notify.resolved)) return;
    await post(to.stream_id, toTopic, `${actor} has marked this topic as ${notify.resolved ? 'resolved' : 'unresolved'}.`);
    return;
  }
  const link = (c: ChannelAccess, topic: string) => `#**${c.name}>${topic}**`;
  const count = moved.ids.length;
  const one = `[A message](${topicUrl(to.stream_id, to.name, toTopic)}/near/${moved.target})`;
  if (notify.old) {
    const what = moved.wholeTopic ? 'This topic was' : count === 1 ? 'A message was' : `${count} messages were`;
    await post(from.stream_id, fromTopic, moved.wholeTopic ? `${what} moved to ${link(to, toTopic)} by ${actor}.` : `${what} moved from this topic to ${link(to, toTopic)} by ${actor}.`);
  }
  if (notify.new) {
    const what = moved.wholeTopic ? 'This topic was' : count === 1 ? `${one} was` : `${count} messages were`;
    await post(to.stream_id, toTopic, `${what} moved here from ${link(from, fromTopic)} by ${actor}.`);
  }
}

/** Deletes the topic's last message if it is the bot's recent "marked as (un)resolved" notice that an undo answers. */
async function undoResolveNotice(tx: Queryable, peers: Peers, channelId: number, topic: string, wasResolved: boolean): Promise<boolean> {
  const bot = await peers.notificationBot();
  const last = await edits.lastInTopic(tx, peers.caller.realm_id, channelId, topic);
  if (!last || last.sender_id !== bot.user_id) return false;
  if (!last.content.endsWith(`has marked this topic as ${wasResolved ? 'resolved' : 'unresolved'}.`)) return false;
  if (Date.now() - last.date_sent.getTime() > RESOLVE_UNDO_SECONDS * 1000) return false;
  const holders = await store.copiesOf(tx, last.id);
  await store.deleteMessage(tx, last.id);
  await emit(tx, 'messages', peers.caller.realm_id, holders, { type: 'delete_message', message_type: 'stream', message_ids: [last.id], stream_id: channelId, topic });
  return true;
}
