import { deflateSync } from 'node:zlib';

/**
 * A PNG encoder for palette images (colour type 3, 8 bits per pixel): enough for the generated
 * default avatars, which have two colours. Written by hand on node's zlib because it runs on
 * the request path of an anonymous GET; sharp would do but costs a native call per image.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of PNG chunks (ISO 3309, as zlib's crc32). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export type Rgb = readonly [number, number, number];

/**
 * Encodes `pixels` (one palette index per pixel, row by row, width × height) with `palette`
 * (at most 256 colours) and, if given, the opacity of the first palette entries (`alphas`,
 * 0 transparent to 255 opaque; the rest are opaque). Every row is filtered with "None": the
 * images are flat areas, which deflate shrinks well without filters.
 */
export function encodePalettePng(width: number, height: number, palette: readonly Rgb[], pixels: Uint8Array, alphas: readonly number[] = []): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError('PNG dimensions must be positive integers');
  if (palette.length < 1 || palette.length > 256) throw new RangeError('a PNG palette holds 1 to 256 colours');
  if (pixels.length !== width * height) throw new RangeError('one palette index per pixel');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: palette
  // compression, filter and interlace methods: 0
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => {
    if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) throw new RangeError('palette colours are bytes');
    plte[i * 3] = r;
    plte[i * 3 + 1] = g;
    plte[i * 3 + 2] = b;
  });
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * width, (y + 1) * width);
    for (const index of row) if (index >= palette.length) throw new RangeError('a pixel names a colour the palette lacks');
    raw.set(row, y * (width + 1) + 1);
  }
  if (alphas.length > palette.length || !alphas.every((a) => Number.isInteger(a) && a >= 0 && a <= 255)) throw new RangeError('one opacity byte per palette colour at most');
  const trns = alphas.length ? [chunk('tRNS', Buffer.from(alphas))] : [];
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte), ...trns, chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
