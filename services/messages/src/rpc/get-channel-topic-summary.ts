import type { DbServiceDeps, Handler } from '@parley/common';
import type { GetChannelTopicSummaryRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryRequest';
import type { GetChannelTopicSummaryReply } from '@parley/common/generated/parley/messages/v1/GetChannelTopicSummaryReply';
import { topicSummary } from '../store/messages';

/** Internal: whether a channel has messages, and any outside the empty topic (for topics_policy empty_topic_only). */
export const getChannelTopicSummary =
  (deps: DbServiceDeps): Handler<GetChannelTopicSummaryRequest__Output, GetChannelTopicSummaryReply> =>
  async (req) =>
    topicSummary(deps.pool, Number(req.realm_id), Number(req.stream_id));
