import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { bodyOf, describeFileStore, failingBody, FileStoreFixture, newKey, readAll } from './file-store.contract';
import { FolderStore } from './folder-store';
import { InvalidKeyError, TooLargeError } from './store';

const MiB = 1024 * 1024;
let root: string;
let store: FolderStore;

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'parley-folder-store-'));
  store = new FolderStore(root);
  await store.init();
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeFileStore('FolderStore', (): FileStoreFixture => ({ store, leftovers: () => filesUnder(root) }));

describe('FolderStore', () => {
  it('keeps the bytes under objects/ and the content type in a sidecar under meta/', async () => {
    const key = newKey('notes.json');
    await store.put(key, bodyOf('{}'), { contentType: 'application/json', maxBytes: 10 });
    expect(await readFile(join(root, 'objects', key), 'utf8')).toBe('{}');
    expect(JSON.parse(await readFile(join(root, 'meta', `${key}.json`), 'utf8'))).toEqual({ contentType: 'application/json' });
  });

  it('leaves no temporary file after a put, whether it succeeded or failed', async () => {
    const opts = { contentType: 'text/plain', maxBytes: 100 };
    await store.put(newKey(), bodyOf('ok'), opts);
    await expect(store.put(newKey(), bodyOf(Buffer.alloc(101)), opts)).rejects.toThrow(TooLargeError);
    await expect(store.put(newKey(), failingBody(50), opts)).rejects.toThrow('connection reset by peer');
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('removes the folders a delete leaves empty, and only those', async () => {
    const [a, b] = [newKey(), newKey()];
    const opts = { contentType: 'text/plain', maxBytes: 100 };
    await store.put(a, bodyOf('a'), opts);
    await store.put(b, bodyOf('b'), opts);
    await store.delete(a);
    const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
    await expect(stat(join(root, 'objects', folderOf(a)))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(root, 'meta', folderOf(a)))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.stat(b)).toMatchObject({ size: 1 });
  });

  it('treats a folder of other objects as no object', async () => {
    const key = newKey();
    await store.put(key, bodyOf('x'), { contentType: 'text/plain', maxBytes: 10 });
    const folder = key.slice(0, key.lastIndexOf('/'));
    expect(await store.stat(folder)).toBeNull();
    expect(await store.get(folder)).toBeNull();
    await store.delete(folder);
    expect(await store.stat(key)).toMatchObject({ size: 1 });
    expect(await store.stat(`${key}/below`)).toBeNull();
  });

  it('never reaches outside its root, even for a key that would', async () => {
    await writeFile(join(root, 'secret'), 'x');
    await expect(store.get('../secret')).rejects.toThrow(InvalidKeyError);
    await expect(store.delete('../../secret')).rejects.toThrow(InvalidKeyError);
    expect(await readFile(join(root, 'secret'), 'utf8')).toBe('x');
  });

  it('has no presigned URLs', async () => {
    expect(await store.presignedGetUrl(newKey(), 60, { contentDisposition: 'inline', contentType: 'text/plain' })).toBeNull();
  });

  it('init() creates the folder and removes temporary files a crash left a day ago', async () => {
    const fresh = join(root, 'nested', 'uploads');
    const other = new FolderStore(fresh);
    await other.init();
    await writeFile(join(fresh, 'tmp', 'old'), 'x');
    await writeFile(join(fresh, 'tmp', 'recent'), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(join(fresh, 'tmp', 'old'), twoDaysAgo, twoDaysAgo);
    await other.init();
    expect(await readdir(join(fresh, 'tmp'))).toEqual(['recent']);
    rmSync(join(root, 'nested'), { recursive: true });
  });

  it('streams a large body to disk as it arrives, never holding it whole', async () => {
    const key = newKey('video.mp4');
    const hash = createHash('sha256');
    const tmp = join(root, 'tmp');
    async function* body() {
      for (let i = 0; i < 96; i++) {
        const chunk = Buffer.alloc(64 * 1024, i);
        hash.update(chunk);
        yield chunk;
        // Halfway, wait for the first half to be on disk: a store that buffered the whole
        // body would never write it, and this would fail.
        if (i === 47) await until(async () => (await totalSize(tmp)) >= 2 * MiB);
      }
    }
    await expect(store.put(key, Readable.from(body()), { contentType: 'video/mp4', maxBytes: 10 * MiB })).resolves.toEqual({ size: 6 * MiB });
    const stored = await readAll((await store.get(key))!);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(hash.digest('hex'));
  });
});

async function totalSize(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
