-- Up Migration
-- Browser sessions without Redis (the embedded default): kept in the users schema, so
-- restarting Parley does not log every browser out. `key` is the SHA-256 of the cookie's token.
CREATE TABLE browser_sessions (
  key text PRIMARY KEY,
  realm_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at bigint,
  expires_at timestamptz NOT NULL
);
CREATE INDEX browser_sessions_user ON browser_sessions (user_id, expires_at);
