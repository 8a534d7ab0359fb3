-- Up Migration
-- Messages waiting to be mailed to a user who was away when they arrived (missed-message
-- mails, src/mail/missed-messages.ts; Zulip's ScheduledMessageNotificationEmail). Written by
-- the consumer of the messages service's message events; a user's rows share one due time,
-- their first one's arrival plus their batching period. The job claims due rows by moving
-- `due_at` past a lease (FOR UPDATE SKIP LOCKED, one statement), asks the messages service
-- what is still unread and readable outside any transaction, then deletes the claimed rows in
-- the transaction that queues the mails: each batch is mailed once whatever the replicas.
CREATE TABLE missed_message_notifications (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  realm_id integer NOT NULL,
  message_id bigint NOT NULL,
  -- Why it is mailed (Zulip's notification triggers): direct_message, mentioned,
  -- stream_wildcard_mentioned, topic_wildcard_mentioned, followed_topic.
  trigger text NOT NULL,
  due_at timestamptz NOT NULL,
  -- The claim that holds the row while its batch is built (NULL: none yet).
  claim text,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX missed_message_notifications_due ON missed_message_notifications (due_at);
