import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { GetChannelTopicsRequest__Output } from '@parley/common/generated/parley/messages/v1/GetChannelTopicsRequest';
import { channelTopics } from '../domain/topics';
import { peersFor, type MessagesDeps } from './messages';

/** GET /users/me/{stream_id}/topics. */
export const getChannelTopicsRpc =
  (deps: MessagesDeps): Handler<GetChannelTopicsRequest__Output, Reply<'GET /users/me/{stream_id}/topics'>> =>
  async (req, ctx) =>
    channelTopics(deps.pool, peersFor(deps, ctx), Number(req.stream_id), req.allow_empty_topic_name ?? false);
