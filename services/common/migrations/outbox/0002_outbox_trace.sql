-- Up Migration
-- The W3C traceparent of the request that wrote the row (when tracing is on), published
-- with the message so its consumers' spans join the request's trace.
ALTER TABLE outbox ADD COLUMN trace text;
