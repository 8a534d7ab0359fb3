-- Up Migration
-- Mail waiting to be sent, and what became of it (services/users/src/mail/, ADR 0031). A row is
-- written in the transaction of the action that causes the mail (a password reset asked for,
-- an invitation made, …), so a mail exists exactly when its cause committed. The sender claims
-- due rows by moving `due_at` past a lease (FOR UPDATE SKIP LOCKED, one statement), sends
-- outside any transaction, then records `sent_at`; a sender that dies between the two leaves
-- the row to be claimed again after the lease: at most one duplicate, with the same Message-ID.
CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  realm_id integer REFERENCES realms (id) ON DELETE CASCADE,
  -- The recipient, when the mail is to a user (NULL for an address without an account).
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  -- What the mail is (MailKind in src/mail/kinds.ts).
  kind text NOT NULL,
  -- RFC 5322 Message-ID, fixed when queued: a resend carries the same one.
  message_id text NOT NULL UNIQUE,
  to_address text NOT NULL,
  to_name text NOT NULL DEFAULT '',
  from_name text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- Extra headers (List-Unsubscribe, List-Unsubscribe-Post).
  headers jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the next attempt may start: now when queued, after the lease once claimed, after the
  -- backoff once failed.
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  -- Given up (a permanent refusal, or still failing after MAIL_GIVE_UP_HOURS).
  failed_at timestamptz,
  -- Where the folder transport wrote it (no EMAIL_HOST).
  file_path text
);

CREATE INDEX mail_queue_due ON mail_queue (due_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_queue_recent ON mail_queue (created_at DESC);
