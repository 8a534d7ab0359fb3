import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { ok } from './support/responses';
import { testServicePool } from './support/service-pools';
import { pathIdOf, rawRequest, uploadFile } from './support/uploads';

/**
 * Thumbnails of uploaded images (Zulip 9's protocol): made when the image is uploaded,
 * announced in register's server_thumbnail_formats, shown in messages as
 * `div.message_inline_image > a > img[src=thumbnail][data-original-dimensions]`, served at
 * /user_uploads/thumbnail/<path_id>/<format> to whoever may read the upload, and deleted
 * with it. The system under test stores files in a folder, which the test reads.
 */
let realm: TestRealm;
let otherRealm: TestRealm;
let uploadsDb: pg.Pool;
type Json = Record<string, any>;

beforeAll(async () => {
  realm = await createTestRealm('Thumbnails realm');
  otherRealm = await createTestRealm('Thumbnails elsewhere');
  uploadsDb = testServicePool('uploads', process.env.PARLEY_SECRET!, 2);
});
afterAll(async () => {
  await uploadsDb.end();
  await closeFixtures();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7ab0' } })
    .png()
    .toBuffer();

async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((c) =>
      sharp({ create: { width, height, channels: 3, background: c } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

async function upload(user: TestUser, filename: string, content: Buffer, type: string): Promise<{ url: string; path_id: string }> {
  const res = await uploadFile(user, { filename, content, type });
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return { url: res.body.url, path_id: pathIdOf(res.body.url) };
}

async function sendDirect(from: TestUser, to: TestUser[], content: string): Promise<number> {
  return ok(await from.api.post('/messages', { type: 'direct', to: JSON.stringify(to.map((u) => u.user_id)), content })).id as number;
}

const renderedOf = async (user: TestUser, id: number) => ok(await user.api.get(`/messages/${id}`)).message.content as string;
const get = (user: TestUser | undefined, url: string) => rawRequest('GET', url, { creds: user });
/** Where the folder store keeps an object (storage/folder-store.ts). */
const storedFile = (key: string) => join(process.env.PARLEY_DATA_DIR!, 'uploads', 'objects', ...key.split('/'));

describe('an uploaded image', () => {
  it("is previewed with its 840x560 thumbnail and the original's size and type, as Zulip renders it", async () => {
    const { url, path_id } = await upload(realm.member, 'harbour.png', await png(1920, 1080), 'image/png');
    const id = await sendDirect(realm.member, [realm.other], `[harbour.png](${url})`);
    expect(await renderedOf(realm.other, id)).toBe(
      `<p><a href="${url}">harbour.png</a></p>\n<div class="message_inline_image"><a href="${url}" title="harbour.png">` +
        `<img src="/user_uploads/thumbnail/${path_id}/840x560.webp" data-original-dimensions="1920x1080" data-original-content-type="image/png"></a></div>`,
    );
  });

  it('has every still format served to whoever may read it, scaled to fit, in its type', async () => {
    const { url, path_id } = await upload(realm.member, 'plan.png', await png(1000, 1000), 'image/png');
    await sendDirect(realm.member, [realm.other], url);
    for (const [format, type, size] of [
      ['840x560.webp', 'image/webp', [560, 560]],
      ['300x200.webp', 'image/webp', [200, 200]],
      ['300x200.jpg', 'image/jpeg', [200, 200]],
    ] as const) {
      for (const reader of [realm.member, realm.other]) {
        const res = await get(reader, `/user_uploads/thumbnail/${path_id}/${format}`);
        expect([format, res.status, res.headers['content-type']]).toEqual([format, 200, type]);
        const meta = await sharp(res.body).metadata();
        expect([meta.width, meta.height]).toEqual(size);
      }
    }
    // Still images have no animated formats; sizes Parley does not make are not made on request.
    for (const format of ['840x560-anim.webp', '300x200-anim.webp', '100x100.webp', '840x560.png', 'nonsense']) {
      expect([format, (await get(realm.member, `/user_uploads/thumbnail/${path_id}/${format}`)).status]).toEqual([format, 404]);
    }
  });

  it('is thumbnailed with all its frames when animated, and marked as moving', async () => {
    const { url, path_id } = await upload(realm.member, 'spinner.gif', await animatedGif(1200, 700), 'image/gif');
    const id = await sendDirect(realm.member, [realm.other], `[spinner](${url})`);
    expect(await renderedOf(realm.member, id)).toContain(
      `<img src="/user_uploads/thumbnail/${path_id}/840x560-anim.webp" data-original-dimensions="1200x700" data-original-content-type="image/gif" data-animated="true">`,
    );
    const moving = await get(realm.other, `/user_uploads/thumbnail/${path_id}/840x560-anim.webp`);
    expect([moving.status, (await sharp(moving.body).metadata()).pages]).toEqual([200, 3]);
    const still = await get(realm.other, `/user_uploads/thumbnail/${path_id}/300x200.webp`);
    expect([still.status, (await sharp(still.body).metadata()).pages ?? 1]).toEqual([200, 1]);
  });

  it('is previewed in POST /messages/render and in an edit that adds it, too', async () => {
    const { url, path_id } = await upload(realm.member, 'draft.png', await png(64, 48), 'image/png');
    const thumb = `<img src="/user_uploads/thumbnail/${path_id}/840x560.webp" data-original-dimensions="64x48" data-original-content-type="image/png">`;
    expect(ok(await realm.member.api.post('/messages/render', { content: `[draft](${url})` })).rendered).toContain(thumb);
    const id = await sendDirect(realm.member, [realm.other], 'soon');
    ok(await realm.member.api.patch(`/messages/${id}`, { content: `now [draft](${url})` }));
    expect(await renderedOf(realm.other, id)).toContain(thumb);
  });

  it('keeps its thumbnails from those who may not read it, as the upload itself', async () => {
    const { url, path_id } = await upload(realm.member, 'secret.png', await png(100, 100), 'image/png');
    await sendDirect(realm.member, [realm.other], url);
    const thumb = `/user_uploads/thumbnail/${path_id}/840x560.webp`;
    for (const outsider of [realm.owner, realm.admin, realm.moderator, realm.guest, realm.bot]) {
      const res = await get(outsider, thumb);
      expect([outsider.full_name, res.status, JSON.parse(res.body.toString())]).toEqual([
        outsider.full_name,
        403,
        { result: 'error', code: 'BAD_REQUEST', msg: 'You are not authorized to view this file.' },
      ]);
    }
    expect((await get(otherRealm.owner, thumb)).status).toBe(404);
    expect((await get(undefined, thumb)).status).toBe(401);
  });

  it('is deleted with its thumbnails when its last message goes', async () => {
    const { url, path_id } = await upload(realm.member, 'gone.png', await png(900, 600), 'image/png');
    const id = await sendDirect(realm.member, [realm.other], url);
    const keys = ['840x560.webp', '300x200.webp', '300x200.jpg'].map((f) => `thumbnail/${path_id}/${f}`);
    expect(keys.map((k) => existsSync(storedFile(k)))).toEqual([true, true, true]);
    ok(await realm.member.api.delete(`/messages/${id}`));
    expect((await get(realm.member, `/user_uploads/${keys[0]}`)).status).toBe(404);
    expect([existsSync(storedFile(path_id)), ...keys.map((k) => existsSync(storedFile(k)))]).toEqual([false, false, false, false]);
  });
});

describe('an upload that is not an image Parley thumbnails', () => {
  it('gets no preview, whatever its name and declared type say', async () => {
    const fake = await upload(realm.member, 'fake.png', Buffer.from('these are not pixels'), 'image/png');
    const svg = await upload(realm.member, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/svg+xml');
    const svgAsPng = await upload(realm.member, 'sneaky.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/png');
    const id = await sendDirect(realm.member, [realm.other], `[a](${fake.url}) [b](${svg.url}) [c](${svgAsPng.url})`);
    expect(await renderedOf(realm.member, id)).not.toContain('message_inline_image');
    for (const file of [fake, svg, svgAsPng]) {
      expect((await get(realm.member, `/user_uploads/thumbnail/${file.path_id}/840x560.webp`)).status).toBe(404);
    }
  });

  it('is previewed once examined when it was stored before thumbnails existed', async () => {
    const { url, path_id } = await upload(realm.member, 'old.png', await png(320, 240), 'image/png');
    // As uploads from before the thumbnails migration are: unexamined, no thumbnails stored.
    await uploadsDb.query(
      `UPDATE attachments SET image_status = NULL, original_width_px = NULL, original_height_px = NULL, frames = NULL, thumbnails = '[]'
                            WHERE path_id = $1`,
      [path_id],
    );
    const id = await sendDirect(realm.member, [realm.other], `[old](${url})`);
    expect(await renderedOf(realm.member, id)).toContain(`<img src="/user_uploads/thumbnail/${path_id}/840x560.webp" data-original-dimensions="320x240"`);
    const { rows } = await uploadsDb.query<Json>('SELECT image_status, original_width_px, frames FROM attachments WHERE path_id = $1', [path_id]);
    expect(rows).toEqual([{ image_status: 'thumbnailed', original_width_px: 320, frames: 1 }]);
  });
});
