import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Caller, CALLER_HEADER, decodeCaller, isApiError, randomToken } from '@parley/common';
import { AttachmentDeps, ensureUploadRoom, recordUpload, UploadBounds } from '../domain/attachments';
import { examineUploadQuietly } from '../domain/thumbnails';
import { newPathId, sanitizeFileName, storedContentType } from '../domain/names';
import type { StorageConfig } from '../storage';

/**
 * Resumable uploads at /api/v1/tus (the tus protocol, as Zulip 10 offers it), with @tus/server.
 * Bytes arrive in the tus store: @tus/s3-store (S3 multipart uploads) with S3 storage,
 * @tus/file-store (a staging folder) with folder storage. Each upload belongs to the user
 * who created it (its metadata says so); anyone else gets 404 for it. When the last byte is
 * in, the file is streamed into the uploads store under a new path_id and becomes an
 * attachment exactly like POST /user_uploads (an image's thumbnails made), and the final PATCH answers Zulip's
 * `{"url", "filename"}`. Unfinished uploads expire after a day (the clean-up job).
 */
export const TUS_PATH = '/api/v1/tus';
const OWNER_KEY = 'parley_owner';
const EXPIRY_MS = 24 * 3600 * 1000;
/** S3 parts of 8 MiB: at most one part per upload is held in memory or on disk at a time. */
const S3_PART_SIZE = 8 * 1024 * 1024;

export interface TusHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Removes unfinished uploads past their expiry. */
  deleteExpired(): Promise<number>;
}

interface TusOptions {
  deps: AttachmentDeps;
  secret: string;
  maxFileUploadSizeMib: number;
  /** What one user's uploads may take: bytes in all and how many. */
  uploadBounds: UploadBounds;
  storage: StorageConfig;
  /** Where @tus/file-store stages bytes with folder storage. */
  stagingDir: string;
}

/** The subset of @tus/server's Request the hooks read. */
interface TusRequest {
  headers: Headers;
}

class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

/** Rethrows a refusal (a 4xx ApiError: the user's upload bounds) as tus's answer, in Zulip's envelope; anything else as it is. */
function throwAsTus(err: unknown): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus's refusal shape
  if (isApiError(err) && err.httpStatus < 500) throw new TusRefusal(err.httpStatus, JSON.stringify(err.toBody()));
  throw err;
}

export async function createTusHandler(opts: TusOptions): Promise<TusHandler> {
  // The tus packages are ES modules; this service is CommonJS.
  const { Server, EVENTS } = await import('@tus/server');
  const datastore =
    opts.storage.kind === 's3'
      ? new (await import('@tus/s3-store')).S3Store({
          partSize: S3_PART_SIZE,
          expirationPeriodInMilliseconds: EXPIRY_MS,
          s3ClientConfig: {
            bucket: opts.storage.bucket,
            region: opts.storage.region,
            endpoint: `${opts.storage.useSSL ? 'https' : 'http'}://${opts.storage.endPoint}:${opts.storage.port}`,
            forcePathStyle: opts.storage.pathStyle,
            credentials: { accessKeyId: opts.storage.accessKey, secretAccessKey: opts.storage.secretKey },
            // Checksums only where S3 requires them: the SDK's default sends bodies `aws-chunked`
            // with trailing checksums, which several S3-compatible servers store as if data.
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          },
        })
      : new (await import('@tus/file-store')).FileStore({ directory: opts.stagingDir, expirationPeriodInMilliseconds: EXPIRY_MS });

  const callerOf = (req: TusRequest): Caller => {
    const raw = req.headers.get(CALLER_HEADER);
    const caller = raw ? decodeCaller(opts.secret, raw) : undefined;
    // The gateway authenticates every tus request; this is the backstop for anything else.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as is
    if (!caller) throw new TusRefusal(401, 'API authentication or user session required\n');
    return caller;
  };
  const ownerTag = (caller: Caller) => `${caller.realm_id}:${caller.user_id}`;

  const server = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: opts.maxFileUploadSizeMib * 1024 * 1024,
    relativeLocation: true,
    // Upload IDs are secrets of their owner's: long and random.
    namingFunction: () => randomToken(32),
    onUploadCreate: async (req: TusRequest, upload) => {
      const caller = callerOf(req);
      // Past the user's bounds already (bytes, or number of uploads): refused before a byte is
      // sent (the last PATCH checks again, under a lock).
      await ensureUploadRoom(opts.deps.pool, caller, upload.size ?? 0, opts.uploadBounds).catch(throwAsTus);
      return { metadata: { ...upload.metadata, [OWNER_KEY]: ownerTag(caller) } };
    },
    onIncomingRequest: async (req: TusRequest & { method: string }, uploadId: string) => {
      const caller = callerOf(req);
      if (req.method === 'POST') return; // a creation: the ID is new, the upload not there yet
      const upload = await datastore.getUpload(uploadId).catch(() => undefined);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above: tus's refusal shape
      if (!upload || upload.metadata?.[OWNER_KEY] !== ownerTag(caller)) throw new TusRefusal(404, 'The file for this url was not found\n');
    },
    onUploadFinish: async (req: TusRequest, upload) => {
      const caller = callerOf(req);
      const fileName = sanitizeFileName(upload.metadata?.filename ?? upload.metadata?.name ?? '');
      const contentType = storedContentType(upload.metadata?.filetype ?? upload.metadata?.type ?? undefined, fileName);
      const pathId = newPathId(caller.realm_id, fileName);
      const body = await datastore.read(upload.id);
      const { size } = await opts.deps.files.put(pathId, toNodeStream(body), { contentType, maxBytes: opts.maxFileUploadSizeMib * 1024 * 1024 });
      const row = await recordUpload(opts.deps.pool, caller, { pathId, fileName, contentType, size }, opts.uploadBounds).catch(async (err: unknown) => {
        await opts.deps.files.delete(pathId).catch(() => undefined);
        throwAsTus(err);
      });
      await examineUploadQuietly(opts.deps, row);
      return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: `/user_uploads/${pathId}`, filename: fileName }) };
    },
  });
  // The finished upload is an attachment now; its tus copy goes once the answer is written
  // (the handlers still read it until then). What a failure leaves expires with the rest.
  server.on(EVENTS.POST_FINISH, (_req: unknown, _res: unknown, upload: { id: string }) => {
    datastore.remove(upload.id).catch((err: unknown) => opts.deps.log.warn({ err, upload: upload.id }, 'could not remove a finished tus upload'));
  });

  return {
    handle: async (req, res) => {
      await server.handle(req, res);
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

/** @tus/s3-store reads give a web or Node stream depending on the SDK; the store takes Node streams. */
function toNodeStream(body: unknown): NodeJS.ReadableStream {
  if (body instanceof Readable) return body;
  if (body && typeof (body as ReadableStream).getReader === 'function') return Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  return body as NodeJS.ReadableStream;
}
