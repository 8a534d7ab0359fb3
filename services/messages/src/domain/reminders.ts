import pg from 'pg';
import { ApiError, BadRequestError, Caller, emit, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/scheduled';
import { lockUserList } from '../store/user-lists';
import type { ScheduledRow } from '../store/scheduled';
import { Peers, type PeerServices } from '../peers';
import { accessMessage } from './fetch';
import { botDirectMessage, notificationBotPeers } from './notification-bot';
import { reminderContent, reminderSource } from './reminder-content';
import { doSend, Outgoing, readyToSend, renderAs } from './send';

/**
 * Message reminders (feature levels 381, 399, 415): POST, GET and DELETE /reminders. A
 * reminder is a row of scheduled_messages of delivery_type 'remind' (Zulip's
 * ScheduledMessage.REMIND): its creator is its sender_id, its content is written when it is
 * made (reminder-content.ts), and the scheduled-message worker delivers it at its time as a
 * direct message from the Notification Bot to the creator, then removes it (op remove).
 * Scheduled messages and reminders never show in each other's lists.
 */
export class ReminderNotFoundError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Reminder does not exist', 404);
  }
}

/** Parley's bound on a user's undelivered reminders (Zulip has none). */
export const MAX_REMINDERS = 1000;

export interface ReminderRequest {
  message_id: number;
  scheduled_delivery_timestamp: number;
  note?: string;
}

export const formatReminder = (r: ScheduledRow) => ({
  reminder_id: r.id,
  type: 'private' as const,
  to: [r.sender_id],
  content: r.content,
  rendered_content: r.rendered_content,
  scheduled_delivery_timestamp: Math.floor(r.scheduled_at.getTime() / 1000),
  failed: r.failed,
  reminder_target_message_id: r.reminder_target_message_id ?? 0,
});

export const notifyReminders = (tx: Queryable, to: { realm_id: number; user_id: number }, event: Record<string, unknown>) =>
  emit(tx, 'messages', to.realm_id, [to.user_id], { type: 'reminders', ...event });

export async function listReminders(db: Queryable, caller: Caller) {
  return { reminders: (await store.listPending(db, caller.user_id, 'remind')).map(formatReminder) };
}

/** Checks as Zulip does: the time first, then access to the message, then the note. */
export async function checkCreateReminder(pool: pg.Pool, peers: Peers, client: string, req: ReminderRequest, now = new Date()): Promise<number> {
  const scheduledAt = new Date(req.scheduled_delivery_timestamp * 1000);
  if (!(scheduledAt.getTime() > now.getTime())) throw new BadRequestError('Scheduled delivery time must be in the future.');
  const message = await accessMessage(pool, peers, req.message_id);
  const content = reminderContent(await reminderSource(peers, message), req.note);
  const { rendered } = await renderAs(peers, content);
  const caller = peers.caller;
  return withTransaction(pool, async (tx) => {
    // Counted under the user's lock, before the insert: counting after it, two concurrent
    // creates at the bound each saw its own row but not the other's, and both passed.
    await lockUserList(tx, 'scheduled_messages', caller.user_id);
    if ((await store.countPending(tx, caller.user_id, 'remind')) >= MAX_REMINDERS) {
      throw new BadRequestError(`You may have at most ${MAX_REMINDERS} reminders.`);
    }
    const row = await store.insertScheduled(tx, {
      type: 'private',
      to: [caller.user_id],
      topic: '',
      content,
      rendered_content: rendered.html,
      scheduled_at: scheduledAt,
      realm_id: caller.realm_id,
      sender_id: caller.user_id,
      read_by_sender: false,
      client,
      delivery_type: 'remind',
      reminder_target_message_id: message.id,
    });
    await notifyReminders(tx, caller, { op: 'add', reminders: [formatReminder(row)] });
    return row.id;
  });
}

export async function checkDeleteReminder(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    if (!(await store.findPending(tx, caller.user_id, id, 'remind'))) throw new ReminderNotFoundError();
    await store.deleteScheduled(tx, id);
    await notifyReminders(tx, caller, { op: 'remove', reminder_id: id });
  });
}

/** A due reminder ready to send: the Notification Bot's message to its creator. */
export interface PreparedReminder {
  peers: Peers;
  out: Outgoing;
}

/**
 * Prepares a due reminder before the worker's transaction (rule 1): the Notification Bot's
 * direct message of its content to its creator, who must still be active.
 */
export async function prepareReminder(services: PeerServices, row: ScheduledRow): Promise<PreparedReminder> {
  const { bot, peers } = await notificationBotPeers(services, row.realm_id);
  const out = await botDirectMessage(peers, bot, [row.sender_id], row.content);
  if (!out.recipients.includes(row.sender_id)) throw new BadRequestError('The user is deactivated.');
  return { peers, out: await readyToSend(peers, out) };
}

/** Sends a prepared reminder in the worker's transaction; returns the message's ID. */
export function sendReminder(tx: pg.PoolClient, reminder: PreparedReminder): Promise<number> {
  return doSend({ tx }, reminder.peers, reminder.out);
}
