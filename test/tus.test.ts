import sharp from 'sharp';
import { eventually } from './support/eventually';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { ok } from './support/responses';
import { pathIdOf, rawRequest } from './support/uploads';
import { b64, bytes, create, head, interruptedPatch, json, patch, TUS } from './support/tus';

/**
 * Resumable uploads at /api/v1/tus (tus 1.0.0, Zulip feature level 296), on the folder
 * store of the system under test: creation, PATCHes in chunks, a PATCH cut off mid-way and
 * resumed from the offset HEAD reports, the attachment it becomes, and the refusals. S3's
 * tus store is tested in uploads-s3.test.ts.
 */
let realm: TestRealm;
const MIB = 1024 * 1024;
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Tus realm');
});
afterAll(closeFixtures);

describe('tus at /api/v1/tus', () => {
  it('describes itself to an OPTIONS request, with the upload limit', async () => {
    const res = await rawRequest('OPTIONS', '/api/v1/tus');
    expect(res.status).toBe(204);
    expect(res.headers['tus-version']).toContain('1.0.0');
    expect(res.headers['tus-extension']).toMatch(/creation/);
    expect(res.headers['tus-max-size']).toBe(String(25 * MIB));
  });

  it('takes an upload in chunks, resumes it after a cut-off PATCH, and makes it an attachment', async () => {
    const file = bytes(3 * MIB + 12345);
    const created = await create(realm.member, file.length, 'résumé final.bin');
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    expect(location).toMatch(/^\/api\/v1\/tus\/[A-Za-z0-9]{32}$/);

    const first = await patch(realm.member, location, 0, file.subarray(0, MIB));
    expect([first.status, first.headers['upload-offset']]).toEqual([204, String(MIB)]);

    await interruptedPatch(realm.member, location, MIB, file.subarray(MIB, 2 * MIB), MIB / 2);
    let offset = 0;
    await eventually(async () => {
      const state = await head(realm.member, location);
      expect(state.status).toBe(200);
      offset = Number(state.headers['upload-offset']);
      expect(state.headers['upload-length']).toBe(String(file.length));
      // The bytes that arrived are kept: the client resumes from there, not from the start.
      expect(offset).toBeGreaterThan(MIB);
      expect(offset).toBeLessThanOrEqual(MIB + MIB / 2);
    });

    const wrong = await patch(realm.member, location, 0, file.subarray(0, 10));
    expect(wrong.status).toBe(409); // the offset must be the server's

    const last = await patch(realm.member, location, offset, file.subarray(offset));
    expect(last.status).toBe(200);
    expect(last.headers['content-type']).toMatch(/^application\/json/);
    const done = json(last);
    expect(done).toEqual({ url: expect.stringMatching(new RegExp(`^/user_uploads/${realm.realm_id}/.+/r.sum.-final\\.bin$`)), filename: expect.any(String) });
    expect(done.url.endsWith(`/${done.filename}`)).toBe(true);

    const got = await rawRequest('GET', encodeURI(done.url), { creds: realm.member });
    expect(got.status).toBe(200);
    expect(got.body.equals(file)).toBe(true);
    const listed = ok(await realm.member.api.get('/attachments')).attachments.find((a: Json) => a.path_id === pathIdOf(done.url));
    expect(listed).toMatchObject({ name: done.filename, size: file.length, messages: [] });
    // The finished upload is gone from tus.
    expect((await head(realm.member, location)).status).toBe(404);
  });

  it('takes a whole file in the creating POST (creation-with-upload)', async () => {
    const file = Buffer.from('small and whole');
    const res = await rawRequest('POST', '/api/v1/tus', {
      creds: realm.guest,
      body: file,
      headers: {
        ...TUS,
        'upload-length': String(file.length),
        'upload-metadata': `filename ${b64('whole.txt')},filetype ${b64('text/plain')}`,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length),
      },
    });
    expect(res.status).toBe(200);
    const { url } = json(res);
    const got = await rawRequest('GET', url, { creds: realm.guest });
    expect([got.status, got.headers['content-type'], got.body.toString()]).toEqual([200, 'text/plain', 'small and whole']);
  });

  it('thumbnails an image that arrives through tus, as one posted whole', async () => {
    const file = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const res = await rawRequest('POST', '/api/v1/tus', {
      creds: realm.member,
      body: file,
      headers: {
        ...TUS,
        'upload-length': String(file.length),
        'upload-metadata': `filename ${b64('wide.png')},filetype ${b64('image/png')}`,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length),
      },
    });
    expect(res.status).toBe(200);
    const { url } = json(res);
    const thumbnail = await rawRequest('GET', `/user_uploads/thumbnail/${pathIdOf(url)}/300x200.webp`, { creds: realm.member });
    expect(thumbnail.status).toBe(200);
    expect(await sharp(thumbnail.body).metadata()).toMatchObject({ format: 'webp', width: 300, height: 100 });
  });

  it('keeps an upload to its creator: others get 404 for it', async () => {
    const created = await create(realm.member, 100);
    const location = created.headers.location!;
    for (const other of [realm.other, realm.admin, realm.owner]) {
      expect((await head(other, location)).status).toBe(404);
      expect((await patch(other, location, 0, Buffer.alloc(100))).status).toBe(404);
    }
    expect(Number((await head(realm.member, location)).headers['upload-offset'])).toBe(0);
  });

  it('refuses uploads over max_file_upload_size_mib (413) and requests without credentials (401)', async () => {
    const tooBig = await create(realm.member, 25 * MIB + 1);
    expect(tooBig.status).toBe(413);
    const anonymous = await create(undefined, 10);
    expect([anonymous.status, json(anonymous).code]).toEqual([401, 'UNAUTHORIZED']);
    const missingVersion = await rawRequest('POST', '/api/v1/tus', { creds: realm.member, headers: { 'upload-length': '10' } });
    expect(missingVersion.status).toBe(412);
  });

  it('answers 404 for an unknown upload', async () => {
    expect((await head(realm.member, `/api/v1/tus/${'x'.repeat(32)}`)).status).toBe(404);
  });
});
