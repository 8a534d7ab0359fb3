-- Up Migration
-- Edit history: one row per change of a message (content, topic or channel), holding what
-- it was before and who changed it when. A message's current state is in `messages`.
CREATE TABLE message_edits (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  edited_at timestamptz NOT NULL DEFAULT now(),
  prev_content text,
  prev_rendered_content text,
  prev_topic text,
  prev_channel_id integer,
  -- The values after the change, where they changed.
  topic text,
  channel_id integer
);
CREATE INDEX message_edits_message ON message_edits (message_id, id);
ALTER TABLE messages ADD COLUMN last_moved_time timestamptz;
