-- Up Migration
-- Emoji reactions: one row per user, message and emoji (Zulip's Reaction). A second user's
-- reaction with the same emoji is a vote for the first one's: it takes that name.
CREATE TABLE reactions (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  emoji_name text NOT NULL,
  emoji_code text NOT NULL,
  reaction_type text NOT NULL CHECK (reaction_type IN ('unicode_emoji', 'realm_emoji', 'zulip_extra_emoji')),
  UNIQUE (message_id, user_id, emoji_code, reaction_type)
);
-- Messages' reactions come with them, in the order they were added (the unique index leads
-- with message_id, but its order is not the addition order).
CREATE INDEX reactions_message ON reactions (message_id, id);
