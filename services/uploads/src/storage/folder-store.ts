import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit';
import { FileStore, InvalidKeyError, RangeNotSatisfiableError, StoredObject, validateKey, validateRange } from './store';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** Temporary files older than this are left over from a crash; init() removes them. */
const STALE_TEMPORARY_MS = 24 * 3600 * 1000;

/**
 * Files in a folder on local disk. Under the root:
 *
 *   objects/<key>      the bytes, exactly as uploaded
 *   meta/<key>.json    a sidecar, `{"contentType": "..."}`
 *   tmp/<random>       writes in progress
 *
 * The sidecars and temporary files have trees of their own so that no key can ever collide
 * with one (a key may well end in `.json` or `.tmp`). tmp/ is on the same file system as
 * objects/, so the final rename is atomic: an object exists exactly when its file under
 * objects/ does, and a reader never sees a half-written one. put renames the sidecar into
 * place before the bytes and delete removes the bytes first, so a visible object always has
 * its content type.
 */
export class FolderStore implements FileStore {
  readonly kind = 'folder';
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;

  constructor(root: string) {
    const absolute = resolve(root);
    this.objects = join(absolute, 'objects');
    this.meta = join(absolute, 'meta');
    this.tmp = join(absolute, 'tmp');
  }

  async init(): Promise<void> {
    for (const dir of [this.objects, this.meta, this.tmp]) await mkdir(dir, { recursive: true });
    await this.removeStaleTemporaries();
  }

  async put(key: string, body: NodeJS.ReadableStream, opts: { contentType: string; maxBytes: number }): Promise<{ size: number }> {
    const { file, meta } = this.paths(key);
    await mkdir(this.tmp, { recursive: true });
    const tmpFile = this.temporaryPath();
    const tmpMeta = this.temporaryPath();
    const limit = new ByteLimit(opts.maxBytes);
    let metaPlaced = false;
    // flush: fsync before close, so the rename never publishes bytes that a crash could lose.
    const out = createWriteStream(tmpFile, { flags: 'wx', flush: true });
    try {
      await pipeline(body, limit, out);
      await writeFile(tmpMeta, JSON.stringify({ contentType: opts.contentType }), { flag: 'wx' });
      await moveInto(tmpMeta, meta);
      metaPlaced = true;
      await moveInto(tmpFile, file);
      return { size: limit.bytes };
    } catch (err) {
      // A failed pipeline destroys the file stream, which may not have opened its file yet:
      // wait until it is closed, or the file would appear after we removed it.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      // Best effort, never masking `err`. A sidecar placed for bytes that never arrived goes too.
      const orphan =
        metaPlaced &&
        !(await stat(file).then(
          () => true,
          () => false,
        ));
      await Promise.all([tmpFile, tmpMeta, ...(orphan ? [meta] : [])].map((p) => removeFile(p).catch(() => undefined)));
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const { file, meta } = this.paths(key);
    const info = await stat(file).catch(nullWhenAbsent);
    if (!info?.isFile()) return null;
    return { size: info.size, contentType: await readContentType(meta), lastModified: info.mtime };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream | null> {
    if (range) validateRange(range);
    const { file } = this.paths(key);
    // Opened first and measured through the handle: a delete in between cannot make the size
    // and the bytes disagree.
    const handle = await open(file, 'r').catch(nullWhenAbsent);
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (info.isFile()) {
        if (!range) return handle.createReadStream();
        if (range.start >= info.size) throw new RangeNotSatisfiableError(range.start, info.size);
        return handle.createReadStream({ start: range.start, end: Math.min(range.end, info.size - 1) });
      }
    } catch (err) {
      await handle.close();
      throw err;
    }
    await handle.close();
    return null;
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.paths(key);
    await removeFile(file);
    await removeFile(meta);
    await pruneEmptyFolders(dirname(file), this.objects);
    await pruneEmptyFolders(dirname(meta), this.meta);
  }

  /** Files in a folder are served through the uploads service itself. */
  async presignedGetUrl(key: string, _expirySeconds: number, _headers: { contentDisposition: string; contentType: string }): Promise<string | null> {
    validateKey(key);
    return null;
  }

  private paths(key: string): { file: string; meta: string } {
    validateKey(key);
    const file = join(this.objects, ...key.split('/'));
    // validateKey already rules this out; checked again because escaping the root is the one
    // mistake a folder store must never make.
    if (!file.startsWith(this.objects + sep)) throw new InvalidKeyError(key, 'outside the storage folder');
    return { file, meta: join(this.meta, ...key.split('/')) + '.json' };
  }

  private temporaryPath(): string {
    return join(this.tmp, randomBytes(12).toString('hex'));
  }

  private async removeStaleTemporaries(): Promise<void> {
    // Only old ones: another process sharing the folder may be writing the recent ones.
    const cutoff = Date.now() - STALE_TEMPORARY_MS;
    for (const name of await readdir(this.tmp)) {
      const path = join(this.tmp, name);
      const info = await stat(path).catch(nullWhenAbsent);
      if (info && info.mtimeMs < cutoff) await rm(path, { force: true, recursive: true });
    }
  }
}

function nullWhenAbsent(err: NodeJS.ErrnoException): null {
  // ENOTDIR: a key below another object's file (`a/b/c` when `a/b` is a file).
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
  throw err;
}

async function removeFile(path: string): Promise<void> {
  await unlink(path).catch((err: NodeJS.ErrnoException) => {
    // EISDIR: the key names a folder of other objects (`a` when `a/b` exists), not an object.
    if (err.code !== 'EISDIR') nullWhenAbsent(err);
  });
}

async function readContentType(metaPath: string): Promise<string> {
  const text = await readFile(metaPath, 'utf8').catch(nullWhenAbsent);
  if (text === null) return DEFAULT_CONTENT_TYPE;
  const parsed = JSON.parse(text) as { contentType?: unknown };
  return typeof parsed.contentType === 'string' ? parsed.contentType : DEFAULT_CONTENT_TYPE;
}

/** Renames `from` to `to`, creating `to`'s folder (again, if a concurrent delete pruned it). */
async function moveInto(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw err;
    }
  }
}

/** Removes `dir` and its parents while they are empty, stopping at `top`. */
async function pruneEmptyFolders(dir: string, top: string): Promise<void> {
  while (dir.startsWith(top + sep)) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty (ENOTEMPTY), or already gone
    }
    dir = dirname(dir);
  }
}
