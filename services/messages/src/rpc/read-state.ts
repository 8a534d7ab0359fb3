import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { MarkChannelAsReadRequest__Output } from '@parley/common/generated/parley/messages/v1/MarkChannelAsReadRequest';
import type { MarkTopicAsReadRequest__Output } from '@parley/common/generated/parley/messages/v1/MarkTopicAsReadRequest';
import type { MessageIdRequest__Output } from '@parley/common/generated/parley/messages/v1/MessageIdRequest';
import { markAllAsRead, markChannelAsRead, markTopicAsRead } from '../domain/mark-read';
import { readReceipts } from '../domain/read-receipts';
import { peersFor, type MessagesDeps } from './messages';

/** The read-state RPCs: the deprecated mark-as-read endpoints, read receipts. */
export const markAllAsReadRpc =
  (deps: MessagesDeps): Handler<unknown, Reply<'POST /mark_all_as_read'>> =>
  async (_req, ctx) =>
    markAllAsRead(deps.pool, peersFor(deps, ctx));

export const markChannelAsReadRpc =
  (deps: MessagesDeps): Handler<MarkChannelAsReadRequest__Output, Reply<'POST /mark_stream_as_read'>> =>
  async (req, ctx) => {
    await markChannelAsRead(deps.pool, peersFor(deps, ctx), Number(req.stream_id));
    return {};
  };

export const markTopicAsReadRpc =
  (deps: MessagesDeps): Handler<MarkTopicAsReadRequest__Output, Reply<'POST /mark_topic_as_read'>> =>
  async (req, ctx) => {
    await markTopicAsRead(deps.pool, peersFor(deps, ctx), Number(req.stream_id), req.topic_name);
    return {};
  };

export const getReadReceiptsRpc =
  (deps: MessagesDeps): Handler<MessageIdRequest__Output, Reply<'GET /messages/{message_id}/read_receipts'>> =>
  async (req, ctx) =>
    readReceipts(deps.pool, peersFor(deps, ctx), Number(req.message_id));
