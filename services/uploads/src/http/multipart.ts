import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BadRequestError } from '@parley/common';

/**
 * busboy over a request's multipart body, at most one file and a few small fields; throws
 * BAD_REQUEST when the headers name no multipart body (inside a Promise executor, that is
 * the rejection).
 */
export function multipartParser(req: IncomingMessage): busboy.Busboy {
  try {
    return busboy({ headers: req.headers, limits: { files: 1, fields: 100, fieldSize: 64 * 1024 }, defParamCharset: 'utf8' });
  } catch {
    throw new BadRequestError('Malformed multipart body');
  }
}
