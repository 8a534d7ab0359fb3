-- Up Migration
-- Each user's status (POST /users/me/status, POST /users/{user_id}/status). A row exists once
-- a user has set one; clearing empties its fields rather than deleting it, as Zulip does.
-- The deprecated `away` is not stored here: it reads the user's presence_enabled setting.
CREATE TABLE user_statuses (
  user_id integer PRIMARY KEY REFERENCES users (id),
  status_text text NOT NULL DEFAULT '' CHECK (char_length(status_text) <= 60),
  emoji_name text NOT NULL DEFAULT '',
  emoji_code text NOT NULL DEFAULT '',
  -- Zulip's names; the spec's service_extra_emoji is stored as zulip_extra_emoji.
  reaction_type text NOT NULL DEFAULT 'unicode_emoji'
    CHECK (reaction_type IN ('unicode_emoji', 'realm_emoji', 'zulip_extra_emoji')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
