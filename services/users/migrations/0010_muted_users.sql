-- Up Migration
-- Users each user has muted (POST and DELETE /users/me/muted_users/{muted_user_id}): the
-- muted user's new messages reach the muter already read. At most 1,000 per user (Parley's
-- bound, checked by the service). Reads are by muter (the primary key's prefix).
CREATE TABLE muted_users (
  user_id integer NOT NULL REFERENCES users (id),
  muted_user_id integer NOT NULL REFERENCES users (id),
  date_muted timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, muted_user_id)
);
