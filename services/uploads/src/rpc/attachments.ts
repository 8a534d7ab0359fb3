import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { AttachmentIdRequest__Output } from '@parley/common/generated/parley/uploads/v1/AttachmentIdRequest';
import type { GetFileTemporaryUrlRequest__Output } from '@parley/common/generated/parley/uploads/v1/GetFileTemporaryUrlRequest';
import type { SyncMessageAttachmentsRequest__Output } from '@parley/common/generated/parley/uploads/v1/SyncMessageAttachmentsRequest';
import type { ReleaseMessagesRequest__Output } from '@parley/common/generated/parley/uploads/v1/ReleaseMessagesRequest';
import type { CollectGarbageRequest__Output } from '@parley/common/generated/parley/uploads/v1/CollectGarbageRequest';
import type { GetUploadPreviewsRequest__Output } from '@parley/common/generated/parley/uploads/v1/GetUploadPreviewsRequest';
import { AttachmentDeps, collectGarbage, deleteAttachment, listAttachments, mayReadFile, readableAmong, releaseMessages, syncMessageAttachments } from '../domain/attachments';
import { FileForbiddenError, FileNotFoundError } from '../domain/errors';
import { parsePathId } from '../domain/names';
import { temporaryToken } from '../domain/temporary';
import { uploadPreviews } from '../domain/thumbnails';
import * as store from '../store/attachments';

export interface UploadsRpcDeps extends AttachmentDeps {
  secret: string;
  temporaryUrlSeconds: number;
  unclaimedGraceMs: number;
}

/** The uploads RPCs; each a few lines over the domain. */
export const getAttachments =
  (deps: UploadsRpcDeps): Handler<unknown, Reply<'GET /attachments'>> =>
  async (_req, ctx) =>
    listAttachments(deps.pool, ctx.caller);

export const deleteAttachmentRpc =
  (deps: UploadsRpcDeps): Handler<AttachmentIdRequest__Output, Reply<'DELETE /attachments/{attachment_id}'>> =>
  async (req, ctx) => {
    await deleteAttachment(deps, ctx.caller, Number(req.attachment_id));
    return {};
  };

/** GET /user_uploads/{realm_id_str}/{filename}: a URL any client can fetch for a minute, for a file the caller may read. */
export const getFileTemporaryUrl =
  (deps: UploadsRpcDeps): Handler<GetFileTemporaryUrlRequest__Output, Reply<'GET /user_uploads/{realm_id_str}/{filename}'>> =>
  async (req, ctx) => {
    const parsed = parsePathId(`${req.realm_id_str}/${req.filename}`);
    if (!parsed || parsed.realmId !== ctx.caller.realm_id) throw new FileNotFoundError();
    const [row] = await store.attachmentsByPathIds(deps.pool, parsed.realmId, [parsed.pathId]);
    if (!row) throw new FileNotFoundError();
    if (!(await mayReadFile(deps, ctx.caller, row))) throw new FileForbiddenError();
    const token = temporaryToken(deps.secret, row.path_id, Date.now() + deps.temporaryUrlSeconds * 1000);
    return { url: `/user_uploads/temporary/${token}/${encodeURIComponent(row.file_name)}` };
  };

/**
 * Internal (messages). Other users' files are claimed when the sender may read them: the
 * messages service calls as the sender (the Notification Bot for its posts, the sender of a
 * scheduled message for its delivery); a call as anyone else claims the sender's own files only.
 */
export const syncMessageAttachmentsRpc =
  (deps: UploadsRpcDeps): Handler<SyncMessageAttachmentsRequest__Output> =>
  async (req, ctx) => {
    const sender = ctx.maybeCaller;
    return syncMessageAttachments(
      deps.pool,
      {
        realm_id: Number(req.realm_id),
        message_id: Number(req.message_id),
        sender_id: Number(req.sender_id),
        date_sent: Number(req.date_sent),
        path_ids: req.path_ids,
        is_edit: req.is_edit,
      },
      async (rows) => (sender && sender.user_id === Number(req.sender_id) ? readableAmong(deps, sender, rows) : new Set()),
    );
  };

export const releaseMessagesRpc =
  (deps: UploadsRpcDeps): Handler<ReleaseMessagesRequest__Output> =>
  async (req) => ({
    removed: await releaseMessages(deps, req.message_ids.map(Number)),
  });

export const collectGarbageRpc =
  (deps: UploadsRpcDeps): Handler<CollectGarbageRequest__Output> =>
  async (req) => ({
    removed: await collectGarbage(deps, req.now_ms == null ? new Date() : new Date(Number(req.now_ms)), deps.unclaimedGraceMs, req.realm_id == null ? undefined : Number(req.realm_id)),
  });

/** Internal (messages, before rendering): the inline previews of the uploads a message links to. */
export const getUploadPreviews =
  (deps: UploadsRpcDeps): Handler<GetUploadPreviewsRequest__Output> =>
  async (req, ctx) => ({
    previews: await uploadPreviews(deps, ctx.caller.realm_id, req.path_ids),
  });
