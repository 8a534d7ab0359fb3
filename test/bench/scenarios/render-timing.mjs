/**
 * Times the built renderer (services/messages) on one message: a first (cold) render, then
 * `renders` more, and the CPU they took. Shared by the in-process scenarios L1 and L2.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const { renderMessage } = require(join(ROOT, 'services/messages/dist/domain/render/index.js'));

/** {first (the cold render's result), coldMs, renders, latency: {p50, p99, max}, cpuMs}. */
export function timeRenders(content, context, renders) {
  const cpu0 = process.cpuUsage();
  let t = performance.now();
  const first = renderMessage(content, context);
  const coldMs = performance.now() - t;
  const latencies = [];
  for (let i = 0; i < renders; i++) {
    t = performance.now();
    renderMessage(content, context);
    latencies.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  return { first, coldMs, renders, latency: { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) }, cpuMs: (cpu.user + cpu.system) / 1000 };
}
