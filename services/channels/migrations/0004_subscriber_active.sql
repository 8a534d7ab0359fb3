-- Up Migration
-- A deactivated user keeps their subscriptions (they come back on reactivation) but is no
-- subscriber meanwhile: subscriber lists and counts leave them out, as Zulip's do.
ALTER TABLE subscriptions ADD COLUMN is_user_active boolean NOT NULL DEFAULT true;
CREATE INDEX subscriptions_channel ON subscriptions (channel_id) WHERE active AND is_user_active;
