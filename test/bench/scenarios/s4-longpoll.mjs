/**
 * S4, send → event received, in a process of its own: `receivers` users each register an
 * event queue (message events) and long-poll GET /events in a loop; one sender posts to
 * their channel at `rate` messages/s for `durationMs`. Latency is from the start of each
 * send request to each receipt of its event. After the sends, it waits up to 5 s for the
 * last deliveries, then deletes the queues. The serving processes' CPU (`pids`) is read from
 * the first send to the last receipt: the hundred registrations before it (about 25 ms each)
 * and the deletions after it are not what S4 measures.
 * Configuration: JSON in argv[2] {url, receivers: [{email, key}], sender: {email, key},
 * channelId, rate, durationMs, pids}. Prints one line of JSON.
 *
 * Requests go through node:http with a keep-alive agent (a socket per open poll), not fetch:
 * fetch costs this process about 1 ms of CPU per response, and with 100 answers arriving at
 * once the load generator, not Parley, set the last receipts' latency.
 */
import http from 'node:http';
import { cpuMs } from '../harness.mjs';

const cfg = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const basic = (u) => `Basic ${Buffer.from(`${u.email}:${u.key}`).toString('base64')}`;
const form = (params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
const api = (user, method, path, params) =>
  new Promise((resolve, reject) => {
    const get = method === 'GET' || method === 'DELETE';
    const body = get ? undefined : form(params);
    const req = http.request(
      `${cfg.url}/api/v1${path}${get ? `?${form(params)}` : ''}`,
      {
        method,
        agent,
        headers: { authorization: basic(user), 'content-type': 'application/x-www-form-urlencoded', ...(body && { 'content-length': Buffer.byteLength(body) }) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString());
            if (res.statusCode !== 200 || answer.result !== 'success') reject(new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(answer).slice(0, 200)}`));
            else resolve(answer);
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const tag = `s4${process.pid}x`;
const tagged = new RegExp(`${tag}(\\d+)`);
const sentAt = new Map(); // seq → performance.now() at the send request's start
const latencies = [];
const receivedBySeq = new Map(); // seq → receivers that got it
let running = true;
let errors = 0;
/** GET /events answered, heartbeats and empty answers included. */
let answered = 0;
let emptyPolls = 0;

const queues = await Promise.all(
  cfg.receivers.map(async (user) => {
    const q = await api(user, 'POST', '/register', { event_types: ['message'], fetch_event_types: [], apply_markdown: false });
    return { user, id: q.queue_id, last: q.last_event_id };
  }),
);

async function poll(q) {
  while (running) {
    try {
      const { events } = await api(q.user, 'GET', '/events', { queue_id: q.id, last_event_id: q.last });
      const now = performance.now();
      answered++;
      if (!events.length) emptyPolls++;
      for (const e of events) {
        q.last = Math.max(q.last, e.id);
        const m = e.type === 'message' && tagged.exec(e.message.content);
        if (m && sentAt.has(Number(m[1]))) {
          latencies.push(now - sentAt.get(Number(m[1])));
          receivedBySeq.set(Number(m[1]), (receivedBySeq.get(Number(m[1])) ?? 0) + 1);
        }
      }
    } catch {
      // Deleting the queues at the end ends their open polls with an error: not counted.
      if (!running) break;
      errors++;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
const polls = queues.map(poll);
await new Promise((r) => setTimeout(r, 500)); // every poll open

const sendLatencies = [];
const interval = 1000 / cfg.rate;
const cpuAtStart = cpuMs(cfg.pids);
const start = performance.now();
let seq = 0;
const sends = [];
while (performance.now() - start < cfg.durationMs) {
  const n = ++seq;
  const due = start + (n - 1) * interval;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const t = performance.now();
  sentAt.set(n, t);
  sends.push(
    api(cfg.sender, 'POST', '/messages', { type: 'stream', to: cfg.channelId, topic: 'long poll', content: `${tag}${n}` }).then(
      () => sendLatencies.push(performance.now() - t),
      () => {
        errors++;
      },
    ),
  );
}
await Promise.all(sends);
const expected = seq * cfg.receivers.length;
const waitUntil = performance.now() + 5000;
while (latencies.length < expected && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
const seconds = (performance.now() - start) / 1000;
const serverCpuMs = cpuMs(cfg.pids) - cpuAtStart;
running = false;
await Promise.all(queues.map((q) => api(q.user, 'DELETE', '/events', { queue_id: q.id }).catch(() => undefined)));
await Promise.race([Promise.all(polls), new Promise((r) => setTimeout(r, 3000))]);

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, q) => (xs.length ? xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))] : null);
const l = sorted(latencies);
const s = sorted(sendLatencies);
process.stdout.write(
  `${JSON.stringify({
    sent: seq,
    expected,
    received: latencies.length,
    errors,
    polls: answered,
    emptyPolls,
    // The messages some receiver did not get (seq: receivers that got it), at most 20.
    incomplete: Array.from({ length: seq }, (_, i) => i + 1)
      .filter((n) => (receivedBySeq.get(n) ?? 0) < cfg.receivers.length)
      .slice(0, 20)
      .map((n) => [n, receivedBySeq.get(n) ?? 0]),
    deliveriesPerSec: latencies.length / (cfg.durationMs / 1000),
    latency: { p50: pct(l, 0.5), p90: pct(l, 0.9), p99: pct(l, 0.99), max: l.at(-1) ?? null },
    sendLatency: { p50: pct(s, 0.5), p99: pct(s, 0.99) },
    seconds,
    serverCpuMs,
  })}\n`,
);
process.exit(0);
