import sharp from 'sharp';
import { createFileStore, FileStore, readStorageConfig } from '@parley/uploads';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { startS3Server, S3Server } from './support/s3-server';
import { multipart, pathIdOf, rawRequest, uploadFile } from './support/uploads';
import { OwnParley, startOwnParley } from './support/own-parley';
import { eventually } from './support/eventually';
import { bytes, create, head, interruptedPatch, json, patch } from './support/tus';

jest.setTimeout(60_000);

/**
 * Uploads with S3 storage, end to end: a Parley of this test's own (all-in-one in a process
 * of its own, on its own database, with the in-process bus) stores files in an S3-compatible server on loopback
 * (s3rver), answers file requests with redirects to presigned URLs, and deletes objects with
 * their attachments. What the file rules are is tested once, on the folder store
 * (uploads.test.ts); this file tests that S3 carries them.
 */
let s3: S3Server;
let own: OwnParley;
let bucket: FileStore;
let realm: TestRealm;

beforeAll(async () => {
  s3 = await startS3Server({ multipartListing: true });
  const s3Env = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey };
  bucket = createFileStore(readStorageConfig(s3Env));
  own = await startOwnParley('s3', s3Env);
  // The fixtures and the test API talk to this system and its database.
  own.adopt();
  realm = await createTestRealm('S3 realm');
});

afterAll(async () => {
  await closeFixtures();
  await own?.stop();
  await s3?.stop();
});

describe('uploads on S3 storage', () => {
  it('stores the file as an object with its content type', async () => {
    const res = await uploadFile(realm.member, { filename: 'photo.png', type: 'image/png', content: Buffer.from('not really a png') });
    expect(res.status).toBe(200);
    const stat = await bucket.stat(pathIdOf(res.body.url));
    expect(stat).toMatchObject({ size: 16, contentType: 'image/png' });
  });

  it('answers a file request with a redirect to a short-lived presigned URL that serves the bytes', async () => {
    const res = await uploadFile(realm.member, { filename: 'report.txt', type: 'text/plain', content: 'from s3' });
    const redirect = await rawRequest('GET', res.body.url, { creds: realm.member });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.location!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('from s3');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="report.txt"; filename*=UTF-8''report.txt`);
    // The rights still hold: someone else gets no redirect.
    expect((await rawRequest('GET', res.body.url, { creds: realm.other })).status).toBe(403);
  });

  it('has S3 serve a file that is not inert as application/octet-stream, an attachment, whatever type it was stored with', async () => {
    const res = await uploadFile(realm.member, { filename: 'gadget.js', type: 'text/javascript', content: 'alert(1)' });
    expect(await bucket.stat(pathIdOf(res.body.url))).toMatchObject({ contentType: 'text/javascript' });
    const temporary = ok(await realm.member.api.get(`/user_uploads/${pathIdOf(res.body.url)}`)).url as string;
    for (const redirect of [await rawRequest('GET', res.body.url, { creds: realm.member }), await rawRequest('GET', temporary)]) {
      expect([redirect.status, redirect.headers['x-content-type-options']]).toEqual([302, 'nosniff']);
      const location = new URL(redirect.headers.location!);
      expect(location.searchParams.get('response-content-type')).toBe('application/octet-stream');
      const file = await fetch(location);
      expect([file.status, file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
        200,
        'application/octet-stream',
        `attachment; filename="gadget.js"; filename*=UTF-8''gadget.js`,
      ]);
      expect(await file.text()).toBe('alert(1)');
    }
  });

  it('redirects from a temporary URL too', async () => {
    const res = await uploadFile(realm.member, { filename: 'temp.txt', content: 'temporary' });
    const { url } = ok(await realm.member.api.get(`/user_uploads/${pathIdOf(res.body.url)}`));
    const redirect = await rawRequest('GET', url);
    expect(redirect.status).toBe(302);
    expect(await (await fetch(redirect.headers.location!)).text()).toBe('temporary');
  });

  it('streams a multi-part object (larger than one S3 part) intact', async () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024, 0);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
    const res = await uploadFile(realm.admin, { filename: 'big.bin', content: bytes });
    expect(res.status).toBe(200);
    const location = (await rawRequest('GET', res.body.url, { creds: realm.admin })).headers.location!;
    expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('leaves no object behind when the upload is too large', async () => {
    const { body, type } = multipart([{ filename: 'too-big.bin', content: Buffer.alloc(25 * 1024 * 1024 + 1) }]);
    async function* chunks() {
      for (let i = 0; i < body.length; i += 1024 * 1024) yield body.subarray(i, i + 1024 * 1024);
    }
    const res = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.owner, body: chunks(), headers: { 'content-type': type } });
    expect(res.status).toBe(400);
    expect(ok(await realm.owner.api.get('/attachments')).attachments).toEqual([]);
  });

  it("stores an image's thumbnails as objects, serves them by redirect, and deletes them with it", async () => {
    const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const res = await uploadFile(realm.member, { filename: 'view.jpg', type: 'image/jpeg', content: image });
    const pathId = pathIdOf(res.body.url);
    expect(await bucket.stat(`thumbnail/${pathId}/840x560.webp`)).toMatchObject({ contentType: 'image/webp' });
    expect(await bucket.stat(`thumbnail/${pathId}/300x200.jpg`)).toMatchObject({ contentType: 'image/jpeg' });
    const redirect = await rawRequest('GET', `/user_uploads/thumbnail/${pathId}/840x560.webp`, { creds: realm.member });
    expect(redirect.status).toBe(302);
    const thumbnail = await fetch(redirect.headers.location!);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 840, height: 473 });
    const { id } = ok(await realm.member.api.get('/attachments')).attachments.find((a: { path_id: string }) => a.path_id === pathId);
    ok(await realm.member.api.delete(`/attachments/${id}`));
    expect(await bucket.stat(`thumbnail/${pathId}/840x560.webp`)).toBeNull();
    expect(await bucket.stat(`thumbnail/${pathId}/300x200.jpg`)).toBeNull();
  });

  it('deletes the object with the attachment', async () => {
    const res = await uploadFile(realm.moderator, { filename: 'gone.txt', content: 'bye' });
    const pathId = pathIdOf(res.body.url);
    const { id } = ok(await realm.moderator.api.get('/attachments')).attachments.find((a: { path_id: string }) => a.path_id === pathId);
    expect(await bucket.stat(pathId)).not.toBeNull();
    ok(await realm.moderator.api.delete(`/attachments/${id}`));
    expect(await bucket.stat(pathId)).toBeNull();
  });
});

describe('tus on S3 storage (@tus/s3-store)', () => {
  // s3rver lacks ListParts and AbortMultipartUpload, which @tus/s3-store needs on every PATCH:
  // the test server answers those two from s3rver's own folder (see support/s3-server.ts).
  it('takes an upload in S3 parts, resumes it after a cut-off PATCH, and makes it an attachment', async () => {
    const MIB = 1024 * 1024;
    const file = bytes(20 * MIB + 777);
    const created = await create(realm.member, file.length, 'on-s3.bin');
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    expect((await patch(realm.member, location, 0, file.subarray(0, 9 * MIB))).headers['upload-offset']).toBe(String(9 * MIB));
    await interruptedPatch(realm.member, location, 9 * MIB, file.subarray(9 * MIB, 18 * MIB), 4 * MIB);
    let offset = 0;
    await eventually(async () => {
      const state = await head(realm.member, location);
      offset = Number(state.headers['upload-offset']);
      expect(offset).toBeGreaterThanOrEqual(9 * MIB);
      expect(offset).toBeLessThanOrEqual(13 * MIB);
    });
    const last = await patch(realm.member, location, offset, file.subarray(offset));
    expect(last.status).toBe(200);
    const { url } = json(last);
    const stat = await bucket.stat(pathIdOf(url));
    expect(stat).toMatchObject({ size: file.length });
    const redirect = await rawRequest('GET', url, { creds: realm.member });
    expect(redirect.status).toBe(302);
    expect(Buffer.from(await (await fetch(redirect.headers.location!)).arrayBuffer()).equals(file)).toBe(true);
  });
});
