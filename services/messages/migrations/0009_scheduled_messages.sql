-- Up Migration
-- Scheduled messages: sent as normal messages by their sender at scheduled_at, by one
-- delivery worker (FOR UPDATE SKIP LOCKED); a delivery the rules refuse marks it failed.
CREATE TABLE scheduled_messages (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  sender_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('stream', 'private')),
  "to" integer[] NOT NULL,
  topic text NOT NULL DEFAULT '',
  content text NOT NULL,
  rendered_content text NOT NULL,
  scheduled_at timestamptz NOT NULL,
  read_by_sender boolean NOT NULL,
  client text NOT NULL DEFAULT '',
  failed boolean NOT NULL DEFAULT false,
  delivered_message_id bigint
);
CREATE INDEX scheduled_messages_sender ON scheduled_messages (sender_id, scheduled_at);
CREATE INDEX scheduled_messages_due ON scheduled_messages (scheduled_at) WHERE delivered_message_id IS NULL AND NOT failed;
