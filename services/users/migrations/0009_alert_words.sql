-- Up Migration
-- Each user's alert words (GET, POST and DELETE /users/me/alert_words): words or phrases whose
-- appearance in a message flags the user's copy with has_alert_word. Kept as the user typed
-- them; unique without regard to case, as Zulip compares them. At most 100 characters each
-- (Zulip's limit) and 1,000 per user (Parley's bound, checked by the service).
CREATE TABLE alert_words (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  word text NOT NULL CHECK (char_length(word) BETWEEN 1 AND 100)
);
-- Reads are by user (one, or a send's recipients). The service compares words without regard
-- to case (JavaScript's lower case, under the user's row lock); this index backs it up, for
-- ASCII at least whatever the database's locale.
CREATE UNIQUE INDEX alert_words_user_word ON alert_words (user_id, lower(word));
