import { encodePalettePng, Rgb } from './png';

/**
 * The image of the `:zulip:` emoji, which the renderer shows as
 * `<img src="/static/generated/emoji/images/emoji/unicode/zulip.png">` (Zulip's path, which
 * clients expect): Parley's own mark rather than Zulip's logo (Kandra Labs' trademark) — a
 * speech bubble holding a "P", on a transparent ground, 64×64 as Zulip's emoji images are.
 * Drawn once, on first request, by the palette encoder (png.ts).
 */
export const PARLEY_MARK_SIZE = 64;

const TRANSPARENT = 0;
const BUBBLE = 1;
const LETTER = 2;
const PALETTE: readonly Rgb[] = [
  [255, 255, 255],
  [46, 125, 94],
  [255, 255, 255],
];

/** Whether (x, y), a pixel's centre, is in the bubble: a disc, and its tail to the lower left. */
function inBubble(x: number, y: number): boolean {
  return (x - 34) ** 2 + (y - 29) ** 2 <= 27 ** 2 || inTriangle(x, y, [14, 40], [30, 52], [5, 61]);
}

/** Whether (x, y) is inside the triangle abc (on the same side of its three edges). */
function inTriangle(x: number, y: number, a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]): boolean {
  const side = (p: readonly [number, number], q: readonly [number, number]) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const [ab, bc, ca] = [side(a, b), side(b, c), side(c, a)];
  return (ab >= 0 && bc >= 0 && ca >= 0) || (ab <= 0 && bc <= 0 && ca <= 0);
}

/** Whether (x, y) is in the "P": a stem and a closed bowl. */
function inLetter(x: number, y: number): boolean {
  const stem = x >= 24 && x < 30 && y >= 14 && y < 45;
  const bowlOuter = x >= 24 && x < 44 && y >= 14 && y < 34;
  const bowlInner = x >= 30 && x < 38 && y >= 20 && y < 28;
  return stem || (bowlOuter && !bowlInner);
}

let drawn: Buffer | undefined;

/** The PNG of the `:zulip:` emoji. */
export function parleyMarkPng(): Buffer {
  if (drawn) return drawn;
  const size = PARLEY_MARK_SIZE;
  const pixels = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      pixels[y * size + x] = inLetter(cx, cy) ? LETTER : inBubble(cx, cy) ? BUBBLE : TRANSPARENT;
    }
  }
  drawn = encodePalettePng(size, size, PALETTE, pixels, [0]);
  return drawn;
}
