import type { Reply } from '@parley/common/api';
import type { DbServiceDeps, Handler } from '@parley/common';
import type { GetChannelTopicsRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicsRequest';
import type { GetChannelTopicSummaryRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryRequest';
import type { GetChannelTopicSummaryReply } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryReply';
import { channelTopics } from '../domain/topics';
import { topicSummary } from '../store/messages';
import { digestTopics } from '../store/digest';
import type { GetDigestTopicsRequest__Output } from '@parley/common/generated/parley/messages/v1/GetDigestTopicsRequest';
import type { GetDigestTopicsReply } from '@parley/common/generated/parley/messages/v1/GetDigestTopicsReply';
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

/** At most this many topics per digest batch: the busiest. */
const MAX_DIGEST_TOPICS = 500;

/** Internal: the users service's weekly digest (a job asks: no caller). */
export const getDigestTopics =
  (deps: DbServiceDeps): Handler<GetDigestTopicsRequest__Output, GetDigestTopicsReply> =>
  async (req) => ({
    topics: await digestTopics(deps.pool, Number(req.realm_id), req.channel_ids.slice(0, 10_000).map(Number), new Date(Number(req.since) * 1000), MAX_DIGEST_TOPICS),
  });
