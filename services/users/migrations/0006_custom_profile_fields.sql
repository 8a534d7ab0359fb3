-- Up Migration
-- The realm's custom profile fields (POST/GET/PATCH /realm/profile_fields...) and each user's
-- values for them (PATCH/DELETE /users/me/profile_data, PATCH /users/{user_id}).
CREATE TABLE custom_profile_fields (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  -- Labels are unique per realm, case-sensitively, as in Zulip.
  name text NOT NULL CHECK (char_length(name) <= 40),
  hint text NOT NULL DEFAULT '' CHECK (char_length(hint) <= 80),
  -- 1 Short text, 2 Long text, 3 List of options, 4 Date picker, 5 Link, 6 Person picker,
  -- 7 External account, 8 Pronouns. A field's type never changes.
  field_type smallint NOT NULL CHECK (field_type BETWEEN 1 AND 8),
  -- Exactly what clients receive as field_data: '' or JSON text (type 3's options, type 7's
  -- subtype and url_pattern).
  field_data text NOT NULL DEFAULT '',
  -- Display position ("order" on the wire): the field's ID at creation, as Zulip does.
  sort_order integer NOT NULL DEFAULT 0,
  display_in_profile_summary boolean NOT NULL DEFAULT false,
  required boolean NOT NULL DEFAULT false,
  editable_by_user boolean NOT NULL DEFAULT true,
  UNIQUE (realm_id, name)
);

CREATE TABLE custom_profile_field_values (
  user_id integer NOT NULL REFERENCES users (id),
  -- Deleting a field deletes every user's value for it.
  field_id integer NOT NULL REFERENCES custom_profile_fields (id) ON DELETE CASCADE,
  -- A string for every type; Person picker values are the JSON text of a list of user IDs.
  value text NOT NULL,
  -- HTML, only for the types rendered as Markdown (Short text, Long text).
  rendered_value text,
  PRIMARY KEY (user_id, field_id)
);
CREATE INDEX custom_profile_field_values_field ON custom_profile_field_values (field_id);
