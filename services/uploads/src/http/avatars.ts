import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { AvatarPath, BadRequestError, bindClient, Caller, LIMITS } from '@parley/common';
import { multipartParser } from './multipart';
import { checkChangeAvatar, setUploadedAvatar } from '../domain/avatars';
import { SNIFF_BYTES, sniffImageType } from '../domain/emoji-names';
import { FileNotFoundError } from '../domain/errors';
import { defaultAvatarPng } from '../domain/identicon';
import { FileHttpOptions, sendFile, sendJson } from './server';

/**
 * Avatars over the internal HTTP server: POST /users/me/avatar (the gateway strips /api/v1 or
 * /json) reads one image, at most max_avatar_file_size_mib, and GET /user_avatars/… serves
 * avatars to anyone, as Zulip serves them: the generated defaults (drawn, or kept, in
 * domain/identicon.ts) and the uploaded ones from the store.
 */
const UPLOAD_PATH = /^(?:\/api\/v1)?\/users\/me\/avatar$/;

export const isAvatarUploadPath = (path: string): boolean => UPLOAD_PATH.test(path);

/** Avatars are versioned in their URL (`?version=N`): anyone may keep one for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const exactlyOneAvatar = () => new BadRequestError('You must upload exactly one avatar.');
const tooLarge = (mib: number) => new BadRequestError(`Uploaded file is larger than the allowed limit of ${mib} MiB`);

/** POST /users/me/avatar: Zulip's set_avatar_backend. Answers {avatar_url}. */
export async function uploadAvatar(opts: FileHttpOptions, caller: Caller, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Asked before the body is read: a refusal costs no upload.
  await checkChangeAvatar(opts.deps, caller);
  const mib = LIMITS.max_avatar_file_size_mib;
  const maxBytes = mib * 1024 * 1024;
  const declared = Number(req.headers['content-length'] ?? NaN);
  // Multipart framing adds a few hundred bytes; a body far over the limit is refused unread.
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge(mib);
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) throw exactlyOneAvatar();
  const image = await receiveOneFile(req, maxBytes, mib);
  if (!sniffImageType(image.subarray(0, SNIFF_BYTES))) throw new BadRequestError('Invalid image format');
  const avatarUrl = await setUploadedAvatar(opts.deps, caller, image);
  sendJson(res, 200, { result: 'success', msg: '', avatar_url: avatarUrl });
}

/** The body's one file part (any field name), in memory: at most `maxBytes`. Settles once the whole body is read. */
function receiveOneFile(req: IncomingMessage, maxBytes: number, mib: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const parser = multipartParser(req);
    let settled = false;
    let files = 0;
    let reading: Promise<Buffer | undefined> = Promise.resolve(undefined);
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('file', (_field, stream) => {
      files++;
      reading = readAtMost(stream, maxBytes).catch((err: unknown) => {
        fail(err);
        return undefined;
      });
    });
    parser.on('filesLimit', () => fail(exactlyOneAvatar()));
    parser.on('error', () => fail(new BadRequestError('Malformed multipart body')));
    parser.on('close', () => {
      if (files !== 1) return fail(exactlyOneAvatar());
      void reading.then((bytes) => {
        if (settled || !bytes) return;
        settled = true;
        resolve(bytes);
      });
    });
    req.on('error', fail);
    req.pipe(parser);
  });

  async function readAtMost(stream: Readable, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > limit) {
        stream.resume();
        throw tooLarge(mib);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}

/** GET /user_avatars/<path>, for a path that names an avatar: no credentials, as in Zulip. */
export async function serveAvatar(opts: FileHttpOptions, avatar: AvatarPath, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (avatar.kind === 'default') {
    const png = defaultAvatarPng(avatar.name, avatar.medium);
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : png);
    return;
  }
  const stat = await opts.deps.files.stat(avatar.key);
  if (!stat) throw new FileNotFoundError();
  await sendFile(
    opts,
    { path_id: avatar.key, file_name: avatar.medium ? 'avatar-medium.png' : 'avatar.png', content_type: 'image/png', size: stat.size, create_time: stat.lastModified },
    req,
    res,
    CACHE_CONTROL,
  );
}

/** /avatar/{user_id_or_email} and /avatar/{user_id_or_email}/medium: the name is one path segment. */
const AVATAR_REDIRECT_PATH = /^\/avatar\/([^/]+)(\/medium)?$/;

/**
 * GET /avatar/{user_id_or_email}[/medium], Zulip's `avatar` and `avatar_medium` views: for a
 * caller (the gateway authenticates; anonymous requests never get here), a 302 to the avatar
 * URL of the caller's realm's user of that ID or API email (the users service says which:
 * another realm's user is no user here), with the request's query appended, as Zulip appends
 * it. Never kept: the avatar changes.
 */
export async function redirectToAvatar(opts: FileHttpOptions, caller: Caller, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const match = AVATAR_REDIRECT_PATH.exec(path);
  if (!match) throw new FileNotFoundError();
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    throw new FileNotFoundError();
  }
  const users = bindClient(opts.deps.clients.users, { caller, client: 'uploads', host: '' });
  const { avatar_url } = await users.getAvatarUrl({ user_id_or_email: name, medium: match[2] !== undefined });
  const query = (req.url ?? '').split('?')[1];
  const location = query ? `${avatar_url}${avatar_url.includes('?') ? '&' : '?'}${query}` : avatar_url;
  res.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': '0', 'x-content-type-options': 'nosniff' });
  res.end();
}
