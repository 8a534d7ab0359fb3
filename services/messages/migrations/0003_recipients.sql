-- Up Migration
-- A recipient: a channel, or one set of direct-message participants. Messages name theirs
-- (Zulip's recipient_id, which clients use to group conversations).
CREATE TABLE recipients (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  channel_id integer UNIQUE,
  -- Direct messages: the participants' IDs, sorted, joined by ','.
  dm_key text,
  CHECK ((channel_id IS NULL) <> (dm_key IS NULL)),
  UNIQUE (realm_id, dm_key)
);
ALTER TABLE messages ADD COLUMN recipient_id integer NOT NULL REFERENCES recipients (id);
