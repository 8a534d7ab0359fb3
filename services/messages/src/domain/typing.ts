import { BadRequestError } from '@parley/common';
import type { Directory } from './directory';
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

export interface TypingEmitter {
  (userIds: number[], event: Record<string, unknown> & { type: string }): Promise<void>;
}

export async function checkTyping(dir: Directory, req: TypingRequest, send: TypingEmitter): Promise<void> {
  if (req.op !== 'start' && req.op !== 'stop') throw new BadRequestError(`Invalid op: '${req.op}'`);
  const type = req.type ?? 'direct';
  const caller = dir.caller;
  let recipients: number[];
  let where: Record<string, unknown>;
  let setting: 'send_private_typing_notifications' | 'send_stream_typing_notifications';
  if (type === 'direct') {
    if (req.to === undefined) throw new BadRequestError("Missing 'to' argument");
    let ids: unknown;
    try {
      ids = JSON.parse(req.to);
    } catch {
      throw new BadRequestError('to is not a list of user IDs');
    }
    if (!Array.isArray(ids) || !ids.length || !ids.every((i) => Number.isSafeInteger(i))) throw new BadRequestError('to is not a list of user IDs');
    recipients = [...new Set([...(ids as number[]), caller.user_id])].sort((a, b) => a - b);
    where = {};
    setting = 'send_private_typing_notifications';
  } else if (type === 'stream' || type === 'channel') {
    if (req.stream_id === undefined) throw new BadRequestError('Missing channel ID');
    if (req.topic === undefined) throw new BadRequestError('Missing topic');
    const channel = await dir.channel({ stream_id: req.stream_id });
    if (!channel || !channel.content) throw new BadRequestError('Invalid channel ID');
    const policy = await dir.realmPolicy();
    recipients = await dir.subscribers(channel.stream_id);
    where = { stream_id: channel.stream_id, topic: normalizeTopic(req.topic, String(policy.settings.realm_empty_topic_display_name ?? '')) };
    setting = 'send_stream_typing_notifications';
  } else {
    throw new BadRequestError(`Invalid type: '${type}'`);
  }
  const prefs = await dir.typingPreferences([...new Set([...recipients, caller.user_id])]);
  const me = prefs.find((p) => p.user_id === caller.user_id);
  if (!me?.[setting]) {
    throw new BadRequestError(setting === 'send_private_typing_notifications'
      ? 'User has disabled typing notifications for direct messages'
      : 'User has disabled typing notifications for channel messages');
  }
  if (type === 'direct') {
    const known = new Set(prefs.filter((p) => p.is_active).map((p) => p.user_id));
    const unknown = recipients.find((id) => !known.has(id));
    if (unknown !== undefined) throw new BadRequestError(`Invalid user ID ${unknown}`);
  }
  const audience = prefs.filter((p) => p.is_active && p.receives_typing_notifications && recipients.includes(p.user_id)).map((p) => p.user_id);
  const sender = { user_id: caller.user_id, email: me.email };
  const event = type === 'direct'
    ? { type: 'typing', op: req.op, message_type: 'direct', sender, recipients: prefs.filter((p) => recipients.includes(p.user_id)).map((p) => ({ user_id: p.user_id, email: p.email })) }
    : { type: 'typing', op: req.op, message_type: 'stream', sender, ...where };
  await send(audience, event);
}
