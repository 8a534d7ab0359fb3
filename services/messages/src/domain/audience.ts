import { Role } from '@parley/common';
import type { ChannelAccess, Peers } from '../peers';

/**
 * Who hears of an action on a message, its deletion or a reaction (Zulip:
 * event_recipient_ids_for_action_on_messages): a direct message's participants; a channel
 * message's current subscribers, and in a public channel also the non-guests with a copy;
 * with protected history only the subscribers who had a copy.
 */
export async function actionAudience(peers: Peers, copies: number[], channel: ChannelAccess | undefined): Promise<number[]> {
  if (!channel) return copies;
  const subscribers = await peers.subscribers(channel.stream_id);
  if (!channel.history_visible) return copies.filter((u) => subscribers.includes(u));
  if (channel.invite_only) return subscribers;
  const holders = (await peers.people(copies)).users.filter((p) => p.role !== Role.GUEST).map((p) => p.user_id);
  return [...new Set([...subscribers, ...holders])];
}
