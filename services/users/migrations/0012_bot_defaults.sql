-- Up Migration
-- A bot's defaults (Zulip's UserProfile.default_sending_stream, default_events_register_stream,
-- default_all_public_streams), set through POST and PATCH /bots. The channels are the channels
-- service's, so they are kept by ID without a foreign key; their names are read from it.
ALTER TABLE users
  ADD COLUMN default_sending_stream_id integer,
  ADD COLUMN default_events_register_stream_id integer,
  ADD COLUMN default_all_public_streams boolean NOT NULL DEFAULT false;
