-- Up Migration
-- Code playgrounds (Zulip's RealmPlayground): per realm, a named link that opens a code
-- block of a language in an external tool, through an RFC 6570 URL template whose only
-- variable is {code}. A realm has at most MAX_REALM_PLAYGROUNDS (domain/playgrounds.ts).
CREATE TABLE realm_playgrounds (
  id serial PRIMARY KEY,
  realm_id integer NOT NULL REFERENCES realms (id),
  name text NOT NULL,
  pygments_language varchar(40) NOT NULL,
  url_template text NOT NULL,
  UNIQUE (realm_id, pygments_language, name)
);
