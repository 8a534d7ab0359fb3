import { holdsGroupSetting, isAdmin, Role } from '@parley/common';
import type { ChannelRow } from '../store/channels';
import type { RealmPolicy, Viewer } from '../peers';

/**
 * What one user may do with one channel (Zulip 11's channel permissions). Decided from the
 * channel, the user's role, subscription and groups, and the realm's settings; no I/O, so
 * every rule has a unit test (access.test.ts) and GetAccess answers from one query.
 */
export interface ChannelAccess {
  subscribed: boolean;
  /** Sees that the channel exists, its name, description and settings. */
  metadata: boolean;
  /** Reads its messages. */
  content: boolean;
  /** Posts in it. */
  post: boolean;
  /** Changes its settings (as a channel administrator). */
  administer: boolean;
  /** Subscribes other users. */
  addSubscribers: boolean;
  /** Subscribes themselves. */
  subscribeSelf: boolean;
  /** Unsubscribes other users. */
  removeSubscribers: boolean;
  /** Messages sent before they subscribed are visible to them once subscribed. */
  historyVisible: boolean;
}

export const holds = (channel: ChannelRow, viewer: Viewer, setting: string, settings: Record<string, unknown> = channel.group_settings): boolean =>
  holdsGroupSetting(settings[setting], viewer.user_id, viewer.groupIds);

export function accessOf(channel: ChannelRow, viewer: Viewer, subscribed: boolean, policy: RealmPolicy): ChannelAccess {
  const guest = viewer.role === Role.GUEST;
  const admin = isAdmin(viewer);
  const inAddGroup = holds(channel, viewer, 'can_add_subscribers_group');
  const inSubscribeGroup = holds(channel, viewer, 'can_subscribe_group');
  const administer = admin || holds(channel, viewer, 'can_administer_channel_group');

  const content = channel.is_web_public || subscribed || (channel.invite_only ? inAddGroup || inSubscribeGroup : !guest);
  const metadata = content || administer;
  // Adding others: the channel's group always (private channels need no subscription);
  // for a public channel, channel administrators and the realm's can_add_subscribers_group
  // too; for a private one, channel administrators who can read it.
  const addSubscribers = inAddGroup || (channel.invite_only ? administer && content : administer || holdsGroupSetting(policy.settings.can_add_subscribers_group, viewer.user_id, viewer.groupIds));
  return {
    subscribed,
    metadata,
    content,
    // Archived channels take no new messages; subscriptions to them still change (feature level 362).
    post: !channel.is_archived && holds(channel, viewer, 'can_send_message_group') && (subscribed || channel.is_web_public || (!channel.invite_only && !guest)),
    administer,
    addSubscribers,
    subscribeSelf: addSubscribers || inSubscribeGroup || (!channel.invite_only && !guest),
    removeSubscribers: metadata && (administer || holds(channel, viewer, 'can_remove_subscribers_group')),
    historyVisible: !channel.invite_only || channel.history_public_to_subscribers,
  };
}
