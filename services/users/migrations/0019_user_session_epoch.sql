-- Up Migration
-- How browser sessions end (domain/sessions.ts): a session stands while it was opened in its
-- user's current `session_epoch`, or is the one session kept through the epoch's last move
-- (`session_kept_key`, the store key of the session that changed the password). A password
-- change or reset and a deactivation move the epoch on, in their own transaction, so whatever
-- the store (Redis or browser_sessions) the sessions opened before end with the change.
-- Users whose password an administrator set before this (password_reset_at) start at epoch 1,
-- so the sessions opened before that reset stay ended. password_reset_at is no longer read or
-- written; it stays until no replica of an older version can read it.
ALTER TABLE users ADD COLUMN session_epoch integer NOT NULL DEFAULT 0, ADD COLUMN session_kept_key text;
UPDATE users SET session_epoch = 1 WHERE password_reset_at IS NOT NULL;
