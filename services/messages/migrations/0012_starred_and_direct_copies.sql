-- Up Migration
-- Register's starred_messages and recent_private_conversations read only the user's own rows.
-- A user's starred messages:
CREATE INDEX user_messages_starred ON user_messages (user_id, message_id) WHERE (flags & 2) <> 0;
-- A user's copies of direct messages carry the internal flag bit 256 (Zulip's is_private,
-- never shown to clients: src/domain/flags.ts), set by the insert of every message's copies,
-- so that a user's recent direct messages are an index range, not a walk through all their
-- copies. The copies made before this migration get it here.
UPDATE user_messages um SET flags = um.flags | 256
  FROM messages m WHERE m.id = um.message_id AND m.kind = 'direct' AND (um.flags & 256) = 0;
CREATE INDEX user_messages_direct ON user_messages (user_id, message_id) WHERE (flags & 256) <> 0;
