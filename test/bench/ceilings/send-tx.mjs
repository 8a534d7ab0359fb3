import { readFileSync } from 'node:fs';

/**
 * The minimal send transaction of ceilings C3 and C4: one message row, N user-message rows
 * (one statement), one outbox row, in tables shaped like Parley's own
 * (services/messages/migrations/0002, 0003: same columns, generated search vector and
 * indexes; the outbox from its own migrations, services/common/migrations/outbox), in a
 * schema `ceiling` of the run's database. Prepared statements.
 */
const OUTBOX_SQL = ['0001_outbox.sql', '0002_outbox_trace.sql'].map((file) => readFileSync(new URL(`../../../services/common/migrations/outbox/${file}`, import.meta.url), 'utf8')).join('\n');

export const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS ceiling;
CREATE TABLE IF NOT EXISTS ceiling.messages (
  id bigserial PRIMARY KEY,
  realm_id integer NOT NULL,
  sender_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('channel', 'direct')),
  channel_id integer,
  topic text NOT NULL DEFAULT '',
  dm_user_ids integer[],
  content text NOT NULL,
  rendered_content text NOT NULL,
  date_sent timestamptz NOT NULL DEFAULT now(),
  client text NOT NULL DEFAULT '',
  has_link boolean NOT NULL DEFAULT false,
  has_image boolean NOT NULL DEFAULT false,
  has_attachment boolean NOT NULL DEFAULT false,
  last_edit_time timestamptz,
  search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', topic || ' ' || content)) STORED,
  recipient_id integer NOT NULL
);
CREATE INDEX IF NOT EXISTS ceiling_messages_channel ON ceiling.messages (channel_id, id) WHERE kind = 'channel';
CREATE INDEX IF NOT EXISTS ceiling_messages_channel_topic ON ceiling.messages (channel_id, lower(topic), id) WHERE kind = 'channel';
CREATE INDEX IF NOT EXISTS ceiling_messages_direct ON ceiling.messages USING gin (dm_user_ids) WHERE kind = 'direct';
CREATE INDEX IF NOT EXISTS ceiling_messages_sender ON ceiling.messages (sender_id, id);
CREATE INDEX IF NOT EXISTS ceiling_messages_realm ON ceiling.messages (realm_id, id);
CREATE INDEX IF NOT EXISTS ceiling_messages_search ON ceiling.messages USING gin (search_tsv);
CREATE TABLE IF NOT EXISTS ceiling.user_messages (
  user_id integer NOT NULL,
  message_id bigint NOT NULL REFERENCES ceiling.messages (id) ON DELETE CASCADE,
  flags integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX IF NOT EXISTS ceiling_user_messages_message ON ceiling.user_messages (message_id);
CREATE INDEX IF NOT EXISTS ceiling_user_messages_unread ON ceiling.user_messages (user_id, message_id) WHERE (flags & 1) = 0;
SET search_path TO ceiling;
DO $outbox$ BEGIN IF to_regclass('ceiling.outbox') IS NULL THEN EXECUTE $ddl$${OUTBOX_SQL}$ddl$; END IF; END $outbox$;
RESET search_path;
`;

/** Recipient user IDs 1..n, the sender first (its row read). */
export const recipientsOf = (n) => Array.from({ length: n }, (_, i) => i + 1);

/** One send; returns the message id. `pool` is a pg Pool. */
export async function sendTx(pool, { senderId = 1, channelId = 1, topic = 'ceiling', content = 'hello', recipients }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const {
      rows: [{ id }],
    } = await client.query({
      name: 'ceiling-msg',
      text: `INSERT INTO ceiling.messages (realm_id, sender_id, kind, channel_id, topic, content, rendered_content, client, recipient_id)
             VALUES (1, $1, 'channel', $2, $3, $4, $5, 'bench', $2) RETURNING id`,
      values: [senderId, channelId, topic, content, `<p>${content}</p>`],
    });
    const flags = recipients.map((u) => (u === senderId ? 1 : 0));
    await client.query({
      name: 'ceiling-um',
      text: 'INSERT INTO ceiling.user_messages (user_id, message_id, flags) SELECT u, $1, f FROM unnest($2::int[], $3::int[]) AS c(u, f)',
      values: [id, recipients, flags],
    });
    await client.query({
      name: 'ceiling-outbox',
      text: 'INSERT INTO ceiling.outbox (subject, payload) VALUES ($1, $2)',
      values: ['messages.message.sent', JSON.stringify({ id, sender_id: senderId, channel_id: channelId, topic, content, users: recipients })],
    });
    await client.query('COMMIT');
    return id;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
