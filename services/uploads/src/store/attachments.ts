import type { Queryable } from '@parley/common';

/** Rows of the uploads schema (migrations/0002_attachments.sql, 0005_image_attachments.sql): the file and what it is as an image. */
export type AttachmentRow = AttachmentFile & ImageInfo;

export interface AttachmentFile {
  id: number;
  realm_id: number;
  owner_id: number;
  path_id: string;
  file_name: string;
  content_type: string;
  size: number;
  create_time: Date;
}

/** One thumbnail written to the store (under thumbnailKey(path_id, name)). */
export interface StoredThumbnail {
  name: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
}

/**
 * What the file is as an image: unexamined (status null), not one Parley thumbnails, or an
 * image with its original size, frames and thumbnails.
 */
export type ImageInfo =
  | { image_status: null | 'not_image'; original_width_px: null; original_height_px: null; frames: null; thumbnails: [] }
  | { image_status: 'thumbnailed'; original_width_px: number; original_height_px: number; frames: number; thumbnails: StoredThumbnail[] };

/** What an upload's row is made of; the image columns are filled in afterwards (recordImage). */
export type NewAttachment = Pick<AttachmentFile, 'realm_id' | 'owner_id' | 'path_id' | 'file_name' | 'content_type' | 'size'>;

const COLUMNS =
  'id::float8 AS id, realm_id::float8 AS realm_id, owner_id::float8 AS owner_id, path_id, file_name, content_type, size::float8 AS size, create_time, ' +
  'image_status, original_width_px, original_height_px, frames, thumbnails';

export async function insertAttachment(db: Queryable, a: NewAttachment, createTime?: Date): Promise<AttachmentRow> {
  const { rows } = await db.query<AttachmentRow>(
    `INSERT INTO attachments (realm_id, owner_id, path_id, file_name, content_type, size, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now())) RETURNING ${COLUMNS}`,
    [a.realm_id, a.owner_id, a.path_id, a.file_name, a.content_type, a.size, createTime ?? null],
  );
  return rows[0];
}

export async function attachmentById(db: Queryable, realmId: number, id: number, lock = false): Promise<AttachmentRow | undefined> {
  const { rows } = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE realm_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [realmId, id]);
  return rows[0];
}

export async function attachmentsByPathIds(db: Queryable, realmId: number, pathIds: string[], lock = false): Promise<AttachmentRow[]> {
  if (!pathIds.length) return [];
  const { rows } = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE realm_id = $1 AND path_id = ANY($2::text[]) ORDER BY id${lock ? ' FOR UPDATE' : ''}`, [realmId, pathIds]);
  return rows;
}

export async function attachmentsOfOwner(db: Queryable, realmId: number, ownerId: number): Promise<AttachmentRow[]> {
  const { rows } = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE realm_id = $1 AND owner_id = $2 ORDER BY id DESC`, [realmId, ownerId]);
  return rows;
}

export async function attachmentsByIds(db: Queryable, ids: number[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
  return rows;
}

/** The messages linking to each attachment, oldest first. */
export async function messagesOf(db: Queryable, attachmentIds: number[]): Promise<Map<number, { id: number; date_sent: Date }[]>> {
  const out = new Map<number, { id: number; date_sent: Date }[]>();
  if (!attachmentIds.length) return out;
  const { rows } = await db.query<{ attachment_id: number; message_id: number; date_sent: Date }>(
    `SELECT attachment_id::float8 AS attachment_id, message_id::float8 AS message_id, date_sent
       FROM attachment_messages WHERE attachment_id = ANY($1::bigint[]) ORDER BY message_id`,
    [attachmentIds],
  );
  for (const r of rows) {
    const list = out.get(r.attachment_id) ?? [];
    list.push({ id: r.message_id, date_sent: r.date_sent });
    out.set(r.attachment_id, list);
  }
  return out;
}

export async function attachmentIdsOfMessage(db: Queryable, messageId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT attachment_id::float8 AS id FROM attachment_messages WHERE message_id = $1', [messageId]);
  return rows.map((r) => r.id);
}

export async function linkMessage(db: Queryable, attachmentIds: number[], messageId: number, dateSent: Date): Promise<void> {
  if (!attachmentIds.length) return;
  await db.query(
    `INSERT INTO attachment_messages (attachment_id, message_id, date_sent)
     SELECT unnest($1::bigint[]), $2, $3 ON CONFLICT DO NOTHING`,
    [attachmentIds, messageId, dateSent],
  );
}

/** Removes the links of these messages (to these attachments, when given); returns the attachments touched. */
export async function unlinkMessages(db: Queryable, messageIds: number[], attachmentIds?: number[]): Promise<number[]> {
  if (!messageIds.length) return [];
  const { rows } = await db.query<{ id: number }>(
    `DELETE FROM attachment_messages WHERE message_id = ANY($1::bigint[])
       AND ($2::bigint[] IS NULL OR attachment_id = ANY($2::bigint[]))
     RETURNING attachment_id::float8 AS id`,
    [messageIds, attachmentIds ?? null],
  );
  return [...new Set(rows.map((r) => r.id))];
}

/** Of these attachments, the ones no message links to. */
export async function unreferenced(db: Queryable, attachmentIds: number[]): Promise<number[]> {
  if (!attachmentIds.length) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT a.id::float8 AS id FROM attachments a WHERE a.id = ANY($1::bigint[])
       AND NOT EXISTS (SELECT 1 FROM attachment_messages m WHERE m.attachment_id = a.id)`,
    [attachmentIds],
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes attachment rows and records their objects (each file and its thumbnails) for
 * deletion from the store, in one statement.
 */
export async function deleteAttachments(db: Queryable, ids: number[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<AttachmentRow>(
    `WITH gone AS (DELETE FROM attachments WHERE id = ANY($1::bigint[]) RETURNING *),
          doomed AS (INSERT INTO doomed_objects (path_id)
                       SELECT path_id FROM gone
                       UNION ALL
                       SELECT 'thumbnail/' || g.path_id || '/' || (t ->> 'name') FROM gone g, jsonb_array_elements(g.thumbnails) t
                     ON CONFLICT DO NOTHING)
     SELECT ${COLUMNS} FROM gone`,
    [ids],
  );
  return rows;
}

/**
 * Records what examining the file found, once: only a row still unexamined changes. False when
 * the row is gone or another examination got there first (the caller's thumbnails are then
 * not the row's).
 */
export async function recordImage(db: Queryable, id: number, info: ImageInfo): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE attachments SET image_status = $2, original_width_px = $3, original_height_px = $4, frames = $5, thumbnails = $6::jsonb
      WHERE id = $1 AND image_status IS NULL`,
    [id, info.image_status, info.original_width_px, info.original_height_px, info.frames, JSON.stringify(info.thumbnails)],
  );
  return rowCount === 1;
}

/** Uploads older than `before` that no message ever linked to, locked for this job (other replicas skip them). */
export async function claimUnclaimed(db: Queryable, before: Date, limit: number, realmId?: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT a.id::float8 AS id FROM attachments a
      WHERE a.create_time < $1 AND ($3::bigint IS NULL OR a.realm_id = $3)
        AND NOT EXISTS (SELECT 1 FROM attachment_messages m WHERE m.attachment_id = a.id)
      ORDER BY a.id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [before, limit, realmId ?? null],
  );
  return rows.map((r) => r.id);
}

export async function doomedObjects(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ path_id: string }>('SELECT path_id FROM doomed_objects ORDER BY doomed_at LIMIT $1', [limit]);
  return rows.map((r) => r.path_id);
}

export async function forgetDoomed(db: Queryable, pathId: string): Promise<void> {
  await db.query('DELETE FROM doomed_objects WHERE path_id = $1', [pathId]);
}

/** Serialises one user's new uploads until the transaction ends (their bytes and number are bounded). */
export async function lockOwnerUploads(tx: Queryable, realmId: number, ownerId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`uploads:per-user:${realmId}`, ownerId]);
}

/** Bytes and number of one user's uploads. */
export async function ownerUsage(db: Queryable, realmId: number, ownerId: number): Promise<{ bytes: number; count: number }> {
  const { rows } = await db.query<{ bytes: number; count: number }>(
    'SELECT coalesce(sum(size), 0)::float8 AS bytes, count(*)::float8 AS count FROM attachments WHERE realm_id = $1 AND owner_id = $2',
    [realmId, ownerId],
  );
  return rows[0];
}

/** Bytes of every upload of the realm (Zulip's upload_space_used). */
export async function realmSpaceUsed(db: Queryable, realmId: number): Promise<number> {
  const { rows } = await db.query<{ used: number }>('SELECT coalesce(sum(size), 0)::float8 AS used FROM attachments WHERE realm_id = $1', [realmId]);
  return rows[0].used;
}
