/**
 * Where uploaded files' bytes live: a folder on local disk or an S3-compatible bucket. The
 * attachments table says which files exist and who may read them; a FileStore only keeps
 * bytes and a content type under a key.
 */
export interface StoredObject {
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface FileStore {
  readonly kind: 'folder' | 's3';
  /**
   * Streams `body` into the object `key` (keys look like `2/ab12cd.../photo.png`); resolves with
   * the bytes written. Rejects (and leaves no object behind) if `body` errors or more than
   * `maxBytes` arrive (a `TooLargeError`); `body` is destroyed then. Never buffers the whole
   * file in memory.
   */
  put(key: string, body: NodeJS.ReadableStream, opts: { contentType: string; maxBytes: number }): Promise<{ size: number }>;
  /** Metadata, or null when absent. */
  stat(key: string): Promise<StoredObject | null>;
  /**
   * A readable stream of the object (optionally a byte range, inclusive end), or null when
   * absent. As in HTTP, an `end` past the last byte is clamped; a `start` past it rejects with
   * `RangeNotSatisfiableError`.
   */
  get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream | null>;
  /** Removes the object; absent is not an error. */
  delete(key: string): Promise<void>;
  /**
   * S3 only: a presigned GET URL valid `expirySeconds`, with response header overrides
   * (content-disposition, content-type). Folder store returns null.
   */
  presignedGetUrl(key: string, expirySeconds: number, headers: { contentDisposition: string; contentType: string }): Promise<string | null>;
  /** Creates the bucket/folder if missing. */
  init(): Promise<void>;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}

export class InvalidKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(
    readonly start: number,
    readonly size: number,
  ) {
    super(`Range starting at byte ${start} is past the end of a ${size}-byte object`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** S3's limit on a key; a folder store also meets each file system's 255-byte name limit. */
const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

/**
 * Throws an InvalidKeyError unless `key` is relative slash-separated segments, none of them
 * empty, `.` or `..`, with no backslash or control character. Every store calls this first,
 * so a key joined to a folder store's root always names a file inside that root.
 */
export function validateKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new InvalidKeyError(String(key), 'empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidKeyError(key, 'control character');
  if (key.includes('\\')) throw new InvalidKeyError(key, 'backslash');
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidKeyError(key, 'empty segment');
    if (segment === '.' || segment === '..') throw new InvalidKeyError(key, `'${segment}' segment`);
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw new InvalidKeyError(key, `segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
}

/** Throws a RangeError on a malformed range (a caller's bug, not a client's request). */
export function validateRange(range: { start: number; end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}
