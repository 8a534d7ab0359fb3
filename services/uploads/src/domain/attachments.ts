import pg from 'pg';
import { BadRequestError, Caller, emit, Logger, Queryable, RpcClients, withTransaction } from '@parley/common';
import type { FileStore } from '../storage';
import * as store from '../store/attachments';
import type { AttachmentRow } from '../store/attachments';
import { UploadCountError, UploadQuotaError } from './errors';

/**
 * Attachments: the uploaded files and the messages that link to them. A file is its
 * uploader's alone until a message links to it; then whoever can read one of those messages
 * may read it too. Deleting its last message deletes it; a file no message ever linked to
 * goes after a grace period. Objects leave the store after the rows' transaction commits
 * (doomed_objects), so a failed commit never loses a file and a failed delete is retried.
 */
export interface AttachmentDeps {
  pool: pg.Pool;
  files: FileStore;
  clients: RpcClients;
  log: Logger;
}

const ms = (d: Date) => d.getTime();

export function formatAttachment(row: AttachmentRow, messages: { id: number; date_sent: Date }[]) {
  return {
    id: row.id,
    name: row.file_name,
    path_id: row.path_id,
    size: row.size,
    create_time: ms(row.create_time),
    messages: messages.map((m) => ({ id: m.id, date_sent: ms(m.date_sent) })),
  };
}

async function formatAll(db: Queryable, rows: AttachmentRow[]) {
  const messages = await store.messagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => formatAttachment(r, messages.get(r.id) ?? []));
}

/**
 * `attachment` events go to the uploader's clients only, with the realm's space used. One
 * notifier per transaction, made after its changes: the space used is read once per realm,
 * however many events the transaction sends.
 */
function notifier(tx: Queryable) {
  const spaceUsed = new Map<number, Promise<number>>();
  return async (realmId: number, ownerId: number, event: Record<string, unknown>): Promise<void> => {
    if (!spaceUsed.has(realmId)) spaceUsed.set(realmId, store.realmSpaceUsed(tx, realmId));
    await emit(tx, 'uploads', realmId, [ownerId], { type: 'attachment', ...event, upload_space_used: await spaceUsed.get(realmId)! });
  };
}

/**
 * What one user's uploads may take, Parley's bounds (Zulip has none per user): bytes in all
 * (MAX_UPLOAD_MIB_PER_USER) and how many (MAX_UPLOADS_PER_USER).
 */
export interface UploadBounds {
  maxMibPerUser: number;
  maxUploadsPerUser: number;
}

/**
 * Refuses a file of `size` bytes that would take the caller's uploads past their bounds:
 * UploadCountError past their number, UploadQuotaError past their bytes.
 */
export async function ensureUploadRoom(db: Queryable, caller: Caller, size: number, bounds: UploadBounds): Promise<void> {
  const used = await store.ownerUsage(db, caller.realm_id, caller.user_id);
  if (used.count + 1 > bounds.maxUploadsPerUser) throw new UploadCountError(bounds.maxUploadsPerUser);
  if (used.bytes + size > bounds.maxMibPerUser * 1024 * 1024) throw new UploadQuotaError(bounds.maxMibPerUser);
}

/**
 * Records a stored file as the caller's upload, within one user's bounds (UploadBounds;
 * counted under a per-user advisory lock, so two uploads at once cannot both pass them).
 * Past them: UploadCountError or UploadQuotaError, and the caller deletes the stored file.
 */
export async function recordUpload(pool: pg.Pool, caller: Caller, file: { pathId: string; fileName: string; contentType: string; size: number }, bounds: UploadBounds): Promise<AttachmentRow> {
  return withTransaction(pool, async (tx) => {
    await store.lockOwnerUploads(tx, caller.realm_id, caller.user_id);
    await ensureUploadRoom(tx, caller, file.size, bounds);
    const row = await store.insertAttachment(tx, {
      realm_id: caller.realm_id,
      owner_id: caller.user_id,
      path_id: file.pathId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
    });
    const notify = notifier(tx);
    await notify(caller.realm_id, caller.user_id, { op: 'add', attachment: formatAttachment(row, []) });
    return row;
  });
}

export async function listAttachments(db: Queryable, caller: Caller) {
  const rows = await store.attachmentsOfOwner(db, caller.realm_id, caller.user_id);
  return { attachments: await formatAll(db, rows), upload_space_used: await store.realmSpaceUsed(db, caller.realm_id) };
}

export async function deleteAttachment(deps: AttachmentDeps, caller: Caller, id: number): Promise<void> {
  await withTransaction(deps.pool, async (tx) => {
    const row = await store.attachmentById(tx, caller.realm_id, id, true);
    if (!row || row.owner_id !== caller.user_id) throw new BadRequestError('Invalid attachment');
    await store.deleteAttachments(tx, [row.id]);
    const notify = notifier(tx);
    await notify(row.realm_id, row.owner_id, { op: 'remove', attachment: { id: row.id } });
  });
  await purgeDoomed(deps);
}

export interface SyncRequest {
  realm_id: number;
  message_id: number;
  sender_id: number;
  date_sent: number;
  path_ids: string[];
  is_edit: boolean;
}

/**
 * A message links to these files now. The sender's own uploads are claimed; so are other
 * users' files the sender may already read (Zulip lets whoever can see a link share it
 * again): `mayRead` says which. On an edit, the files the new content dropped lose this
 * message, and those of the sender's that no message links to any more come back as the
 * edit's detached_uploads (kept, for the sender to delete or link again).
 */
export async function syncMessageAttachments(pool: pg.Pool, req: SyncRequest, mayRead: (rows: AttachmentRow[]) => Promise<Set<number>>) {
  const found = await store.attachmentsByPathIds(pool, req.realm_id, [...new Set(req.path_ids)]);
  const others = found.filter((r) => r.owner_id !== req.sender_id);
  const readable = others.length ? await mayRead(others) : new Set<number>();
  const claimed = found.filter((r) => r.owner_id === req.sender_id || readable.has(r.id)).map((r) => r.id);
  return withTransaction(pool, async (tx) => {
    const before = req.is_edit ? await store.attachmentIdsOfMessage(tx, req.message_id) : [];
    const dropped = before.filter((id) => !claimed.includes(id));
    await store.unlinkMessages(tx, [req.message_id], dropped);
    await store.linkMessage(
      tx,
      claimed.filter((id) => !before.includes(id)),
      req.message_id,
      new Date(req.date_sent * 1000),
    );
    const changed = await store.attachmentsByIds(tx, [...new Set([...dropped, ...claimed.filter((id) => !before.includes(id))])]);
    const formatted = await formatAll(tx, changed);
    const notify = notifier(tx);
    for (const [i, row] of changed.entries()) await notify(row.realm_id, row.owner_id, { op: 'update', attachment: formatted[i] });
    const orphans = new Set(await store.unreferenced(tx, dropped));
    const detached = formatted.filter((a, i) => orphans.has(a.id) && changed[i].owner_id === req.sender_id);
    return { detached_uploads: detached };
  });
}

/**
 * These messages are gone: their links go, and the files no message links to any more are
 * deleted (Zulip deletes a file with its last message).
 */
export async function releaseMessages(deps: AttachmentDeps, messageIds: number[]): Promise<number> {
  const removed = await withTransaction(deps.pool, async (tx) => {
    const touched = await store.unlinkMessages(tx, messageIds);
    const orphans = await store.unreferenced(tx, touched);
    const gone = await store.deleteAttachments(tx, orphans);
    const notify = notifier(tx);
    for (const row of gone) await notify(row.realm_id, row.owner_id, { op: 'remove', attachment: { id: row.id } });
    const updated = await store.attachmentsByIds(
      tx,
      touched.filter((id) => !orphans.includes(id)),
    );
    const formatted = await formatAll(tx, updated);
    for (const [i, row] of updated.entries()) await notify(row.realm_id, row.owner_id, { op: 'update', attachment: formatted[i] });
    return gone.length;
  });
  await purgeDoomed(deps);
  return removed;
}

/** Deletes uploads no message ever linked to that are older than the grace period, in batches; safe on several replicas. */
export async function collectGarbage(deps: AttachmentDeps, now: Date, graceMs: number, realmId?: number): Promise<number> {
  const before = new Date(now.getTime() - graceMs);
  let removed = 0;
  for (;;) {
    const batch = await withTransaction(deps.pool, async (tx) => {
      const ids = await store.claimUnclaimed(tx, before, 500, realmId);
      const gone = await store.deleteAttachments(tx, ids);
      const notify = notifier(tx);
      for (const row of gone) await notify(row.realm_id, row.owner_id, { op: 'remove', attachment: { id: row.id } });
      return gone.length;
    });
    removed += batch;
    if (batch < 500) break;
  }
  await purgeDoomed(deps);
  return removed;
}

/** Deletes from the store the objects whose rows are gone; what fails stays for the next run. */
export async function purgeDoomed(deps: AttachmentDeps): Promise<void> {
  for (;;) {
    const paths = await store.doomedObjects(deps.pool, 100);
    let done = 0;
    for (const path of paths) {
      try {
        await deps.files.delete(path);
        await store.forgetDoomed(deps.pool, path);
        done++;
      } catch (err) {
        deps.log.warn({ err, path }, 'could not delete an uploaded file from the store; will retry');
      }
    }
    if (paths.length < 100 || done === 0) return;
  }
}

/**
 * Whether the caller may read the file: its uploader always; anyone else when they may read
 * one of the messages that link to it (the messages service decides, by its access rules).
 */
export async function mayReadFile(deps: AttachmentDeps, caller: Caller, row: AttachmentRow): Promise<boolean> {
  if (row.realm_id !== caller.realm_id) return false;
  if (row.owner_id === caller.user_id) return true;
  return (await readableAmong(deps, caller, [row])).has(row.id);
}

/** Of these attachments, those linked from a message the caller may read. */
export async function readableAmong(deps: Pick<AttachmentDeps, 'pool' | 'clients'>, caller: Caller, rows: AttachmentRow[]): Promise<Set<number>> {
  const messages = await store.messagesOf(
    deps.pool,
    rows.map((r) => r.id),
  );
  const ids = [...new Set([...messages.values()].flat().map((m) => m.id))].slice(-1000);
  if (!ids.length) return new Set();
  const reply = await deps.clients.messages.getAccessibleMessageIds({ message_ids: ids }, { caller, client: 'uploads', host: '' });
  const readable = new Set(reply.message_ids.map(Number));
  return new Set(rows.filter((r) => (messages.get(r.id) ?? []).some((m) => readable.has(m.id))).map((r) => r.id));
}
