import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError, BadRequestError } from '@parley/common';

export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super('BAD_REQUEST', `Request body too large (limit ${limit} bytes)`, 413);
  }
}

/** Zulip's (Django's DATA_UPLOAD_MAX_NUMBER_FIELDS) bound on the parameters of one request. */
export const DEFAULT_MAX_PARAMS = 1000;

export class TooManyParametersError extends BadRequestError {
  constructor(limit: number) {
    super(`Too many parameters: a request may carry at most ${limit}`);
  }
}

/** A body that did not arrive in time (408); the gateway closes the connection after it. */
export class RequestTimeoutError extends ApiError {
  constructor(ms: number) {
    super('BAD_REQUEST', `Request body not received within ${ms / 1000} seconds`, 408);
  }
}

/** The client went away while sending its body: nobody reads the answer, nothing to log as an error. */
export class RequestAbortedError extends ApiError {
  constructor() {
    super('BAD_REQUEST', 'Request aborted by the client', 400);
  }
}

export interface BodyLimits {
  /** The most a body may hold (MAX_BODY_BYTES). */
  maxBytes: number;
  /** The most parameters, query string and body together (MAX_REQUEST_PARAMS). */
  maxParams?: number;
  /** The whole body must arrive within this long (REQUEST_BODY_TIMEOUT_MS); none when absent or 0. */
  timeoutMs?: number;
}

/**
 * A request's parameters, as Zulip reads them: the query string of any method, overridden
 * by a form-encoded or multipart body (zulip-js sends multipart). When a key repeats, the
 * last value wins. Bodies of other types carry no parameters and are drained. File parts
 * are not parameters: upload routes read them separately (the uploads issue).
 * More than `maxParams` fields (each repetition counts, as in Django) are refused with 400
 * before they are all read; a body not read within `timeoutMs` with 408.
 */
export async function readParams(req: IncomingMessage, limits: BodyLimits | number): Promise<Record<string, string>> {
  const { maxBytes, maxParams = DEFAULT_MAX_PARAMS, timeoutMs = 0 } = typeof limits === 'number' ? { maxBytes: limits } : limits;
  const params = Object.create(null) as Record<string, string>;
  const fields = { count: 0 };
  const add = (k: string, v: string) => {
    if (++fields.count > maxParams) throw new TooManyParametersError(maxParams);
    params[k] = v;
  };
  if (req.url?.includes('?')) for (const [k, v] of new URL(req.url, 'http://localhost').searchParams) add(k, v);
  // A request without a body (most GETs) has nothing more to read.
  if (req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0) return params;
  return withDeadline(req, timeoutMs, async () => {
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(await readText(req, maxBytes))) add(k, v);
    } else if (type.startsWith('multipart/form-data')) {
      for (const [k, v] of await readMultipartFields(req, maxBytes, { left: maxParams - fields.count, limit: maxParams })) add(k, v);
    } else {
      await readText(req, maxBytes);
    }
    return params;
  });
}

/** `read` unless the body takes longer than `ms` (0: no deadline); then 408, and the body is left unread. */
function withDeadline<T>(req: IncomingMessage, ms: number, read: () => Promise<T>): Promise<T> {
  if (!ms) return read();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      req.unpipe();
      req.removeAllListeners('data');
      reject(new RequestTimeoutError(ms));
    }, ms);
  });
  return Promise.race([read(), late]).finally(() => clearTimeout(timer));
}

/** A request stream's error while its body is read: the client went away (Node says 'aborted', ECONNRESET). */
function bodyError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new RequestAbortedError();
}

const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const ABORT_MESSAGES = new Set(['aborted', 'request aborted']);

/** Whether an error only says that the client went away mid-request (logged at debug, not as a failure). */
export function isClientAbort(err: unknown): boolean {
  if (err instanceof RequestAbortedError) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  return typeof e === 'object' && e !== null && (ABORT_CODES.has(String(e.code)) || ABORT_MESSAGES.has(String(e.message)));
}

function readText(req: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', (err) => reject(bodyError(err)));
  });
}

/** The multipart fields, in order; more than `fields.left` of them are refused as more than `fields.limit` in all. */
function readMultipartFields(req: IncomingMessage, limitBytes: number, fields: { left: number; limit: number }): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: limitBytes, fields: Math.max(0, fields.left) }, defParamCharset: 'utf8' });
    } catch {
      req.resume(); // drain what the client sends, so the connection can carry the answer
      reject(new BadRequestError('Malformed multipart body'));
      return;
    }
    const found: [string, string][] = [];
    let size = 0;
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      size += Buffer.byteLength(value);
      if (info.valueTruncated || size > limitBytes) return fail(new BodyTooLargeError(limitBytes));
      found.push([name, value]);
    });
    // Files are not parameters (upload routes stream them elsewhere), but they count
    // toward the body limit here.
    parser.on('file', (_name, stream) => {
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limitBytes) fail(new BodyTooLargeError(limitBytes));
      });
      stream.resume();
    });
    parser.on('fieldsLimit', () => fail(new TooManyParametersError(fields.limit)));
    parser.on('close', () => failed || resolve(found));
    req.on('error', (err) => fail(bodyError(err)));
    parser.on('error', () => fail(new BadRequestError('Malformed multipart body')));
    req.pipe(parser);
  });
}
