-- Up Migration
-- message_edit_history_visibility_policy (feature level 358) joins the realm settings; existing
-- realms keep Zulip's default, "all".
UPDATE realms SET settings = '{"message_edit_history_visibility_policy": "all"}'::jsonb || settings;
