import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserTopicRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateUserTopicRequest';
import type { UpdateMutedTopicRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateMutedTopicRequest';
import type { DeleteTopicRequest__Output } from '@parley/common/generated/parley/messages/v1/DeleteTopicRequest';
import { checkUpdateMutedTopic, checkUpdateUserTopic } from '../domain/user-topics';
import { checkDeleteTopic } from '../domain/delete-topic';
import { peersFor, MessagesDeps } from './messages';

/** POST /user_topics, the legacy PATCH /users/me/subscriptions/muted_topics, POST /streams/{stream_id}/delete_topic. */
export const updateUserTopic =
  (deps: MessagesDeps): Handler<UpdateUserTopicRequest__Output, Reply<'POST /user_topics'>> =>
  async (req, ctx) => {
    await checkUpdateUserTopic(deps.pool, peersFor(deps, ctx), { ...req, stream_id: Number(req.stream_id) });
    return {};
  };

export const updateMutedTopic =
  (deps: MessagesDeps): Handler<UpdateMutedTopicRequest__Output, Reply<'PATCH /users/me/subscriptions/muted_topics'>> =>
  async (req, ctx) => {
    await checkUpdateMutedTopic(deps.pool, peersFor(deps, ctx), { ...req, stream_id: req.stream_id === undefined ? undefined : Number(req.stream_id) });
    return {};
  };

export const deleteTopic =
  (deps: MessagesDeps): Handler<DeleteTopicRequest__Output, Reply<'POST /streams/{stream_id}/delete_topic'>> =>
  async (req, ctx) =>
    checkDeleteTopic(
      deps.pool,
      peersFor(deps, ctx),
      ctx.log,
      { stream_id: Number(req.stream_id), topic_name: req.topic_name },
      {
        batchSize: deps.config.deleteTopicBatchSize,
        timeLimitMs: deps.config.deleteTopicTimeLimitMs,
      },
    );
