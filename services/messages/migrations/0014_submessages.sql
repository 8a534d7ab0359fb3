-- Up Migration
-- Submessages (Zulip's SubMessage): the data of a message's widget, a poll or a to-do list.
-- The first, of msg_type 'widget', is made at send from /poll or /todo; the others are the
-- readers' votes, options and tasks (POST /submessage). Clients replay them in ID order.
CREATE TABLE submessages (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  sender_id integer NOT NULL,
  msg_type text NOT NULL,
  content text NOT NULL
);
CREATE INDEX submessages_message ON submessages (message_id, id);
