-- Up Migration
-- Events this service announces, written in the same transaction as the change they
-- describe and published to NATS JetStream by the outbox relay (message id = row id).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;

-- Names this outbox on the bus: message ids are `<schema>:<identity>:<row id>`, so the rows
-- of a rebuilt database (whose ids start again at 1) are not taken for duplicates of the old.
CREATE TABLE outbox_identity (identity uuid PRIMARY KEY DEFAULT gen_random_uuid());
INSERT INTO outbox_identity DEFAULT VALUES;
