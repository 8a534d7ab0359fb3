import { BadRequestError, Caller, isAdmin, Queryable } from '@parley/common';
import type { Peers } from '../peers';
import { accessChannel, InvalidChannelIdError } from './update';

/**
 * GET /streams/{stream_id}/email_address (Zulip's get_stream_email_address, feature level
 * 335's sender_id). Parley has no incoming-email gateway: Zulip answers "" when none is
 * configured (EMAIL_GATEWAY_PATTERN empty), so this checks what Zulip checks and answers "".
 */
export async function channelEmailAddress(db: Queryable, peers: Peers, caller: Caller, streamId: number, senderId?: number): Promise<{ email: string }> {
  // Zulip's access_stream_by_id: content access to an active channel, else "Invalid channel ID".
  const { channel, access } = await accessChannel(db, peers, await peers.viewer(caller), streamId);
  if (!access.content || channel.is_archived) throw new InvalidChannelIdError();
  // No sender, or the caller: fine. Parley has no email gateway bot, so any other ID must
  // be a bot the caller may administer (Zulip's access_bot_by_id).
  if (senderId !== undefined && senderId !== caller.user_id) await checkSenderBot(peers, caller, senderId);
  return { email: '' };
}

/** Zulip's access_bot_by_id: a bot of the realm ("No such bot") the caller owns or, as an administrator, administers. */
async function checkSenderBot(peers: Peers, caller: Caller, senderId: number): Promise<void> {
  const [bot] = (await peers.resolve([senderId])).users;
  if (!bot || bot.user_id !== senderId || !bot.is_bot) throw new BadRequestError('No such bot');
  if (bot.bot_owner_id !== caller.user_id && !isAdmin(caller)) throw new BadRequestError('Insufficient permission');
}
