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
