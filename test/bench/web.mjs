/**
 * Web client benchmark (`npm run bench:web`): issue #31's numbers, measured in Debian's headless
 * Chromium against Parley all-in-one on a clone of the bench seed (1,000 users, 20 channels,
 * 200,000 messages; `--quick`: the small seed). It measures and asserts nothing.
 *
 * 1. Initial JavaScript: the bytes index.html makes the browser fetch before the app runs
 *    (its module script and preloads), gzipped as the gateway sends them.
 * 2. Home view usable: navigation start → the Inbox and all 20 channels of the sidebar shown,
 *    for user1 (subscribed to every channel), with a logged-in session. Five fresh pages.
 * 3. Opening a channel of 20,000 messages ("ten"): a click on it in the sidebar → its first
 *    screen of messages rendered. Five fresh pages.
 * 4. Delivery: a message sent from one tab (user1's session, POST /json/messages) → it is on
 *    screen in another (user2's, viewing the channel), 100 times, one at a time, at idle.
 *    Both tabs run in one browser on this machine, so their clocks are the same clock.
 *
 * Prints a Markdown table; the whole result goes to bench/results/web-<time>.json.
 */
/* global document, window, requestAnimationFrame, MutationObserver -- the page.evaluate callbacks run in the browser */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SERVERS, log, median, parleyEnv, percentile, query } from './harness.mjs';
import { ROOT, spawnServer } from './lib.mjs';
import { PROFILES, cloneSeed, ensureSeed } from './seed.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const { chromium } = require('playwright-core');

const QUICK = process.argv.includes('--quick');
const profile = QUICK ? PROFILES.quick : PROFILES.full;
const SAMPLES = 5;
const DELIVERIES = QUICK ? 20 : 100;
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').toLowerCase();
const runDb = `parley_bench_web_${stamp}`;

const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { n: xs.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1], median: median(xs) };
};
const ms = (x) => `${x.toFixed(0)} ms`;

async function main() {
  const meta = await ensureSeed(SERVERS.database, profile);
  const runUrl = await cloneSeed(SERVERS.database, profile, runDb);
  const { env, cleanup } = await parleyEnv({ databaseUrl: runUrl, secret: meta.secret, namespace: `benchweb${stamp}`, natsUrl: SERVERS.nats, redisUrl: SERVERS.redis });
  const server = spawnServer(env);
  let browser;
  try {
    await server.ready();
    const url = server.url;
    const ten = meta.channels.find((c) => c.name === 'ten');
    const [, user1, user2] = meta.users;
    const tenCount = Number(
      (await query(runUrl, 'SELECT count(*) AS n FROM messages.messages m JOIN messages.recipients r ON r.id = m.recipient_id WHERE r.channel_id = $1', [ten.id]).catch(() => [{ n: NaN }]))[0].n,
    );

    // 1. Initial JavaScript, as the gateway sends it (gzip).
    const html = await (await fetch(`${url}/`)).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    let initialGzip = 0;
    let initialRaw = 0;
    for (const path of scripts) {
      const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      const body = Buffer.from(await res.arrayBuffer());
      initialRaw += body.length;
      initialGzip += res.headers.get('content-encoding') === 'gzip' ? Number(res.headers.get('content-length')) : gzipSync(body).length;
    }

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    const signedIn = async (user) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // The login page hands the browser its pre-login CSRF token, which the form echoes.
      await context.request.get(`${url}/login/`);
      const csrf = (await context.cookies(url)).find((c) => c.name === 'csrftoken')?.value ?? '';
      const res = await context.request.post(`${url}/accounts/login`, { form: { username: user.email, password: meta.password }, headers: { 'x-csrftoken': csrf } });
      if (!res.ok()) throw new Error(`login ${user.email}: ${res.status()} ${await res.text()}`);
      return context;
    };

    // 2. Home view usable, and 3. opening "ten".
    const home = [];
    const open = [];
    const context1 = await signedIn(user1);
    for (let i = 0; i < SAMPLES; i++) {
      const page = await context1.newPage();
      await page.goto(`${url}/#inbox`);
      await page.waitForFunction((n) => document.querySelectorAll('nav .channels li.channel').length >= n && document.getElementById('inbox-title') !== null, meta.channels.length, {
        timeout: 60_000,
        polling: 'raf',
      });
      home.push(await page.evaluate(() => performance.now()));
      const elapsed = await page.evaluate(
        (name) =>
          new Promise((resolve) => {
            const link = [...document.querySelectorAll('nav .channels li.channel .row a')].find((a) => a.querySelector('.name')?.textContent.replace(/^(# |🔒 )/, '') === name);
            const t0 = performance.now();
            link.click();
            const check = () => {
              const log = document.querySelector('[role=log]');
              if (log && log.getAttribute('aria-busy') !== 'true' && log.querySelectorAll('article.message').length > 0) resolve(performance.now() - t0);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
        'ten',
      );
      open.push(elapsed);
      await page.close();
    }

    // 4. Delivery from one tab to another.
    const context2 = await signedIn(user2);
    const receiver = await context2.newPage();
    await receiver.goto(`${url}/#narrow/channel/${ten.id}-ten/topic/bench`);
    await receiver.waitForSelector('[role=log][aria-busy=false]', { timeout: 60_000 });
    await receiver.evaluate(() => {
      window.__seen = {};
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('article.message')) {
          const m = /delivery-(\d+)/.exec(row.textContent);
          if (m && !(m[1] in window.__seen)) window.__seen[m[1]] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const sender = await context1.newPage();
    await sender.goto(`${url}/#inbox`);
    await sender.waitForSelector('#inbox-title');
    const delivery = [];
    for (let i = 0; i < DELIVERIES; i++) {
      const sentAt = await sender.evaluate(
        async ({ to, i }) => {
          const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
          const t0 = Date.now();
          const res = await fetch('/json/messages', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': csrf },
            body: new URLSearchParams({ type: 'stream', to: String(to), topic: 'bench', content: `delivery-${i}` }),
          });
          if (!res.ok) throw new Error(await res.text());
          return t0;
        },
        { to: ten.id, i },
      );
      await receiver.waitForFunction((k) => k in window.__seen, String(i), { timeout: 30_000 });
      delivery.push((await receiver.evaluate((k) => window.__seen[k], String(i))) - sentAt);
      await new Promise((r) => setTimeout(r, 150));
    }

    const result = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 1024 ** 3), node: process.version, load: os.loadavg()[0] },
      seed: `${profile.database}: ${meta.users.length} users, ${meta.channels.length} channels; "ten" has ${tenCount} messages`,
      chromium: browser.version(),
      initialJs: { files: scripts, raw: initialRaw, gzip: initialGzip },
      homeUsableMs: stats(home),
      openChannelMs: stats(open),
      deliveryMs: stats(delivery),
    };
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `web-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
    const targets = { js: 250 * 1024, home: 1500, open: 200, delivery: 100 };
    console.log(`# Web client benchmark (${result.when})

${result.seed}; Chromium ${result.chromium}; ${result.machine.cpus} cores (${result.machine.model}), load ${result.machine.load.toFixed(2)}.

| Measure | Result | Target |
|---|---:|---:|
| Initial JavaScript (gzip; raw) | ${(initialGzip / 1024).toFixed(1)} KB (${(initialRaw / 1024).toFixed(0)} KB) | ≤ ${targets.js / 1024} KB |
| Home view usable after navigation (median of ${SAMPLES}; max) | ${ms(result.homeUsableMs.median)} (${ms(result.homeUsableMs.max)}) | ≤ ${targets.home} ms |
| Open "ten" (${tenCount} messages): first screen (median of ${SAMPLES}; max) | ${ms(result.openChannelMs.median)} (${ms(result.openChannelMs.max)}) | ≤ ${targets.open} ms |
| Sent in one tab → on screen in another (p50; p99 of ${DELIVERIES}) | ${ms(result.deliveryMs.p50)} (${ms(result.deliveryMs.p99)}) | p99 ≤ ${targets.delivery} ms |
`);
  } finally {
    await browser?.close();
    await server.stop();
    cleanup();
    await query(SERVERS.database, `DROP DATABASE IF EXISTS ${runDb} WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((err) => {
  log(err.stack ?? String(err));
  process.exit(1);
});
