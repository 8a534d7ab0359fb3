-- Up Migration
-- Channel folders group channels in the left sidebar (feature level 389); administrators
-- create, rename, archive and order them.
CREATE TABLE channel_folders (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  rendered_description text NOT NULL DEFAULT '',
  creator_id integer,
  date_created timestamptz NOT NULL DEFAULT now(),
  is_archived boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL
);
CREATE UNIQUE INDEX channel_folders_realm_name ON channel_folders (realm_id, lower(name));
CREATE INDEX channel_folders_realm ON channel_folders (realm_id, sort_order);
