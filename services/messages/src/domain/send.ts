import pg from 'pg';
import {
  ApiError,
  BadRequestError,
  ChannelNameNotFoundError,
  ChannelNotFoundError,
  emptyTopicDisplayName,
  handledLater,
  holdsGroupSetting,
  Logger,
  Person,
  Queryable,
  withTransaction,
} from '@parley/common';
import * as store from '../store/messages';
import { syncMessageAttachments, uploadPathIds } from './attachments';
import { afterChannelSend, decideForSend } from './auto-visibility';
import type { ChannelAccess, Peers } from '../peers';
import type { SendTraits } from './send-traits';
import { FLAG_BITS, flagNames } from './flags';
import { formatMessage } from './format';
import { sendWidget } from './submessages';
import { widgetOf } from './widgets';
import { messageEvent } from './notify';
import { topicFollowers } from '../store/user-topics';
import { RenderContext, Rendered, topicLinks } from './render';
import { normalizeContent, normalizeTopic, readBySenderByDefault } from './text';
import { checkTopicPolicy, parseChannelTarget, parseDirectRecipients } from './send-targets';

/**
 * POST /messages: who may send what where, the rendering, each recipient's copy with its
 * flags, and the message events. A channel message reaches the channel's subscribers (and
 * its sender); a direct message its participants.
 */
export interface SendRequest {
  type: string;
  to: string;
  topic?: string;
  subject?: string;
  content: string;
  queue_id?: string;
  local_id?: string;
  read_by_sender?: boolean;
  idempotency_key?: string;
}

export interface SendOptions {
  /** Wildcard mentions need can_mention_many_users_group above this many subscribers or participants (Zulip: 15). */
  wildcardMentionThreshold: number;
  /** Where a failed step after the message is stored is logged (the send itself succeeded). */
  log?: Logger;
  /** Filled in by the send: what its rendering found. */
  seen?: SendReport;
}

/** What a send's rendering found, for the steps after it (automatic follow where mentioned). */
export interface SendReport {
  mentionedUserIds?: number[];
}

export class WildcardMentionError extends ApiError {
  constructor(kind: 'channel' | 'topic') {
    super(kind === 'channel' ? 'STREAM_WILDCARD_MENTION_NOT_ALLOWED' : 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', `You do not have permission to use ${kind} wildcard mentions in this ${kind}.`);
  }
}

/** The channel a send goes to, if the caller may post there, with its subscribers. */
async function resolveChannel(peers: Peers, raw: string): Promise<{ channel: ChannelAccess; subscribers: number[] }> {
  const target = parseChannelTarget(raw);
  const { channel, hiddenName, subscribers } = await peers.channelForSend(target);
  if (hiddenName !== undefined) throw new BadRequestError(`Not authorized to send to channel '${hiddenName}'`);
  if (!channel) throw 'stream_id' in target ? new ChannelNotFoundError(target.stream_id) : new ChannelNameNotFoundError(target.name);
  if (channel.is_archived || !channel.content) throw new BadRequestError(`Not authorized to send to channel '${channel.name}'`);
  if (!channel.post) throw new BadRequestError('You do not have permission to post in this channel.');
  return { channel, subscribers };
}

async function resolveDirectRecipients(peers: Peers, raw: string): Promise<Person[]> {
  const named = parseDirectRecipients(raw);
  const { users, unknown } = await peers.people(named);
  if (unknown.length) {
    const u = unknown[0];
    // Digits, or a JSON number (negative ones too: Zulip's "Invalid user ID -1"), name an ID.
    const byId = /^\d+$/.test(u) || named.some((n) => typeof n === 'number' && String(n) === u);
    throw new BadRequestError(byId ? `Invalid user ID ${u}` : `Invalid email '${u}'`);
  }
  const gone = users.find((u) => !u.is_active);
  if (gone) throw new BadRequestError(`'${gone.email}' is no longer using Zulip.`);
  return users;
}

/** A send checked against every rule, ready to store: where it goes, who gets it, what it says. */
export interface PreparedSend {
  me: Person;
  channel?: ChannelAccess;
  topic: string;
  participants: Person[];
  recipients: number[];
  subscriberCount: number;
  content: string;
  /** The recipient row's ID, when already known. */
  recipientId?: number;
  /** The recipients' alert words and mutes, when already known. */
  traits?: SendTraits;
  /** The content rendered, when already done (before a transaction: rendering asks other services). */
  rendering?: Rendering;
  /** Who holds the groups it mentions, when already asked (before a transaction). */
  groupMembers?: number[];
  /** Who follows its topic, when already asked (a channel send). */
  followers?: number[];
}

/** The recipient row a message to this channel or these participants belongs to. */
const recipientOf = (channel: { stream_id: number } | undefined, recipients: number[]) => (channel ? { channel_id: channel.stream_id } : { dm_user_ids: recipients });

/** The `type` a send names, by all of Zulip's spellings. A Map, not an object: `constructor` or `__proto__` is no type. */
const MESSAGE_KINDS = new Map<string, 'channel' | 'direct'>([
  ['stream', 'channel'],
  ['channel', 'channel'],
  ['private', 'direct'],
  ['direct', 'direct'],
]);

/** A send's kind from its `type`; anything else is refused ('Invalid message type'). */
export function messageKindOf(type: string): 'channel' | 'direct' {
  const kind = MESSAGE_KINDS.get(type);
  if (!kind) throw new BadRequestError('Invalid message type');
  return kind;
}

/**
 * Checks a send as its sender (channel access and posting permission, topics policy,
 * recipients, content) — for POST /messages, and for scheduled messages when scheduled and
 * again when delivered.
 */
export async function prepareSend(peers: Peers, req: Pick<SendRequest, 'type' | 'to' | 'topic' | 'subject' | 'content'>): Promise<PreparedSend> {
  const caller = peers.caller;
  const kind = messageKindOf(req.type);
  const content = normalizeContent(req.content);
  // The sender first: their permission context then goes along to the channels service (one
  // hop fewer than both services asking the users service). The other participants of a
  // direct message are asked for side by side. The sender's checks come first, as their errors do.
  const others = kind === 'direct' ? handledLater(resolveDirectRecipients(peers, req.to)) : undefined;
  const me = await peers.sender();
  const policy = await peers.realmPolicy();
  if (!me?.is_active) throw new BadRequestError('User is deactivated');
  if (kind === 'channel') {
    const { channel, subscribers } = await resolveChannel(peers, req.to);
    const rawTopic = req.topic ?? req.subject;
    const topic = normalizeTopic(rawTopic ?? '', emptyTopicDisplayName(policy.settings));
    if (rawTopic === undefined && topic === '') {
      const effective = channel.topics_policy === 'inherit' ? String(policy.settings.topics_policy) : channel.topics_policy;
      if (effective === 'disable_empty_topic') throw new BadRequestError('Missing topic');
    }
    checkTopicPolicy(channel.topics_policy, String(policy.settings.topics_policy), topic);
    return { me, channel, topic, participants: [me], recipients: [...new Set([...subscribers, caller.user_id])], subscriberCount: subscribers.length, content };
  }
  const participants = [...new Map([me, ...(await others!)].map((p) => [p.user_id, p])).values()].sort((a, b) => a.user_id - b.user_id);
  return { me, topic: '', participants, recipients: participants.map((p) => p.user_id), subscriberCount: 0, content };
}

/** Checks and stores a send: alone in one statement, grouped with those made at the same time (`sends`), or in a transaction where it needs one. */
export async function checkSendMessage(sends: store.GroupedSends, peers: Peers, client: string, req: SendRequest, opts: SendOptions): Promise<{ id: number; automatic_new_visibility_policy?: 2 | 3 }> {
  const { pool } = sends;
  const caller = peers.caller;
  if (req.queue_id !== undefined && req.local_id === undefined) throw new BadRequestError('Missing local_id');
  normalizeContent(req.content);
  // A retry of a send that went through gets its message, whatever changed since.
  const key = sendKey(req);
  const done = key === undefined ? undefined : await store.sentWithKey(pool, caller.user_id, key);
  if (done !== undefined) return { id: done };
  const { prepared, visibility } = await prepareWholeSend(pool, peers, req);
  const seen: SendReport = {};
  // A send is one statement; it needs a transaction for its idempotency key, its uploads' claim
  // or its widget's submessage.
  const id =
    key !== undefined || uploadPathIds(prepared.content, caller.realm_id).length || widgetOf(prepared.content)
      ? await withTransaction(pool, (tx) => storeSend({ tx }, peers, client, req, prepared, { ...opts, seen }, key))
      : await storeSend({ sends }, peers, client, req, prepared, { ...opts, seen });
  const automatic = prepared.channel && (await afterChannelSend(pool, peers, prepared, visibility, seen.mentionedUserIds ?? [], opts.log));
  return { id, ...(automatic && { automatic_new_visibility_policy: automatic as 2 | 3 }) };
}

/** A send checked, with everything storing it needs of other services: see prepareWholeSend. */
export interface WholeSend {
  prepared: PreparedSend;
  /** What the send does to its sender's topic visibility, decided before it is stored. */
  visibility: Awaited<ReturnType<typeof decideForSend>> | undefined;
}

/**
 * Checks a send as its sender (prepareSend) and asks every other service what storing it
 * needs (the recipients' traits, the rendering, mentioned groups' members): all before any
 * transaction (rule 1). The recipient row is found (or made) on the pool, and remembered once
 * committed.
 */
export async function prepareWholeSend(pool: pg.Pool, peers: Peers, req: Pick<SendRequest, 'type' | 'to' | 'topic' | 'subject' | 'content'>): Promise<WholeSend> {
  const prepared = await prepareSend(peers, req);
  const [recipientId, traits, visibility, rendering, followers] = await Promise.all([
    store.recipientId(pool, peers.caller.realm_id, recipientOf(prepared.channel, prepared.recipients)),
    peers.sendTraits(prepared.recipients),
    prepared.channel && decideForSend(pool, peers, prepared.channel, prepared.topic, prepared.me.is_bot),
    renderAs(peers, prepared.content).then(async (r) => ({ r, members: await holdersOfMentions(peers, r) })),
    // Beside the rendering, so it adds no time to the send (missed-message mails of followed topics).
    prepared.channel ? topicFollowers(pool, prepared.channel.stream_id, prepared.topic) : [],
  ]);
  prepared.followers = followers;
  prepared.recipientId = recipientId;
  prepared.traits = traits;
  prepared.rendering = rendering.r;
  prepared.groupMembers = rendering.members;
  return { prepared, visibility: visibility || undefined };
}

/**
 * Stores a send prepared before the caller's transaction (prepareWholeSend), in it: scheduled
 * deliveries. `after`, called once that transaction has committed, applies the sender's and
 * the mentioned users' automatic topic visibility (follow, unmute) as a send does.
 */
export async function sendPrepared(
  tx: pg.PoolClient,
  peers: Peers,
  client: string,
  req: SendRequest,
  whole: WholeSend,
  opts: SendOptions,
  key?: string,
): Promise<{ id: number; after: (pool: pg.Pool) => Promise<void> }> {
  const { prepared, visibility } = whole;
  const seen: SendReport = {};
  const id = await storeSend({ tx }, peers, client, req, prepared, { ...opts, seen }, key);
  return {
    id,
    after: async (pool) => {
      if (prepared.channel) await afterChannelSend(pool, peers, prepared, visibility, seen.mentionedUserIds ?? [], opts.log);
    },
  };
}

/** Stores a checked send, and its idempotency key in the caller's transaction (a key needs one). */
async function storeSend(db: SendDb, peers: Peers, client: string, req: SendRequest, p: PreparedSend, opts: SendOptions, key?: string): Promise<number> {
  const caller = peers.caller;
  const policy = await peers.realmPolicy();
  const mayMentionMany = holdsGroupSetting(policy.settings.can_mention_many_users_group, caller.user_id, await peers.callerGroups());
  if (key !== undefined && !('tx' in db)) throw new Error('storeSend: a send with a key is stored in a transaction');
  const earlier = key === undefined || !('tx' in db) ? undefined : await store.claimSendKey(db.tx, caller.user_id, key);
  if (earlier !== undefined) return earlier;
  const sent = await doSend(
    db,
    peers,
    {
      sender: p.me,
      channel: p.channel,
      topic: p.topic,
      participants: p.participants,
      recipients: p.recipients,
      recipientId: p.recipientId,
      traits: p.traits,
      content: p.content,
      client,
      rendering: p.rendering,
      groupMembers: p.groupMembers,
      followers: p.followers,
      readBySender: req.read_by_sender ?? readBySenderByDefault(client),
      delivery: { sender_queue_id: req.queue_id, local_id: req.local_id },
      seen: opts.seen,
    },
    { mayMentionMany, wildcardMentionThreshold: opts.wildcardMentionThreshold, subscriberCount: p.subscriberCount },
  );
  if (key !== undefined && 'tx' in db) await store.recordSendKey(db.tx, caller.user_id, key, sent);
  return sent;
}

/** What makes two sends one (Parley's idempotent send): the Idempotency-Key header, else queue_id + local_id. */
export function sendKey(req: Pick<SendRequest, 'idempotency_key' | 'queue_id' | 'local_id'>): string | undefined {
  if (req.idempotency_key !== undefined) {
    const key = req.idempotency_key.trim();
    if (!key || key.length > 255) throw new BadRequestError('Idempotency-Key must be 1 to 255 characters');
    return `key:${key}`;
  }
  return req.queue_id !== undefined && req.local_id !== undefined ? `local:${req.queue_id}:${req.local_id}` : undefined;
}

/** Who holds the groups a rendering mentions (users ExpandGroupSettings): ask before a transaction, for Outgoing.groupMembers. */
export const holdersOfMentions = (peers: Peers, rendering: Rendering): Promise<number[]> => peers.holders(rendering.rendered.mentionedGroupIds);

/**
 * What doSend would ask other services, asked now, before the caller's transaction (rule 1):
 * the rendering, the realm's policy, the mentioned groups' members and the recipients'
 * traits, each unless the message already carries it.
 */
export async function readyToSend(peers: Peers, out: Outgoing): Promise<Outgoing> {
  const [rendering, traits] = await Promise.all([out.rendering ?? renderAs(peers, out.content), out.traits ?? peers.sendTraits(out.recipients), peers.realmPolicy()]);
  return { ...out, rendering, traits, groupMembers: out.groupMembers ?? (await holdersOfMentions(peers, rendering)) };
}

/** Content rendered as its sender's message: the HTML and what rendering found, and the context it used. */
export interface Rendering {
  rendered: Rendered;
  ctx: Omit<RenderContext, 'channels'>;
}

/**
 * Renders content as the caller's message: mentions of the realm's users and groups,
 * linkifiers, links to the channels the caller sees, previews of uploaded images (each
 * fetched only when the content may use it). Also answers the context it rendered with. It asks other services: call it before
 * a transaction, and hand its answer to doSend (Outgoing.rendering).
 */
export async function renderAs(peers: Peers, content: string): Promise<Rendering> {
  const [ctx, channels, defaultCodeBlockLanguage, translateEmoticons, realmUrl, realmEmoji, uploadPreviews] = await Promise.all([
    peers.renderContextFor(content),
    peers.channelsForRendering(content),
    defaultCodeLanguageFor(peers, content),
    peers.translatesEmoticons(content),
    realmUrlFor(peers, content),
    peers.realmEmojiFor(content),
    peers.uploadPreviewsFor(content),
  ]);
  return {
    rendered: await peers.render(content, { ...ctx, channels, defaultCodeBlockLanguage, translateEmoticons, realmUrl, realmEmoji, uploadPreviews }),
    ctx,
  };
}

/** The realm's URL, when the content has a URL that may be one of its views or uploads (Zulip makes those links relative). */
async function realmUrlFor(peers: Peers, content: string): Promise<string | undefined> {
  return /https?:\/\//i.test(content) ? (await peers.realmPolicy()).url : undefined;
}

/** The realm's default_code_block_language, when the content has a code fence it may apply to. */
async function defaultCodeLanguageFor(peers: Peers, content: string): Promise<string | undefined> {
  if (!/^ {0,3}(?:```|~~~)/m.test(content)) return undefined;
  const value = (await peers.realmPolicy()).settings.default_code_block_language;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Where a send is stored, by name: on the service's pool, where its one statement commits
 * alone and sends made at the same time share one (`sends`, store.insertMessage), or in the
 * caller's open transaction, which commits it with the rest.
 */
export type SendDb = { sends: store.GroupedSends } | { tx: pg.PoolClient };

/** The connection a send's other statements run on. */
const queryable = (db: SendDb): Queryable => ('tx' in db ? db.tx : db.sends.pool);

/** A message about to be stored: who sends it where, and who receives a copy. */
export interface Outgoing {
  sender: Person;
  channel?: { stream_id: number; name: string };
  topic: string;
  /** Direct messages: every participant (sender included); channel messages: the sender. */
  participants: Person[];
  recipients: number[];
  /** The recipient row's ID, when already known (else found or made in the transaction). */
  recipientId?: number;
  /** The recipients' alert words and mutes, when already known (else asked for here). */
  traits?: SendTraits;
  content: string;
  /** `content` rendered by renderAs, when the caller did it before its transaction (else rendered here). */
  rendering?: Rendering;
  /** Who holds the groups the rendering mentions (holdersOfMentions), when asked before the transaction (else asked here). */
  groupMembers?: number[];
  /** Who follows the topic of a channel message, when asked before the transaction (else asked here). */
  followers?: number[];
  client: string;
  readBySender: boolean;
  delivery?: { sender_queue_id?: string; local_id?: string };
  /** Filled in with what rendering found. */
  seen?: SendReport;
}

/**
 * Renders and stores a message (checked by the caller), each recipient's copy with its flags,
 * claims the uploaded files it links to (uploads' SyncMessageAttachments; its failure fails
 * the send), and tells them. `mentions` limits wildcard mentions (absent for the system's own
 * messages). Every send goes through here: POST /messages, scheduled deliveries, the
 * Notification Bot. The message, its copies and its event are one statement, so `db` may be
 * the pool; it is a transaction when the content links uploads (their claim is in it) or makes
 * a widget (its submessage is stored with it).
 */
export async function doSend(db: SendDb, peers: Peers, out: Outgoing, mentions?: { mayMentionMany: boolean; wildcardMentionThreshold: number; subscriberCount?: number }): Promise<number> {
  const [{ ctx, rendered }, policy] = await Promise.all([out.rendering ?? renderAs(peers, out.content), peers.realmPolicy()]);
  const { channel, topic, recipients, sender } = out;
  let topicWildcardUsers: number[] = [];
  // Zulip counts the channel's subscribers (the sender may not be one).
  if (channel && mentions && !mentions.mayMentionMany && rendered.streamWildcard && (mentions.subscriberCount ?? recipients.length) > mentions.wildcardMentionThreshold) {
    throw new WildcardMentionError('channel');
  }
  if (channel && rendered.topicWildcard) {
    topicWildcardUsers = [...new Set([...(await store.topicParticipants(queryable(db), channel.stream_id, topic)), sender.user_id])];
    if (mentions && !mentions.mayMentionMany && topicWildcardUsers.length > mentions.wildcardMentionThreshold) throw new WildcardMentionError('topic');
  }
  if (out.seen) out.seen.mentionedUserIds = rendered.mentionedUserIds;
  const groupMembers = new Set(out.groupMembers ?? (await peers.holders(rendered.mentionedGroupIds)));
  // Zulip: has_alert_word for each recipient whose alert word the content holds (the sender
  // too), read for each recipient who muted the sender, channel and direct messages alike.
  const traits = out.traits ?? (await peers.sendTraits(recipients));
  const alerted = traits.matcher?.usersIn(out.content) ?? new Set<number>();
  const muters = new Set(traits.muters(sender.user_id));
  const mentioned = new Set([...rendered.mentionedUserIds, ...groupMembers]);
  const copies = recipients.map((user_id) => {
    let flags = 0;
    if (mentioned.has(user_id)) flags |= FLAG_BITS.mentioned;
    if (channel && rendered.streamWildcard) flags |= FLAG_BITS.stream_wildcard_mentioned;
    if (channel && rendered.topicWildcard && topicWildcardUsers.includes(user_id)) flags |= FLAG_BITS.topic_wildcard_mentioned;
    if (alerted.has(user_id)) flags |= FLAG_BITS.has_alert_word;
    if ((user_id === sender.user_id && out.readBySender) || muters.has(user_id)) flags |= FLAG_BITS.read;
    return { user_id, flags };
  });
  const realmId = peers.caller.realm_id;
  // The users service mails followed topics' messages to followers who are away (missed-message
  // mails): the event names those who receive it, and not as its sender.
  const received = new Set(recipients);
  const followers = channel ? (out.followers ?? (await topicFollowers(queryable(db), channel.stream_id, topic))).filter((u) => received.has(u) && u !== sender.user_id) : [];
  const message: store.MessageRow = {
    id: 0, // the insert's
    realm_id: realmId,
    sender_id: sender.user_id,
    kind: channel ? 'channel' : 'direct',
    channel_id: channel?.stream_id ?? null,
    topic,
    dm_user_ids: channel ? null : recipients,
    recipient_id:
      out.recipientId ??
      (await ('tx' in db ? store.recipientIdInTransaction(db.tx, realmId, recipientOf(channel, recipients)) : store.recipientId(db.sends.pool, realmId, recipientOf(channel, recipients)))),
    content: out.content,
    rendered_content: rendered.html,
    date_sent: new Date(),
    client: out.client,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
    last_edit_time: null,
    last_moved_time: null,
  };
  const formatted = formatMessage(message, {
    realmStringId: policy.stringId,
    channelName: channel?.name,
    people: new Map(out.participants.map((p) => [p.user_id, p])),
    applyMarkdown: true,
    // The event carries the URL; the events service drops it for client_gravatar queues.
    clientGravatar: false,
    topicLinks: channel ? topicLinks(topic, ctx.linkifiers) : [],
  });
  const pathIds = uploadPathIds(out.content, realmId);
  if (pathIds.length && !('tx' in db)) throw new Error('doSend: content that links uploads is sent in a transaction');
  // A /poll or /todo send is in a transaction (checkSendMessage); the system's own sends make no widget.
  const widget = 'tx' in db ? await sendWidget(db.tx, out.content, sender.user_id) : undefined;
  if (widget) formatted.submessages = widget.submessages;
  const event = messageEvent(
    realmId,
    formatted,
    copies.map((c) => ({ user_id: c.user_id, flags: flagNames(c.flags) })),
    {
      raw_content: out.content,
      ...out.delivery,
      client_computable_avatar: sender.client_computable_avatar,
      ...(followers.length && { followers }),
    },
  );
  const id = await ('tx' in db ? store.insertMessageInTransaction(db.tx, { message, copies, event }) : store.insertMessage(db.sends, { message, copies, event }));
  await widget?.store(id);
  // Before COMMIT, so no committed message lacks its references; no hop without links.
  if (pathIds.length) {
    await syncMessageAttachments(peers.uploads, {
      realm_id: realmId,
      message_id: id,
      sender_id: sender.user_id,
      date_sent: message.date_sent,
      path_ids: pathIds,
      is_edit: false,
    });
  }
  return id;
}
