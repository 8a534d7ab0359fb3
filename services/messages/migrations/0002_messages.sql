-- Up Migration
-- Messages and each user's copy of them (user_messages: who received a message, with their
-- flags as bits, see src/domain/flags.ts). A channel message has a channel and a topic ('' is
-- the empty topic); a direct message has its participants, sender included, sorted.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  realm_id integer NOT NULL,
  sender_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('channel', 'direct')),
  channel_id integer,
  topic text NOT NULL DEFAULT '',
  dm_user_ids integer[],
  content text NOT NULL,
  rendered_content text NOT NULL,
  date_sent timestamptz NOT NULL DEFAULT now(),
  client text NOT NULL DEFAULT '',
  has_link boolean NOT NULL DEFAULT false,
  has_image boolean NOT NULL DEFAULT false,
  has_attachment boolean NOT NULL DEFAULT false,
  last_edit_time timestamptz,
  search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', topic || ' ' || content)) STORED,
  CHECK ((kind = 'channel') = (channel_id IS NOT NULL)),
  CHECK ((kind = 'direct') = (dm_user_ids IS NOT NULL))
);
CREATE INDEX messages_channel ON messages (channel_id, id) WHERE kind = 'channel';
CREATE INDEX messages_channel_topic ON messages (channel_id, lower(topic), id) WHERE kind = 'channel';
CREATE INDEX messages_direct ON messages USING gin (dm_user_ids) WHERE kind = 'direct';
CREATE INDEX messages_sender ON messages (sender_id, id);
CREATE INDEX messages_realm ON messages (realm_id, id);
CREATE INDEX messages_search ON messages USING gin (search_tsv);

CREATE TABLE user_messages (
  user_id integer NOT NULL,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  flags integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX user_messages_message ON user_messages (message_id);
-- Unread messages of a user (flag bit 1 = read).
CREATE INDEX user_messages_unread ON user_messages (user_id, message_id) WHERE (flags & 1) = 0;
