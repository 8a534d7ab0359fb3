-- Up Migration
-- Password-reset links (Zulip's /accounts/password/reset/<token>/, domain/password-reset.ts).
-- The token itself is only in the mail: the table keeps its SHA-256, so a copy of it resets
-- nobody's password. A link works once, for 24 hours, and only while the user's session epoch
-- is the one it was made in: any password change (or a deactivation) moves the epoch on and
-- ends every link made before, as Django's tokens (which hash the password) end.
CREATE TABLE password_reset_tokens (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  session_epoch integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
