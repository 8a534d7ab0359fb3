import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError, BadRequestError } from '@parley/common';

export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super('BAD_REQUEST', `Request body too large (limit ${limit} bytes)`, 413);
  }
}

/**
 * A request's parameters, as Zulip reads them: the query string of any method, overridden
 * by a form-encoded or multipart body (zulip-js sends multipart). When a key repeats, the
 * last value wins. Bodies of other types carry no parameters and are drained. File parts
 * are not parameters: upload routes read them separately (the uploads issue).
 */
export async function readParams(req: IncomingMessage, limitBytes: number): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.create(null);
  if (req.url?.includes('?')) for (const [k, v] of new URL(req.url, 'http://localhost').searchParams) params[k] = v;
  // A request without a body (most GETs) has nothing more to read.
  if (req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0) return params;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(await readText(req, limitBytes))) params[k] = v;
  } else if (type.startsWith('multipart/form-data')) {
    Object.assign(params, await readMultipartFields(req, limitBytes));
  } else {
    await readText(req, limitBytes);
  }
  return params;
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
    req.on('error', reject);
  });
}

function readMultipartFields(req: IncomingMessage, limitBytes: number): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: limitBytes, fields: 1000 }, defParamCharset: 'utf8' });
    } catch {
      req.resume(); // drain what the client sends, so the connection can carry the answer
      reject(new BadRequestError('Malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = Object.create(null);
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
      fields[name] = value;
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
    parser.on('close', () => failed || resolve(fields));
    parser.on('error', () => fail(new BadRequestError('Malformed multipart body')));
    req.pipe(parser);
  });
}
