-- Up Migration
CREATE TABLE realms (
  id serial PRIMARY KEY,
  -- The subdomain; '' for the root realm.
  string_id text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  deactivated boolean NOT NULL DEFAULT false,
  date_created timestamptz NOT NULL DEFAULT now(),
  -- Every realm setting (Zulip's names), filled with the defaults when the realm is created.
  settings jsonb NOT NULL,
  -- Defaults applied to users created from now on (PATCH /realm/user_settings_defaults).
  user_defaults jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  delivery_email text NOT NULL,
  full_name text NOT NULL,
  role smallint NOT NULL CHECK (role IN (100, 200, 300, 400, 600)),
  is_active boolean NOT NULL DEFAULT true,
  is_bot boolean NOT NULL DEFAULT false,
  bot_type smallint CHECK (bot_type BETWEEN 1 AND 4),
  bot_owner_id integer REFERENCES users (id),
  -- Bots the realm itself owns (the notification bot), like Zulip's cross-realm bots.
  is_system_bot boolean NOT NULL DEFAULT false,
  date_joined timestamptz NOT NULL DEFAULT now(),
  password_hash text,
  -- SHA-256 of the API key, for lookup; the key itself only encrypted with the server secret.
  api_key_hash bytea NOT NULL UNIQUE,
  api_key_sealed text NOT NULL,
  timezone text NOT NULL DEFAULT '',
  avatar_source char(1) NOT NULL DEFAULT 'G',
  avatar_version integer NOT NULL DEFAULT 1,
  email_address_visibility smallint NOT NULL DEFAULT 1 CHECK (email_address_visibility BETWEEN 1 AND 5),
  -- Personal settings that differ from the defaults the user got at creation.
  settings jsonb NOT NULL DEFAULT '{}',
  -- Zulip's can_create_users, granted by the management CLI (owners have it implicitly).
  can_create_users boolean NOT NULL DEFAULT false,
  CHECK (is_bot = (bot_type IS NOT NULL))
);
CREATE UNIQUE INDEX users_realm_email ON users (realm_id, lower(delivery_email));
CREATE INDEX users_realm ON users (realm_id, id);

CREATE TABLE user_groups (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_system_group boolean NOT NULL DEFAULT false,
  deactivated boolean NOT NULL DEFAULT false,
  date_created timestamptz NOT NULL DEFAULT now(),
  creator_id integer REFERENCES users (id),
  -- can_manage_group, can_add_members_group, ...: group-setting values (an ID or
  -- {direct_members, direct_subgroups}).
  settings jsonb NOT NULL DEFAULT '{}',
  UNIQUE (realm_id, name)
);

CREATE TABLE user_group_members (
  group_id integer NOT NULL REFERENCES user_groups (id),
  user_id integer NOT NULL REFERENCES users (id),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_group_members_user ON user_group_members (user_id);

CREATE TABLE user_group_subgroups (
  group_id integer NOT NULL REFERENCES user_groups (id),
  subgroup_id integer NOT NULL REFERENCES user_groups (id),
  PRIMARY KEY (group_id, subgroup_id),
  CHECK (group_id <> subgroup_id)
);
CREATE INDEX user_group_subgroups_sub ON user_group_subgroups (subgroup_id);
