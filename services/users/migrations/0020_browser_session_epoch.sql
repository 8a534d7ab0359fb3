-- Up Migration
-- The user's session epoch a browser session was opened in (0019_user_session_epoch.sql);
-- sessions opened before it have none, read as epoch 0.
ALTER TABLE browser_sessions ADD COLUMN epoch integer NOT NULL DEFAULT 0;
