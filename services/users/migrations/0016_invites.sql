-- Up Migration
-- Reusable invitation links (Zulip's MultiuseInvite with its Confirmation): POST /invites/multiuse
-- makes one, GET /invites lists the live ones, DELETE /invites/multiuse/{id} revokes one, and
-- anyone holding the link signs up through it (GET /invites/link/{key}, POST .../accept).
CREATE TABLE multiuse_invites (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  referred_by integer NOT NULL REFERENCES users (id),
  -- SHA-256 of the link's key, for lookup; the key itself only encrypted with the server secret
  -- (GET /invites shows the link again), as API keys are kept.
  key_hash bytea NOT NULL UNIQUE,
  key_sealed text NOT NULL,
  invited_as smallint NOT NULL CHECK (invited_as IN (100, 200, 300, 400, 600)),
  -- Channels the new user joins, besides the realm's defaults when include_realm_default_subscriptions.
  stream_ids integer[] NOT NULL DEFAULT '{}',
  include_realm_default_subscriptions boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: never expires.
  expires_at timestamptz,
  revoked boolean NOT NULL DEFAULT false
);

-- The realm's live links (listing, and the per-realm bound), without the revoked ones.
CREATE INDEX multiuse_invites_realm ON multiuse_invites (realm_id, id) WHERE NOT revoked;
