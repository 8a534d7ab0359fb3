import sharp from 'sharp';
import { parseJsonReply, connect, ServiceClient } from '@parley/common';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventsOf } from './support/queues';
import { ok } from './support/responses';
import { hostHeader, type ApiResponse } from './support/api';
import { multipart, pathIdOf, rawRequest, uploadFile } from './support/uploads';

/**
 * Uploads (POST /user_uploads, files served outside /api/v1), attachments (GET and DELETE
 * /attachments), temporary URLs, the messages that give others the right to read a file,
 * detached uploads on edit, and the clean-up of files no message needs. Storage here is the
 * folder store of the all-in-one system under test; the S3 store has its own tests.
 */
let realm: TestRealm;
let otherRealm: TestRealm;
let uploads: ServiceClient<'uploads'>;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
type Json = Record<string, any>;
const MIB = 1024 * 1024;

beforeAll(async () => {
  realm = await createTestRealm('Uploads realm');
  otherRealm = await createTestRealm('Uploads elsewhere');
  uploads = connect('uploads', process.env.PARLEY_TEST_UPLOADS_GRPC_ADDR!, process.env.PARLEY_SECRET!);
});
afterAll(async () => {
  uploads.transport.close();
  await closeFixtures();
});

async function upload(user: TestUser, filename = 'notes.txt', content: Buffer | string = 'hello, file'): Promise<{ url: string; filename: string; path_id: string }> {
  const res = await uploadFile(user, { filename, content, type: 'text/plain' });
  expect({ filename, status: res.status, msg: res.body.msg }).toEqual({ filename, status: 200, msg: '' });
  return { url: res.body.url, filename: res.body.filename, path_id: pathIdOf(res.body.url) };
}

/** An error envelope with this status, code and msg. */
function refusedWith(res: ApiResponse, status: number, code: string, msg: string): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { result: 'error', code, msg } });
}

const download = (user: TestUser | undefined, url: string) => rawRequest('GET', url, { creds: user });
const attachments = async (user: TestUser) => ok(await user.api.get('/attachments'));
const attachmentOf = async (user: TestUser, pathId: string) => (await attachments(user)).attachments.find((a: Json) => a.path_id === pathId);

async function sendDirect(from: TestUser, to: TestUser[], content: string): Promise<number> {
  return ok(await from.api.post('/messages', { type: 'direct', to: JSON.stringify(to.map((u) => u.user_id)), content })).id as number;
}

/** The clean-up job, at a time of the test's choosing, for this realm only (other test files' uploads are theirs). */
const collectGarbage = async (nowMs: number) => parseJsonReply<{ removed: number }>(await uploads.collectGarbage({ now_ms: nowMs, realm_id: realm.realm_id }, { client: 'test', host: '' }));

describe('POST /user_uploads', () => {
  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])('stores a file for the %s and lists it as theirs', async (role) => {
    const user = realm[role];
    const queue = ok(await user.api.post('/register', { event_types: ['attachment'] })).queue_id as string;
    const res = await uploadFile(user, { filename: 'report.pdf', content: '%PDF-1.4 tiny', type: 'application/pdf' });
    expect(res.status).toBe(200);
    const { url, uri, filename } = res.body;
    expect(url).toMatch(new RegExp(`^/user_uploads/${realm.realm_id}/[A-Za-z0-9_-]{2}/[A-Za-z0-9_-]{24}/report\\.pdf$`));
    expect([uri, filename]).toEqual([url, 'report.pdf']);
    const listed = await attachmentOf(user, pathIdOf(url));
    expect(listed).toEqual({ id: expect.any(Number), name: 'report.pdf', path_id: pathIdOf(url), size: 13, create_time: expect.any(Number), messages: [] });
    expect(Math.abs(listed.create_time - Date.now())).toBeLessThan(60_000); // milliseconds, not seconds
    const [event] = await eventsOf(user, queue, 1);
    expect(event).toMatchObject({ type: 'attachment', op: 'add', attachment: listed, upload_space_used: expect.any(Number) });
  });

  it('takes the file under any field name, as clients name it differently', async () => {
    for (const field of ['file', 'files[]', 'photo.png', 'upload']) {
      const res = await uploadFile(realm.member, { field, filename: 'any-field.txt', content: field });
      expect([res.status, res.body.filename]).toEqual([200, 'any-field.txt']);
    }
  });

  it('stores the bytes exactly, binary included', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    const { url } = await upload(realm.member, 'blob.bin', bytes);
    const got = await download(realm.member, url);
    expect(got.status).toBe(200);
    expect(got.body.equals(bytes)).toBe(true);
  });

  it('sanitizes the stored name: no path separators, no control characters, bounded length', async () => {
    const cases: [string, string][] = [
      // Directory parts go first (as Django's upload handling does), then the name is sanitized.
      ['../../etc/passwd', 'passwd'],
      ['../..', 'uploaded-file'],
      ['tab\tand\u0001ctl.txt', 'tab-andctl.txt'],
      ['my  holiday - photo.JPG', 'my-holiday-photo.JPG'],
      ['<script>.html', 'script.html'],
      ['..', 'uploaded-file'],
      ['???', 'uploaded-file'],
      ['café ünïcode.txt', 'café-ünïcode.txt'],
    ];
    for (const [given, stored] of cases) {
      const { filename, url } = await upload(realm.member, given);
      expect([given, filename]).toEqual([given, stored]);
      expect(url.endsWith(`/${stored}`)).toBe(true);
    }
    const long = await upload(realm.member, `${'x'.repeat(500)}.txt`);
    expect(long.filename).toBe(`${'x'.repeat(196)}.txt`);
  });

  it('refuses without credentials (401 UNAUTHORIZED) and stores nothing', async () => {
    const res = await uploadFile(undefined, { filename: 'anon.txt', content: 'x' });
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const wrong = await uploadFile({ ...realm.member, api_key: 'not-the-key' }, { filename: 'anon.txt', content: 'x' });
    expect(wrong.status).toBe(401);
  });

  it('refuses a body without a file, a non-multipart body, and two files', async () => {
    const noFile = multipart([], { note: 'no file here' });
    const res1 = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.member, body: noFile.body, headers: { 'content-type': noFile.type } });
    expect([res1.status, JSON.parse(res1.body.toString()).msg]).toEqual([400, 'You must specify a file to upload']);
    const form = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.member, body: Buffer.from('a=b'), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.status, JSON.parse(form.body.toString()).code]).toEqual([400, 'BAD_REQUEST']);
    const two = multipart([
      { filename: 'one.txt', content: '1' },
      { filename: 'two.txt', content: '2' },
    ]);
    const res2 = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.moderator, body: two.body, headers: { 'content-type': two.type } });
    expect([res2.status, JSON.parse(res2.body.toString()).msg]).toEqual([400, 'You may only upload one file at a time']);
    const broken = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.member, body: Buffer.from('--x\r\n\r\n'), headers: { 'content-type': 'multipart/form-data' } });
    expect([broken.status, JSON.parse(broken.body.toString()).code]).toEqual([400, 'BAD_REQUEST']);
    expect((await attachments(realm.moderator)).attachments.map((a: Json) => a.name)).not.toContain('one.txt');
  });

  describe('over max_file_upload_size_mib', () => {
    const tooLarge = "File is larger than this server's configured maximum upload size (25 MiB).";

    it('publishes the limit in /register', async () => {
      expect(ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] })).max_file_upload_size_mib).toBe(25);
    });

    it('refuses a declared length over the limit at once, naming the limit', async () => {
      const { body, type } = multipart([{ filename: 'big.bin', content: Buffer.alloc(25 * MIB + 100 * 1024) }]);
      const res = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.admin, body, headers: { 'content-type': type, 'content-length': String(body.length) } });
      expect([res.status, JSON.parse(res.body.toString())]).toEqual([400, { result: 'error', code: 'BAD_REQUEST', msg: tooLarge }]);
    });

    it('refuses a streamed (chunked) body once it passes the limit, and stores nothing', async () => {
      const { body, type } = multipart([{ filename: 'stream-big.bin', content: Buffer.alloc(25 * MIB + 1) }]);
      async function* chunks() {
        for (let i = 0; i < body.length; i += 256 * 1024) yield body.subarray(i, i + 256 * 1024);
      }
      const before = (await attachments(realm.admin)).upload_space_used;
      const res = await rawRequest('POST', '/api/v1/user_uploads', { creds: realm.admin, body: chunks(), headers: { 'content-type': type } });
      expect([res.status, JSON.parse(res.body.toString()).msg]).toEqual([400, tooLarge]);
      const after = await attachments(realm.admin);
      expect(after.attachments.map((a: Json) => a.name)).not.toContain('stream-big.bin');
      expect(after.upload_space_used).toBe(before);
    });

    it('takes a file of exactly the limit', async () => {
      const res = await uploadFile(realm.owner, { filename: 'just-fits.bin', content: Buffer.alloc(25 * MIB) });
      expect(res.status).toBe(200);
      expect((await attachmentOf(realm.owner, pathIdOf(res.body.url))).size).toBe(25 * MIB);
    });
  });
});

describe('GET /user_uploads/<path_id>', () => {
  it('serves the uploader the bytes with type, disposition and caching headers', async () => {
    const { url } = await upload(realm.member, 'hello.txt', 'hello, world');
    const res = await download(realm.member, url);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello, world');
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toBe(`inline; filename="hello.txt"; filename*=UTF-8''hello.txt`);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves active content (HTML, SVG, scripts, styles) as bytes to save: octet-stream, attachment, nosniff, locked down', async () => {
    for (const [filename, type] of [
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['gadget.js', 'text/javascript'],
      ['gadget.mjs', 'application/javascript'],
      ['look.css', 'text/css'],
      ['feed.xml', 'application/xml'],
      ['page.xhtml', 'application/xhtml+xml'],
      // Declared as nothing in particular: the type guessed from the name is not served either.
      ['guessed.js', 'application/octet-stream'],
    ]) {
      const res = await uploadFile(realm.member, { filename, type, content: '<script>alert(1)</script>' });
      for (const url of [res.body.url, ok(await realm.member.api.get(`/user_uploads/${pathIdOf(res.body.url)}`)).url]) {
        const got = await download(url.startsWith('/user_uploads/temporary/') ? undefined : realm.member, url);
        expect([filename, got.status, got.headers['content-type'], got.headers['content-disposition']?.split(';')[0]]).toEqual([filename, 200, 'application/octet-stream', 'attachment']);
        expect(got.headers['x-content-type-options']).toBe('nosniff');
        expect(got.headers['content-security-policy']).toMatch(/^default-src 'none'/);
        expect(got.body.toString()).toBe('<script>alert(1)</script>');
      }
    }
  });

  it('serves inert types (images, audio, video, PDF, plain text) as themselves, inline', async () => {
    for (const [filename, type] of [
      ['photo.jpg', 'image/jpeg'],
      ['song.mp3', 'audio/mpeg'],
      ['clip.webm', 'video/webm'],
      ['paper.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]) {
      const res = await uploadFile(realm.member, { filename, type, content: 'bytes' });
      const got = await download(realm.member, res.body.url);
      expect([filename, got.headers['content-type'], got.headers['content-disposition']?.split(';')[0], got.headers['x-content-type-options']]).toEqual([filename, type, 'inline', 'nosniff']);
    }
  });

  it('refuses everyone but the uploader until a message links to it (403), another realm (404), no one (401)', async () => {
    const { url } = await upload(realm.member, 'private.txt', 'secret');
    for (const role of ['owner', 'admin', 'moderator', 'other', 'guest', 'bot'] as const) {
      const res = await download(realm[role], url);
      expect([role, res.status, JSON.parse(res.body.toString())]).toEqual([role, 403, { result: 'error', code: 'BAD_REQUEST', msg: 'You are not authorized to view this file.' }]);
    }
    const stranger = await download(otherRealm.owner, url);
    expect([stranger.status, JSON.parse(stranger.body.toString()).msg]).toEqual([404, 'File not found.']);
    const anonymous = await download(undefined, url);
    expect([anonymous.status, JSON.parse(anonymous.body.toString()).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('answers 404 for unknown files and path tricks', async () => {
    const { path_id } = await upload(realm.member, 'target.txt');
    const [realmId, a, b] = path_id.split('/');
    for (const path of [
      `/user_uploads/${realmId}/${a}/${b}/other-name.txt`,
      `/user_uploads/${realmId}/${a}/../${a}/${b}/target.txt`,
      `/user_uploads/${realmId}/${a}/%2e%2e/${b}/target.txt`,
      `/user_uploads/${realmId}/${a}/${b}%2F..%2F..%2Ftarget.txt`,
      '/user_uploads/../../etc/passwd',
      `/user_uploads/${realmId}`,
      '/user_uploads/not-a-realm/x/y/z.txt',
    ]) {
      const res = await rawRequest('GET', path, { creds: realm.member });
      expect([path, res.status]).toEqual([path, 404]);
      expect(JSON.parse(res.body.toString())).toMatchObject({ result: 'error', code: 'NOT_FOUND' });
    }
  });

  it('lets whoever can read a linking message read the file, and no one else', async () => {
    const { url } = await upload(realm.member, 'shared.txt', 'for other');
    await sendDirect(realm.member, [realm.other], `here: [shared.txt](${url})`);
    expect((await download(realm.other, url)).status).toBe(200);
    expect((await download(realm.moderator, url)).status).toBe(403);
    const listed = await attachmentOf(realm.member, pathIdOf(url));
    expect(listed.messages).toEqual([{ id: expect.any(Number), date_sent: expect.any(Number) }]);
    expect(Math.abs(listed.messages[0].date_sent - Date.now())).toBeLessThan(60_000);
  });

  it("does not let a user claim someone else's file by linking to it", async () => {
    const { url } = await upload(realm.member, 'not-yours.txt', 'mine');
    await sendDirect(realm.guest, [realm.moderator], `look: ${url}`);
    expect((await download(realm.moderator, url)).status).toBe(403);
    expect((await download(realm.guest, url)).status).toBe(403);
    expect((await attachmentOf(realm.member, pathIdOf(url))).messages).toEqual([]);
  });
});

describe('GET /user_uploads/<path_id>?api_key=KEY', () => {
  /** The file with the key in the query and no Authorization header, on the key's realm's host unless told. */
  const withKey = (url: string, key: string, host: TestUser = realm.member) => rawRequest('GET', `${url}?api_key=${encodeURIComponent(key)}`, { headers: hostHeader(host) });

  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot'] as RoleName[])("serves the %s's own file for the key alone, as Zulip does for clients that cannot set headers", async (role) => {
    const { url } = await upload(realm[role], 'by-key.txt', `${role}'s`);
    const got = await withKey(url, realm[role].api_key);
    expect([got.status, got.body.toString()]).toEqual([200, `${role}'s`]);
    const head = await rawRequest('HEAD', `${url}?api_key=${encodeURIComponent(realm[role].api_key)}`, { headers: hostHeader(realm[role]) });
    expect(head.status).toBe(200);
  });

  it("serves an image's thumbnails for the key alone too", async () => {
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await uploadFile(realm.member, { filename: 'keyed.png', type: 'image/png', content: image });
    const got = await withKey(`/user_uploads/thumbnail/${pathIdOf(res.body.url)}/840x560.webp`, realm.member.api_key);
    expect([got.status, got.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await withKey(`/user_uploads/thumbnail/${pathIdOf(res.body.url)}/840x560.webp`, realm.other.api_key)).status).toBe(403);
  });

  it("refuses another user's key (403) as their credentials would be, a wrong key (401), and another realm's key on this host (401)", async () => {
    const { url } = await upload(realm.member, 'key-private.txt', 'secret');
    for (const role of ['owner', 'admin', 'moderator', 'guest', 'bot'] as const) {
      const res = await withKey(url, realm[role].api_key);
      expect([role, res.status, JSON.parse(res.body.toString()).msg]).toEqual([role, 403, 'You are not authorized to view this file.']);
    }
    expect((await withKey(url, 'not-a-key')).status).toBe(401);
    expect((await withKey(url, otherRealm.owner.api_key)).status).toBe(401);
  });

  it('takes the key on file reads only: never on the API, nor on uploads', async () => {
    const key = encodeURIComponent(realm.member.api_key);
    const api = await rawRequest('GET', `/api/v1/users/me?api_key=${key}`, { headers: hostHeader(realm.member) });
    expect([api.status, JSON.parse(api.body.toString()).code]).toEqual([401, 'UNAUTHORIZED']);
    const { body, type } = multipart([{ filename: 'k.txt', content: 'k' }]);
    const post = await rawRequest('POST', `/api/v1/user_uploads?api_key=${key}`, { body, headers: { ...hostHeader(realm.member), 'content-type': type } });
    expect(post.status).toBe(401);
  });
});

describe('GET /user_uploads/{realm_id_str}/{filename} (temporary URL)', () => {
  it('gives a URL that serves the file without credentials', async () => {
    const { url, path_id } = await upload(realm.member, 'temp.txt', 'temporary');
    const res = ok(await realm.member.api.get(`/user_uploads/${path_id}`));
    expect(res.url).toMatch(/^\/user_uploads\/temporary\/[^/]+\/temp\.txt$/);
    const got = await rawRequest('GET', res.url);
    expect([got.status, got.body.toString()]).toEqual([200, 'temporary']);
    void url;
  });

  it('refuses forged tokens and callers who may not read the file', async () => {
    const { path_id } = await upload(realm.member, 'temp2.txt', 'temporary');
    const { url } = ok(await realm.member.api.get(`/user_uploads/${path_id}`));
    const forged = url.replace(/temporary\/([^/.]+)\./, (_m: string, body: string) => `temporary/${body}x.`);
    expect((await rawRequest('GET', forged)).status).toBe(403);
    refusedWith(await realm.other.api.get(`/user_uploads/${path_id}`), 403, 'BAD_REQUEST', 'You are not authorized to view this file.');
    const [, ...rest] = path_id.split('/');
    refusedWith(await realm.member.api.get(`/user_uploads/${realm.realm_id}/${rest.slice(0, 2).join('/')}/nope.txt`), 404, 'NOT_FOUND', 'File not found.');
    refusedWith(await otherRealm.owner.api.get(`/user_uploads/${path_id}`), 404, 'NOT_FOUND', 'File not found.');
  });
});

describe('DELETE /attachments/{attachment_id}', () => {
  it("deletes one's own upload and its file, with a remove event", async () => {
    const { url, path_id } = await upload(realm.moderator, 'delete-me.txt');
    const { id } = await attachmentOf(realm.moderator, path_id);
    const queue = ok(await realm.moderator.api.post('/register', { event_types: ['attachment'] })).queue_id as string;
    ok(await realm.moderator.api.delete(`/attachments/${id}`));
    expect(await attachmentOf(realm.moderator, path_id)).toBeUndefined();
    expect((await download(realm.moderator, url)).status).toBe(404);
    const [event] = await eventsOf(realm.moderator, queue, 1);
    expect(event).toMatchObject({ type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: expect.any(Number) });
  });

  it("refuses someone else's attachment (even an administrator's try) and unknown IDs with BAD_REQUEST", async () => {
    const { path_id } = await upload(realm.member, 'keep-me.txt');
    const { id } = await attachmentOf(realm.member, path_id);
    for (const user of [realm.owner, realm.admin, realm.other, otherRealm.owner]) {
      refusedWith(await user.api.delete(`/attachments/${id}`), 400, 'BAD_REQUEST', 'Invalid attachment');
    }
    refusedWith(await realm.member.api.delete('/attachments/999999999'), 400, 'BAD_REQUEST', 'Invalid attachment');
    expect(await attachmentOf(realm.member, path_id)).toBeDefined();
    const anonymous = await realm.member.api.as(undefined).delete(`/attachments/${id}`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('the messages that link to uploads', () => {
  it("gives an edit that drops the last link to one's file its detached_uploads", async () => {
    const { url, path_id } = await upload(realm.member, 'detach.txt', 'abc');
    const id = await sendDirect(realm.member, [realm.other], `[detach.txt](${url})`);
    const res = ok(await realm.member.api.patch(`/messages/${id}`, { content: 'never mind' }));
    const attachment = await attachmentOf(realm.member, path_id);
    expect(res.detached_uploads).toEqual([{ ...attachment, messages: [] }]);
    expect(attachment.messages).toEqual([]);
    expect((await download(realm.other, url)).status).toBe(403);
    // Linking it again in an edit gives it back to the message.
    const again = ok(await realm.member.api.patch(`/messages/${id}`, { content: `back: ${url}` }));
    expect(again.detached_uploads).toEqual([]);
    expect((await download(realm.other, url)).status).toBe(200);
  });

  it('keeps a file another message still links to out of detached_uploads', async () => {
    const { url } = await upload(realm.member, 'twice.txt');
    const first = await sendDirect(realm.member, [realm.other], `one ${url}`);
    await sendDirect(realm.member, [realm.other], `two ${url}`);
    expect(ok(await realm.member.api.patch(`/messages/${first}`, { content: 'gone' })).detached_uploads).toEqual([]);
  });

  it('deletes a file with the last message that links to it', async () => {
    const { url, path_id } = await upload(realm.admin, 'with-message.txt');
    const first = await sendDirect(realm.admin, [realm.other], `a ${url}`);
    const second = await sendDirect(realm.admin, [realm.other], `b ${url}`);
    ok(await realm.admin.api.delete(`/messages/${first}`));
    expect((await download(realm.admin, url)).status).toBe(200);
    ok(await realm.admin.api.delete(`/messages/${second}`));
    expect(await attachmentOf(realm.admin, path_id)).toBeUndefined();
    expect((await download(realm.admin, url)).status).toBe(404);
  });

  it('removes uploads never linked after the grace period, and only those', async () => {
    const unused = await upload(realm.owner, 'unused.txt');
    const used = await upload(realm.owner, 'used.txt');
    await sendDirect(realm.owner, [realm.other], `see ${used.url}`);
    await collectGarbage(Date.now() + 20 * 24 * 3600 * 1000); // within three weeks: nothing goes
    expect(await attachmentOf(realm.owner, unused.path_id)).toBeDefined();
    const { removed } = await collectGarbage(Date.now() + 22 * 24 * 3600 * 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await attachmentOf(realm.owner, unused.path_id)).toBeUndefined();
    expect((await download(realm.owner, unused.url)).status).toBe(404);
    expect(await attachmentOf(realm.owner, used.path_id)).toBeDefined();
    expect((await download(realm.other, used.url)).status).toBe(200);
  });
});
