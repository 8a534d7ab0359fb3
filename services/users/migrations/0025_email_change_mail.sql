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

-- The weekly digest (services/users/src/domain/digest.ts; in this file for the migration number
-- this work was given). A user's last digest: every replica's job may prepare one, and the
-- one whose claim (INSERT … ON CONFLICT … WHERE sent long ago) succeeds queues it, so a user
-- gets one a week whatever the number of replicas.
CREATE TABLE digest_sends (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);

-- Runs asked for by the operator (`manage send-digests`), taken by the next job to look
-- (FOR UPDATE SKIP LOCKED): the CLI needs no connection to the running services.
CREATE TABLE digest_requests (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id) ON DELETE CASCADE,
  -- Whatever the realm's digest_weekday (--now).
  any_weekday boolean NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  taken_at timestamptz,
  done_at timestamptz,
  -- How many digests the run queued.
  sent integer
);
CREATE INDEX digest_requests_waiting ON digest_requests (id) WHERE taken_at IS NULL;
