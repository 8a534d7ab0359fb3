-- Up Migration
-- A delivery worker claims due rows for a while (a lease) instead of holding their row locks
-- through the deliveries, which ask other services (no remote call inside a transaction, ADR
-- 0017): another worker skips a claimed row until its claim ends, and a worker that dies
-- leaves its claims to expire.
ALTER TABLE scheduled_messages ADD COLUMN claimed_until timestamptz;
