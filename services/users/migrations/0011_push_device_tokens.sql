-- Up Migration
-- The mobile apps' push tokens (Zulip's PushDeviceToken): an APNs device token or an FCM
-- registration token per device, with the iOS app's ID. Parley sends no push notifications
-- yet; it keeps the tokens the apps register so that they can be removed and tested as in Zulip.
CREATE TABLE push_device_tokens (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('apns', 'fcm')),
  token text NOT NULL,
  ios_app_id text,
  last_updated timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind, token)
);
