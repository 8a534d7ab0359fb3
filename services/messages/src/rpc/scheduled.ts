import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateScheduledMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/CreateScheduledMessageRequest';
import type { UpdateScheduledMessageRequest__Output } from '@parley/common/generated/parley/messages/v1/UpdateScheduledMessageRequest';
import type { ScheduledMessageIdRequest__Output } from '@parley/common/generated/parley/messages/v1/ScheduledMessageIdRequest';
import type { DeliverScheduledMessagesRequest__Output } from '@parley/common/generated/parley/messages/v1/DeliverScheduledMessagesRequest';
import { checkCreateScheduled, checkDeleteScheduled, checkEditScheduled, deliverDue, listScheduled } from '../domain/scheduled';
import { peersFor, MessagesDeps } from './messages';

/** The scheduled-message RPCs; each decodes its request and calls the domain. */
const seconds = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));

export const getScheduledMessages =
  (deps: MessagesDeps): Handler<unknown, Reply<'GET /scheduled_messages'>> =>
  async (_req, ctx) =>
    listScheduled(deps.pool, ctx.caller);

export const createScheduledMessage =
  (deps: MessagesDeps): Handler<CreateScheduledMessageRequest__Output, Reply<'POST /scheduled_messages'>> =>
  async (req, ctx) => ({
    scheduled_message_id: await checkCreateScheduled(deps.pool, peersFor(deps, ctx), ctx.client, { ...req, scheduled_delivery_timestamp: seconds(req.scheduled_delivery_timestamp) }),
  });

export const updateScheduledMessage =
  (deps: MessagesDeps): Handler<UpdateScheduledMessageRequest__Output, Reply<'PATCH /scheduled_messages/{scheduled_message_id}'>> =>
  async (req, ctx) => {
    await checkEditScheduled(deps.pool, peersFor(deps, ctx), Number(req.scheduled_message_id), { ...req, scheduled_delivery_timestamp: seconds(req.scheduled_delivery_timestamp) });
    return {};
  };

export const deleteScheduledMessage =
  (deps: MessagesDeps): Handler<ScheduledMessageIdRequest__Output, Reply<'DELETE /scheduled_messages/{scheduled_message_id}'>> =>
  async (req, ctx) => {
    await checkDeleteScheduled(deps.pool, ctx.caller, Number(req.scheduled_message_id));
    return {};
  };

export const deliverScheduledMessages =
  (deps: MessagesDeps): Handler<DeliverScheduledMessagesRequest__Output> =>
  async (req, ctx) =>
    deliverDue(deps.pool, deps, ctx.log, { wildcardMentionThreshold: deps.config.wildcardMentionThreshold }, req.now_ms === undefined ? new Date() : new Date(Number(req.now_ms)));
