// The shapes the views read: the parts of Zulip's register answer and events the client uses.
// They are read from the generated client's answers, which carry every field; these name the
// ones the views depend on, so a view's needs are visible in one place.

export interface User {
  user_id: number;
  email: string;
  full_name: string;
  role: number;
  is_bot: boolean;
  is_active: boolean;
  avatar_url?: string | null;
  avatar_version?: number;
  timezone?: string;
  bot_owner_id?: number | null;
  date_joined?: string;
  delivery_email?: string | null;
  /** Custom profile field values by field id (a Person picker's is a JSON list of user ids). */
  profile_data?: Record<string, { value: string; rendered_value?: string }>;
}

export interface Channel {
  stream_id: number;
  name: string;
  description: string;
  rendered_description?: string;
  invite_only: boolean;
  is_web_public?: boolean;
  is_archived?: boolean;
  date_created?: number;
  stream_post_policy?: number;
  history_public_to_subscribers?: boolean;
  subscriber_count?: number;
}

export interface Subscription extends Channel {
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  subscribers?: number[];
}

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
  user_id: number;
}

export interface Submessage {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export interface Message {
  id: number;
  type: 'stream' | 'private';
  sender_id: number;
  sender_full_name: string;
  sender_email: string;
  avatar_url?: string | null;
  content: string;
  subject: string;
  stream_id?: number;
  display_recipient: string | { id: number; email: string; full_name: string }[];
  timestamp: number;
  flags: string[];
  reactions: Reaction[];
  submessages: Submessage[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  edit_history?: unknown[];
  is_me_message?: boolean;
}

export interface UserSettings {
  color_scheme: number;
  twenty_four_hour_time: boolean;
  enter_sends: boolean;
  web_font_size_px?: number;
  web_line_height_percent?: number;
  web_mark_read_on_scroll_policy: number;
  enable_desktop_notifications: boolean;
  enable_sounds: boolean;
  enable_stream_desktop_notifications: boolean;
  enable_followed_topic_desktop_notifications?: boolean;
  pm_content_in_desktop_notifications: boolean;
  enable_drafts_synchronization: boolean;
  send_stopped_typing_notifications?: boolean;
  send_private_typing_notifications: boolean;
  send_stream_typing_notifications: boolean;
  emojiset?: string;
  default_language?: string;
  timezone?: string;
  [key: string]: unknown;
}

export interface Draft {
  id: number;
  type: 'stream' | 'private' | '';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export interface ScheduledMessage {
  scheduled_message_id: number;
  type: 'stream' | 'private';
  to: number | number[];
  topic?: string;
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author_id?: number | null;
}

export interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

/** Where a message counts as unread: a channel's topic, or a direct conversation. */
export type UnreadPlace = { kind: 'channel'; stream_id: number; topic: string } | { kind: 'dm'; key: string };

/** Zulip's user_topic visibility policies. */
export const VisibilityPolicy = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;

/** Zulip's roles. */
export const Role = { OWNER: 100, ADMINISTRATOR: 200, MODERATOR: 300, MEMBER: 400, GUEST: 600 } as const;
export const roleName = (role: number): string => ({ 100: 'Owner', 200: 'Administrator', 300: 'Moderator', 400: 'Member', 600: 'Guest' })[role] ?? `Role ${role}`;
