import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import type { Logger } from '@parley/common';
import type pg from 'pg';
import type { FileStore } from '../storage';
import type { AttachmentRow } from '../store/attachments';
import { examineImage, examineUploadQuietly, formatsFor, IMAGE_BOMB_TOTAL_PIXELS, makeThumbnails, MAX_CONCURRENT_THUMBNAILING } from './thumbnails';

/** A solid image of this size, in this format. */
const solid = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'tiff', color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    [format]()
    .toBuffer();

/** An animated GIF of `frames` differently coloured frames. */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const colors = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
  const pngs = await Promise.all(Array.from({ length: frames }, (_, i) => solid(width, height, 'png', colors[i % colors.length])));
  return sharp(pngs, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** The PNG with its IHDR chunk's width and height (and CRC) rewritten. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8), chunk length (4), "IHDR" (4), then width and height; the CRC covers type and data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

const names = (formats: { max_width: number; max_height: number; animated: boolean; extension: string }[]) =>
  formats.map((f) => `${f.max_width}x${f.max_height}${f.animated ? '-anim' : ''}.${f.extension}`);

describe('examineImage', () => {
  it('reads the size and frames of the image types Zulip thumbnails', async () => {
    expect(await examineImage(await solid(1000, 800, 'png'))).toEqual({ width: 1000, height: 800, frames: 1 });
    expect(await examineImage(await solid(640, 480, 'jpeg'))).toEqual({ width: 640, height: 480, frames: 1 });
    expect(await examineImage(await solid(50, 20, 'webp'))).toEqual({ width: 50, height: 20, frames: 1 });
    expect(await examineImage(await solid(30, 40, 'tiff'))).toEqual({ width: 30, height: 40, frames: 1 });
    expect(await examineImage(await animatedGif(120, 70, 3))).toEqual({ width: 120, height: 70, frames: 3 });
  });

  it('gives the size as shown: a quarter-turned photo (EXIF orientation 6) has width and height swapped', async () => {
    const turned = await sharp(await solid(300, 100, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await examineImage(turned)).toEqual({ width: 100, height: 300, frames: 1 });
  });

  it('refuses what is not an image, and the formats Zulip never decodes (SVG, PDF)', async () => {
    expect(await examineImage(Buffer.from('just some text, not an image'))).toBeUndefined();
    expect(await examineImage(Buffer.alloc(0))).toBeUndefined();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await examineImage(svg)).toBeUndefined();
    expect(await examineImage(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF'))).toBeUndefined();
  });

  it("refuses an image bomb: more pixels than Zulip's limit, in one frame", async () => {
    // A small PNG whose header claims a side just over the limit's square root: the size is
    // read from the header, so nothing that large is ever decoded.
    const side = Math.ceil(Math.sqrt(IMAGE_BOMB_TOTAL_PIXELS)) + 1;
    expect(await examineImage(withPngSize(await solid(10, 10, 'png'), side, side))).toBeUndefined();
    expect(await examineImage(withPngSize(await solid(10, 10, 'png'), side - 2, side - 2))).toEqual({ width: side - 2, height: side - 2, frames: 1 });
  });
});

describe('formatsFor', () => {
  it("gives a still image the still formats, in Zulip's order", () => {
    expect(names(formatsFor({ width: 10, height: 10, frames: 1 }, 'image/png'))).toEqual(['840x560.webp', '300x200.webp', '300x200.jpg']);
  });

  it('gives an animated image the animated formats too', () => {
    expect(names(formatsFor({ width: 10, height: 10, frames: 4 }, 'image/gif'))).toEqual(['840x560-anim.webp', '840x560.webp', '300x200-anim.webp', '300x200.webp', '300x200.jpg']);
  });

  it('adds the large transcoded still when browsers cannot show the original', () => {
    expect(names(formatsFor({ width: 10, height: 10, frames: 1 }, 'image/tiff'))).toEqual(['840x560.webp', '300x200.webp', '300x200.jpg', '4032x3024.webp']);
  });
});

describe('makeThumbnails', () => {
  it("scales down to fit each box, keeping the aspect ratio, in the format's type", async () => {
    const made = await makeThumbnails(await solid(1920, 1080, 'png'), { width: 1920, height: 1080, frames: 1 }, formatsFor({ width: 1920, height: 1080, frames: 1 }, 'image/png'));
    expect(made.map(({ data: _data, ...t }) => t)).toEqual([
      { name: '840x560.webp', content_type: 'image/webp', width: 840, height: 473, byte_size: expect.any(Number) },
      { name: '300x200.webp', content_type: 'image/webp', width: 300, height: 169, byte_size: expect.any(Number) },
      { name: '300x200.jpg', content_type: 'image/jpeg', width: 300, height: 169, byte_size: expect.any(Number) },
    ]);
    for (const t of made) {
      expect(t.byte_size).toBe(t.data.length);
      const meta = await sharp(t.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([t.content_type === 'image/jpeg' ? 'jpeg' : 'webp', t.width, t.height]);
    }
  });

  it('never scales up a small image', async () => {
    const made = await makeThumbnails(await solid(64, 48, 'png'), { width: 64, height: 48, frames: 1 }, formatsFor({ width: 64, height: 48, frames: 1 }, 'image/png'));
    expect(made.map((t) => [t.width, t.height])).toEqual([
      [64, 48],
      [64, 48],
      [64, 48],
    ]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const turned = await sharp(await solid(600, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = (await examineImage(turned))!;
    const [big] = await makeThumbnails(turned, image, formatsFor(image, 'image/jpeg'));
    expect([big.width, big.height]).toEqual([187, 560]);
  });

  it('keeps every frame in the animated formats and only the first in the still ones', async () => {
    const gif = await animatedGif(1200, 700, 3);
    const image = (await examineImage(gif))!;
    const made = await makeThumbnails(gif, image, formatsFor(image, 'image/gif'));
    const frames = await Promise.all(made.map(async (t) => [t.name, t.width, t.height, (await sharp(t.data).metadata()).pages ?? 1]));
    expect(frames).toEqual([
      ['840x560-anim.webp', 840, 490, 3],
      ['840x560.webp', 840, 490, 1],
      ['300x200-anim.webp', 300, 175, 3],
      ['300x200.webp', 300, 175, 1],
      ['300x200.jpg', 300, 175, 1],
    ]);
  });

  it('throws on an image whose header parses and whose pixels do not', async () => {
    const png = await solid(400, 300, 'png');
    const truncated = png.subarray(0, 120);
    const image = await examineImage(truncated);
    expect(image).toEqual({ width: 400, height: 300, frames: 1 });
    await expect(makeThumbnails(truncated, image!, formatsFor(image!, 'image/png'))).rejects.toThrow();
  });
});

describe('examineUpload', () => {
  const row = (ownerId: number, name: string): AttachmentRow => ({
    id: ownerId * 100 + name.length,
    realm_id: 1,
    owner_id: ownerId,
    path_id: `1/ab/${name}/${name}.png`,
    file_name: `${name}.png`,
    content_type: 'image/png',
    size: 1000,
    create_time: new Date(),
    image_status: null,
    original_width_px: null,
    original_height_px: null,
    frames: null,
    thumbnails: [],
  });

  it("starts another user's image while one user's images fill the queue (issue #41)", async () => {
    // The store holds every read until the test lets it go: an examination reads the original
    // first thing in its turn, so the reads say which examinations have a turn.
    const reads: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const files = {
      get: async (key: string) => {
        reads.push(key);
        await released;
        return null; // missing: the examination fails quietly, and gives its turn back
      },
    } as unknown as FileStore;
    const log = { warn: () => undefined } as unknown as Logger;
    const deps = { pool: {} as pg.Pool, files, log };
    const examinations = [1, 2, 3, 4, 5, 6].map((i) => examineUploadQuietly(deps, row(7, `big${i}`)));
    await new Promise<void>((resolve) => setImmediate(resolve));
    examinations.push(examineUploadQuietly(deps, row(8, 'small')));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(MAX_CONCURRENT_THUMBNAILING).toBe(2);
    expect(reads).toEqual(['1/ab/big1/big1.png', '1/ab/small/small.png']);
    release();
    await Promise.all(examinations);
    expect(reads).toHaveLength(7);
  });
});
