-- Up Migration
-- Navigation views (Zulip's NavigationView): a user's settings for the left sidebar's views,
-- built-in ones (no name) or custom ones (a name), identified by their URL fragment. A user
-- has at most MAX_NAVIGATION_VIEWS (domain/navigation-views.ts).
CREATE TABLE navigation_views (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fragment text NOT NULL,
  is_pinned boolean NOT NULL DEFAULT false,
  name text,
  UNIQUE (user_id, fragment)
);
