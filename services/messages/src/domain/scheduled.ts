import pg from 'pg';
import { ApiError, BadRequestError, Caller, emit, isIntegerParam, Logger, Queryable, schemaOf, startPeriodicJob, withPrefetchedTransaction, withTransaction, writeOutbox } from '@parley/common';
import * as store from '../store/scheduled';
import { lockUserList } from '../store/user-lists';
import type { ScheduledFields, ScheduledRow } from '../store/scheduled';
import { Peers, personById, type PeerServices } from '../peers';
import { messageKindOf, prepareSend, prepareWholeSend, renderAs, SendOptions, sendPrepared } from './send';
import { readBySenderByDefault } from './text';
import { notifyReminders, prepareReminder, sendReminder } from './reminders';

/**
 * Scheduled messages (feature levels 179, 184): POST, GET, PATCH and DELETE, checked as a
 * send is when scheduled, and sent by their sender at their time by the delivery worker (which
 * delivers reminders too, reminders.ts) —
 * checked again then; a refused delivery marks the message failed and the Notification Bot
 * tells the sender why. Each due message is claimed for a while (store.claimDue), so several
 * workers (replicas) send it exactly once; overdue ones go out at the next run (start-up).
 */
export class ScheduledNotFoundError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Scheduled message does not exist', 404);
  }
}

/** Parley's bound on a user's undelivered scheduled messages, failed ones included (Zulip has none). */
export const MAX_SCHEDULED_MESSAGES = 1000;

export class TooManyScheduledError extends BadRequestError {
  constructor(max: number) {
    super(`You may have at most ${max} scheduled messages.`);
  }
}

export interface ScheduleRequest {
  type?: string;
  to?: string;
  content?: string;
  topic?: string;
  scheduled_delivery_timestamp?: number;
  read_by_sender?: boolean;
}

export const formatScheduled = (s: ScheduledRow) => ({
  scheduled_message_id: s.id,
  type: s.type,
  to: s.type === 'stream' ? s.to[0] : s.to,
  ...(s.type === 'stream' && { topic: s.topic }),
  content: s.content,
  rendered_content: s.rendered_content,
  scheduled_delivery_timestamp: Math.floor(s.scheduled_at.getTime() / 1000),
  failed: s.failed,
});

const notify = (tx: Queryable, caller: { realm_id: number; user_id: number }, event: Record<string, unknown>) =>
  emit(tx, 'messages', caller.realm_id, [caller.user_id], { type: 'scheduled_messages', ...event });

/** type and to as stored: 'stream' with [channel ID], or 'private' with user IDs. */
function target(type: string, rawTo: string): { type: 'stream' | 'private'; to: number[] } {
  const kind = messageKindOf(type) === 'channel' ? 'stream' : 'private';
  let to: unknown;
  try {
    to = JSON.parse(rawTo) as unknown;
  } catch {
    throw new BadRequestError('Invalid to');
  }
  if (kind === 'stream') {
    const id: unknown = Array.isArray(to) && to.length === 1 ? to[0] : to;
    if (!isIntegerParam(id)) throw new BadRequestError('Invalid channel ID in to');
    return { type: kind, to: [id] };
  }
  if (!Array.isArray(to) || !to.length || !to.every(isIntegerParam)) throw new BadRequestError('to is not a list of user IDs');
  return { type: kind, to: to };
}

/** Checks a scheduled message as a send (as its sender) and renders it for GET. */
async function checkScheduled(peers: Peers, fields: { type: string; to: string; topic?: string; content: string; at: number }, now: Date): Promise<ScheduledFields> {
  if (!Number.isFinite(fields.at)) throw new BadRequestError("Missing 'scheduled_delivery_timestamp' argument");
  const scheduledAt = new Date(fields.at * 1000);
  if (scheduledAt.getTime() <= now.getTime()) throw new BadRequestError('Scheduled delivery time must be in the future.');
  const t = target(fields.type, fields.to);
  const prepared = await prepareSend(peers, { type: t.type, to: JSON.stringify(t.type === 'stream' ? t.to[0] : t.to), topic: fields.topic, content: fields.content });
  const { rendered } = await renderAs(peers, prepared.content);
  return { type: t.type, to: t.to, topic: prepared.topic, content: prepared.content, rendered_content: rendered.html, scheduled_at: scheduledAt };
}

export async function listScheduled(db: Queryable, caller: Caller) {
  return { scheduled_messages: (await store.listPending(db, caller.user_id, 'send_later')).map(formatScheduled) };
}

export async function checkCreateScheduled(pool: pg.Pool, peers: Peers, client: string, req: ScheduleRequest, now = new Date()): Promise<number> {
  const fields = await checkScheduled(
    peers,
    {
      type: req.type ?? '',
      to: req.to ?? '',
      topic: req.topic,
      content: req.content ?? '',
      at: req.scheduled_delivery_timestamp ?? NaN,
    },
    now,
  );
  return withTransaction(pool, async (tx) => {
    await lockUserList(tx, 'scheduled_messages', peers.caller.user_id);
    if ((await store.countPending(tx, peers.caller.user_id, 'send_later')) >= MAX_SCHEDULED_MESSAGES) throw new TooManyScheduledError(MAX_SCHEDULED_MESSAGES);
    const row = await store.insertScheduled(tx, {
      ...fields,
      realm_id: peers.caller.realm_id,
      sender_id: peers.caller.user_id,
      read_by_sender: req.read_by_sender ?? readBySenderByDefault(client),
      client,
      delivery_type: 'send_later',
      reminder_target_message_id: null,
    });
    await notify(tx, peers.caller, { op: 'add', scheduled_messages: [formatScheduled(row)] });
    return row.id;
  });
}

export async function checkEditScheduled(pool: pg.Pool, peers: Peers, id: number, req: ScheduleRequest, now = new Date()): Promise<void> {
  const edited = (current: ScheduledRow) =>
    checkScheduled(
      peers,
      {
        type: req.type ?? current.type,
        to: req.to ?? JSON.stringify(current.type === 'stream' ? current.to[0] : current.to),
        topic: req.topic ?? (current.type === 'stream' ? current.topic : undefined),
        content: req.content ?? current.content,
        at: req.scheduled_delivery_timestamp ?? Math.floor(current.scheduled_at.getTime() / 1000),
      },
      now,
    );
  // The checks (users and channels services) are asked before BEGIN for the row as it is now
  // (rule 1); a row changed meanwhile costs an attempt that rolls back (withPrefetchedTransaction).
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const current = await store.findPending(tx, peers.caller.user_id, id, 'send_later');
      if (!current) throw new ScheduledNotFoundError();
      const fields = await edited(current);
      const row = await store.updateScheduled(tx, id, fields);
      await notify(tx, peers.caller, { op: 'update', scheduled_message: formatScheduled(row) });
    },
    async () => {
      const current = await store.findPending(pool, peers.caller.user_id, id, 'send_later');
      if (current) await edited(current);
    },
  );
}

export async function checkDeleteScheduled(pool: pg.Pool, caller: Caller, id: number): Promise<void> {
  await withTransaction(pool, async (tx) => {
    if (!(await store.findPending(tx, caller.user_id, id, 'send_later'))) throw new ScheduledNotFoundError();
    await store.deleteScheduled(tx, id);
    await notify(tx, caller, { op: 'remove', scheduled_message_id: id });
  });
}

/** How many due rows a run claims at a time. */
const DELIVERY_BATCH = 20;

/**
 * How long a claim keeps other workers off a row: far longer than a delivery takes, and the
 * wait before a dead worker's claims are delivered by another.
 */
export const DELIVERY_CLAIM_MS = 60_000;

/**
 * Sends what is due at `now` (the clock is injected so tests need not sleep). Rows are
 * claimed a batch at a time (store.claimDue: several workers, replicas, send each once); each
 * delivery then asks the other services what it needs before its own transaction (rule 1,
 * ADR 0017), which stores it if the row is still as claimed. A refusal marks the message
 * failed and tells the sender; an outage (5xx) stops the run and leaves what is left for the
 * next. Returns how many were sent and how many failed.
 */
export async function deliverDue(pool: pg.Pool, services: PeerServices, log: Logger, opts: SendOptions, now = new Date()): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const due = await store.claimDue(pool, now, DELIVERY_BATCH, DELIVERY_CLAIM_MS);
    for (const [i, row] of due.entries()) {
      try {
        const outcome = await deliverOne(pool, services, opts, row);
        if (outcome === 'sent') sent++;
      } catch (err) {
        if (!(err instanceof ApiError) || err.httpStatus >= 500) {
          // An outage: this delivery and the rest of the batch go at the next run.
          await store.releaseClaims(
            pool,
            due.slice(i).map((r) => r.id),
          );
          throw err;
        }
        if (await markUndelivered(pool, log, row, err)) failed++;
      }
    }
    if (due.length < DELIVERY_BATCH) return { sent, failed };
  }
}

/**
 * One claimed delivery: what it asks other services first, then its transaction. 'skipped'
 * when its sender deleted, edited or rescheduled it meanwhile (an edit is claimed anew).
 */
async function deliverOne(pool: pg.Pool, services: PeerServices, opts: SendOptions, row: ScheduledRow): Promise<'sent' | 'skipped'> {
  const sender = { realm_id: row.realm_id, user_id: row.sender_id };
  if (row.delivery_type === 'remind') {
    const reminder = await prepareReminder(services, row);
    return withTransaction(pool, async (tx) => {
      if (!(await store.lockUnchanged(tx, row))) return 'skipped';
      await store.markDelivered(tx, row.id, await sendReminder(tx, reminder));
      await notifyReminders(tx, sender, { op: 'remove', reminder_id: row.id });
      return 'sent';
    });
  }
  const peers = await senderPeers(services, row);
  const req = { type: row.type, to: JSON.stringify(row.type === 'stream' ? row.to[0] : row.to), topic: row.topic, content: row.content, read_by_sender: row.read_by_sender };
  const whole = await prepareWholeSend(pool, peers, req);
  const delivered = await withTransaction(pool, async (tx) => {
    if (!(await store.lockUnchanged(tx, row))) return undefined;
    const { id: messageId, after } = await sendPrepared(tx, peers, row.client, req, whole, opts);
    await store.markDelivered(tx, row.id, messageId);
    await notify(tx, sender, { op: 'remove', scheduled_message_id: row.id });
    return after;
  });
  // What the delivered send does once committed (its sender's automatic topic visibility).
  await delivered?.(pool);
  return delivered ? 'sent' : 'skipped';
}

/**
 * A refused delivery: the row is marked failed and, for a scheduled message, its sender told
 * why (an event, and the Notification Bot's message). False when the row changed meanwhile.
 */
async function markUndelivered(pool: pg.Pool, log: Logger, row: ScheduledRow, err: ApiError): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    if (!(await store.lockUnchanged(tx, row))) return false;
    const marked = await store.markFailed(tx, row.id);
    // A reminder goes to its creator, who could not be sent it: Zulip's API has no event to tell.
    if (row.delivery_type === 'remind') {
      log.info({ reminderId: row.id, reason: err.message }, 'reminder not delivered');
      return true;
    }
    await notify(tx, { realm_id: row.realm_id, user_id: row.sender_id }, { op: 'update', scheduled_message: formatScheduled(marked) });
    await writeOutbox(tx, schemaOf('messages'), 'messages.notification', {
      realm_id: row.realm_id,
      user_ids: [row.sender_id],
      content: `The message you scheduled for <time:${row.scheduled_at.toISOString()}> was not sent because of the following error:\n\`\`\`quote\n${err.message}\n\`\`\``,
    });
    log.info({ scheduledMessageId: row.id, reason: err.message }, 'scheduled message not delivered');
    return true;
  });
}

/** The sender as the caller of their delivery (checked as if they sent it now). */
async function senderPeers(services: PeerServices, row: ScheduledRow): Promise<Peers> {
  const sender = await personById(services.clients, row.realm_id, row.sender_id);
  if (!sender?.is_active) throw new BadRequestError('The sender is deactivated.');
  return new Peers(services, {
    caller: { realm_id: row.realm_id, user_id: sender.user_id, role: sender.role, is_bot: sender.is_bot, email: sender.email },
    client: row.client,
    host: '',
  });
}

/**
 * Runs deliveries at once (so what fell due while no worker ran goes out on start-up) and
 * then every `intervalMs`; returns what stops it. `deliver` is deliverDue, or a test's stand-in.
 */
export function startDeliveryWorker(pool: pg.Pool, services: PeerServices, log: Logger, opts: SendOptions, intervalMs: number, deliver: typeof deliverDue = deliverDue): () => Promise<void> {
  return startPeriodicJob('scheduled delivery', intervalMs, log, () => deliver(pool, services, log, opts), { runAtStart: true });
}
