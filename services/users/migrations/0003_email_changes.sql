-- Up Migration
-- A requested change of a user's email: it takes effect only when confirmed with its token
-- (Zulip mails a link; Parley has no mail server yet, so the management CLI confirms).
CREATE TABLE email_change_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  new_email text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE INDEX email_change_requests_user ON email_change_requests (user_id);
