/**
 * Upload memory benchmark (`npm run bench:uploads`), two parts (`--only large` or
 * `--only thumbnails` runs one). Each starts Parley all-in-one (gateway and uploads service in
 * one process, so one RSS covers both hops).
 *
 * - large: does a big upload cost the server memory in proportion to its size? With a 256 MiB
 *   upload limit it sends a 20 MB file through POST /user_uploads and a 200 MB file through
 *   tus in four PATCHes, both streamed from a generator (the client holds 1 MiB at a time),
 *   sampling the server's RSS every 50 ms. It prints the resident memory before, the highest
 *   sample during each upload and after, and checks the files arrived whole (size and SHA-256
 *   read back).
 * - thumbnails: can one user's images starve everyone's uploads (issue #41, item 6)? One
 *   member sends six 88-megapixel PNGs at once (just under the pixel limit; a few hundred KB
 *   each, about a second each to thumbnail); once the server has recorded all six (their
 *   thumbnails being made or waiting), another member uploads a 50×50 PNG. It prints that small upload's latency (and, for comparison, the same
 *   upload on the idle server), how long the six took, and the server's RSS before and at
 *   its highest meanwhile.
 *
 * A measurement, not a test: no thresholds.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { manage, memoryOf, prepareEnvironment, ROOT, sleep, spawnServer } from './lib.mjs';

const sharp = createRequire(join(ROOT, 'services/uploads/package.json'))('sharp');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const MB = 1024 * 1024; // sizes in MiB: 20 MiB and 200 MiB (a little over 20 MB and 200 MB)
const log = (msg) => process.stderr.write(`bench: ${msg}\n`);

/** `size` bytes of a repeating pattern, 1 MiB at a time, hashed as they go. */
function* pattern(size, hash) {
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32BE((i * 2654435761) >>> 0, i);
  for (let sent = 0; sent < size; sent += block.length) {
    const chunk = block.subarray(0, Math.min(block.length, size - sent));
    hash?.update(chunk);
    yield chunk;
  }
}

/** One request with a streamed body; resolves with status, headers and the (small) answer. */
function send(url, { method, headers, chunks }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    (async () => {
      for (const chunk of chunks ?? []) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      req.end();
    })().catch(reject);
  });
}

/** Samples the server's RSS until stopped; returns the highest. */
function sampler(pid) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rss);
  };
}

async function downloadHash(base, auth, url) {
  const hash = createHash('sha256');
  let size = 0;
  await new Promise((resolve, reject) => {
    http
      .get(`${base}${encodeURI(url)}`, { headers: { authorization: auth } }, (res) => {
        res.on('data', (c) => {
          size += c.length;
          hash.update(c);
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  return { size, sha256: hash.digest('hex') };
}

async function main() {
  if (only === undefined || only === 'large') await largeUploads();
  if (only === undefined || only === 'thumbnails') await fairThumbnails();
}

async function largeUploads() {
  const { env, cleanup } = await prepareEnvironment({ MAX_FILE_UPLOAD_SIZE_MIB: '256' });
  const server = spawnServer(env);
  const rows = [];
  try {
    await server.ready();
    const owner = await manage(env, ['create-realm', '--name', 'Upload bench', '--owner-email', 'owner@bench.test', '--owner-name', 'Bench Owner', '--no-initial-channels']);
    const auth = `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}`;
    // A first small upload warms the paths up (lazy modules, pools).
    await send(`${server.url}/api/v1/user_uploads`, multipartRequest(auth, 'warm.txt', 1024));
    await sleep(500);
    const before = memoryOf(server.pid).rss;
    rows.push(['before', before]);

    // 20 MB through POST /user_uploads.
    const hash20 = createHash('sha256');
    let stop = sampler(server.pid);
    const posted = await send(`${server.url}/api/v1/user_uploads`, multipartRequest(auth, 'twenty.bin', 20 * MB, hash20));
    rows.push(['peak during a 20 MB POST /user_uploads', stop()]);
    if (posted.status !== 200) throw new Error(`POST /user_uploads: ${posted.status} ${posted.body}`);
    const postedUrl = JSON.parse(posted.body).url;

    // 200 MB through tus, four PATCHes of 50 MB.
    const size = 200 * MB;
    const tusHeaders = { authorization: auth, 'tus-resumable': '1.0.0' };
    const created = await send(`${server.url}/api/v1/tus`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('two-hundred.bin').toString('base64')}` },
    });
    if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${created.body}`);
    const location = `${server.url}${created.headers.location}`;
    const hash200 = createHash('sha256');
    const all = pattern(size, hash200);
    stop = sampler(server.pid);
    let offset = 0;
    let last;
    while (offset < size) {
      const length = Math.min(50 * MB, size - offset);
      const chunks = takeBytes(all, length);
      last = await send(location, {
        method: 'PATCH',
        headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(length) },
        chunks,
      });
      if (last.status !== 204 && last.status !== 200) throw new Error(`tus PATCH at ${offset}: ${last.status} ${last.body}`);
      offset += length;
    }
    rows.push(['peak during a 200 MB tus upload (4 PATCHes)', stop()]);
    await sleep(1000);
    rows.push(['after', memoryOf(server.pid).rss]);

    const checks = [
      ['20 MB POST', postedUrl, 20 * MB, hash20.digest('hex')],
      ['200 MB tus', JSON.parse(last.body).url, size, hash200.digest('hex')],
    ];
    const verified = [];
    for (const [name, url, expectedSize, sha] of checks) {
      const got = await downloadHash(server.url, auth, url);
      verified.push(`${name}: ${got.size === expectedSize && got.sha256 === sha ? 'read back whole' : `MISMATCH (${got.size} bytes)`}`);
    }
    console.log('| server RSS (gateway + uploads, all-in-one) | MiB |');
    console.log('|---|---:|');
    for (const [label, mib] of rows) console.log(`| ${label} | ${mib.toFixed(0)} |`);
    console.log(`\nGrowth over the baseline: ${(Math.max(...rows.slice(1).map((r) => r[1])) - before).toFixed(0)} MiB at most. ${verified.join('; ')}.`);
  } catch (err) {
    log(`failed: ${err.stack ?? err}\n${server.output()}`);
    process.exitCode = 1;
  } finally {
    await server.stop();
    await cleanup();
  }
}

/**
 * Six 88-megapixel PNGs from one member at once, then a 50×50 PNG from another: that small
 * upload's latency against the same upload on the idle server, and the server's RSS.
 */
async function fairThumbnails() {
  const { env, cleanup } = await prepareEnvironment();
  const server = spawnServer(env);
  try {
    await server.ready();
    const owner = await manage(env, ['create-realm', '--name', 'Thumbnail bench', '--owner-email', 'owner@bench.test', '--owner-name', 'Bench Owner', '--no-initial-channels']);
    const other = await manage(env, ['create-user', '--realm', '', '--email', 'other@bench.test', '--name', 'Other']);
    const authOf = (u) => `Basic ${Buffer.from(`${u.email}:${u.api_key}`).toString('base64')}`;
    // 11,000 × 8,000: 88 megapixels, under the 90-megapixel bound; flat RGBA, so about 350 KB,
    // and about 1.2 s to thumbnail here (the figures of issue #41).
    const big = await sharp({ create: { width: 11_000, height: 8_000, channels: 4, background: { r: 91, g: 141, b: 239, alpha: 0.5 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const small = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#e0457b' } })
      .png()
      .toBuffer();
    const upload = async (user, filename, bytes) => {
      const started = performance.now();
      const res = await send(`${server.url}/api/v1/user_uploads`, imageRequest(authOf(user), filename, bytes));
      if (res.status !== 200) throw new Error(`POST /user_uploads ${filename}: ${res.status} ${res.body}`);
      return performance.now() - started;
    };
    // Warm up: lazy modules, pools, sharp's first decode.
    await upload(owner, 'warm.png', small);
    const idle = await upload(other, 'idle.png', small);
    await sleep(1000);
    const before = memoryOf(server.pid).rss;
    const stop = sampler(server.pid);
    const started = performance.now();
    const bigOnes = Promise.all(Array.from({ length: 6 }, (_, i) => upload(owner, `big-${i}.png`, big)));
    // Each upload's row is written before its thumbnails are made: once the six rows are there
    // (beside the warm-up's), all six are being thumbnailed or waiting their turn.
    for (;;) {
      const listed = await fetch(`${server.url}/api/v1/attachments`, { headers: { authorization: authOf(owner) } }).then((r) => r.json());
      if (listed.attachments.length >= 7) break;
      await sleep(20);
    }
    const contended = await upload(other, 'small.png', small);
    const bigTimes = await bigOnes;
    const all = performance.now() - started;
    const peak = stop();
    console.log(`\n| six ${(big.length / 1024).toFixed(0)} KB 88-megapixel PNGs by one member, a 50×50 PNG by another | |`);
    console.log('|---|---:|');
    console.log(`| the 50×50 upload on the idle server | ${idle.toFixed(0)} ms |`);
    console.log(`| the 50×50 upload during the six | ${contended.toFixed(0)} ms |`);
    console.log(`| the six: first and last answered | ${Math.min(...bigTimes).toFixed(0)} ms, ${Math.max(...bigTimes).toFixed(0)} ms (all done after ${all.toFixed(0)} ms) |`);
    console.log(`| server RSS before, at most meanwhile (growth) | ${before.toFixed(0)} MiB, ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB) |`);
  } catch (err) {
    log(`failed: ${err.stack ?? err}\n${server.output()}`);
    process.exitCode = 1;
  } finally {
    await server.stop();
    await cleanup();
  }
}

/** A multipart POST /user_uploads of one PNG. */
function imageRequest(auth, filename, bytes) {
  const boundary = 'benchboundary7d1f';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: 'POST',
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + bytes.length + tail.length) },
    chunks: [head, bytes, tail],
  };
}

/** The next `length` bytes of a chunk generator, as a generator of its own. */
function* takeBytes(gen, length) {
  let left = length;
  while (left > 0) {
    const { value, done } = gen.next(left);
    if (done) return;
    if (value.length <= left) {
      left -= value.length;
      yield value;
    } else {
      throw new Error('chunks must divide the PATCH size');
    }
  }
}

/** A multipart POST /user_uploads whose file part streams from the pattern. */
function multipartRequest(auth, filename, size, hash) {
  const boundary = 'benchboundary7d1f';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: 'POST',
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
    chunks: (function* () {
      yield head;
      yield* pattern(size, hash);
      yield tail;
    })(),
  };
}

main();
