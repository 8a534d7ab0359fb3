-- Up Migration
-- Saved snippets: a user's reusable message texts (feature level 297), seen only by them.
CREATE TABLE saved_snippets (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  user_id integer NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  date_created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_snippets_user ON saved_snippets (user_id, id);
