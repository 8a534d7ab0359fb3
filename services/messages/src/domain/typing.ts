import { BadRequestError, emptyTopicDisplayName, isIntegerParam, Queryable } from '@parley/common';
import type { Peers } from '../peers';
import { checkMayEditContent } from './edit';
import { accessMessage } from './fetch';
import { normalizeTopic } from './text';

/**
 * POST /typing: "someone is typing" goes, as a `typing` event and through no database, to the
 * other participants of a direct conversation or the subscribers of the channel, each only
 * if they receive typing notifications; a sender who turned sending off is refused.
 */
export interface TypingRequest {
  type?: string;
  op: string;
  to?: string;
  stream_id?: number;
  topic?: string;
}

/**
 * Channels with more subscribers than this get no typing notifications (Zulip's
 * MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS): one keystroke would otherwise be an event for each.
 */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

export interface TypingEmitter {
  (userIds: number[], event: Record<string, unknown> & { type: string }): Promise<void>;
}

type TypingSetting = 'send_private_typing_notifications' | 'send_stream_typing_notifications';

/**
 * The typist and the recipients' typing preferences, the typist refused if they turned this
 * kind of sending off, and the recipients to tell: the active ones who receive typing notifications.
 */
async function typingAudience(peers: Peers, recipients: number[], setting: TypingSetting) {
  const prefs = await peers.typingPreferences([...new Set([...recipients, peers.caller.user_id])]);
  const me = prefs.find((p) => p.user_id === peers.caller.user_id);
  if (!me?.[setting]) {
    throw new BadRequestError(
      setting === 'send_private_typing_notifications' ? 'User has disabled typing notifications for direct messages' : 'User has disabled typing notifications for channel messages',
    );
  }
  const audience = prefs.filter((p) => p.is_active && p.receives_typing_notifications && recipients.includes(p.user_id)).map((p) => p.user_id);
  return { me, prefs, audience };
}

export async function checkTyping(peers: Peers, req: TypingRequest, send: TypingEmitter): Promise<void> {
  if (req.op !== 'start' && req.op !== 'stop') throw new BadRequestError(`Invalid op: '${req.op}'`);
  const type = req.type ?? 'direct';
  const caller = peers.caller;
  let recipients: number[];
  let where: Record<string, unknown>;
  let setting: TypingSetting;
  if (type === 'direct') {
    if (req.to === undefined) throw new BadRequestError("Missing 'to' argument");
    let ids: unknown;
    try {
      ids = JSON.parse(req.to);
    } catch {
      throw new BadRequestError('to is not a list of user IDs');
    }
    if (!Array.isArray(ids) || !ids.length || !ids.every(isIntegerParam)) throw new BadRequestError('to is not a list of user IDs');
    recipients = [...new Set([...ids, caller.user_id])].sort((a, b) => a - b);
    where = {};
    setting = 'send_private_typing_notifications';
  } else if (type === 'stream' || type === 'channel') {
    if (req.stream_id === undefined) throw new BadRequestError('Missing channel ID');
    if (req.topic === undefined) throw new BadRequestError('Missing topic');
    const channel = await peers.channel({ stream_id: req.stream_id });
    if (!channel || !channel.content) throw new BadRequestError('Invalid channel ID');
    const policy = await peers.realmPolicy();
    recipients = await peers.subscribers(channel.stream_id);
    if (recipients.length > MAX_CHANNEL_SIZE_FOR_TYPING) recipients = [];
    where = { stream_id: channel.stream_id, topic: normalizeTopic(req.topic, emptyTopicDisplayName(policy.settings)) };
    setting = 'send_stream_typing_notifications';
  } else {
    throw new BadRequestError(`Invalid type: '${type}'`);
  }
  const { me, prefs, audience } = await typingAudience(peers, recipients, setting);
  if (type === 'direct') {
    const known = new Set(prefs.filter((p) => p.is_active).map((p) => p.user_id));
    const unknown = recipients.find((id) => !known.has(id));
    if (unknown !== undefined) throw new BadRequestError(`Invalid user ID ${unknown}`);
  }
  const sender = { user_id: caller.user_id, email: me.email };
  const event =
    type === 'direct'
      ? { type: 'typing', op: req.op, message_type: 'direct', sender, recipients: prefs.filter((p) => recipients.includes(p.user_id)).map((p) => ({ user_id: p.user_id, email: p.email })) }
      : { type: 'typing', op: req.op, message_type: 'stream', sender, ...where };
  await send(audience, event);
}

/**
 * POST /messages/{message_id}/typing: "someone is editing this message", as a
 * `typing_edit_message` event, to the channel's subscribers (none past
 * MAX_CHANNEL_SIZE_FOR_TYPING) or the conversation's participants, each only if they receive
 * typing notifications. Only who may edit the message's content now may say so (Zulip's
 * send_message_edit_notification_backend); a typist who turned sending off is refused.
 */
export async function checkEditTyping(db: Queryable, peers: Peers, req: { message_id: number; op: string }, send: TypingEmitter, now = new Date()): Promise<void> {
  if (req.op !== 'start' && req.op !== 'stop') throw new BadRequestError(`Invalid op: '${req.op}'`);
  const caller = peers.caller;
  const message = await accessMessage(db, peers, req.message_id);
  checkMayEditContent((await peers.realmPolicy()).settings, message, caller.user_id, now);
  let recipients = message.kind === 'channel' ? await peers.subscribers(message.channel_id!) : (message.dm_user_ids ?? []);
  if (message.kind === 'channel' && recipients.length > MAX_CHANNEL_SIZE_FOR_TYPING) recipients = [];
  const { audience } = await typingAudience(peers, recipients, message.kind === 'channel' ? 'send_stream_typing_notifications' : 'send_private_typing_notifications');
  const recipient = message.kind === 'channel' ? { type: 'channel', channel_id: message.channel_id, topic: message.topic } : { type: 'direct', user_ids: audience };
  await send(audience, { type: 'typing_edit_message', op: req.op, sender_id: caller.user_id, message_id: message.id, recipient });
}
