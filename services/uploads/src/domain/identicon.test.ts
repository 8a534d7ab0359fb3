import { inflateSync } from 'node:zlib';
import { defaultAvatarPng, drawIdenticon, identiconPattern } from './identicon';

const A = '0123456789abcdef0123456789abcdef';
const B = 'fedcba9876543210fedcba9876543210';

/** Width, height and the palette indexes of one of our PNGs (one IDAT, filter 0 rows). */
function decode(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let at = 8;
  let idat: Buffer = Buffer.alloc(0);
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    if (png.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
  }
  const raw = inflateSync(idat);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) pixels.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  return { width, height, pixels };
}

describe('identicons', () => {
  it('are mirrored left to right and coloured from the name', () => {
    const { cells, colour } = identiconPattern(A);
    for (let row = 0; row < 5; row++) for (let col = 0; col < 2; col++) expect(cells[row * 5 + col]).toBe(cells[row * 5 + 4 - col]);
    expect(colour.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)).toBe(true);
    expect(identiconPattern(B)).not.toEqual(identiconPattern(A));
  });

  it('are drawn at the size asked, the same every time, symmetric to the pixel', () => {
    for (const size of [100, 500]) {
      const png = drawIdenticon(A, size);
      expect(png.equals(drawIdenticon(A, size))).toBe(true);
      const { width, height, pixels } = decode(png);
      expect({ width, height }).toEqual({ width: size, height: size });
      for (let y = 0; y < size; y += 7) for (let x = 0; x < size; x++) expect(pixels[y * size + x]).toBe(pixels[y * size + (size - 1 - x)]);
      // Both colours are used, and the margin is background.
      expect(new Set(pixels)).toEqual(new Set([0, 1]));
      expect(pixels[0]).toBe(0);
    }
    expect(drawIdenticon(A, 100).equals(drawIdenticon(B, 100))).toBe(false);
  });

  it('are kept: the same bytes come back from the cache', () => {
    expect(defaultAvatarPng(A, false)).toBe(defaultAvatarPng(A, false));
    expect(defaultAvatarPng(A, true).equals(drawIdenticon(A, 500))).toBe(true);
  });

  it('refuse a name that is not 32 hexadecimal digits', () => {
    expect(() => identiconPattern('xyz')).toThrow(RangeError);
  });
});
