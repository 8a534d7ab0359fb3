import { join } from 'node:path';
import { runService, RunningService, Handler, DbServiceDeps, subscribeTo } from '@parley/common';
import type { RouteHandlers } from '@parley/common/api';
import type { MessagesConfig } from './config';
import { NOTIFICATION_SUBJECTS, postNotification } from './domain/notification-bot';
import { applyRetention, startRetentionJob } from './domain/retention';
import { createSavedSnippet, deleteSavedSnippet, getSavedSnippets, updateSavedSnippet } from './rpc/snippets';
import { testWelcomeBotCustomMessage } from './rpc/welcome-bot';
import { createDrafts, deleteDraft, editDraft, getDrafts } from './rpc/drafts';
import { createScheduledMessage, deleteScheduledMessage, deliverScheduledMessages, getScheduledMessages, updateScheduledMessage } from './rpc/scheduled';
import { createReminder, deleteReminder, getReminders } from './rpc/reminders';
import { startDeliveryWorker } from './domain/scheduled';
import { applySettingsChanged } from './domain/drafts';
import { PeerCache, peerCache, listenForChanges } from './domain/peer-cache';
import { groupSends } from './store/messages';
import { RenderPool } from './domain/render/pool';
import type { PeerServices } from './peers';
import { applyUserMuted } from './domain/muted-senders';
import {
  deleteMessage,
  getMessage,
  getMessages,
  getRegisterState,
  matchesNarrow,
  MessagesDeps,
  renderMessageRpc,
  sendMessage,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  setTyping,
  setEditTyping,
  editMessage,
  getMessageHistory,
  reportMessage,
  addReaction,
  removeReaction,
  addSubmessage,
  getAccessibleMessageIds,
  getMissedMessages,
} from './rpc/messages';
import { getReadReceiptsRpc, markAllAsReadRpc, markChannelAsReadRpc, markTopicAsReadRpc } from './rpc/read-state';
import { getChannelTopicsRpc, getChannelTopicSummary, getDigestTopics } from './rpc/channel-topics';
import { deleteTopic, updateMutedTopic, updateUserTopic } from './rpc/topics';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/messages/v1/messages.proto (Health is the default one). */
export function messagesHandlers(deps: MessagesDeps): Record<string, Handler> {
  const handlers = {
    SendMessage: sendMessage(deps),
    GetMessages: getMessages(deps),
    GetMessage: getMessage(deps),
    UpdateMessageFlags: updateMessageFlags(deps),
    DeleteMessage: deleteMessage(deps),
    RenderMessage: renderMessageRpc(deps),
    MatchesNarrow: matchesNarrow(deps),
    UpdateMessageFlagsForNarrow: updateMessageFlagsForNarrow(deps),
    SetTyping: setTyping(deps),
    SetEditTyping: setEditTyping(deps),
    GetScheduledMessages: getScheduledMessages(deps),
    CreateScheduledMessage: createScheduledMessage(deps),
    UpdateScheduledMessage: updateScheduledMessage(deps),
    DeleteScheduledMessage: deleteScheduledMessage(deps),
    DeliverScheduledMessages: deliverScheduledMessages(deps),
    GetReminders: getReminders(deps),
    CreateReminder: createReminder(deps),
    DeleteReminder: deleteReminder(deps),
    GetDrafts: getDrafts(deps),
    CreateDrafts: createDrafts(deps),
    EditDraft: editDraft(deps),
    DeleteDraft: deleteDraft(deps),
    GetSavedSnippets: getSavedSnippets(deps),
    CreateSavedSnippet: createSavedSnippet(deps),
    UpdateSavedSnippet: updateSavedSnippet(deps),
    DeleteSavedSnippet: deleteSavedSnippet(deps),
    TestWelcomeBotCustomMessage: testWelcomeBotCustomMessage(deps),
    EditMessage: editMessage(deps),
    GetMessageHistory: getMessageHistory(deps),
    ReportMessage: reportMessage(deps),
    AddReaction: addReaction(deps),
    RemoveReaction: removeReaction(deps),
    AddSubmessage: addSubmessage(deps),
    MarkAllAsRead: markAllAsReadRpc(deps),
    MarkChannelAsRead: markChannelAsReadRpc(deps),
    MarkTopicAsRead: markTopicAsReadRpc(deps),
    GetReadReceipts: getReadReceiptsRpc(deps),
    GetChannelTopics: getChannelTopicsRpc(deps),
    UpdateUserTopic: updateUserTopic(deps),
    UpdateMutedTopic: updateMutedTopic(deps),
    DeleteTopic: deleteTopic(deps),
    ApplyRetention: async () => ({ deleted: await applyRetention(deps.pool, deps.clients, deps.log) }),
    GetRegisterState: getRegisterState(deps),
    GetChannelTopicSummary: getChannelTopicSummary(deps),
    GetDigestTopics: getDigestTopics(deps),
    GetAccessibleMessageIds: getAccessibleMessageIds(deps),
    GetMissedMessages: getMissedMessages(deps),
  };
  // Each route's handler replies with the route's published response type.
  return handlers satisfies RouteHandlers<'messages'>;
}

/**
 * Background work: the Notification Bot posts what other services ask it to, drafts go when
 * their user turns synchronization off and a muted user's earlier messages become read for
 * the muter (work queues shared by replicas), scheduled messages are delivered when due, the
 * retention job deletes expired messages, and the answers of the users and channels services
 * kept here are dropped as those services announce changes.
 */
async function startBackground(deps: DbServiceDeps & PeerServices, config: MessagesConfig, cache: PeerCache): Promise<() => Promise<void>> {
  const stopKeeping = await listenForChanges(cache, deps.bus);
  const subs = await Promise.all(
    NOTIFICATION_SUBJECTS.map((subject) =>
      subscribeTo(deps.bus, {
        subject,
        // A durable reads one subject of a stream: the users stream's 'messages' reads settings changes.
        durable: subject === 'users.notification' ? 'messages-notifications' : 'messages',
        handler: (msg) => postNotification(deps.pool, deps, msg.id, msg.data),
      }),
    ),
  );
  subs.push(
    await subscribeTo(deps.bus, {
      subject: 'users.user.settings_changed',
      durable: 'messages',
      handler: (msg) => applySettingsChanged(deps.pool, msg.data),
    }),
  );
  subs.push(
    await subscribeTo(deps.bus, {
      subject: 'users.user.muted',
      // A durable reads one subject of a stream: the users stream's settings changes have 'messages'.
      durable: 'messages-mutes',
      handler: (msg) => applyUserMuted(deps.pool, msg.data),
    }),
  );
  const stopDelivery =
    config.scheduledDeliveryIntervalMs > 0
      ? startDeliveryWorker(deps.pool, deps, deps.log, { wildcardMentionThreshold: config.wildcardMentionThreshold }, config.scheduledDeliveryIntervalMs)
      : async () => undefined;
  const stopRetention = config.retentionIntervalMs > 0 ? startRetentionJob(deps.pool, deps.clients, deps.log, config.retentionIntervalMs) : async () => undefined;
  return async () => {
    await stopRetention();
    await stopDelivery();
    await Promise.all(subs.map((s) => s.stop()));
    await stopKeeping();
  };
}

export async function startMessagesService(config: MessagesConfig): Promise<RunningService> {
  const cache = peerCache();
  // Messages render on threads of their own, never on the loop that answers requests (pool.ts).
  const renderer = new RenderPool({ threads: config.renderThreads, timeLimitMs: config.renderTimeLimitMs });
  const service = await runService({
    name: 'messages',
    config,
    migrationsDir: MIGRATIONS_DIR,
    // The users service keeps each user's newest received message for GET /users/me until
    // this service announces another: a recipient who asks right after a send counts it.
    publishBeforeReply: true,
    // Concurrent sends on the service's pool share statements (store.groupSends): one grouping for the process.
    makeHandlers: (deps: DbServiceDeps) => messagesHandlers({ ...deps, config, cache, sends: groupSends(deps.pool), renderer }),
    onStart: (deps: DbServiceDeps) => startBackground({ ...deps, renderer }, config, cache),
  }).catch(async (err: unknown) => {
    await renderer.close();
    throw err;
  });
  return {
    ...service,
    stop: async () => {
      await service.stop();
      await renderer.close();
    },
  };
}
