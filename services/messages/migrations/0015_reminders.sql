-- Up Migration
-- Reminders (Zulip's ScheduledMessage.REMIND): rows of scheduled_messages delivered by the
-- same worker, but as a direct message from the Notification Bot to their creator (sender_id),
-- quoting reminder_target_message_id. delivery_type tells the two apart; each list and each
-- lookup names the kind it wants, so neither ever shows the other.
ALTER TABLE scheduled_messages
  ADD COLUMN delivery_type text NOT NULL DEFAULT 'send_later' CHECK (delivery_type IN ('send_later', 'remind')),
  ADD COLUMN reminder_target_message_id bigint;
