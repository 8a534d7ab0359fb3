/**
 * S8, memory: idle RSS of each process, then RSS and Redis memory with `queues` idle event
 * queues registered (POST /register, message events, no state fetched: the queue itself is
 * what is measured). Redis memory is counted as the MEMORY USAGE of this run's keys
 * (prefix `parley:<namespace>:`), because other work may share the Redis server.
 *
 * Registering 10,000 queues is a burst of requests; right after it, V8 keeps the heap it grew
 * to (old space full of garbage promoted while requests were in flight) until its memory
 * reducer collects and shrinks it, about 25 s after allocation slows down (measured: 269 →
 * 128 MiB, heap used 53 MiB). So the queues' cost is measured once the heap has settled
 * (MEMORY_SETTLE_MS after the burst, and as long before the baseline), and the RSS right after
 * the burst is reported beside it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, memoryOf, sleep } from '../lib.mjs';
import { encode, log, runNode, settle } from '../harness.mjs';

export const MEMORY_SETTLE_MS = 40_000;

const require = createRequire(join(ROOT, 'package.json'));

export async function redisBytes(redisUrl, prefix) {
  if (!redisUrl) return null;
  const Redis = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    let bytes = 0;
    let keys = 0;
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (batch.length) {
        const pipeline = redis.pipeline();
        for (const k of batch) pipeline.memory('USAGE', k);
        for (const [, n] of await pipeline.exec()) bytes += Number(n ?? 0);
        keys += batch.length;
      }
    } while (cursor !== '0');
    return { bytes, keys };
  } finally {
    redis.disconnect();
  }
}

export async function measureMemory({ processes, parleyProcs, parleyUrl, user, queues, redisUrl, redisPrefix }) {
  const parleyPids = Object.values(parleyProcs);
  const parleyRss = () => parleyPids.reduce((a, pid) => a + memoryOf(pid).rss, 0);
  await settle(parleyPids, 20_000);
  // Idle means settled too: right after the CPU goes quiet V8 may still hold the heap of the
  // last scenario's burst (282 MiB read then, 202 MiB 40 s later, in a run on a slow machine).
  log(`S8: ${MEMORY_SETTLE_MS / 1000} s for the heap to settle`);
  await sleep(MEMORY_SETTLE_MS);
  const idle = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, memoryOf(pid).rss]));
  const parleyIdle = Object.fromEntries(Object.keys(parleyProcs).map((name) => [name, idle[name]]));
  const rssBefore = parleyRss();
  const redisBefore = await redisBytes(redisUrl, redisPrefix);
  log(`S8: registering ${queues} idle queues`);
  const load = await runNode(
    join(ROOT, 'test/bench/load.mjs'),
    {
      url: parleyUrl,
      connections: 10,
      amount: queues,
      headers: { authorization: user.authorization },
      requests: [{ method: 'POST', path: '/api/v1/register', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encode({ event_types: ['message'], fetch_event_types: [] }) }],
    },
    { timeoutMs: 300_000 },
  );
  await settle(parleyPids, 20_000);
  const rssBurst = parleyRss();
  log(`S8: ${MEMORY_SETTLE_MS / 1000} s for the heap to settle`);
  await sleep(MEMORY_SETTLE_MS);
  const rssAfter = parleyRss();
  const redisAfter = await redisBytes(redisUrl, redisPrefix);
  const redisDelta = redisBefore && redisAfter ? (redisAfter.bytes - redisBefore.bytes) / 1024 ** 2 : 0;
  return {
    idle,
    parleyIdle,
    queues: {
      registered: load.ok,
      failed: load.non2xx + load.errors,
      registerRate: load.rps,
      rssBefore,
      rssBurst,
      rssAfter,
      rssDelta: rssAfter - rssBefore,
      redisBefore,
      redisAfter,
      redisDeltaMiB: redisDelta,
      totalDeltaMiB: rssAfter - rssBefore + redisDelta,
    },
  };
}
