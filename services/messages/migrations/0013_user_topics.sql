-- Up Migration
-- Each user's visibility policy for a topic (Zulip's UserTopic): 1 muted, 2 unmuted, 3 followed;
-- no row is "inherit" (0). One row per user, channel and topic whatever its case; at most
-- MAX_USER_TOPICS rows per user (services/messages/src/domain/user-topics.ts).
CREATE TABLE user_topics (
  user_id integer NOT NULL,
  channel_id integer NOT NULL,
  topic text NOT NULL,
  visibility_policy smallint NOT NULL CHECK (visibility_policy IN (1, 2, 3)),
  last_updated timestamptz NOT NULL DEFAULT now()
);
-- A user's rows (register, the bound) and one topic's row (a change, a send) come from this one.
CREATE UNIQUE INDEX user_topics_key ON user_topics (user_id, channel_id, lower(topic));
