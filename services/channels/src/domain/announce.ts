import { Caller, LIMITS, Queryable, schemaOf, writeOutbox } from '@parley/common';
import type { ChannelRow } from '../store/channels';
import type { Peers } from '../peers';

/**
 * What the Notification Bot says about channels, written to the outbox in the change's
 * transaction as `channels.notification`; the messages service posts it (once).
 * - announce: a new-channel announcement in the realm's new_stream_announcements channel.
 * - new subscriptions: a direct message to each user someone else subscribed, unless more
 *   than max_bulk_new_subscription_messages were (then nobody is told).
 */
export const NOTIFICATION_SUBJECT = 'channels.notification';
export const NEW_CHANNELS_TOPIC = 'new channels';

const post = (tx: Queryable, payload: { realm_id: number; stream_id?: number; topic?: string; user_ids?: number[]; content: string }) =>
  writeOutbox(tx, schemaOf('channels'), NOTIFICATION_SUBJECT, payload);

async function actorMention(peers: Peers, caller: Caller): Promise<string> {
  const [me] = (await peers.resolve([caller.user_id])).users;
  return `@_**${me?.full_name ?? caller.email}|${caller.user_id}**`;
}

/** Announces channels just created; false when the realm has no announcement channel. */
export async function announceNewChannels(tx: Queryable, peers: Peers, caller: Caller, created: ChannelRow[]): Promise<boolean> {
  const target = (await peers.realmPolicy()).settings.new_stream_announcements_stream_id;
  if (!created.length || typeof target !== 'number' || target < 0) return false;
  const actor = await actorMention(peers, caller);
  const links = created.map((c) => `#**${c.name}**`);
  const content = created.length === 1 ? `${actor} created a new channel ${links[0]}.` : `${actor} created the following channels: ${links.join(', ')}.`;
  await post(tx, { realm_id: caller.realm_id, stream_id: target, topic: NEW_CHANNELS_TOPIC, content });
  return true;
}

/**
 * Tells each human someone else subscribed which channels they were added to. Returns
 * whether messages were sent (the response's new_subscription_messages_sent).
 */
export async function tellNewSubscribers(tx: Queryable, peers: Peers, caller: Caller, added: Map<ChannelRow, number[]>, humans: Set<number>): Promise<boolean> {
  const perUser = new Map<number, ChannelRow[]>();
  for (const [channel, users] of added) {
    for (const u of users) if (u !== caller.user_id && humans.has(u)) perUser.set(u, [...(perUser.get(u) ?? []), channel]);
  }
  if (!perUser.size || perUser.size > LIMITS.max_bulk_new_subscription_messages) return false;
  const actor = await actorMention(peers, caller);
  for (const [user, channels] of perUser) {
    const content =
      channels.length === 1
        ? `${actor} subscribed you to the channel #**${channels[0].name}**.`
        : `${actor} subscribed you to the following channels:\n\n${channels.map((c) => `* #**${c.name}**`).join('\n')}\n`;
    await post(tx, { realm_id: caller.realm_id, user_ids: [user], content });
  }
  return true;
}
