-- Up Migration
-- When an administrator last set the user's password (POST /users/{id}/password, manage
-- reset-password): browser sessions opened before it are ended.
ALTER TABLE users ADD COLUMN password_reset_at timestamptz;
