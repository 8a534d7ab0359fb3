-- Up Migration
-- The bus messages asking the messages service to post a notification that it has posted:
-- the bus delivers at least once, each notification is posted once.
CREATE TABLE handled_notifications (
  bus_message_id text PRIMARY KEY,
  handled_at timestamptz NOT NULL DEFAULT now()
);
