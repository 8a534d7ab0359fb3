-- Up Migration
-- Idempotent sends: the first send with a key (the Idempotency-Key header, or the client's
-- queue_id + local_id) records its message; a retry within 24 hours gets that message's ID.
-- The primary key serialises racing retries, whichever replica they reach.
CREATE TABLE send_keys (
  sender_id integer NOT NULL,
  key text NOT NULL,
  message_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sender_id, key)
);
CREATE INDEX send_keys_created ON send_keys (created_at);
