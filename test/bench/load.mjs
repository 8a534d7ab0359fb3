/**
 * The load generator: autocannon (npm) in a process of its own, so that its CPU is not the
 * measured server's. Configuration: JSON in argv[2]
 *   {url, requests: [{method, path, headers, body}], headers, connections, durationSec | amount,
 *    overallRate, deleteQueues: {authorization}, slots: [..]}
 * `requests` are cycled per connection (autocannon's semantics). With `slots`, each connection
 * takes the next slot value and puts it for `{slot}` in its paths: connections that act on
 * objects of their own (a message each to react to) do not refuse one another. With `deleteQueues`, the
 * queue_id of each POST /register answer is remembered and the queue deleted afterwards, so
 * that queues made by a measurement do not slow the next ones down.
 * Prints one line of JSON: {ok, non2xx, errors, timeouts, statuses, firstErrors, seconds, rps,
 * latency: {p50, p90, p99, max, mean}}.
 */
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../../package.json'));
const autocannon = require('autocannon');
const cfg = JSON.parse(process.argv[2]);

const queues = [];
const statuses = {};
const firstErrors = {}; // the first body of each non-2xx status, to say why
let nextSlot = 0;
const withSlot = (r) =>
  cfg.slots
    ? {
        setupRequest: (req, context) => {
          context.slot ??= cfg.slots[nextSlot++ % cfg.slots.length];
          return { ...req, path: r.path.replace('{slot}', String(context.slot)) };
        },
      }
    : {};
const requests = cfg.requests.map((r) => ({
  ...r,
  ...withSlot(r),
  onResponse: (status, body) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if ((status < 200 || status > 299) && !firstErrors[status]) firstErrors[status] = String(body).slice(0, 200);
    if (cfg.deleteQueues && status === 200) {
      const m = /"queue_id":"([^"]+)"/.exec(body);
      if (m) queues.push(m[1]);
    }
  },
}));
const result = await autocannon({
  url: cfg.url,
  connections: cfg.connections ?? 10,
  pipelining: 1,
  headers: cfg.headers ?? {},
  requests,
  ...(cfg.amount ? { amount: cfg.amount } : { duration: cfg.durationSec }),
  ...(cfg.overallRate ? { overallRate: cfg.overallRate } : {}),
  timeout: 30,
});
let deleted = 0;
if (cfg.deleteQueues) {
  for (const id of queues) {
    const res = await fetch(`${cfg.url}/api/v1/events?queue_id=${encodeURIComponent(id)}`, { method: 'DELETE', headers: { authorization: cfg.deleteQueues.authorization } }).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      if (res.ok) deleted++;
    }
  }
}
const ok = result['2xx'];
process.stdout.write(
  `${JSON.stringify({
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    firstErrors,
    seconds: result.duration,
    rps: ok / result.duration,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
    queuesDeleted: cfg.deleteQueues ? deleted : undefined,
  })}\n`,
);
