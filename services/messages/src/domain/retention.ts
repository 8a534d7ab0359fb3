import pg from 'pg';
import { bindClient, emit, Logger, RpcClients, startPeriodicJob, withTransaction } from '@parley/common';
import * as store from '../store/retention';
import { releaseMessages, type UploadsCall } from './attachments';

/**
 * Message retention: messages older than their channel's message_retention_days (the realm's
 * for channels on "realm_default", and for direct messages) are deleted with every user's
 * copy, and whoever had them gets delete_message; after each batch commits, the uploads
 * service releases the files they linked to. Never for "unlimited" (-1). One replica works
 * at a time (a PostgreSQL advisory lock), in batches, so a large backlog neither holds long
 * locks nor runs twice. Each realm on its own: one whose policy cannot be read (a realm the
 * users service no longer knows, a service down) is logged and left for the next run, and
 * the others go on.
 */
const BATCH = 500;
const ctx = { client: 'Internal', host: '' };

export async function applyRetention(pool: pg.Pool, clients: RpcClients, log: Logger, now = new Date()): Promise<number> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext('messages:retention')) AS locked");
    if (!rows[0].locked) return 0;
    try {
      let deleted = 0;
      for (const realmId of await store.realmsWithMessages(pool)) {
        try {
          deleted += await applyRealmRetention(pool, clients, log, realmId, now);
        } catch (err) {
          log.warn({ err, realmId }, 'retention skipped a realm');
        }
      }
      return deleted;
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('messages:retention'))");
    }
  } finally {
    client.release();
  }
}

async function applyRealmRetention(pool: pg.Pool, clients: RpcClients, log: Logger, realmId: number, now: Date): Promise<number> {
  const [policies, realm] = await Promise.all([clients.channels.getRetentionPolicies({ realm_id: realmId }, ctx), clients.users.getRealmPolicy({ realm_id: realmId }, ctx)]);
  const realmDays = Number((JSON.parse(realm.settings) as { message_retention_days?: number }).message_retention_days ?? -1);
  const cutoff = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const targets: store.RetentionTarget[] = [];
  if (realmDays > 0) targets.push({ kind: 'direct', before: cutoff(realmDays) });
  for (const c of policies.channels) {
    const days = c.message_retention_days === undefined || c.message_retention_days === null ? realmDays : Number(c.message_retention_days);
    if (days > 0) targets.push({ kind: 'channel', channel_id: Number(c.stream_id), before: cutoff(days) });
  }
  const uploads: UploadsCall = bindClient(clients.uploads, ctx);
  let deleted = 0;
  for (const target of targets) {
    for (;;) {
      const gone = await withTransaction(pool, async (tx) => {
        const rows = await store.deleteExpired(tx, realmId, target, BATCH);
        for (const m of rows) {
          await emit(
            tx,
            'messages',
            realmId,
            m.user_ids,
            m.kind === 'channel'
              ? { type: 'delete_message', message_type: 'stream', message_id: m.id, message_ids: [m.id], stream_id: m.channel_id, topic: m.topic }
              : { type: 'delete_message', message_type: 'private', message_id: m.id, message_ids: [m.id] },
          );
        }
        return rows;
      });
      // After COMMIT; a failure only leaks files (logged), the next batch goes on.
      await releaseMessages(
        uploads,
        log,
        realmId,
        gone.filter((m) => m.links_uploads).map((m) => m.id),
      );
      deleted += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  if (deleted) log.info({ realmId, deleted }, 'retention deleted messages');
  return deleted;
}

/** Runs the job every `intervalMs`, one run at a time; returns what stops it. */
export function startRetentionJob(pool: pg.Pool, clients: RpcClients, log: Logger, intervalMs: number): () => Promise<void> {
  return startPeriodicJob('retention', intervalMs, log, () => applyRetention(pool, clients, log));
}
