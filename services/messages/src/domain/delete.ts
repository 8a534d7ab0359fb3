import pg from 'pg';
import { BadRequestError, emit, holdsGroupSetting, Logger, withTransaction } from '@parley/common';
import * as store from '../store/messages';
import { mayLinkUploads, releaseMessages } from './attachments';
import { actionAudience } from './audience';
import type { Peers } from '../peers';
import { accessMessage } from './fetch';

/**
 * DELETE /messages/{message_id}. Deleting any message takes the realm's
 * can_delete_any_message_group or, in a channel, the channel's; deleting one's own takes the
 * realm's or the channel's can_delete_own_message_group (or the right to delete any), within
 * the realm's message_content_delete_limit_seconds unless one may delete any. Both need
 * content access to the channel. Once deleted, the uploads service releases the files the
 * message linked to (a failure there is logged, not raised).
 */
export async function checkDeleteMessage(pool: pg.Pool, peers: Peers, log: Logger, id: number, now = new Date()): Promise<void> {
  const caller = peers.caller;
  const [policy, groups] = await Promise.all([peers.realmPolicy(), peers.callerGroups()]);
  const holds = (value: unknown) => holdsGroupSetting(value, caller.user_id, groups);
  // Asked before the transaction, so that it makes no remote call while it holds a connection:
  // the channels the caller may read (the locked read below uses the same list), the sender,
  // and who hears of the deletion (if the message moves meanwhile, those of where it was).
  const preview = await accessMessage(pool, peers, id);
  const channels = await peers.allChannels();
  const sender = preview.sender_id === caller.user_id ? undefined : (await peers.people([preview.sender_id])).users[0];
  const channelOf = (channelId: number | null) => (channelId === null ? undefined : channels.find((c) => c.stream_id === channelId));
  const audience = await actionAudience(peers, await store.copiesOf(pool, id), channelOf(preview.channel_id));
  const deleted = await withTransaction(pool, async (tx) => {
    const message = await accessMessage(tx, peers, id, { lock: true });
    const channel = message.kind === 'channel' ? channelOf(message.channel_id) : undefined;
    // Zulip (access_message with is_modifying_message): no changing an archived channel's messages.
    if (message.kind === 'channel' && (!channel?.content || channel.is_archived)) throw new BadRequestError('Invalid message(s)');
    const anyMessage = holds(policy.settings.can_delete_any_message_group) || (!!channel && holds(channel.group_settings.can_delete_any_message_group));
    // One's own messages, and those of one's bots (Zulip: validate_can_delete_message).
    const mine = message.sender_id === caller.user_id || (!!sender?.is_bot && sender.bot_owner_id === caller.user_id);
    const own = mine && (anyMessage || holds(policy.settings.can_delete_own_message_group) || (!!channel && holds(channel.group_settings.can_delete_own_message_group)));
    if (!anyMessage && !own) throw new BadRequestError("You don't have permission to delete this message");
    const limit = policy.settings.message_content_delete_limit_seconds;
    if (!anyMessage && typeof limit === 'number' && (now.getTime() - message.date_sent.getTime()) / 1000 > limit) {
      throw new BadRequestError('The time limit for deleting this message has passed');
    }
    await store.deleteMessage(tx, message.id);
    const base =
      message.kind === 'channel' ? { type: 'delete_message', message_type: 'stream', stream_id: message.channel_id, topic: message.topic } : { type: 'delete_message', message_type: 'private' };
    // The acting user always hears of it; message_ids for bulk_message_deletion clients, message_id for others.
    await emit(
      tx,
      'messages',
      caller.realm_id,
      [...new Set([...audience, caller.user_id])].sort((a, b) => a - b),
      { ...base, message_ids: [message.id] },
      { capability: 'bulk_message_deletion', event: { ...base, message_id: message.id } },
    );
    return message;
  });
  // After COMMIT: the message is gone whatever the uploads service answers.
  if (mayLinkUploads(deleted.content)) await releaseMessages(peers.uploads, log, caller.realm_id, [deleted.id]);
}
