-- Up Migration
-- Someone about to have an account (Zulip's PreregistrationUser with its Confirmation): an email
-- invitation (POST /invites, `referred_by` its sender), or a sign-up through a reusable link
-- whose address is being confirmed (`multiuse_invite_id`, `referred_by` NULL). The mailed link
-- carries a random key; only its SHA-256 is kept (the link is never shown again, a resend mails
-- a new key). Following the link and giving a name and password makes the account.
CREATE TABLE preregistrations (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  kind text NOT NULL CHECK (kind IN ('invitation', 'registration')),
  email text NOT NULL,
  referred_by integer REFERENCES users (id),
  multiuse_invite_id integer REFERENCES multiuse_invites (id),
  key_hash bytea NOT NULL UNIQUE,
  invited_as smallint NOT NULL CHECK (invited_as IN (100, 200, 300, 400, 600)),
  stream_ids integer[] NOT NULL DEFAULT '{}',
  group_ids integer[] NOT NULL DEFAULT '{}',
  include_realm_default_subscriptions boolean NOT NULL DEFAULT false,
  notify_referrer_on_join boolean NOT NULL DEFAULT false,
  welcome_message_custom_text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: never expires.
  expires_at timestamptz,
  -- pending until used (the account exists) or revoked (DELETE /invites/{id}, or another
  -- invitation to the same address was accepted).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'used', 'revoked')),
  CHECK ((kind = 'invitation') = (referred_by IS NOT NULL))
);

-- The realm's pending invitations (GET /invites), and those to one address (revoked on joining).
CREATE INDEX preregistrations_realm ON preregistrations (realm_id, id) WHERE status = 'pending';
CREATE INDEX preregistrations_email ON preregistrations (realm_id, lower(email)) WHERE status = 'pending';
