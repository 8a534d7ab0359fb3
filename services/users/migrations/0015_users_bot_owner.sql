-- Up Migration
-- A user's bots (GET /bots, register's realm_bots for a member, deactivating their owner with
-- them) are read by owner: without this, each read passed over every user of the realm.
CREATE INDEX users_bot_owner ON users (realm_id, bot_owner_id) WHERE is_bot;
