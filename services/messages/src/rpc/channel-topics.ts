import type { Reply } from '@parley/common/api';
import type { DbServiceDeps, Handler } from '@parley/common';
import type { GetChannelTopicsRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicsRequest';
import type { GetChannelTopicSummaryRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryRequest';
import type { GetChannelTopicSummaryReply } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryReply';
import { channelTopics } from '../domain/topics';
import { topicSummary } from '../store/messages';
import { peersFor, type MessagesDeps } from './messages';

/** GET /users/me/{stream_id}/topics. */
export const getChannelTopicsRpc =
  (deps: MessagesDeps): Handler<GetChannelTopicsRequest__Output, Reply<'GET /users/me/{stream_id}/topics'>> =>
  async (req, ctx) =>
    channelTopics(deps.pool, peersFor(deps, ctx), Number(req.stream_id), req.allow_empty_topic_name ?? false);

/** Internal: whether a channel has messages, and any outside the empty topic (for topics_policy empty_topic_only). */
export const getChannelTopicSummary =
  (deps: DbServiceDeps): Handler<GetChannelTopicSummaryRequest__Output, GetChannelTopicSummaryReply> =>
  async (req) =>
    topicSummary(deps.pool, Number(req.realm_id), Number(req.stream_id));
