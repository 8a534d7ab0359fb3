-- Up Migration
-- A channel send names the topic's followers in its event (missed-message mails for followed
-- topics, read by the users service): one topic's followers, found without reading every row.
CREATE INDEX user_topics_followers ON user_topics (channel_id, lower(topic)) WHERE visibility_policy = 3;
