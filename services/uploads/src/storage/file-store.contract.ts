/// <reference types="jest" />
// jest's globals come by reference, not import, as in services/events' queue-store.contract.ts.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FileStore, InvalidKeyError, RangeNotSatisfiableError, TooLargeError } from './store';

/**
 * The behaviours every FileStore has, as one suite that each store's test file runs
 * (folder-store.test.ts, s3-store.test.ts). Not a test file by name, so jest runs it only
 * through them.
 */
export interface FileStoreFixture {
  store: FileStore;
  /** Everything the store keeps (files, objects), by name: a failed put must not change it. */
  leftovers(): Promise<string[]>;
}

/** A fresh key shaped like the uploads service's path ids. */
export const newKey = (name = 'photo.png'): string => `2/${randomBytes(12).toString('hex')}/${name}`;

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export const bodyOf = (...chunks: (string | Buffer)[]): Readable => Readable.from(chunks.map((c) => Buffer.from(c)));

/** A body that sends `bytes` bytes and then fails, as a client whose connection drops. */
export function failingBody(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(bytes, 'x');
      throw new Error('connection reset by peer');
    })(),
  );
}

export const BAD_KEYS = ['../x', 'a/../../x', '/abs', 'a//b', 'a/', 'a\\b', 'a\0b', './a', '', 'a\nb'];

export function describeFileStore(name: string, fixture: () => FileStoreFixture): void {
  describe(`${name} (FileStore contract)`, () => {
    const store = () => fixture().store;
    const opts = { contentType: 'image/png', maxBytes: 1000 };

    it('stores bytes and content type, and returns the size written', async () => {
      const key = newKey();
      await expect(store().put(key, bodyOf('hello ', 'world'), opts)).resolves.toEqual({ size: 11 });
      const stat = await store().stat(key);
      expect(stat).toMatchObject({ size: 11, contentType: 'image/png' });
      // Not expect.any(Date): fs makes its Dates outside jest's sandbox, so instanceof fails there.
      expect(Math.abs(stat!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
      expect((await readAll((await store().get(key))!)).toString()).toBe('hello world');
    });

    it('stores an empty file', async () => {
      const key = newKey('empty.txt');
      await expect(store().put(key, bodyOf(), { contentType: 'text/plain', maxBytes: 10 })).resolves.toEqual({ size: 0 });
      expect(await store().stat(key)).toMatchObject({ size: 0, contentType: 'text/plain' });
      expect((await readAll((await store().get(key))!)).length).toBe(0);
    });

    it('keeps a key with spaces and non-ASCII characters as given', async () => {
      const key = newKey('résumé 2024 (final).pdf');
      await store().put(key, bodyOf('pdf'), { contentType: 'application/pdf', maxBytes: 10 });
      expect(await store().stat(key)).toMatchObject({ size: 3, contentType: 'application/pdf' });
    });

    it('reads byte ranges, inclusive of the end, clamping an end past the last byte', async () => {
      const key = newKey();
      await store().put(key, bodyOf('0123456789'), opts);
      const range = async (start: number, end: number) => (await readAll((await store().get(key, { start, end }))!)).toString();
      expect(await range(2, 5)).toBe('2345');
      // Not 0-0: s3rver reads `bytes=0-0` as the whole object (real S3 and MinIO do not).
      expect(await range(0, 1)).toBe('01');
      expect(await range(9, 9)).toBe('9');
      expect(await range(7, 100)).toBe('789');
    });

    it('refuses a range starting past the end with RangeNotSatisfiableError', async () => {
      const key = newKey();
      await store().put(key, bodyOf('0123456789'), opts);
      await expect(store().get(key, { start: 10, end: 12 })).rejects.toEqual(new RangeNotSatisfiableError(10, 10));
      await expect(store().get(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    });

    it('answers null for an absent object', async () => {
      const key = newKey();
      expect(await store().stat(key)).toBeNull();
      expect(await store().get(key)).toBeNull();
      expect(await store().get(key, { start: 0, end: 1 })).toBeNull();
    });

    it('deletes, and deleting an absent object is no error', async () => {
      const key = newKey();
      await store().put(key, bodyOf('bye'), opts);
      await store().delete(key);
      expect(await store().stat(key)).toBeNull();
      expect(await store().get(key)).toBeNull();
      await expect(store().delete(key)).resolves.toBeUndefined();
      await expect(store().delete(newKey())).resolves.toBeUndefined();
    });

    it('replaces an object put again under the same key', async () => {
      const key = newKey();
      await store().put(key, bodyOf('first version'), opts);
      await store().put(key, bodyOf('second'), { contentType: 'text/plain', maxBytes: 100 });
      expect(await store().stat(key)).toMatchObject({ size: 6, contentType: 'text/plain' });
      expect((await readAll((await store().get(key))!)).toString()).toBe('second');
    });

    it('accepts exactly maxBytes', async () => {
      const key = newKey();
      await expect(store().put(key, bodyOf(Buffer.alloc(1000)), opts)).resolves.toEqual({ size: 1000 });
    });

    it('refuses more than maxBytes with a TooLargeError and keeps nothing', async () => {
      const before = await fixture().leftovers();
      const key = newKey();
      const body = bodyOf(Buffer.alloc(600), Buffer.alloc(401));
      await expect(store().put(key, body, opts)).rejects.toEqual(new TooLargeError(1000));
      expect(await store().stat(key)).toBeNull();
      expect(await fixture().leftovers()).toEqual(before);
      expect(body.destroyed).toBe(true);
    });

    it('keeps nothing when the body fails midway, and rejects with its error', async () => {
      const before = await fixture().leftovers();
      const key = newKey();
      await expect(store().put(key, failingBody(500), opts)).rejects.toThrow('connection reset by peer');
      expect(await store().stat(key)).toBeNull();
      expect(await fixture().leftovers()).toEqual(before);
    });

    it('leaves an earlier object under the key as it was when a put fails', async () => {
      const key = newKey();
      await store().put(key, bodyOf('original'), opts);
      await expect(store().put(key, bodyOf(Buffer.alloc(1001)), { contentType: 'text/plain', maxBytes: 1000 })).rejects.toThrow(TooLargeError);
      await expect(store().put(key, failingBody(10), { contentType: 'text/plain', maxBytes: 1000 })).rejects.toThrow('connection reset by peer');
      expect(await store().stat(key)).toMatchObject({ size: 8, contentType: 'image/png' });
      expect((await readAll((await store().get(key))!)).toString()).toBe('original');
    });

    it.each(BAD_KEYS)('refuses the key %j in every operation', async (key) => {
      await expect(store().put(key, bodyOf('x'), opts)).rejects.toThrow(InvalidKeyError);
      await expect(store().stat(key)).rejects.toThrow(InvalidKeyError);
      await expect(store().get(key)).rejects.toThrow(InvalidKeyError);
      await expect(store().delete(key)).rejects.toThrow(InvalidKeyError);
    });
  });
}
