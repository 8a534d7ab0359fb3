import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { multipartParser } from './multipart';
import { BadRequestError, Caller } from '@parley/common';
import { DEFAULT_MAX_EMOJI_FILE_SIZE_MIB, emojiKey, newEmojiFileName, parseEmojiKey, SNIFF_BYTES, sniffImageType } from '../domain/emoji-names';
import { checkAddEmoji, doAddEmoji } from '../domain/realm-emoji';
import { FileNotFoundError } from '../domain/errors';
import { parleyMarkPng } from '../domain/parley-mark';
import * as store from '../store/realm-emoji';
import { TooLargeError } from '../storage';
import { FileHttpOptions, sendFile, sendJson } from './server';

/**
 * Custom emoji over the internal HTTP server: POST /realm/emoji/<emoji_name> (the gateway
 * strips /api/v1; both forms are taken) streams one image into the store, and GET
 * /user_avatars/<realm_id>/emoji/images/<file> serves it to anyone, as Zulip serves emoji.
 */
const UPLOAD_PATH = /^(?:\/api\/v1)?\/realm\/emoji\/([^/]*)$/;

export const isEmojiUploadPath = (path: string): boolean => UPLOAD_PATH.test(path);

class EmojiTooLargeError extends BadRequestError {
  constructor(mib: number) {
    super(`Uploaded file is larger than the allowed limit of ${mib} MiB`);
  }
}

const exactlyOneFile = () => new BadRequestError('You must upload exactly one file.');
const invalidImage = () => new BadRequestError('Invalid image format');

/** POST /realm/emoji/<emoji_name>: every check that needs no body first, then the image, then the row and its event. */
export async function uploadEmoji(opts: FileHttpOptions, caller: Caller, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const name = await checkAddEmoji(opts.deps, caller, decodeName(UPLOAD_PATH.exec(path)![1]), opts.maxCustomEmojiPerRealm);
  const mib = opts.maxEmojiFileSizeMib ?? DEFAULT_MAX_EMOJI_FILE_SIZE_MIB;
  const maxBytes = mib * 1024 * 1024;
  const declared = Number(req.headers['content-length'] ?? NaN);
  // Multipart framing adds a few hundred bytes; a body far over the limit is refused unread.
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw new EmojiTooLargeError(mib);
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) throw exactlyOneFile();
  const image = await receiveImage(opts, caller.realm_id, req, maxBytes, mib);
  await doAddEmoji(opts.deps.pool, caller, { name, ...image }, opts.maxCustomEmojiPerRealm).catch(async (err: unknown) => {
    await opts.deps.files.delete(emojiKey(caller.realm_id, image.fileName)).catch(() => undefined);
    throw err;
  });
  sendJson(res, 200, { result: 'success', msg: '' });
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new BadRequestError('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
  }
}

interface StoredImage {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * The one file part of the body, under any field name, into the store once its first bytes
 * show a PNG, GIF, JPEG or WebP image. Settles after the whole body is read, so a second
 * file is refused too (and what was stored of the first removed).
 */
function receiveImage(opts: FileHttpOptions, realmId: number, req: IncomingMessage, maxBytes: number, mib: number): Promise<StoredImage> {
  return new Promise<StoredImage>((resolve, reject) => {
    const parser = multipartParser(req);
    let settled = false;
    let files = 0;
    let storing: Promise<StoredImage | undefined> = Promise.resolve(undefined);
    const discard = (image: StoredImage | undefined) => {
      if (image) void opts.deps.files.delete(emojiKey(realmId, image.fileName)).catch(() => undefined);
    };
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      void storing.then(discard, () => undefined);
      reject(err);
    };
    parser.on('file', (_field, stream) => {
      files++;
      storing = storeImage(opts, realmId, stream, maxBytes).catch((err: unknown) => {
        fail(err instanceof TooLargeError ? new EmojiTooLargeError(mib) : err);
        return undefined;
      });
    });
    parser.on('filesLimit', () => fail(exactlyOneFile()));
    parser.on('error', () => fail(new BadRequestError('Malformed multipart body')));
    parser.on('close', () => {
      if (files !== 1) return fail(exactlyOneFile());
      void storing.then((image) => {
        if (settled) return discard(image);
        if (!image) return; // its failure settled the request
        settled = true;
        resolve(image);
      });
    });
    req.on('error', fail);
    req.pipe(parser);
  });
}

async function storeImage(opts: FileHttpOptions, realmId: number, stream: Readable, maxBytes: number): Promise<StoredImage> {
  const { head, body } = await peek(stream, SNIFF_BYTES);
  const contentType = sniffImageType(head);
  if (!contentType) {
    body.destroy();
    throw invalidImage();
  }
  const fileName = newEmojiFileName(contentType);
  const { size } = await opts.deps.files.put(emojiKey(realmId, fileName), body, { contentType, maxBytes });
  return { fileName, contentType, size };
}

/** The stream's first `bytes` bytes (fewer when it is shorter), and a stream of all of it. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const first = Buffer.concat(chunks);
  async function* all() {
    try {
      yield first;
      while (!ended) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Destroyed before the end (too large): the part's stream goes too.
      await source.return?.();
    }
  }
  return { head: first, body: Readable.from(all(), { objectMode: false }) };
}

/**
 * GET /user_avatars/<realm_id>/emoji/images/<file>: any custom emoji's image, deactivated
 * ones too (old messages still show them), with no credentials, as in Zulip. Names are
 * random and images never change, so anyone may keep them.
 */
export async function serveEmojiImage(opts: FileHttpOptions, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parsed = parseEmojiKey(path);
  const row = parsed && (await store.emojiByFileName(opts.deps.pool, parsed.realmId, parsed.fileName));
  if (!row) throw new FileNotFoundError();
  await sendFile(
    opts,
    {
      path_id: emojiKey(row.realm_id, row.file_name),
      file_name: `${row.name}.${row.file_name.split('.').pop()}`,
      content_type: row.content_type,
      size: row.size,
      create_time: row.created,
    },
    req,
    res,
    'public, max-age=31536000, immutable',
  );
}

/**
 * GET /static/generated/emoji/images/emoji/unicode/zulip.png: the `:zulip:` emoji's image (its
 * renderer's URL), to anyone, as Zulip serves its static files. Parley's mark, drawn once.
 */
export function serveZulipEmoji(req: IncomingMessage, res: ServerResponse): void {
  const png = parleyMarkPng();
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length), 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : png);
}
