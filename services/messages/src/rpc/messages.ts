import type { Reply } from '@parley/common/api';
import { DbServiceDeps, emit, encodedJson, Handler, HandlerContext, parseIntList } from '@parley/common';
import type { SendMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/SendMessageRequest';
import type { GetMessagesRequest__Output } from '@parley/common/generated/parley/messages/v1/GetMessagesRequest';
import type { GetMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/GetMessageRequest';
import type { UpdateMessageFlagsRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateMessageFlagsRequest';
import type { MessageIdRequest__Output } from '@parley/common/generated/parley/messages/v1/MessageIdRequest';
import type { RenderMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/RenderMessageRequest';
import type { EditMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/EditMessageRequest';
import type { ReportMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/ReportMessageRequest';
import type { ReactionRequest__Output } from '@parley/common/generated/parley/messages/v1/ReactionRequest';
import type { SubmessageRequest__Output } from '@parley/common/generated/parley/messages/v1/SubmessageRequest';
import type { SetTypingRequest__Output } from '@parley/common/generated/parley/messages/v1/SetTypingRequest';
import type { SetEditTypingRequest__Output } from '@parley/common/generated/parley/messages/v1/SetEditTypingRequest';
import type { MatchesNarrowRequest__Output } from '@parley/common/generated/parley/messages/v1/MatchesNarrowRequest';
import type { UpdateMessageFlagsForNarrowRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateMessageFlagsForNarrowRequest';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import type { GetAccessibleMessageIdsRequest__Output } from '@parley/common/generated/parley/messages/v1/GetAccessibleMessageIdsRequest';
import type { GetAccessibleMessageIdsReply } from '@parley/common/generated/parley/messages/v1/GetAccessibleMessageIdsReply';
import type { GetMissedMessagesRequest__Output } from '@parley/common/generated/parley/messages/v1/GetMissedMessagesRequest';
import type { GetMissedMessagesReply } from '@parley/common/generated/parley/messages/v1/GetMissedMessagesReply';
import { missedMessages } from '../domain/missed-mail';
import type { MessagesConfig } from '../config';
import { Peers, type PeerServices } from '../peers';
import type { Renderer } from '../domain/render/renderer';
import type { PeerCache } from '../domain/peer-cache';
import { checkSendMessage, renderAs } from '../domain/send';
import { accessibleMessageIds, fetchMessage, fetchMessages, matchesNarrow as matches } from '../domain/fetch';
import { checkUpdateFlags, checkUpdateFlagsInNarrow } from '../domain/update-flags';
import { checkDeleteMessage } from '../domain/delete';
import { normalizeContent } from '../domain/text';
import { checkEditTyping, checkTyping } from '../domain/typing';
import { checkEditMessage } from '../domain/edit';
import { messageHistory } from '../domain/history';
import { checkReportMessage } from '../domain/report';
import { checkAddReaction, checkRemoveReaction } from '../domain/reactions';
import { checkSubmessage } from '../domain/submessages';
import { listSnippets } from '../domain/snippets';
import { listDrafts } from '../domain/drafts';
import { listScheduled } from '../domain/scheduled';
import { listReminders } from '../domain/reminders';
import { MAX_UNREADS, unreadMessagesJson } from '../domain/unreads';
import { recentPrivateConversations, starredMessages } from '../domain/conversations';
import { topicVisibilityState } from '../domain/register-topics';
import * as store from '../store/messages';

/**
 * The messages service's RPCs; each decodes its request, calls the domain and shapes the reply.
 * `cache` keeps the users and channels services' answers between requests (see RealmCache).
 */
/** What the messages service's handlers work with; `sends`, its grouped sends (store.groupSends), made once at start-up. */
export type MessagesDeps = DbServiceDeps & { config: MessagesConfig; cache?: PeerCache; sends: store.GroupedSends; renderer: Renderer };

/** The other services as the caller's request sees them (one per request). */
export const peersFor = (deps: PeerServices & { cache?: PeerCache }, ctx: HandlerContext) => new Peers(deps, { caller: ctx.caller, client: ctx.client, host: ctx.host }, deps.cache);

export const sendMessage =
  (deps: MessagesDeps): Handler<SendMessageRequest__Output, Reply<'POST /messages'>> =>
  async (req, ctx) =>
    checkSendMessage(deps.sends, peersFor(deps, ctx), ctx.client, req, { wildcardMentionThreshold: deps.config.wildcardMentionThreshold, log: ctx.log });

export const getMessages =
  (deps: MessagesDeps): Handler<GetMessagesRequest__Output, Reply<'GET /messages'>> =>
  async (req, ctx) =>
    fetchMessages(deps.pool, peersFor(deps, ctx), {
      ...req,
      num_before: req.num_before === undefined ? undefined : Number(req.num_before),
      num_after: req.num_after === undefined ? undefined : Number(req.num_after),
      anchor_date: req.anchor_date === undefined ? undefined : Number(req.anchor_date),
    });

export const getMessage =
  (deps: MessagesDeps): Handler<GetMessageRequest__Output, Reply<'GET /messages/{message_id}'>> =>
  async (req, ctx) =>
    fetchMessage(deps.pool, peersFor(deps, ctx), Number(req.message_id), { applyMarkdown: req.apply_markdown ?? true, allowEmptyTopicName: req.allow_empty_topic_name ?? false });

export const updateMessageFlags =
  (deps: MessagesDeps): Handler<UpdateMessageFlagsRequest__Output, Reply<'POST /messages/flags'>> =>
  async (req, ctx) => {
    const messages = parseIntList('messages', req.messages);
    return checkUpdateFlags(deps.pool, peersFor(deps, ctx), { messages, op: req.op, flag: req.flag });
  };

export const matchesNarrow =
  (deps: MessagesDeps): Handler<MatchesNarrowRequest__Output, Reply<'GET /messages/matches_narrow'>> =>
  async (req, ctx) => {
    return matches(deps.pool, peersFor(deps, ctx), parseIntList('msg_ids', req.msg_ids), req.narrow);
  };

export const updateMessageFlagsForNarrow =
  (deps: MessagesDeps): Handler<UpdateMessageFlagsForNarrowRequest__Output, Reply<'POST /messages/flags/narrow'>> =>
  async (req, ctx) =>
    checkUpdateFlagsInNarrow(deps.pool, peersFor(deps, ctx), {
      ...req,
      num_before: Number(req.num_before),
      num_after: Number(req.num_after),
    });

/** POST /typing: events only, nothing stored (written to the outbox alone, so they travel as every event does). */
export const setTyping =
  (deps: MessagesDeps): Handler<SetTypingRequest__Output, Reply<'POST /typing'>> =>
  async (req, ctx) => {
    await checkTyping(peersFor(deps, ctx), { ...req, stream_id: req.stream_id === undefined ? undefined : Number(req.stream_id) }, async (users, event) => {
      if (users.length) await emit(deps.pool, 'messages', ctx.caller.realm_id, users, event);
    });
    return {};
  };

/** POST /messages/{message_id}/typing: like POST /typing, for a message being edited. */
export const setEditTyping =
  (deps: MessagesDeps): Handler<SetEditTypingRequest__Output, Reply<'POST /messages/{message_id}/typing'>> =>
  async (req, ctx) => {
    await checkEditTyping(deps.pool, peersFor(deps, ctx), { message_id: Number(req.message_id), op: req.op }, async (users, event) => {
      if (users.length) await emit(deps.pool, 'messages', ctx.caller.realm_id, users, event);
    });
    return {};
  };

export const editMessage =
  (deps: MessagesDeps): Handler<EditMessageRequest__Output, Reply<'PATCH /messages/{message_id}'>> =>
  async (req, ctx) =>
    checkEditMessage(
      deps.pool,
      peersFor(deps, ctx),
      {
        ...req,
        message_id: Number(req.message_id),
        stream_id: req.stream_id === undefined ? undefined : Number(req.stream_id),
      },
      { wildcardMentionThreshold: deps.config.wildcardMentionThreshold },
    );

export const getMessageHistory =
  (deps: MessagesDeps): Handler<GetMessageRequest__Output, Reply<'GET /messages/{message_id}/history'>> =>
  async (req, ctx) =>
    messageHistory(deps.pool, peersFor(deps, ctx), Number(req.message_id), req.allow_empty_topic_name === true);

export const reportMessage =
  (deps: MessagesDeps): Handler<ReportMessageRequest__Output, Reply<'POST /messages/{message_id}/report'>> =>
  async (req, ctx) => {
    await checkReportMessage(deps.pool, peersFor(deps, ctx), Number(req.message_id), req.report_type, req.description);
    return {};
  };

export const addReaction =
  (deps: MessagesDeps): Handler<ReactionRequest__Output, Reply<'POST /messages/{message_id}/reactions'>> =>
  async (req, ctx) => {
    await checkAddReaction(deps.pool, peersFor(deps, ctx), { ...req, message_id: Number(req.message_id) });
    return {};
  };

export const removeReaction =
  (deps: MessagesDeps): Handler<ReactionRequest__Output, Reply<'DELETE /messages/{message_id}/reactions'>> =>
  async (req, ctx) => {
    await checkRemoveReaction(deps.pool, peersFor(deps, ctx), { ...req, message_id: Number(req.message_id) });
    return {};
  };

export const addSubmessage =
  (deps: MessagesDeps): Handler<SubmessageRequest__Output, Reply<'POST /submessage'>> =>
  async (req, ctx) => {
    await checkSubmessage(deps.pool, peersFor(deps, ctx), Number(req.message_id), req.msg_type, req.content, deps.config.maxSubmessagesPerMessage);
    return {};
  };

export const deleteMessage =
  (deps: MessagesDeps): Handler<MessageIdRequest__Output, Reply<'DELETE /messages/{message_id}'>> =>
  async (req, ctx) => {
    await checkDeleteMessage(deps.pool, peersFor(deps, ctx), ctx.log, Number(req.message_id));
    return {};
  };

/** Internal (uploads): which of the messages the caller (passed through by uploads) may read now. */
export const getAccessibleMessageIds =
  (deps: MessagesDeps): Handler<GetAccessibleMessageIdsRequest__Output, GetAccessibleMessageIdsReply> =>
  async (req, ctx) => ({
    message_ids: await accessibleMessageIds(deps.pool, peersFor(deps, ctx), [...new Set(req.message_ids.map(Number))]),
  });

export const getMissedMessages =
  (deps: MessagesDeps): Handler<GetMissedMessagesRequest__Output, GetMissedMessagesReply> =>
  async (req, ctx) => ({
    messages: await missedMessages(deps.pool, peersFor(deps, ctx), [...new Set(req.message_ids.map(Number))]),
  });

export const renderMessageRpc =
  (deps: MessagesDeps): Handler<RenderMessageRequest__Output, Reply<'POST /messages/render'>> =>
  async (req, ctx) => {
    const peers = peersFor(deps, ctx);
    const content = normalizeContent(req.content);
    return { rendered: (await renderAs(peers, content)).rendered.html };
  };

/**
 * The messages service's part of POST /register, as Zulip's: max_message_id with `message`,
 * unread_msgs when both `message` and `update_message_flags` are wanted (its counts leave out
 * muted channels and topics), saved_snippets, drafts, scheduled_messages, reminders, starred_messages,
 * recent_private_conversations (each by its own name), user_topics and the legacy muted_topics.
 * Its queries run side by side; unread_msgs, the large part, is spliced in as JSON text.
 */
export const getRegisterState =
  (deps: MessagesDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const wanted = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as string[]);
    const wants = (type: string) => wanted === null || wanted.includes(type);
    const { user_id: userId } = ctx.caller;
    const capabilities = JSON.parse(req.client_capabilities || '{}') as Record<string, unknown>;
    const withUnreads = wants('message') && wants('update_message_flags');
    const topics = topicVisibilityState(
      deps.pool,
      peersFor(deps, ctx),
      {
        userTopics: wants('user_topic'),
        mutedTopics: wants('muted_topics'),
        unreads: withUnreads,
      },
      capabilities.empty_topic_name === true,
    );
    const [savedSnippets, drafts, scheduled, reminders, maxMessageId, unreads, { state: topicState }, starred, recent] = await Promise.all([
      wants('saved_snippets') ? listSnippets(deps.pool, ctx.caller) : undefined,
      wants('drafts') ? listDrafts(deps.pool, ctx.caller) : undefined,
      wants('scheduled_messages') ? listScheduled(deps.pool, ctx.caller) : undefined,
      wants('reminders') ? listReminders(deps.pool, ctx.caller) : undefined,
      wants('message') ? store.maxReceivedMessageId(deps.pool, ctx.caller.user_id) : undefined,
      withUnreads
        ? unreadMessagesJson(
            deps.pool,
            ctx.caller.user_id,
            MAX_UNREADS,
            topics.then((t) => t.mutedChannels),
          )
        : undefined,
      topics,
      wants('starred_messages') ? starredMessages(deps.pool, userId) : undefined,
      wants('recent_private_conversations') ? recentPrivateConversations(deps.pool, userId) : undefined,
    ]);
    const state = JSON.stringify({
      ...topicState,
      ...(savedSnippets && { saved_snippets: savedSnippets }),
      ...(drafts && { drafts: drafts.drafts }),
      ...(scheduled && { scheduled_messages: scheduled.scheduled_messages }),
      ...(reminders && { reminders: reminders.reminders }),
      ...(maxMessageId !== undefined && { max_message_id: maxMessageId }),
      ...(starred && { starred_messages: starred }),
      ...(recent && { recent_private_conversations: recent }),
    });
    // max_message_id is there whenever unread_msgs is: the object has members to follow.
    return encodedJson(unreads === undefined ? state : `${state.slice(0, -1)},"unread_msgs":${unreads}}`);
  };
