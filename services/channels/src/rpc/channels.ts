import type { Reply } from '@parley/common/api';
import { BadRequestError, DbServiceDeps, Handler, HandlerContext, isIntegerParam } from '@parley/common';
import type { CreateChannelRequest__Output } from '@parley/common/generated/parley/channels/v1/CreateChannelRequest';
import type { GetChannelsRequest__Output } from '@parley/common/generated/parley/channels/v1/GetChannelsRequest';
import type { StreamIdRequest__Output } from '@parley/common/generated/parley/channels/v1/StreamIdRequest';
import type { UpdateChannelRequest__Output } from '@parley/common/generated/parley/channels/v1/UpdateChannelRequest';
import type { GetChannelIdRequest__Output } from '@parley/common/generated/parley/channels/v1/GetChannelIdRequest';
import type { GetChannelEmailAddressRequest__Output } from '@parley/common/generated/parley/channels/v1/GetChannelEmailAddressRequest';
import { checkCreateChannel } from '../domain/create';
import { channelEmailAddress } from '../domain/email-address';
import { doSubscribe } from '../domain/subscribe';
import { checkArchiveChannel, checkSetDefaultChannel, checkUpdateChannel, defaultChannels } from '../domain/update';
import { channelIdByName, channelMembers, getChannel as readChannel, listChannels } from '../domain/read';
import { peersFor } from '../peers';
import { jsonList } from './params';

/** The channel RPCs; each decodes its request, calls the domain, and shapes the reply. */
export const createChannel =
  (deps: DbServiceDeps): Handler<CreateChannelRequest__Output, Reply<'POST /channels/create'>> =>
  async (req, ctx) => {
    const subscribers = jsonList('subscribers', req.subscribers)!;
    if (!subscribers.every((id) => isIntegerParam(id))) throw new BadRequestError('subscribers is not a list of user IDs');
    const peers = peersFor(deps, ctx);
    const id = await checkCreateChannel(
      deps.pool,
      peers,
      ctx.caller,
      {
        ...req,
        subscribers: subscribers,
        announce: req.announce ?? false,
        send_new_subscription_messages: req.send_new_subscription_messages ?? true,
      },
      deps.config,
      async (tx, channel, userIds) => (await doSubscribe(tx, peers, [{ channel, userIds }], [channel])).added.get(channel.id)!,
    );
    return { id };
  };

export const getChannels =
  (deps: DbServiceDeps): Handler<GetChannelsRequest__Output, Reply<'GET /streams'>> =>
  async (req, ctx) => ({
    streams: await listChannels(deps.pool, peersFor(deps, ctx), ctx.caller, req),
  });

export const getChannel =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, Reply<'GET /streams/{stream_id}'>> =>
  async (req, ctx) => ({
    stream: await readChannel(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id)),
  });

export const getChannelId =
  (deps: DbServiceDeps): Handler<GetChannelIdRequest__Output, Reply<'GET /get_stream_id'>> =>
  async (req, ctx) => ({
    stream_id: await channelIdByName(deps.pool, peersFor(deps, ctx), ctx.caller, req.stream),
  });

export const getChannelMembers =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, Reply<'GET /streams/{stream_id}/members'>> =>
  async (req, ctx) => ({
    subscribers: await channelMembers(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id)),
  });

/** Asks the messages service whether a channel has messages outside the empty topic. */
const hasNamedTopics =
  (deps: DbServiceDeps, ctx: HandlerContext) =>
  async (channelId: number): Promise<boolean> => {
    const reply = await deps.clients.messages.getChannelTopicSummary({ realm_id: ctx.caller.realm_id, stream_id: channelId }, { caller: ctx.caller, client: ctx.client, host: ctx.host });
    return reply.has_named_topics;
  };

export const getChannelEmailAddress =
  (deps: DbServiceDeps): Handler<GetChannelEmailAddressRequest__Output, Reply<'GET /streams/{stream_id}/email_address'>> =>
  async (req, ctx) =>
    channelEmailAddress(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id), req.sender_id === undefined || req.sender_id === null ? undefined : Number(req.sender_id));

export const updateChannel =
  (deps: DbServiceDeps): Handler<UpdateChannelRequest__Output, Reply<'PATCH /streams/{stream_id}'>> =>
  async (req, ctx) => {
    await checkUpdateChannel(
      deps.pool,
      peersFor(deps, ctx),
      ctx.caller,
      { ...req, stream_id: Number(req.stream_id) },
      {
        webPublicEnabled: deps.config.webPublicStreamsEnabled,
        hasNamedTopics: hasNamedTopics(deps, ctx),
      },
    );
    return {};
  };

export const archiveChannel =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, Reply<'DELETE /streams/{stream_id}'>> =>
  async (req, ctx) => {
    await checkArchiveChannel(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id));
    return {};
  };

export const getDefaultChannels =
  (deps: DbServiceDeps): Handler<unknown, Reply<'GET /default_streams'>> =>
  async (_req, ctx) => ({
    default_streams: await defaultChannels(deps.pool, ctx.caller.realm_id),
  });

export const addDefaultChannel =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, Reply<'POST /default_streams'>> =>
  async (req, ctx) => {
    await checkSetDefaultChannel(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id), true);
    return {};
  };

export const removeDefaultChannel =
  (deps: DbServiceDeps): Handler<StreamIdRequest__Output, Reply<'DELETE /default_streams'>> =>
  async (req, ctx) => {
    await checkSetDefaultChannel(deps.pool, peersFor(deps, ctx), ctx.caller, Number(req.stream_id), false);
    return {};
  };
