-- Up Migration
-- Drafts (feature level 87), synchronized between a user's clients when their
-- enable_drafts_synchronization setting is on. `timestamp` is the client's "last edited";
-- `updated_at` the server's, which decides what turning synchronization off removes.
CREATE TABLE drafts (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  user_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('', 'stream', 'private')),
  "to" integer[] NOT NULL,
  topic text NOT NULL,
  content text NOT NULL,
  timestamp timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drafts_user ON drafts (user_id, id);
