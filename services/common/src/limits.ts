/**
 * The limits every service enforces and POST /register publishes (Zulip's values). One
 * place, so what clients are told and what services check cannot drift apart.
 */
export const LIMITS = {
  max_message_length: 10000,
  max_topic_length: 60,
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_channel_folder_name_length: 60,
  max_channel_folder_description_length: 1024,
  max_bulk_new_subscription_messages: 100,
  max_reminder_note_length: 1000,
  max_avatar_file_size_mib: 5,
  max_icon_file_size_mib: 5,
  max_logo_file_size_mib: 5,
  password_min_length: 6,
  password_max_length: 100,
} as const;

/** Timings clients pace themselves by (presence pings, typing notifications, long polls). */
export const CLIENT_TIMINGS = {
  server_presence_ping_interval_seconds: 60,
  server_presence_offline_threshold_seconds: 140,
  server_typing_started_expiry_period_milliseconds: 45000,
  server_typing_stopped_wait_period_milliseconds: 5000,
  server_typing_started_wait_period_milliseconds: 10000,
} as const;

/** The HTTP timeout clients should use for GET /events (heartbeats come well before it). */
export const EVENT_QUEUE_LONGPOLL_TIMEOUT_SECONDS = 90;
