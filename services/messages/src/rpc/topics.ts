import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UpdateUserTopicRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateUserTopicRequest';
import type { UpdateMutedTopicRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateMutedTopicRequest';
import { checkUpdateMutedTopic, checkUpdateUserTopic } from '../domain/user-topics';
import { directoryFor, MessagesDeps } from './messages';

/** POST /user_topics and the legacy PATCH /users/me/subscriptions/muted_topics. */
export const updateUserTopic = (deps: MessagesDeps): Handler<UpdateUserTopicRequest__Output, Reply<'POST /user_topics'>> => async (req, ctx) => {
  await checkUpdateUserTopic(deps.pool, directoryFor(deps, ctx), { ...req, stream_id: Number(req.stream_id) });
  return {};
};

export const updateMutedTopic = (deps: MessagesDeps): Handler<UpdateMutedTopicRequest__Output, Reply<'PATCH /users/me/subscriptions/muted_topics'>> => async (req, ctx) => {
  await checkUpdateMutedTopic(deps.pool, directoryFor(deps, ctx), { ...req, stream_id: req.stream_id === undefined ? undefined : Number(req.stream_id) });
  return {};
};
