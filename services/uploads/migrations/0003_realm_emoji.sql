-- Up Migration
-- A realm's custom emoji (Zulip's RealmEmoji). Deactivating keeps the row and the image:
-- old messages, reactions and statuses still show it. A name is unique among the realm's
-- active emoji only, so a deactivated name can be uploaded again (a new row, a new id).
-- file_name is the image's last key segment: the key is <realm_id>/emoji/images/<file_name>,
-- served publicly at /user_avatars/<key>. author_id is null when the uploader is unknown.
CREATE TABLE realm_emoji (
  id bigserial PRIMARY KEY,
  realm_id bigint NOT NULL,
  name text NOT NULL CHECK (name ~ '^[0-9a-z_-]*[0-9a-z]$'),
  author_id bigint,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  deactivated boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now(),
  UNIQUE (realm_id, file_name)
);
CREATE UNIQUE INDEX realm_emoji_active_name ON realm_emoji (realm_id, name) WHERE NOT deactivated;
CREATE INDEX realm_emoji_realm ON realm_emoji (realm_id, id);
