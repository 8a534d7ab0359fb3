/**
 * P1 (issue #29): what thumbnailing adds to an image's upload, in-process (the built
 * services/uploads examineImage and makeThumbnails, as an upload runs them): `photo`, a
 * 4000×3000 JPEG of noise (a 12-megapixel phone photo, which compresses about as badly);
 * `screenshot`, a 1920×1080 PNG. Each run examines the image and makes its three still
 * formats; no store is involved.
 *
 * Configuration: JSON in argv[2] {kind, runs}. Prints JSON {kind, bytes, coldMs, runs,
 * latency: {p50, p99, max}, cpuMs}.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib.mjs';

const require = createRequire(join(ROOT, 'services/uploads/package.json'));
const sharp = require('sharp');
const { examineImage, formatsFor, makeThumbnails } = require(join(ROOT, 'services/uploads/dist/domain/thumbnails.js'));

const cfg = JSON.parse(process.argv[2] ?? '{}');
const runs = cfg.runs ?? 10;

async function source(kind) {
  if (kind === 'photo') {
    const [width, height] = [4000, 3000];
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    return {
      bytes: await sharp(noise, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
      type: 'image/jpeg',
    };
  }
  const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#f4f4f4' } })
    .composite([{ input: { create: { width: 800, height: 600, channels: 3, background: '#2a7ab0' } }, left: 100, top: 100 }])
    .png()
    .toBuffer();
  return { bytes: png, type: 'image/png' };
}

async function once(bytes, type) {
  const image = await examineImage(bytes);
  return makeThumbnails(bytes, image, formatsFor(image, type));
}

const { bytes, type } = await source(cfg.kind);
const cpu0 = process.cpuUsage();
let t = performance.now();
await once(bytes, type);
const coldMs = performance.now() - t;
const latencies = [];
for (let i = 0; i < runs; i++) {
  t = performance.now();
  await once(bytes, type);
  latencies.push(performance.now() - t);
}
const cpu = process.cpuUsage(cpu0);
latencies.sort((a, b) => a - b);
const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
process.stdout.write(
  `${JSON.stringify({
    kind: cfg.kind,
    bytes: bytes.length,
    coldMs,
    runs,
    latency: { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) },
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
