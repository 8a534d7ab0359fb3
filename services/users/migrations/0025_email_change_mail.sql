-- Up Migration
-- Email changes confirmed by a mailed link (Zulip's EmailChangeStatus and its Confirmation):
-- the link's key is kept only hashed, expires after a day, is used once, and a new request
-- revokes the user's earlier ones. The old address is kept to send the notice to it.
ALTER TABLE email_change_requests
  ADD COLUMN old_email text,
  ADD COLUMN token_hash bytea,
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN revoked_at timestamptz;

UPDATE email_change_requests c
   SET old_email = u.delivery_email,
       token_hash = sha256(convert_to(c.token, 'UTF8')),
       expires_at = c.created_at + interval '1 day'
  FROM users u
 WHERE u.id = c.user_id;

ALTER TABLE email_change_requests
  ALTER COLUMN old_email SET NOT NULL,
  ALTER COLUMN token_hash SET NOT NULL,
  ALTER COLUMN expires_at SET NOT NULL,
  ADD CONSTRAINT email_change_requests_token_hash_key UNIQUE (token_hash),
  DROP COLUMN token;

-- The per-user rate limit counts a user's recent requests.
DROP INDEX email_change_requests_user;
CREATE INDEX email_change_requests_user ON email_change_requests (user_id, created_at);
