/**
 * For looking into a scenario's PostgreSQL round trips: preloaded into Parley's processes
 * (`BENCH_NODE_OPTIONS="--require ./test/bench/pg-statements.cjs" node test/bench/run.mjs
 * --only S7`), it counts each statement (by its whole text) and measures the CPU
 * its submission took (writing a query to the socket costs a system call that wakes a
 * PostgreSQL backend: 0.3–0.4 ms on this machine) and its round trip, submit to
 * ReadyForQuery. Every 2 s it writes the table to `pg-statements-<pid>.txt` in
 * PG_STATEMENTS_DIR (default: the system's temporary folder). Divide the counts by the
 * scenario's requests to see how many round trips one request makes, and which repeat.
 * Not for figures: the wrapping costs a little of its own.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const Query = require(require.resolve('pg/lib/query.js', { paths: [process.cwd()] }));

const stats = new Map();
const submit = Query.prototype.submit;
Query.prototype.submit = function submitMeasured(connection) {
  const key = String(this.text).replace(/\s+/g, ' ');
  const s = stats.get(key) ?? { count: 0, submitMs: 0, roundTrips: [] };
  stats.set(key, s);
  const started = performance.now();
  const ready = this.handleReadyForQuery;
  this.handleReadyForQuery = function readyMeasured(...args) {
    s.roundTrips.push(performance.now() - started);
    return ready.apply(this, args);
  };
  const result = submit.call(this, connection);
  s.count++;
  s.submitMs += performance.now() - started;
  return result;
};

/**
 * A statement as the table shows it: its first 80 characters, and for a longer one a short
 * hash of the whole, since statements that begin alike (the same column list) are counted
 * apart.
 */
const label = (text) => (text.length <= 80 ? text : `${text.slice(0, 80)}… #${crypto.createHash('sha1').update(text).digest('hex').slice(0, 6)}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const ms = (x) => x.toFixed(2).padStart(8);

function write() {
  const lines = ['   count  submit ms total   rt p50   rt p99  statement'];
  for (const [key, s] of [...stats].sort((a, b) => b[1].submitMs - a[1].submitMs)) {
    const sorted = [...s.roundTrips].sort((a, b) => a - b);
    lines.push(`${String(s.count).padStart(8)}  ${ms(s.submitMs).padStart(15)} ${ms(percentile(sorted, 0.5))} ${ms(percentile(sorted, 0.99))}  ${label(key)}`);
  }
  fs.writeFileSync(path.join(process.env.PG_STATEMENTS_DIR ?? os.tmpdir(), `pg-statements-${process.pid}.txt`), `${lines.join('\n')}\n`);
}
setInterval(write, 2000).unref();
process.on('exit', write);
