-- Up Migration
-- Linkifiers (Zulip's "realm filters"): regular expressions that clients turn into links
-- with an RFC 6570 URL template. Clients apply them in sort_order (PATCH /realm/linkifiers);
-- ties, which only a race between two additions can make, fall back to the ID.
CREATE TABLE linkifiers (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  pattern text NOT NULL,
  url_template text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (realm_id, pattern)
);
CREATE INDEX linkifiers_realm_order ON linkifiers (realm_id, sort_order, id);
