import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateReminderRequest__Output } from '@parley/common/generated/parley/messages/v1/CreateReminderRequest';
import type { ReminderIdRequest__Output } from '@parley/common/generated/parley/messages/v1/ReminderIdRequest';
import { checkCreateReminder, checkDeleteReminder, listReminders } from '../domain/reminders';
import { peersFor, MessagesDeps } from './messages';

/** The reminder RPCs; each decodes its request and calls the domain. */
export const getReminders =
  (deps: MessagesDeps): Handler<unknown, Reply<'GET /reminders'>> =>
  async (_req, ctx) =>
    listReminders(deps.pool, ctx.caller);

export const createReminder =
  (deps: MessagesDeps): Handler<CreateReminderRequest__Output, Reply<'POST /reminders'>> =>
  async (req, ctx) => ({
    reminder_id: await checkCreateReminder(deps.pool, peersFor(deps, ctx), ctx.client, {
      message_id: Number(req.message_id),
      scheduled_delivery_timestamp: Number(req.scheduled_delivery_timestamp),
      note: req.note,
    }),
  });

export const deleteReminder =
  (deps: MessagesDeps): Handler<ReminderIdRequest__Output, Reply<'DELETE /reminders/{reminder_id}'>> =>
  async (req, ctx) => {
    await checkDeleteReminder(deps.pool, ctx.caller, Number(req.reminder_id));
    return {};
  };
