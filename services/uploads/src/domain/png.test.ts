import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { crc32, encodePalettePng } from './png';

/** The chunks of a PNG, each checked against its CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    expect({ type, crc: png.readUInt32BE(at + 8 + length) }).toEqual({ type, crc: zlibCrc32(png.subarray(at + 4, at + 8 + length)) });
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

describe('encodePalettePng', () => {
  const palette = [
    [240, 240, 240],
    [10, 120, 200],
  ] as const;
  const pixels = Uint8Array.from([0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 1]); // 4 × 3

  it('writes the signature, IHDR, PLTE, IDAT and IEND, each with its CRC', () => {
    const png = encodePalettePng(4, 3, palette, pixels);
    const found = chunks(png);
    expect(found.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    const ihdr = found[0].data;
    expect({ width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), depth: ihdr[8], colourType: ihdr[9], rest: [...ihdr.subarray(10)] }).toEqual({
      width: 4,
      height: 3,
      depth: 8,
      colourType: 3,
      rest: [0, 0, 0],
    });
    expect([...found[1].data]).toEqual([240, 240, 240, 10, 120, 200]);
    expect(found[3].data.length).toBe(0);
  });

  it('deflates rows of filter byte 0 then the palette indexes, which zlib inflates back', () => {
    const found = chunks(encodePalettePng(4, 3, palette, pixels));
    const raw = inflateSync(found[2].data);
    expect([...raw]).toEqual([0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1]);
  });

  it('writes the opacities it is given in a tRNS chunk after PLTE, and refuses more than the palette has', () => {
    const found = chunks(encodePalettePng(4, 3, palette, pixels, [0]));
    expect(found.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    expect([...found[2].data]).toEqual([0]);
    expect(() => encodePalettePng(4, 3, palette, pixels, [0, 0, 0])).toThrow(RangeError);
    expect(() => encodePalettePng(4, 3, palette, pixels, [256])).toThrow(RangeError);
  });

  it('computes the CRC-32 that zlib does', () => {
    for (const text of ['', 'IEND', 'The quick brown fox jumps over the lazy dog']) expect(crc32(Buffer.from(text))).toBe(zlibCrc32(Buffer.from(text)));
  });

  it('refuses what no PNG can say', () => {
    expect(() => encodePalettePng(0, 3, palette, new Uint8Array(0))).toThrow(RangeError);
    expect(() => encodePalettePng(4, 3, palette, new Uint8Array(11))).toThrow('one palette index per pixel');
    expect(() => encodePalettePng(1, 1, [], new Uint8Array(1))).toThrow(RangeError);
    expect(() => encodePalettePng(1, 1, palette, Uint8Array.from([2]))).toThrow('a pixel names a colour the palette lacks');
    expect(() => encodePalettePng(1, 1, [[256, 0, 0]], new Uint8Array(1))).toThrow('palette colours are bytes');
  });
});
