import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { multipartParser } from './multipart';
import {
  ApiError,
  BadRequestError,
  CALLER_HEADER,
  Caller,
  decodeCaller,
  InternalError,
  isApiError,
  Logger,
  NotFoundError,
  parseAvatarPath,
  thumbnailFormatNamed,
  thumbnailKey,
  UnauthorizedError,
  ZULIP_EMOJI_IMAGE_PATH,
} from '@parley/common';
import { AttachmentDeps, mayReadFile, recordUpload, UploadBounds } from '../domain/attachments';
import type { AvatarDeps } from '../domain/avatars';
import { newPathId, parsePathId, sanitizeFileName, servedAs, storedContentType } from '../domain/names';
import { readTemporaryToken } from '../domain/temporary';
import { examineUpload, examineUploadQuietly } from '../domain/thumbnails';
import { TUS_PATH, TusHandler } from './tus';
import { FileForbiddenError, FileNotFoundError, FileTooLargeError } from '../domain/errors';
import * as store from '../store/attachments';
import type { AttachmentRow } from '../store/attachments';
import { TooLargeError } from '../storage';
import { isEmojiUploadPath, serveEmojiImage, serveZulipEmoji, uploadEmoji } from './emoji';
import { isAvatarUploadPath, redirectToAvatar, serveAvatar, uploadAvatar } from './avatars';

export interface FileHttpOptions {
  deps: AttachmentDeps & AvatarDeps;
  secret: string;
  maxFileUploadSizeMib: number;
  /** What one user's uploads may take: bytes in all and how many (config's maxUploadMibPerUser, maxUploadsPerUser). */
  uploadBounds: UploadBounds;
  /** The custom emoji a realm may have made in all, deactivated ones included (config's maxCustomEmojiPerRealm). */
  maxCustomEmojiPerRealm: number;
  temporaryUrlSeconds: number;
  /** Resumable uploads at /api/v1/tus (see tus.ts). */
  tus?: TusHandler;
  /** Zulip's MAX_EMOJI_FILE_SIZE_MIB (default 5). */
  maxEmojiFileSizeMib?: number;
}

export interface FileHttpServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The uploads service's internal HTTP server, for what must stream rather than travel in a
 * gRPC message: POST /user_uploads (the multipart body straight into the store) and GET
 * /user_uploads/<path_id> (the file out of the store, or a redirect to a presigned URL); custom
 * emoji images likewise (./emoji.ts). Only the gateway calls it; it trusts no identity but the signed caller header.
 */
export async function startFileHttpServer(addr: string, opts: FileHttpOptions): Promise<FileHttpServer> {
  const server = http.createServer((req, res) => {
    handle(opts, req, res).catch((err: unknown) => {
      // What the client still sends is read and dropped, so it gets the answer.
      req.resume();
      if (clientWentAway(req, res)) {
        // Nobody reads the answer, and it is no failure of ours (as the gateway logs it).
        opts.deps.log.debug({ reason: err instanceof Error ? err.message : String(err), path: (req.url ?? '').split('?')[0] }, 'client aborted the request');
        return;
      }
      sendError(res, isApiError(err) ? err : internal(opts.deps.log, err));
    });
  });
  server.requestTimeout = 0; // big uploads take as long as they take; the gateway bounds idle time
  const [host, port] = splitAddr(addr);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * Whether the client (the gateway, for a client of its own that went away) left before its
 * answer: its connection is gone, so whatever failed was reading a request nobody finishes.
 */
function clientWentAway(req: IncomingMessage, res: ServerResponse): boolean {
  return !res.writableFinished && (req.socket.destroyed || res.destroyed);
}

function splitAddr(addr: string): [string, number] {
  const i = addr.lastIndexOf(':');
  return [addr.slice(0, i) || '127.0.0.1', Number(addr.slice(i + 1))];
}

async function handle(opts: FileHttpOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (opts.tus && (path === TUS_PATH || path.startsWith(`${TUS_PATH}/`))) return opts.tus.handle(req, res);
  if (req.method === 'POST' && path === '/user_uploads') return upload(opts, callerOf(opts, req), req, res);
  if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/user_uploads/temporary/')) {
    return serveTemporary(opts, path.slice('/user_uploads/temporary/'.length), req, res);
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/user_uploads/thumbnail/')) {
    return serveThumbnail(opts, callerOf(opts, req), path.slice('/user_uploads/thumbnail/'.length), req, res);
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/user_uploads/')) {
    return serveFile(opts, callerOf(opts, req), path.slice('/user_uploads/'.length), req, res);
  }
  if (req.method === 'POST' && isEmojiUploadPath(path)) return uploadEmoji(opts, callerOf(opts, req), path, req, res);
  if (req.method === 'POST' && isAvatarUploadPath(path)) return uploadAvatar(opts, callerOf(opts, req), req, res);
  if ((req.method === 'GET' || req.method === 'HEAD') && path === ZULIP_EMOJI_IMAGE_PATH) return serveZulipEmoji(req, res);
  if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/avatar/')) return redirectToAvatar(opts, callerOf(opts, req), path, req, res);
  if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/user_avatars/')) {
    const avatar = parseAvatarPath(path.slice('/user_avatars/'.length));
    if (avatar) return serveAvatar(opts, avatar, req, res);
    return serveEmojiImage(opts, path.slice('/user_avatars/'.length), req, res);
  }
  throw new NotFoundError();
}

export function callerOf(opts: FileHttpOptions, req: IncomingMessage): Caller {
  const raw = req.headers[CALLER_HEADER];
  const caller = typeof raw === 'string' ? decodeCaller(opts.secret, raw) : undefined;
  if (!caller) throw new UnauthorizedError();
  return caller;
}

/**
 * POST /user_uploads: one file part, under any field name, streamed into the store under a
 * new path_id; the attachment row is written once the whole file is stored, and an image's
 * thumbnails before the answer (domain/thumbnails.ts). Too large: 400 naming the limit, and
 * nothing stored.
 */
async function upload(opts: FileHttpOptions, caller: Caller, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const maxBytes = opts.maxFileUploadSizeMib * 1024 * 1024;
  const declared = Number(req.headers['content-length'] ?? NaN);
  // Multipart framing adds a few hundred bytes; a body far over the limit is refused unread.
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw new FileTooLargeError(opts.maxFileUploadSizeMib);
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new BadRequestError('You must specify a file to upload');
  const stored = await receiveFile(opts, caller, req, maxBytes);
  const row = await recordUpload(opts.deps.pool, caller, stored, opts.uploadBounds).catch(async (err: unknown) => {
    await opts.deps.files.delete(stored.pathId).catch(() => undefined);
    throw err;
  });
  await examineUploadQuietly(opts.deps, row);
  const url = `/user_uploads/${row.path_id}`;
  sendJson(res, 200, { result: 'success', msg: '', uri: url, url, filename: row.file_name });
}

function receiveFile(opts: FileHttpOptions, caller: Caller, req: IncomingMessage, maxBytes: number) {
  return new Promise<{ pathId: string; fileName: string; contentType: string; size: number }>((resolve, reject) => {
    const parser = multipartParser(req);
    let settled = false;
    let sawFile = false;
    let storing: Promise<void> | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('file', (_field, stream, info) => {
      if (sawFile) {
        stream.resume();
        return;
      }
      sawFile = true;
      const fileName = sanitizeFileName(info.filename ?? '');
      const contentType = storedContentType(info.mimeType, fileName);
      const pathId = newPathId(caller.realm_id, fileName);
      storing = opts.deps.files.put(pathId, stream, { contentType, maxBytes }).then(
        ({ size }) => {
          if (settled) return void opts.deps.files.delete(pathId).catch(() => undefined);
          settled = true;
          resolve({ pathId, fileName, contentType, size });
        },
        (err: unknown) => fail(err instanceof TooLargeError ? new FileTooLargeError(opts.maxFileUploadSizeMib) : err),
      );
    });
    parser.on('filesLimit', () => fail(new BadRequestError('You may only upload one file at a time')));
    parser.on('error', () => fail(new BadRequestError('Malformed multipart body')));
    parser.on('close', () => {
      if (!sawFile) fail(new BadRequestError('You must specify a file to upload'));
      // Otherwise the store's promise settles the request.
      void storing;
    });
    req.on('error', fail);
    req.pipe(parser);
  });
}

/** GET /user_uploads/<path_id>: the uploader, or a reader of a message linking to it. */
async function serveFile(opts: FileHttpOptions, caller: Caller, rawPath: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const row = await findFile(opts, decodePath(rawPath));
  if (!row || row.realm_id !== caller.realm_id) throw new FileNotFoundError();
  if (!(await mayReadFile(opts.deps, caller, row))) throw new FileForbiddenError();
  await sendFile(opts, row, req, res);
}

/**
 * GET /user_uploads/thumbnail/<path_id>/<format>: a thumbnail, to whoever may read the
 * upload itself. A format Parley does not make, or not of this image (an animated format of
 * a still one), and a file that is no image: 404.
 */
async function serveThumbnail(opts: FileHttpOptions, caller: Caller, rawPath: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = decodePath(rawPath);
  const cut = path.lastIndexOf('/');
  if (cut < 0 || !thumbnailFormatNamed(path.slice(cut + 1))) throw new FileNotFoundError();
  const found = await findFile(opts, path.slice(0, cut));
  if (!found || found.realm_id !== caller.realm_id) throw new FileNotFoundError();
  if (!(await mayReadFile(opts.deps, caller, found))) throw new FileForbiddenError();
  const row = await examineUpload(opts.deps, found);
  const thumbnail = row.thumbnails.find((t) => t.name === path.slice(cut + 1));
  if (!thumbnail) throw new FileNotFoundError();
  await sendFile(
    opts,
    {
      path_id: thumbnailKey(row.path_id, thumbnail.name),
      file_name: thumbnail.name,
      content_type: thumbnail.content_type,
      size: thumbnail.byte_size,
      create_time: row.create_time,
    },
    req,
    res,
  );
}

async function serveTemporary(opts: FileHttpOptions, rest: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = rest.split('/')[0];
  const pathId = readTemporaryToken(opts.secret, token, Date.now());
  if (!pathId) throw new ApiError('BAD_REQUEST', 'Invalid or expired temporary URL.', 403);
  const row = await findFile(opts, pathId);
  if (!row) throw new FileNotFoundError();
  await sendFile(opts, row, req, res);
}

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new FileNotFoundError();
  }
}

async function findFile(opts: FileHttpOptions, path: string): Promise<AttachmentRow | undefined> {
  const parsed = parsePathId(path);
  if (!parsed) throw new FileNotFoundError();
  const [row] = await store.attachmentsByPathIds(opts.deps.pool, parsed.realmId, [parsed.pathId]);
  return row;
}

/** What sendFile needs of a stored file: its key (path_id), name, type, size and date. */
export type ServedFile = Pick<AttachmentRow, 'path_id' | 'file_name' | 'content_type' | 'size' | 'create_time'>;

/**
 * What every served file's answer carries: no sniffing a type out of the bytes, and the
 * lock-down policy for a file opened on its own (nothing it holds may run, load or frame).
 */
export const FILE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'",
} as const;

/**
 * S3: a redirect to a short-lived presigned URL, whose answer's type and disposition S3 is told
 * to force (response-content-type, response-content-disposition). Folder: the bytes, with type,
 * disposition, FILE_SECURITY_HEADERS and caching headers (`cacheControl`: by default the
 * browser may keep them, proxies may not). Either way a file of a type that is not inert is
 * served as application/octet-stream, as an attachment (servedAs).
 */
export async function sendFile(opts: FileHttpOptions, row: ServedFile, req: IncomingMessage, res: ServerResponse, cacheControl = 'private, max-age=86400, immutable'): Promise<void> {
  const served = servedAs(row.content_type, row.file_name);
  const presigned = await opts.deps.files.presignedGetUrl(row.path_id, opts.temporaryUrlSeconds, { contentDisposition: served.disposition, contentType: served.contentType });
  if (presigned) {
    res.writeHead(302, { location: presigned, 'cache-control': 'private, no-store', 'content-length': '0', 'x-content-type-options': 'nosniff' });
    res.end();
    return;
  }
  const body = req.method === 'HEAD' ? null : await opts.deps.files.get(row.path_id);
  if (req.method !== 'HEAD' && !body) throw new FileNotFoundError();
  res.writeHead(200, {
    'content-type': served.contentType,
    'content-length': String(row.size),
    'content-disposition': served.disposition,
    // Path ids are random and files never change.
    'cache-control': cacheControl,
    ...FILE_SECURITY_HEADERS,
    'last-modified': row.create_time.toUTCString(),
  });
  if (!body) return void res.end();
  body.on('error', (err) => {
    opts.deps.log.warn({ err, path: row.path_id }, 'reading an uploaded file failed mid-way');
    res.destroy();
  });
  body.pipe(res);
}

export function sendJson(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) return void res.destroy();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-content-type-options': 'nosniff' });
  res.end(text);
}

function sendError(res: ServerResponse, err: ApiError): void {
  sendJson(res, err.httpStatus, err.toBody());
}

function internal(log: Logger, err: unknown): ApiError {
  log.error({ err }, 'unexpected error in the uploads HTTP server');
  return new InternalError();
}
