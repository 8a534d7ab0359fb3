import pg from 'pg';
import { BadRequestError, Queryable, withTransaction } from '@parley/common';
import * as store from '../store/messages';
import * as submessageStore from '../store/submessages';
import type { Peers } from '../peers';
import { accessMessage } from './fetch';
import { notify } from './notify';
import { checkPollData, checkTodoData, widgetOf, type WidgetContent } from './widgets';

/**
 * POST /submessage (Zulip's views/submessage.py and actions/submessage.py): a reader of a
 * message adds to its widget (a vote, an option, a task). The message's sender attaches the
 * first submessage; once they have, anyone who may read the message may add. Widget data is
 * checked against the widget's type. Everyone with a copy of the message hears of it.
 */

/**
 * The most submessages a message keeps by default (Parley's bound, MAX_SUBMESSAGES_PER_MESSAGE;
 * Zulip has none): every fetch of the message carries them all. A poll's votes are one each.
 */
export const DEFAULT_MAX_SUBMESSAGES_PER_MESSAGE = 10_000;
/** The longest content of one submessage (Parley's bound). */
export const MAX_SUBMESSAGE_LENGTH = 10_000;

export interface ApiSubmessage {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export async function checkSubmessage(pool: pg.Pool, peers: Peers, messageId: number, msgType: string, content: string, maxSubmessages = DEFAULT_MAX_SUBMESSAGES_PER_MESSAGE): Promise<void> {
  const caller = peers.caller;
  if ([...content].length > MAX_SUBMESSAGE_LENGTH) throw new BadRequestError(`Submessage content is too long (limit: ${MAX_SUBMESSAGE_LENGTH} characters)`);
  // Asked before the transaction: the channels the locked read below needs.
  await accessMessage(pool, peers, messageId);
  await withTransaction(pool, async (tx) => {
    const message = await accessMessage(tx, peers, messageId, { lock: true });
    const summary = await submessageStore.submessageSummary(tx, messageId, message.sender_id);
    if (message.sender_id !== caller.user_id && !summary.bySender) throw new BadRequestError('You cannot attach a submessage to this message.');
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      throw new BadRequestError('Invalid json for submessage');
    }
    const isAuthor = message.sender_id === caller.user_id;
    const widgetType = widgetTypeOf(summary.widget);
    if (widgetType === 'poll') checkPollData(data, isAuthor);
    if (widgetType === 'todo') checkTodoData(data, isAuthor);
    // Counted under the message's row lock (accessMessage above): concurrent adds wait here.
    if (summary.count >= maxSubmessages) {
      throw new BadRequestError(`This message has the most submessages it may have (${maxSubmessages}).`);
    }
    const id = await submessageStore.insertSubmessage(tx, { message_id: messageId, sender_id: caller.user_id, msg_type: msgType, content });
    await notify(tx, caller.realm_id, await store.copiesOf(tx, messageId), {
      type: 'submessage',
      msg_type: msgType,
      message_id: messageId,
      submessage_id: id,
      sender_id: caller.user_id,
      content,
    });
  });
}

/** The widget type of a `widget` submessage's content, if it names one. */
function widgetTypeOf(content: string | undefined): string | undefined {
  if (content === undefined) return undefined;
  try {
    const parsed = JSON.parse(content) as { widget_type?: unknown };
    return typeof parsed.widget_type === 'string' ? parsed.widget_type : undefined;
  } catch {
    return undefined;
  }
}

/** Each message's submessages, by message ID, for message objects. */
export async function submessagesByMessage(db: Queryable, messageIds: number[]): Promise<Map<number, ApiSubmessage[]>> {
  const out = new Map<number, ApiSubmessage[]>();
  for (const s of await submessageStore.submessagesOf(db, messageIds)) {
    const list = out.get(s.message_id) ?? [];
    list.push({ msg_type: s.msg_type, content: s.content, message_id: s.message_id, sender_id: s.sender_id, id: s.id });
    out.set(s.message_id, list);
  }
  return out;
}

/** The `widget` submessage a send makes, as message objects carry it (its IDs filled in later). */
export function widgetSubmessage(widget: WidgetContent, senderId: number, id: number): ApiSubmessage {
  return { msg_type: 'widget', content: JSON.stringify(widget), message_id: 0, sender_id: senderId, id };
}

/**
 * A send's widget (Zulip's do_widget_post_save_actions): the `widget` submessage its message
 * event carries, with an ID taken now, and the write that stores it once the message has its
 * ID, in the send's transaction (the event's message_id is set to it by the insert).
 */
export async function sendWidget(db: Queryable, content: string, senderId: number): Promise<{ submessages: ApiSubmessage[]; store(messageId: number): Promise<void> } | undefined> {
  const widget = widgetOf(content);
  if (!widget) return undefined;
  const id = await submessageStore.nextSubmessageId(db);
  const submessage = widgetSubmessage(widget, senderId, id);
  return {
    submessages: [submessage],
    store: async (messageId) => {
      await submessageStore.insertSubmessage(db, { ...submessage, message_id: messageId });
    },
  };
}
