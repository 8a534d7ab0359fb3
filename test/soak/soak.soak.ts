import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@parley/common';
import { Api, ApiResponse } from '../support/api';
import { manageJson, ROOT } from '../support/cli';
import { Cluster, startCluster } from '../support/cluster';

/**
 * The soak (#11, part 9; `npm run soak`, not part of `npm test`): a bounded mixed load on
 * Parley distributed on this machine — gateway ×2, messages ×2, events ×2, the rest ×1,
 * every process dialling every replica — with rate limits on, as in production. Each client
 * behaves as a Zulip client: it registers again when its event queue is gone.
 *
 * CLIENTS users each run a loop of sends, narrowed fetches, flag changes and edits of their
 * own messages at about OPS_PER_SECOND, and keep an event queue long-polled the whole time.
 * Every SAMPLE_MS the RSS of every process is read from /proc, and every LIVE_SAMPLE_MS its
 * live memory: the JS heap and the memory outside it that JS objects hold (heapUsed +
 * external) right after a full garbage collection, asked through the inspector each process
 * is started with (test/soak/live-memory.mjs). At the end it checks that nothing failed but
 * for rate limits (429) and that no process's live memory grew after the warm-up (the first
 * fifth of the run: median of the last quarter against the first quarter after it) by more
 * than GROWTH_LIMIT, then prints a Markdown report and writes it as JSON under bench/results/.
 * RSS is reported, not judged: it follows how much garbage V8 lets pile up before it
 * collects, and a gateway's swung between 185 and 270 MiB over a live heap of 45 MiB.
 *
 * SOAK_MINUTES (default 10) sets the length; the figures the README quotes come from the
 * default.
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = 20;
const OPS_PER_SECOND = 2; // per client: 20 × 2 × 60 = 2,400 a minute, under 200 a minute per user
const SAMPLE_MS = 10_000;
const LIVE_SAMPLE_MS = 30_000;
/** How much a process's live memory may grow after warm-up: a leak shows up as steady growth well past this. */
const GROWTH_LIMIT = { mib: 10, fraction: 0.2 };

jest.setTimeout((MINUTES * 60 + 300) * 1000);

type Json = Record<string, any>;
type Op = 'send' | 'fetch' | 'flags' | 'edit' | 'register' | 'poll';

interface Tally {
  count: number;
  latencies: number[];
  errors: Record<string, number>;
}

const tallies = new Map<Op, Tally>();
function record(op: Op, res: ApiResponse, ms: number): void {
  const t = tallies.get(op) ?? { count: 0, latencies: [], errors: {} };
  tallies.set(op, t);
  t.count++;
  t.latencies.push(ms);
  if (res.status !== 200) {
    const key = `${res.status} ${res.body.code ?? ''}`.trim();
    t.errors[key] = (t.errors[key] ?? 0) + 1;
  }
}

const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
};

const MIB = 1024 * 1024;

/** Each process's live memory in MiB (see the top), by name; a process that did not answer is left out. */
async function liveMiB(inspectors: Map<string, string>): Promise<Record<string, number>> {
  const probe = join(ROOT, 'test/soak/live-memory.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, ['--experimental-websocket', probe, ...inspectors.values()]);
  const usage = JSON.parse(stdout) as Record<string, { heapUsed: number; external: number } | null>;
  const out: Record<string, number> = {};
  for (const [name, address] of inspectors) {
    const u = usage[address];
    if (u) out[name] = (u.heapUsed + u.external) / MIB;
  }
  return out;
}

const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe('soak', () => {
  let cluster: Cluster;
  /** Each process's inspector (host:port), for its live memory. */
  const inspectors = new Map<string, string>();

  beforeAll(async () => {
    // One inspector port per process: the cluster below starts nine, and more ports than that
    // are taken ahead because envFor, which hands them out, cannot wait for one.
    const ports = await Promise.all(Array.from({ length: 16 }, () => freePort()));
    const inspect = (name: string) => {
      const port = ports[inspectors.size];
      if (port === undefined) throw new Error(`soak: no inspector port left for ${name}; take more than ${ports.length}`);
      inspectors.set(name, `127.0.0.1:${port}`);
      return { NODE_OPTIONS: `--inspect=${inspectors.get(name)}` };
    };
    cluster = await startCluster({
      gateways: 2,
      replicas: { messages: 2, events: 2 },
      balanced: true,
      envFor: (name) => ({ ...inspect(name), ...(name.startsWith('gateway') ? { RATE_LIMIT_ENABLED: 'true' } : {}) }),
    });
  });
  afterAll(() => cluster?.stop());

  it(`keeps answering for ${MINUTES} minutes of mixed load, with flat memory`, async () => {
    const owner = await manageJson(['create-realm', '--name', 'Soak Org', '--owner-email', 'owner@soak.test', '--owner-name', 'Soak Owner'], { env: cluster.env });
    const gateway = (i: number) => cluster.gatewayUrls[i % cluster.gatewayUrls.length];
    const admin = new Api(owner, gateway(0));
    const users: { email: string; api_key: string; user_id: number }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const email = `soak${i}@soak.test`;
      const created = await admin.post('/users', { email, password: `soak-password-${i}`, full_name: `Soak ${i}` });
      expect(created.status).toBe(200);
      const key = await new Api(undefined, gateway(i)).post('/fetch_api_key', { username: email, password: `soak-password-${i}` });
      users.push({ email, api_key: key.body.api_key, user_id: created.body.user_id });
    }
    const sub = await admin.post('/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'soak' }]),
      principals: JSON.stringify(users.map((u) => u.user_id)),
    });
    expect(sub.status).toBe(200);
    const streamId = (await admin.get('/get_stream_id', { stream: 'soak' })).body.stream_id as number;

    const started = Date.now();
    const endAt = started + MINUTES * 60_000;
    const warmupEnd = started + MINUTES * 60_000 * 0.2;
    const timed = async (op: Op, call: () => Promise<ApiResponse>): Promise<ApiResponse> => {
      const t0 = performance.now();
      const res = await call();
      record(op, res, performance.now() - t0);
      return res;
    };

    // RSS of every process, sampled through the run.
    const samples: { at: number; rss: Record<string, number> }[] = [];
    const sample = () =>
      samples.push({
        at: Date.now() - started,
        rss: Object.fromEntries([...cluster.procs].map(([name, p]) => [name, rssMiB(p.child.pid!)])),
      });
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    // Live memory, sampled from the end of warm-up (what is judged), one probe at a time: each
    // collects every process's garbage at once, which the clients' first burst (20 registers,
    // 20 first sends, all caches cold) need not also bear.
    const live: { at: number; mib: Record<string, number> }[] = [];
    const probing = (async () => {
      await new Promise((r) => setTimeout(r, warmupEnd - Date.now()));
      while (Date.now() < endAt) {
        live.push({ at: Date.now() - started, mib: await liveMiB(inspectors) });
        await new Promise((r) => setTimeout(r, Math.min(LIVE_SAMPLE_MS, Math.max(0, endAt - Date.now()))));
      }
    })();

    const client = async (i: number) => {
      const api = new Api(users[i], gateway(i));
      const own: number[] = [];
      while (Date.now() < endAt) {
        const pick = Math.random();
        if (pick < 0.4 || own.length === 0) {
          const res = await timed('send', () => api.post('/messages', { type: 'stream', to: streamId, topic: `topic ${i % 5}`, content: `soak ${i} ${Date.now()}` }));
          if (res.status === 200) own.push(res.body.id);
          if (own.length > 50) own.shift();
        } else if (pick < 0.65) {
          await timed('fetch', () =>
            api.get('/messages', {
              anchor: 'newest',
              num_before: 50,
              num_after: 0,
              narrow: JSON.stringify([
                { operator: 'channel', operand: streamId },
                { operator: 'topic', operand: `topic ${i % 5}` },
              ]),
            }),
          );
        } else if (pick < 0.85) {
          await timed('flags', () => api.post('/messages/flags', { messages: JSON.stringify(own.slice(-10)), op: Math.random() < 0.5 ? 'add' : 'remove', flag: 'starred' }));
        } else {
          const id = own[Math.floor(Math.random() * own.length)];
          await timed('edit', () => api.patch(`/messages/${id}`, { content: `edited ${Date.now()}` }));
        }
        await new Promise((r) => setTimeout(r, 1000 / OPS_PER_SECOND));
      }
    };
    // As a Zulip client: register, poll from the last event seen, register again if the queue is gone.
    const poller = async (i: number) => {
      const api = new Api(users[i], gateway(i + 1));
      let queue: { id: string; last: number } | undefined;
      while (Date.now() < endAt) {
        if (!queue) {
          const reg = await timed('register', () => api.post('/register', { event_types: JSON.stringify(['message', 'update_message', 'update_message_flags']) }));
          if (reg.status === 200) queue = { id: reg.body.queue_id, last: reg.body.last_event_id };
          else await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        const res = await timed('poll', () => api.get('/events', { queue_id: queue!.id, last_event_id: queue!.last }));
        if (res.status === 200) queue.last = Math.max(queue.last, ...res.body.events.map((e: Json) => e.id as number));
        else if (res.body.code === 'BAD_EVENT_QUEUE_ID') queue = undefined;
        else await new Promise((r) => setTimeout(r, 500));
      }
    };
    await Promise.all([...users.map((_, i) => client(i)), ...users.map((_, i) => poller(i)), probing]);
    clearInterval(sampler);
    sample();
    live.push({ at: Date.now() - started, mib: await liveMiB(inspectors) });

    // Memory: the median of the first quarter after warm-up against the median of the last
    // quarter; a leak raises the second steadily.
    const warmAndEnd = (series: number[]) => {
      const quarter = Math.max(1, Math.floor(series.length / 4));
      return { warm: percentile(series.slice(0, quarter), 50), end: percentile(series.slice(-quarter), 50) };
    };
    const afterWarmup = samples.filter((s) => s.at >= warmupEnd - started);
    const liveAfterWarmup = live.filter((s) => s.at >= warmupEnd - started);
    const memory = [...cluster.procs.keys()].map((name) => {
      const rss = afterWarmup.map((s) => s.rss[name]);
      const liveSeries = liveAfterWarmup.map((s) => s.mib[name]).filter((v) => v !== undefined);
      const heap = warmAndEnd(liveSeries);
      return {
        name,
        samples: liveSeries.length,
        rss: { start: samples[0].rss[name], ...warmAndEnd(rss), peak: Math.max(...rss) },
        live: { ...heap, growth: heap.end - heap.warm },
      };
    });
    const ops = [...tallies].map(([op, t]) => ({
      op,
      count: t.count,
      p50: percentile(t.latencies, 50),
      p99: percentile(t.latencies, 99),
      errors: t.errors,
    }));
    const report = {
      at: new Date().toISOString(),
      minutes: MINUTES,
      clients: CLIENTS,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      ops,
      memory,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, `bench/results/soak-${Date.now()}.json`), JSON.stringify(report, null, 2));
    process.stdout.write(
      [
        `\n## Soak: ${MINUTES} min, ${CLIENTS} clients (+${CLIENTS} long-polls), distributed (gateway ×2, messages ×2, events ×2)\n`,
        '| op | requests | p50 ms | p99 ms | errors |',
        '|---|---:|---:|---:|---|',
        ...ops.map((o) => `| ${o.op} | ${o.count} | ${o.p50.toFixed(1)} | ${o.p99.toFixed(1)} | ${JSON.stringify(o.errors)} |`),
        '',
        '| process | live MiB after warm-up (median) | live, last quarter | live growth | RSS at start | RSS after warm-up | RSS, last quarter | RSS peak |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...memory.map(
          (m) =>
            `| ${m.name} | ${m.live.warm.toFixed(1)} | ${m.live.end.toFixed(1)} | ${m.live.growth.toFixed(1)} | ${m.rss.start.toFixed(0)} | ${m.rss.warm.toFixed(0)} | ${m.rss.end.toFixed(0)} | ${m.rss.peak.toFixed(0)} |`,
        ),
        '',
      ].join('\n'),
    );

    for (const o of ops) {
      const notRateLimited = Object.entries(o.errors).filter(([k]) => !k.startsWith('429'));
      expect([o.op, notRateLimited]).toEqual([o.op, []]);
    }
    for (const m of memory) {
      // Every process answered the probe through the run (at least two samples after warm-up).
      expect([m.name, m.samples >= 2]).toEqual([m.name, true]);
      expect([m.name, m.live.growth <= Math.max(GROWTH_LIMIT.mib, m.live.warm * GROWTH_LIMIT.fraction)]).toEqual([m.name, true]);
    }
  });
});
