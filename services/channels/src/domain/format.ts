import type { Reply } from '@parley/common/api';
import type { ChannelRow } from '../store/channels';
import type { SubscriptionRow } from '../store/subscriptions';
import type { GroupSettingValue } from '@parley/common';
import { CHANNEL_GROUP_SETTING_NAMES, type ChannelGroupSetting } from './group-settings';

/** Zulip's channel colors; a user's Nth subscription gets the Nth (cycling). */
export const COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
];

export const colorFor = (existingSubscriptions: number): string => COLORS[existingSubscriptions % COLORS.length];

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A channel as the API shows it (BasicChannel), typed by the published response schema. */
export type ApiChannel = NonNullable<Reply<'GET /streams'>['streams']>[number];
/** A subscription as GET /users/me/subscriptions shows it. */
export type ApiSubscription = NonNullable<Reply<'GET /users/me/subscriptions'>['subscriptions']>[number];

/** A channel as GET /streams, register's `streams` and stream events show it (BasicChannel). */
export function formatChannel(c: ChannelRow, subscriberCount: number): ApiChannel {
  return {
    stream_id: c.id,
    name: c.name,
    description: c.description,
    rendered_description: c.rendered_description,
    date_created: seconds(c.date_created),
    creator_id: c.creator_id,
    invite_only: c.invite_only,
    is_web_public: c.is_web_public,
    is_archived: c.is_archived,
    // Deprecated (feature level 333): can_send_message_group says who posts.
    stream_post_policy: 1,
    is_announcement_only: false,
    message_retention_days: c.message_retention_days,
    history_public_to_subscribers: c.history_public_to_subscribers,
    topics_policy: c.topics_policy as ApiChannel['topics_policy'],
    // Not followed yet: the messages service knows the first message and recent activity (a
    // batch call per listing); null and true are values clients handle.
    first_message_id: null,
    is_recently_active: true,
    stream_weekly_traffic: null,
    folder_id: c.folder_id,
    subscriber_count: subscriberCount,
    ...(Object.fromEntries(CHANNEL_GROUP_SETTING_NAMES.map((k) => [k, c.group_settings[k]])) as Record<ChannelGroupSetting, GroupSettingValue>),
  };
}

/** A user's subscription as GET /users/me/subscriptions, register and subscription events show it. */
export function formatSubscription(c: ChannelRow, s: SubscriptionRow, subscribers?: number[], subscriberCount?: number): ApiSubscription {
  return {
    ...formatChannel(c, subscriberCount ?? subscribers?.length ?? 0),
    color: s.color,
    is_muted: s.is_muted,
    in_home_view: !s.is_muted,
    pin_to_top: s.pin_to_top,
    desktop_notifications: s.desktop_notifications,
    audible_notifications: s.audible_notifications,
    push_notifications: s.push_notifications,
    email_notifications: s.email_notifications,
    wildcard_mentions_notify: s.wildcard_mentions_notify,
    ...(subscribers && { subscribers }),
  };
}
