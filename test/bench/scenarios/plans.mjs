/**
 * Which indexes S5's reads use: the messages schema's pg_stat_user_indexes (idx_scan) and
 * pg_stat_user_tables (seq_scan) before and after a measurement. The services build their
 * SQL at run time with bound parameters, so instead of re-creating it for EXPLAIN, the bench
 * reports what PostgreSQL counted: the indexes scanned and any sequential scans, per request.
 */
import { query } from '../harness.mjs';
import { sleep } from '../lib.mjs';

export async function scanCounts(url) {
  const indexes = await query(url, `SELECT relname || '.' || indexrelname AS name, idx_scan::bigint AS n FROM pg_stat_user_indexes WHERE schemaname = 'messages'`);
  const tables = await query(url, `SELECT relname AS name, seq_scan::bigint AS n FROM pg_stat_user_tables WHERE schemaname = 'messages'`);
  return { indexes: Object.fromEntries(indexes.map((r) => [r.name, Number(r.n)])), seq: Object.fromEntries(tables.map((r) => [r.name, Number(r.n)])) };
}

/** Scans per request between two snapshots (statistics are flushed about once a second: wait first). */
export async function scansPerRequest(url, before, requests) {
  await sleep(1500);
  const after = await scanCounts(url);
  const per = (a, b) =>
    Object.fromEntries(
      Object.entries(a)
        .map(([k, n]) => [k, (n - (b[k] ?? 0)) / Math.max(1, requests)])
        .filter(([, x]) => x >= 0.01),
    );
  return { indexScans: per(after.indexes, before.indexes), seqScans: per(after.seq, before.seq) };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL Parley builds for a GET /messages: the messages
 * service's own fetchMessages (services/messages/dist/domain/fetch.js) runs with a recording
 * database and a Directory whose users/channels answers are made from the seed (every channel
 * readable, as it is for user1), then each recorded statement is explained with its
 * parameters on the run database. Custom plans, as Parley's unprepared statements get.
 */
export async function explainFetch(runUrl, { meta, user, request }) {
  const { createRequire } = await import('node:module');
  const { join } = await import('node:path');
  const { ROOT } = await import('../lib.mjs');
  const require = createRequire(join(ROOT, 'services/messages/package.json'));
  const { fetchMessages } = require(join(ROOT, 'services/messages/dist/domain/fetch.js'));
  const { Directory } = require(join(ROOT, 'services/messages/dist/domain/directory.js'));
  const pg = require('pg');
  const channels = meta.channels.map((c) => ({
    found: true,
    stream_id: c.id,
    name: c.name,
    subscribed: c.subscribers.includes(user.id),
    content: true,
    post: true,
    administer: false,
    history_visible: true,
    is_archived: false,
    invite_only: false,
    is_web_public: false,
    topics_policy: 'inherit',
    group_settings: '{}',
  }));
  const answer = {
    GetRealmPolicy: { settings: '{}', system_groups: {}, string_id: '' },
    ResolveUsers: { users: [], unknown: [] },
    GetLinkifiers: { json: '{"linkifiers":[]}' },
    ListAccess: { channels },
  };
  const stub = {
    call: async (method) => {
      if (!(method in answer)) throw new Error(`explainFetch: no stub for ${method}`);
      return answer[method];
    },
  };
  const dir = new Directory(
    { users: stub, channels: stub, uploads: stub },
    { caller: { realm_id: meta.realmId, user_id: user.id, role: 400, is_bot: false, email: user.email }, client: 'bench', host: '' },
  );
  const recorded = [];
  const db = {
    query: async (text, values) => {
      recorded.push(typeof text === 'string' ? { text, values: values ?? [] } : { text: text.text, values: text.values ?? [] });
      return { rows: [], rowCount: 0 };
    },
  };
  await fetchMessages(db, dir, request);
  const client = new pg.Client({ connectionString: runUrl, options: '-c search_path=messages' });
  await client.connect();
  try {
    const plans = [];
    for (const q of recorded) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.text}`, q.values);
      plans.push({ sql: q.text.replace(/\s+/g, ' ').trim(), plan: rows.map((r) => r['QUERY PLAN']) });
    }
    return plans;
  } finally {
    await client.end();
  }
}
