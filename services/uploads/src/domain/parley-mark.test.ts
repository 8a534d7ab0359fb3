import sharp from 'sharp';
import { PARLEY_MARK_SIZE, parleyMarkPng } from './parley-mark';

describe('parleyMarkPng', () => {
  it('is a 64×64 PNG with a transparent ground and the mark in its middle', async () => {
    const png = parleyMarkPng();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, PARLEY_MARK_SIZE]).toEqual([64, 64, 64]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alphaAt(0, 0), alphaAt(63, 0), alphaAt(63, 63)]).toEqual([0, 0, 0]);
    expect(alphaAt(32, 32)).toBe(255);
    expect(parleyMarkPng()).toBe(png); // drawn once
  });
});
