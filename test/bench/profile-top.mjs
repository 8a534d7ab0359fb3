/**
 * Summarizes a V8 .cpuprofile (from `node test/bench/run.mjs --profile`): the functions with
 * the most self time, and Parley's own functions (services/, gateway/) with the most total
 * time (self + callees), as shares of the busy (not idle) time. The profile covers the whole
 * run, start-up and warm-up included: use --only to keep it to what is studied.
 * Usage: node test/bench/profile-top.mjs FILE [N] [SKIP_SECONDS]
 */
import { readFileSync } from 'node:fs';

const [file, n = '25', skip = '0'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
// Samples from `skip` seconds after the profile's start (run.mjs prints when its rounds began).
let t = profile.startTime;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i] ?? 0;
  if (t - profile.startTime >= Number(skip) * 1e6) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
// Percentages are of the busy time: everything but V8's "(idle)".
const idle = profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').reduce((a, node) => a + (self.get(node.id) ?? 0), 0);
const all = [...self.values()].reduce((a, b) => a + b, 0);
const total = all - idle;
const where = (cf) => `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^file:\/\//, '').replace(/.*\/(node_modules|services|gateway)\//, '$1/')}:${cf.lineNumber + 1}`;

const selfBy = new Map();
for (const [id, us] of self) {
  const key = where(byId.get(id).callFrame);
  selfBy.set(key, (selfBy.get(key) ?? 0) + us);
}
const inclusive = new Map();
function walk(node, stack) {
  let sum = self.get(node.id) ?? 0;
  const key = where(node.callFrame);
  const recursive = stack.has(key);
  stack.add(key);
  for (const child of node.children ?? []) sum += walk(byId.get(child), stack);
  if (!recursive) stack.delete(key);
  if (!recursive) inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
  return sum;
}
walk(profile.nodes[0], new Set());

const pct = (us) => `${((100 * us) / total).toFixed(1)} %`;
const top = (map, filter) =>
  [...map]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(n));
console.log(`${file}: ${(all / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy (percentages are of the busy time)\n\nSelf time:`);
for (const [k, us] of top(selfBy, (k) => !k.startsWith('(idle)'))) console.log(`${pct(us).padStart(7)}  ${k}`);
console.log('\nTotal time, Parley code (services/, gateway/):');
for (const [k, us] of top(inclusive, (k) => / (services|gateway)\//.test(k) && !/node_modules/.test(k))) console.log(`${pct(us).padStart(7)}  ${k}`);
