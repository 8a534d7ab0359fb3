import pg from 'pg';
import { beginWrite, ClientEvent, clientEventSubject, currentTraceHeaders, grouped, outboxPart, schemaOf } from '@parley/common';
import type { Queryable, ServicePool } from '@parley/common';

export interface MessageRow {
  id: number;
  realm_id: number;
  sender_id: number;
  kind: 'channel' | 'direct';
  channel_id: number | null;
  topic: string;
  dm_user_ids: number[] | null;
  recipient_id: number;
  content: string;
  rendered_content: string;
  date_sent: Date;
  client: string;
  has_link: boolean;
  has_image: boolean;
  has_attachment: boolean;
  last_edit_time: Date | null;
  last_moved_time: Date | null;
}

/** A message as one user sees it: with their flags (null when they have no copy). */
export interface ViewedMessageRow extends MessageRow {
  flags: number | null;
}

export const COLUMNS = `m.id::int AS id, m.realm_id, m.sender_id, m.kind, m.channel_id, m.topic, m.dm_user_ids, m.recipient_id, m.content,
  m.rendered_content, m.date_sent, m.client, m.has_link, m.has_image, m.has_attachment, m.last_edit_time, m.last_moved_time`;

/** What a flag change needs of each message (POST /messages/flags): no content, no dates to parse. */
export const FLAG_COLUMNS = 'm.id::int AS id, m.kind, m.channel_id, m.topic, m.dm_user_ids';
export type FlagRow = Pick<ViewedMessageRow, 'id' | 'kind' | 'channel_id' | 'topic' | 'dm_user_ids' | 'flags'>;

/**
 * The flag bit of every copy of a direct message (Zulip's is_private), which the server keeps
 * for itself (never shown as a flag): a user's direct messages are a range of the index
 * user_messages_direct. Set here, as each message's copies are stored.
 */
export const DIRECT_COPY_BIT = 256;

export type NewMessage = Omit<MessageRow, 'id' | 'date_sent' | 'last_edit_time' | 'last_moved_time' | 'recipient_id'>;

/**
 * Recipient IDs this process has seen committed, by realm and target. A recipient row never
 * changes and is never deleted, so an ID once committed stays right; only IDs read or made
 * outside a transaction go in (one made inside a transaction could be rolled back).
 */
const knownRecipients = new Map<string, number>();
const MAX_KNOWN_RECIPIENTS = 100_000;

/**
 * The recipient of a channel or of a set of direct-message participants, made on first use,
 * through the pool: what it finds or makes is committed, so it is remembered, and answered
 * from memory from then on.
 */
export async function recipientId(pool: pg.Pool, realmId: number, target: RecipientTarget): Promise<number> {
  const key = recipientKey(realmId, target);
  const known = knownRecipients.get(key);
  if (known !== undefined) return known;
  const id = await findOrMakeRecipient(pool, realmId, target);
  if (knownRecipients.size >= MAX_KNOWN_RECIPIENTS) knownRecipients.delete(knownRecipients.keys().next().value!);
  knownRecipients.set(key, id);
  return id;
}

/**
 * The same, in the caller's transaction: from memory when known, else found or made there and
 * not remembered, since the transaction may yet roll back.
 */
export async function recipientIdInTransaction(tx: pg.PoolClient, realmId: number, target: RecipientTarget): Promise<number> {
  return knownRecipients.get(recipientKey(realmId, target)) ?? findOrMakeRecipient(tx, realmId, target);
}

type RecipientTarget = { channel_id: number } | { dm_user_ids: number[] };

const recipientColumn = (target: RecipientTarget): [string, string | number] => ('channel_id' in target ? ['channel_id', target.channel_id] : ['dm_key', target.dm_user_ids.join(',')]);

const recipientKey = (realmId: number, target: RecipientTarget) => `${realmId}:${recipientColumn(target).join(':')}`;

async function findOrMakeRecipient(db: Queryable, realmId: number, target: RecipientTarget): Promise<number> {
  const [column, value] = recipientColumn(target);
  // Usually the row exists (one statement). Otherwise insert it; a concurrent first message may
  // win that race, and its row shows to a later statement once it commits, so try again.
  for (let attempt = 1; ; attempt++) {
    const found = await db.query<{ id: number }>(`SELECT id FROM recipients WHERE realm_id = $1 AND ${column} = $2`, [realmId, value]);
    if (found.rows[0]) return found.rows[0].id;
    const made = await db.query<{ id: number }>(`INSERT INTO recipients (realm_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`, [realmId, value]);
    if (made.rows[0]) return made.rows[0].id;
    if (attempt >= 5) throw new Error(`recipient row for ${column} ${value} neither found nor made`);
    await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
  }
}

/** A message to store: its row, each recipient's copy with its flags, the event that tells of it. */
export interface MessageInsert {
  message: NewMessage & { recipient_id: number; date_sent: Date };
  copies: { user_id: number; flags: number }[];
  /** Its `event.message.id` is set to the new ID. */
  event: ClientEvent;
}

/** What one statement stored: the messages' IDs, in order, and the wait for their events. */
interface Stored {
  id: number;
  published: Promise<void>;
}

/**
 * Concurrent sends share a statement (GroupedSends). A send with no statement running goes at
 * once, alone; the sends made while a light one runs (fewer than 200 copies) gather for the
 * next, which starts when it ends. Beside heavy ones (sends to large channels, each mostly
 * PostgreSQL's work on its rows) others start at once, up to four statements, so PostgreSQL
 * works on them side by side and a small send does not wait behind a large one. (Measured on
 * the benchmark: with two light statements at a time, most of S2's sends still went alone;
 * with one statement at a time whatever its size, S3 lost 40 % of its rate.)
 */
const GROUP_OPTIONS = {
  maxInFlight: 4,
  heavy: { weight: (insert: MessageInsert) => insert.copies.length, from: 200 },
  maxBatch: 32,
  // PostgreSQL refused the statement, so it stored nothing: each send can go again alone.
  retryAlone: (err: unknown) => err instanceof pg.DatabaseError,
};

/**
 * The service's sends on its pool, grouped: those made at the same time go in one statement
 * together (insertMessage). Made once, at start-up (groupSends in server.ts), and held in the
 * service's deps: every send of the process shares it.
 */
export interface GroupedSends {
  readonly pool: ServicePool;
  readonly insert: (insert: MessageInsert & { trace: string | null }) => Promise<Stored>;
}

/** The grouping of sends on `pool` (GroupedSends); one per pool, so one per process. */
export function groupSends(pool: ServicePool): GroupedSends {
  return { pool, insert: grouped((batch) => insertMessages(pool, batch), GROUP_OPTIONS) };
}

/**
 * Inserts a message, every recipient's copy with its flags, and the client event that tells of
 * it, in one statement: one round trip whatever the number of recipients, and atomic without
 * a transaction. Sends made at the same time go in one statement together (`sends`, grouped):
 * fewer round trips and commits per send under load. Returns the new ID once the event is
 * published (on a pool that publishes before returning).
 */
export async function insertMessage(sends: GroupedSends, insert: MessageInsert): Promise<number> {
  // A send's statement is its write: refused when the request's write deadline passed (write-deadline.ts).
  beginWrite();
  // The event keeps the trace of its own request, whichever request's statement writes it.
  const stored = await sends.insert({ ...insert, trace: currentTraceHeaders().traceparent ?? null });
  await stored.published;
  return stored.id;
}

/** The same in the caller's transaction, alone: its event is written, and published after the commit. */
export async function insertMessageInTransaction(tx: pg.PoolClient, insert: MessageInsert): Promise<number> {
  const [stored] = await insertMessages(tx, [insert]);
  await stored.published;
  return stored.id;
}

/** The messages, their copies and events, in one statement; their IDs ascend in this order. */
async function insertMessages(db: Queryable, inserts: (MessageInsert & { trace?: string | null })[]): Promise<Stored[]> {
  const outbox = outboxPart(
    db,
    schemaOf('messages'),
    inserts.map((i) => ({ subject: clientEventSubject('messages'), payload: i.event, trace: i.trace })),
    6,
    {
      from: 'ids,',
      where: 'ids.n = e.n', // A widget's submessage, when the message has one, names the message too (jsonb_set leaves
      // a payload without one as it is).
      payloadSql: "jsonb_set(jsonb_set(e.payload, '{event,message,id}', to_jsonb(ids.id)), '{event,message,submessages,0,message_id}', to_jsonb(ids.id), false)",
    },
  );
  // The rows go as one JSON array (no text[] literal to escape content into); the copies as
  // parallel arrays, each with its message's place in the list (from 1).
  const rows = JSON.stringify(
    inserts.map(({ message: m }) => ({
      realm_id: m.realm_id,
      sender_id: m.sender_id,
      kind: m.kind,
      channel_id: m.channel_id,
      topic: m.topic,
      dm_user_ids: m.dm_user_ids,
      recipient_id: m.recipient_id,
      content: m.content,
      rendered_content: m.rendered_content,
      client: m.client,
      has_link: m.has_link,
      has_image: m.has_image,
      has_attachment: m.has_attachment,
      date_sent: m.date_sent,
    })),
  );
  const users: number[] = [];
  const flags: number[] = [];
  const places: number[] = [];
  inserts.forEach((i, place) => {
    const internal = i.message.kind === 'direct' ? DIRECT_COPY_BIT : 0;
    for (const c of i.copies) {
      users.push(c.user_id);
      flags.push(c.flags | internal);
      places.push(place + 1);
    }
  });
  const {
    rows: [result],
  } = await db.query<{ ids: number[]; outbox_ids: string[] | null }>(
    `WITH ids AS MATERIALIZED (SELECT nextval('messages_id_seq') AS id, n FROM generate_series(1, $1::int) AS n),
     message AS (
       INSERT INTO messages (id, realm_id, sender_id, kind, channel_id, topic, dm_user_ids, recipient_id, content, rendered_content, client,
         has_link, has_image, has_attachment, date_sent)
       SELECT ids.id, m.realm_id, m.sender_id, m.kind, m.channel_id, m.topic, m.dm_user_ids, m.recipient_id, m.content, m.rendered_content, m.client,
         m.has_link, m.has_image, m.has_attachment, m.date_sent
         FROM ROWS FROM (json_to_recordset($2::json) AS (realm_id int, sender_id int, kind text, channel_id int, topic text, dm_user_ids int[],
           recipient_id int, content text, rendered_content text, client text, has_link boolean, has_image boolean, has_attachment boolean,
           date_sent timestamptz)) WITH ORDINALITY AS m JOIN ids ON ids.n = m.ordinality),
     copies AS (
       INSERT INTO user_messages (user_id, message_id, flags)
       SELECT c.u, ids.id, c.f FROM unnest($3::int[], $4::int[], $5::int[]) AS c(u, f, n) JOIN ids USING (n)),
     ${outbox.ctes}
     SELECT (SELECT array_agg(id::int ORDER BY n) FROM ids) AS ids, ${outbox.select} AS outbox_ids`,
    [inserts.length, rows, users, flags, places, ...outbox.params],
  );
  const published = outbox.written(result.outbox_ids);
  return result.ids.map((id) => ({ id, published }));
}

export async function findMessage(db: Queryable, realmId: number, id: number, viewerId: number, opts: { lock?: boolean } = {}): Promise<ViewedMessageRow | undefined> {
  const { rows } = await db.query<ViewedMessageRow>(
    `SELECT ${COLUMNS}, um.flags FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $3
      WHERE m.realm_id = $1 AND m.id = $2${opts.lock ? ' FOR UPDATE OF m' : ''}`,
    [realmId, id, viewerId],
  );
  return rows[0];
}

/** Of these IDs, the realm's messages, each with whether the viewer has a copy and its channel (null for direct messages). */
export async function viewerAccessRows(db: Queryable, realmId: number, viewerId: number, ids: number[]): Promise<{ id: number; channel_id: number | null; has_copy: boolean }[]> {
  const { rows } = await db.query<{ id: number; channel_id: number | null; has_copy: boolean }>(
    `SELECT m.id::int AS id, CASE WHEN m.kind = 'channel' THEN m.channel_id END AS channel_id, um.user_id IS NOT NULL AS has_copy
       FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2
      WHERE m.realm_id = $1 AND m.id = ANY($3::bigint[]) ORDER BY m.id`,
    [realmId, viewerId, ids],
  );
  return rows;
}

/** Messages by a WHERE over m and um (built by the narrow module with its parameters), in ID order. */
export async function selectMessages<R extends FlagRow = ViewedMessageRow>(
  db: Queryable,
  where: string,
  params: unknown[],
  order: 'ASC' | 'DESC',
  limit: number,
  extraColumns = '',
  columns = COLUMNS,
): Promise<(R & Record<string, unknown>)[]> {
  const { rows } = await db.query<R & Record<string, unknown>>(
    `SELECT ${columns}, um.flags${extraColumns} FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $1
      WHERE ${where} ORDER BY m.id ${order} LIMIT ${Math.max(0, Math.floor(limit))}`,
    params,
  );
  return rows;
}

/** The IDs of the users who have a copy of the message. */
export async function copiesOf(db: Queryable, messageId: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM user_messages WHERE message_id = $1 ORDER BY user_id', [messageId]);
  return rows.map((r) => r.user_id);
}

export async function deleteMessage(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM messages WHERE id = $1', [id]);
}

/** Senders of the messages of a topic (its participants, for topic wildcard mentions). */
export async function topicParticipants(db: Queryable, channelId: number, topic: string): Promise<number[]> {
  const { rows } = await db.query<{ sender_id: number }>("SELECT DISTINCT sender_id FROM messages WHERE kind = 'channel' AND channel_id = $1 AND lower(topic) = lower($2)", [channelId, topic]);
  return rows.map((r) => r.sender_id);
}

/** Whether a channel has messages, and any outside the empty topic. */
export async function topicSummary(db: Queryable, realmId: number, channelId: number): Promise<{ has_messages: boolean; has_named_topics: boolean }> {
  const { rows } = await db.query<{ has_messages: boolean; has_named_topics: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM messages WHERE realm_id = $1 AND kind = 'channel' AND channel_id = $2) AS has_messages,
            EXISTS (SELECT 1 FROM messages WHERE realm_id = $1 AND kind = 'channel' AND channel_id = $2 AND topic <> '') AS has_named_topics`,
    [realmId, channelId],
  );
  return rows[0];
}

/** The newest message the user received (has a copy of), or -1. */
export async function maxReceivedMessageId(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>('SELECT max(message_id)::int AS id FROM user_messages WHERE user_id = $1', [userId]);
  return rows[0].id ?? -1;
}

/** Sets or clears a flag bit on the user's copies of the messages; returns the IDs that changed. */
export async function setFlag(db: Queryable, userId: number, ids: number[], bit: number, on: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ message_id: number }>(
    `UPDATE user_messages SET flags = ${on ? 'flags | $3' : 'flags & ~$3::int'}
      WHERE user_id = $1 AND message_id = ANY($2::bigint[]) AND (flags & $3) ${on ? '= 0' : '<> 0'}
      RETURNING message_id::int`,
    [userId, ids, bit],
  );
  return rows.map((r) => r.message_id).sort((a, b) => a - b);
}

/** Marks read the user's unread copies of `senderId`'s messages sent at or before `until`; returns their IDs. */
export async function markSenderRead(db: Queryable, userId: number, senderId: number, until: Date): Promise<number[]> {
  const { rows } = await db.query<{ message_id: number }>(
    `UPDATE user_messages um SET flags = um.flags | 1 FROM messages m
      WHERE um.user_id = $1 AND (um.flags & 1) = 0 AND m.id = um.message_id AND m.sender_id = $2 AND m.date_sent <= $3
      RETURNING um.message_id::int`,
    [userId, senderId, until],
  );
  return rows.map((r) => r.message_id).sort((a, b) => a - b);
}

/** Gives the user copies (flagged historical and the given bits) of messages they read without having received. */
export async function addHistoricalCopies(db: Queryable, userId: number, ids: number[], flags: number): Promise<number[]> {
  // Most flag changes concern messages the user received: no round trip for nothing.
  if (!ids.length) return [];
  const { rows } = await db.query<{ message_id: number }>(
    `INSERT INTO user_messages (user_id, message_id, flags) SELECT $1, id, $3 FROM unnest($2::bigint[]) AS t(id)
     ON CONFLICT DO NOTHING RETURNING message_id::int`,
    [userId, ids, flags],
  );
  return rows.map((r) => r.message_id);
}

/**
 * Claims a send key for a new message; returns undefined when claimed (the caller sends), or
 * the ID of the message a send with the same key made within 24 hours. A racing send with
 * the same key waits here until the first one commits (or rolls back and leaves the key free).
 */
export async function claimSendKey(db: Queryable, senderId: number, key: string): Promise<number | undefined> {
  const { rows } = await db.query<{ claimed: boolean }>(
    `INSERT INTO send_keys (sender_id, key) VALUES ($1, $2)
     ON CONFLICT (sender_id, key) DO UPDATE SET message_id = NULL, created_at = now()
       WHERE send_keys.created_at < now() - interval '24 hours' OR send_keys.message_id IS NULL
     RETURNING true AS claimed`,
    [senderId, key],
  );
  if (rows.length) return undefined;
  const existing = await db.query<{ message_id: number }>('SELECT message_id::int FROM send_keys WHERE sender_id = $1 AND key = $2', [senderId, key]);
  return existing.rows[0].message_id;
}

export async function recordSendKey(db: Queryable, senderId: number, key: string, messageId: number): Promise<void> {
  await db.query('UPDATE send_keys SET message_id = $3 WHERE sender_id = $1 AND key = $2', [senderId, key, messageId]);
}

/** The message a send with this key made within 24 hours, if any. */
export async function sentWithKey(db: Queryable, senderId: number, key: string): Promise<number | undefined> {
  const { rows } = await db.query<{ message_id: number }>(
    `SELECT message_id::int FROM send_keys WHERE sender_id = $1 AND key = $2 AND message_id IS NOT NULL
       AND created_at >= now() - interval '24 hours'`,
    [senderId, key],
  );
  return rows[0]?.message_id;
}

/** A user's unread messages of one conversation (a channel's topic, whatever its case; a direct conversation). */
export interface UnreadGroup {
  kind: 'channel' | 'direct';
  channel_id: number | null;
  dm_user_ids: number[] | null;
  /** The topic as its oldest unread message spells it. */
  topic: string;
  /** The messages' IDs, ascending, as a JSON array's text. */
  ids: string;
  /** How many they are. */
  count: number;
  /** The user's visibility policy for the topic (0: none; direct conversations 0). */
  policy: number;
  /** Those that mention the user personally (or a group of theirs), ascending. */
  mentions: number[];
  /** Those that mention them only by a wildcard (@**all**, @**topic**), ascending. */
  wildcards: number[];
}

/**
 * The user's newest `max` unread messages, by conversation (the one with the oldest unread
 * message first), each with its mentions and the user's visibility policy for its topic, and
 * whether older unread messages were left out.
 */
export async function unreadGroups(db: Queryable, userId: number, max: number, bits: { mention: number; wildcard: number }) {
  const { rows } = await db.query<UnreadGroup & { missing: boolean }>(
    `WITH unread AS (
       SELECT m.id, m.kind, m.channel_id, m.topic, m.dm_user_ids, um.flags
         FROM user_messages um JOIN messages m ON m.id = um.message_id
        WHERE um.user_id = $1 AND (um.flags & 1) = 0 ORDER BY um.message_id DESC LIMIT $2 + 1),
     kept AS (SELECT * FROM unread ORDER BY id DESC LIMIT $2),
     groups AS (
       SELECT kind, channel_id, dm_user_ids, (array_agg(topic ORDER BY id))[1] AS topic,
              array_to_json(array_agg(id ORDER BY id))::text AS ids, count(*)::int AS count,
              coalesce(array_agg(id::int ORDER BY id) FILTER (WHERE flags & $3 <> 0), '{}') AS mentions,
              coalesce(array_agg(id::int ORDER BY id) FILTER (WHERE flags & $3 = 0 AND flags & $4 <> 0), '{}') AS wildcards,
              min(id) AS first
         FROM kept
        GROUP BY kind, channel_id, CASE WHEN kind = 'channel' THEN lower(topic) END, dm_user_ids)
     SELECT g.kind, g.channel_id, g.dm_user_ids, g.topic, g.ids, g.count, g.mentions, g.wildcards,
            coalesce((SELECT ut.visibility_policy FROM user_topics ut
                       WHERE g.kind = 'channel' AND ut.user_id = $1 AND ut.channel_id = g.channel_id AND lower(ut.topic) = lower(g.topic)), 0) AS policy,
            (SELECT count(*) FROM unread) > $2 AS missing
       FROM groups g ORDER BY g.first`,
    [userId, max, bits.mention, bits.wildcard],
  );
  return { groups: rows as UnreadGroup[], missing: rows[0]?.missing ?? false };
}
