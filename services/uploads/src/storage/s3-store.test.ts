import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { BucketItem, Client } from 'minio';
import { S3Server, startS3Server } from '../../../../test/support/s3-server';
import { createFileStore, readStorageConfig } from './config';
import { bodyOf, describeFileStore, failingBody, FileStoreFixture, newKey, readAll } from './file-store.contract';
import { MIN_PART_SIZE, S3Store } from './s3-store';
import { FileStore, InvalidKeyError, TooLargeError } from './store';

const MiB = 1024 * 1024;
let s3: S3Server;
let store: FileStore;
let admin: Client;

/** The S3 settings of the test server, as the service reads them. */
const env = () => ({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey });

/** A store whose multipart uploads start at S3's smallest part, so a few MiB exercise them. */
function smallPartStore(): S3Store {
  const config = readStorageConfig(env());
  if (config.kind !== 's3') throw new Error('expected an S3 configuration');
  return new S3Store(config, { partSize: MIN_PART_SIZE });
}

async function objectNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const item of admin.listObjectsV2(s3.bucket, '', true)) names.push((item as BucketItem).name!);
  return names.sort();
}

beforeAll(async () => {
  s3 = await startS3Server();
  store = createFileStore(readStorageConfig(env()));
  await store.init();
  const url = new URL(s3.endpoint);
  admin = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
});

afterAll(async () => {
  await s3?.stop();
});

describeFileStore('S3Store', (): FileStoreFixture => ({ store, leftovers: objectNames }));

describe('S3Store', () => {
  it('is the store S3_ENDPOINT configures', () => {
    expect(store.kind).toBe('s3');
  });

  it('init() creates a missing bucket, and does nothing the second time', async () => {
    const other = createFileStore(readStorageConfig({ ...env(), S3_BUCKET: 'parley-other' }));
    expect(await admin.bucketExists('parley-other')).toBe(false);
    await other.init();
    await other.init();
    expect(await admin.bucketExists('parley-other')).toBe(true);
  });

  it('presigns a GET URL that serves the bytes with the overridden headers', async () => {
    const key = newKey('report 1.txt');
    await store.put(key, bodyOf('the report'), { contentType: 'application/octet-stream', maxBytes: 100 });
    const disposition = 'attachment; filename="report 1.txt"; filename*=UTF-8\'\'report%201.txt';
    const url = await store.presignedGetUrl(key, 60, { contentDisposition: disposition, contentType: 'text/plain; charset=utf-8' });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/2/[0-9a-f]+/report%201\\.txt\\?.*X-Amz-Expires=60`));
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('the report');
  });

  it('presigns for S3_PUBLIC_ENDPOINT when browsers reach the server by another name', async () => {
    const key = newKey('public.txt');
    await store.put(key, bodyOf('by another name'), { contentType: 'text/plain', maxBytes: 100 });
    const publicName = s3.endpoint.replace('127.0.0.1', 'localhost');
    const viaPublic = createFileStore(readStorageConfig({ ...env(), S3_PUBLIC_ENDPOINT: publicName }));
    const url = await viaPublic.presignedGetUrl(key, 60, { contentDisposition: 'inline', contentType: 'text/plain' });
    expect(url!.startsWith(`${publicName}/${s3.bucket}/`)).toBe(true);
    const response = await fetch(url!); // the signature holds for the public host
    expect([response.status, await response.text()]).toEqual([200, 'by another name']);
  });

  it('refuses to presign a bad key', async () => {
    await expect(store.presignedGetUrl('../x', 60, { contentDisposition: 'inline', contentType: 'text/plain' })).rejects.toThrow(InvalidKeyError);
  });

  it('streams a large body as a multipart upload, a part at a time', async () => {
    const partStore = smallPartStore();
    const uploadPart = jest.spyOn(Client.prototype, 'uploadPart');
    try {
      const key = newKey('video.mp4');
      const hash = createHash('sha256');
      async function* body() {
        for (let i = 0; i < 12; i++) {
          const chunk = Buffer.alloc(MiB, i);
          hash.update(chunk);
          yield chunk;
          // Past the first part, wait for it to have gone out: a store that buffered the
          // whole body would not send it, and this would fail.
          if (i === 5) await until(() => uploadPart.mock.calls.length >= 1);
        }
      }
      await expect(partStore.put(key, Readable.from(body()), { contentType: 'video/mp4', maxBytes: 20 * MiB })).resolves.toEqual({ size: 12 * MiB });
      expect(uploadPart).toHaveBeenCalledTimes(3); // 5 + 5 + 2 MiB
      expect(await partStore.stat(key)).toMatchObject({ size: 12 * MiB, contentType: 'video/mp4' });
      const stored = await readAll((await partStore.get(key))!);
      expect(createHash('sha256').update(stored).digest('hex')).toBe(hash.digest('hex'));
      const tail = await readAll((await partStore.get(key, { start: 12 * MiB - 3, end: 12 * MiB + 5 }))!);
      expect(tail).toEqual(Buffer.alloc(3, 11));
    } finally {
      uploadPart.mockRestore();
    }
  });

  it('keeps nothing when a multipart upload goes past maxBytes', async () => {
    const before = await objectNames();
    const key = newKey();
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 7; i++) yield Buffer.alloc(MiB);
      })(),
    );
    await expect(smallPartStore().put(key, body, { contentType: 'image/png', maxBytes: 6 * MiB })).rejects.toEqual(new TooLargeError(6 * MiB));
    expect(await store.stat(key)).toBeNull();
    expect(await objectNames()).toEqual(before);
  });

  it('keeps nothing when the body fails after a part has gone out', async () => {
    const before = await objectNames();
    const key = newKey();
    await expect(smallPartStore().put(key, failingBody(6 * MiB), { contentType: 'image/png', maxBytes: 20 * MiB })).rejects.toThrow('connection reset by peer');
    expect(await store.stat(key)).toBeNull();
    expect(await objectNames()).toEqual(before);
  });

  it('refuses a part size S3 would refuse', () => {
    const config = readStorageConfig(env());
    if (config.kind !== 's3') throw new Error('expected an S3 configuration');
    expect(() => new S3Store(config, { partSize: MIN_PART_SIZE - 1 })).toThrow(RangeError);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
