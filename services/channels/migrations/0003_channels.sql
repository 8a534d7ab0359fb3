-- Up Migration
-- Channels (Zulip's streams) and who is subscribed to them. Group settings are stored as the
-- group-setting values clients send (a group ID or {direct_members, direct_subgroups}); the
-- users service owns the groups they name.
CREATE TABLE channels (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  rendered_description text NOT NULL DEFAULT '',
  creator_id integer,
  date_created timestamptz NOT NULL DEFAULT now(),
  invite_only boolean NOT NULL DEFAULT false,
  is_web_public boolean NOT NULL DEFAULT false,
  history_public_to_subscribers boolean NOT NULL DEFAULT true,
  -- NULL: the realm's setting; -1: unlimited; else days.
  message_retention_days integer,
  topics_policy text NOT NULL DEFAULT 'inherit',
  folder_id integer REFERENCES channel_folders (id),
  is_archived boolean NOT NULL DEFAULT false,
  -- A default channel: every new user of the realm is subscribed to it.
  is_default boolean NOT NULL DEFAULT false,
  group_settings jsonb NOT NULL
);
CREATE UNIQUE INDEX channels_realm_name ON channels (realm_id, lower(name));
CREATE INDEX channels_realm_default ON channels (realm_id) WHERE is_default;

-- A row per user who ever subscribed; `active` false once they left (Zulip's "unsubscribed",
-- as opposed to "never subscribed"). Personal properties stay across leaving and rejoining.
CREATE TABLE subscriptions (
  channel_id integer NOT NULL REFERENCES channels (id),
  user_id integer NOT NULL,
  realm_id integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  color text NOT NULL,
  is_muted boolean NOT NULL DEFAULT false,
  pin_to_top boolean NOT NULL DEFAULT false,
  desktop_notifications boolean,
  audible_notifications boolean,
  push_notifications boolean,
  email_notifications boolean,
  wildcard_mentions_notify boolean,
  PRIMARY KEY (channel_id, user_id)
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, channel_id) WHERE active;
