import { AVATAR_SIZE, MEDIUM_AVATAR_SIZE } from '@parley/common';
import { encodePalettePng, Rgb } from './png';

/**
 * Generated default avatars: a symmetric 5×5 identicon drawn from a 32-hex-digit name
 * (common/avatars.ts), a saturated colour on a light ground, 100×100 or 500×500 PNG.
 *
 * Where: the uploads service's HTTP server, beside every other /user_avatars/ image, so the
 * gateway routes /user_avatars/ one way and avatars reach clients as uploaded ones do; it
 * needs no row (the image is a function of the name). Cost: one image is a few hundred
 * bytes to 2 KB of PNG; drawing and deflating the 500×500 one takes about 2 ms of CPU, the
 * 100×100 one 0.1 ms. The last `CACHE_ENTRIES` images are kept (at most ~2 MB), and the
 * gateway's anonymous rate limit bounds how many names one client can make us draw.
 */

const GRID = 5;
const BACKGROUND: Rgb = [240, 240, 240];
const CACHE_ENTRIES = 1000;

/** HSL (h in [0, 360), s and l in [0, 1]) to RGB bytes. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/** The cells that are filled (row-major, 5×5, mirrored left to right) and the colour, from the name. */
export function identiconPattern(name: string): { cells: boolean[]; colour: Rgb } {
  if (!/^[0-9a-f]{32}$/.test(name)) throw new RangeError('an identicon name is 32 hexadecimal digits');
  const bytes = Buffer.from(name, 'hex');
  const cells: boolean[] = new Array<boolean>(GRID * GRID).fill(false);
  // 15 bits: three columns (the middle one and its left) of five rows, mirrored.
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < 3; col++) {
      const bit = row * 3 + col;
      const on = ((bytes[bit >> 3] >> (bit & 7)) & 1) === 1;
      cells[row * GRID + col] = on;
      cells[row * GRID + (GRID - 1 - col)] = on;
    }
  }
  const hue = ((bytes[2] << 8) | bytes[3]) % 360;
  const saturation = 0.45 + (bytes[4] / 255) * 0.25;
  const lightness = 0.4 + (bytes[5] / 255) * 0.15;
  return { cells, colour: hsl(hue, saturation, lightness) };
}

/** The PNG of an identicon, `size` pixels square, with a margin of half a cell. */
export function drawIdenticon(name: string, size: number): Buffer {
  const { cells, colour } = identiconPattern(name);
  // Equal margins on both sides, so the mirror image is exact to the pixel.
  const cell = Math.floor(size / (GRID + 1)) - ((size - GRID * Math.floor(size / (GRID + 1))) % 2);
  const margin = Math.floor((size - cell * GRID) / 2);
  const pixels = new Uint8Array(size * size);
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < GRID; col++) {
      if (!cells[row * GRID + col]) continue;
      for (let y = margin + row * cell; y < margin + (row + 1) * cell; y++) pixels.fill(1, y * size + margin + col * cell, y * size + margin + (col + 1) * cell);
    }
  }
  return encodePalettePng(size, size, [BACKGROUND, colour], pixels);
}

const cache = new Map<string, Buffer>();

/** The default avatar of a name, 100×100 or (medium) 500×500: from the cache, or drawn. */
export function defaultAvatarPng(name: string, medium: boolean): Buffer {
  const key = `${name}${medium ? 'm' : ''}`;
  const kept = cache.get(key);
  if (kept) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const png = drawIdenticon(name, medium ? MEDIUM_AVATAR_SIZE : AVATAR_SIZE);
  cache.set(key, png);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return png;
}
