/**
 * Ceiling C4: the C3 transaction (send-tx.mjs) straight from a `pg` Pool in one Node process,
 * no HTTP, no gRPC, no NATS. `concurrency` loops for `durationMs`; prints one line of JSON
 * {ops, seconds, opsPerSec, cpuMs (this process), latency: {p50, p99, max}} (ms).
 * Configuration: JSON in argv[2] {databaseUrl, n, concurrency, durationMs}.
 */
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipientsOf, sendTx } from './send-tx.mjs';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../../../services/common/package.json'));
const pg = require('pg');
const cfg = JSON.parse(process.argv[2]);
const pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: cfg.concurrency });
const recipients = recipientsOf(cfg.n);
const latencies = [];
// Warm-up: connections made and statements prepared on each.
await Promise.all(Array.from({ length: cfg.concurrency }, () => sendTx(pool, { recipients })));
const cpu0 = process.cpuUsage();
const started = performance.now();
const end = started + cfg.durationMs;
await Promise.all(
  Array.from({ length: cfg.concurrency }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await sendTx(pool, { recipients });
      latencies.push(performance.now() - t);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
await pool.end();
latencies.sort((a, b) => a - b);
const pct = (q) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))];
process.stdout.write(
  `${JSON.stringify({ ops: latencies.length, seconds, opsPerSec: latencies.length / seconds, cpuMs: (cpu.user + cpu.system) / 1000, latency: { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) } })}\n`,
);
