/**
 * The attacks of issue #41 as a benchmark (`npm run bench:attacks`): what one user's costly
 * requests do to everyone else, on Parley all-in-one with two realms. It asserts nothing.
 *
 * A1, one message must not stall the server: a member of realm A sends, 8 at a time, the
 * 10,000-character math message that renders to 1.6 MB of KaTeX, in waves for `--seconds`
 * (default 20); meanwhile the owner of realm B asks GET /users/me 40 times a second (open loop).
 * Reported: B's latency before and during the attack (p50, p99, max), the attack's answers by
 * status and their latency, the largest message stored (rendered_content, characters) and how
 * many of the attack's messages were stored. Issue #41's target: B's p99 ≤ 250 ms during the
 * attack, and nothing stored past Zulip's cap (1,000,000 characters).
 *
 *   node test/bench/attacks.mjs [--seconds N]
 *
 * It uses the servers named by DATABASE_URL, NATS_URL and REDIS_URL (a database of its own,
 * dropped at the end), else the embedded defaults. Progress on stderr, the report (Markdown)
 * on stdout, the figures as JSON in bench/results/attacks-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { manage, prepareEnvironment, ROOT, spawnServer } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = option('--seconds', 20);
const PARALLEL = 8;
const BASELINE_MS = 5_000;
/** How often realm B asks GET /users/me (40 a second). */
const POLL_EVERY_MS = 25;
/** 10,000 characters (its fence runs to the end) that render to 1.6 MB of KaTeX. */
const MATH_BOMB = '```math\n' + 'x^2\n\n'.repeat(1998);
const CAP = 1_000_000;

const log = (line) => process.stderr.write(`[attacks] ${line}\n`);
const basic = (email, key) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) };
}

async function main() {
  const { env, cleanup } = await prepareEnvironment();
  const server = spawnServer(env);
  const started = Date.now();
  try {
    log(`starting Parley all-in-one on port ${env.PORT}`);
    await server.ready();
    const url = server.url;
    const realm = (name, sub) => manage(env, ['create-realm', '--name', name, '--subdomain', sub, '--owner-email', `owner@${sub}.test`, '--owner-name', `${name} Owner`, '--no-initial-channels']);
    const [attackers, bystanders] = [await realm('Attackers', 'attackers'), await realm('Bystanders', 'bystanders')];
    const member = await manage(env, ['create-user', '--realm', 'attackers', '--email', 'member@attackers.test', '--name', 'Attacking Member', '--role', 'member']);
    // Each realm's users are accepted on its host only: the requests name it.
    const hosts = { attackers: new URL(attackers.site).host, bystanders: new URL(bystanders.site).host };
    const host = (realm) => hosts[realm];
    const asMember = basic(member.email, member.api_key);
    const asBystander = basic(bystanders.email, bystanders.api_key);
    for (const [realm, auth] of [
      ['attackers', asMember],
      ['bystanders', asBystander],
    ]) {
      const r = await fetchOn(url, host(realm), 'GET', '/users/me', auth);
      if (r.status !== 200) throw new Error(`GET /users/me in ${realm}: ${r.status} ${JSON.stringify(r.body)}`);
    }

    // B alone first.
    log(`B polls GET /users/me alone for ${BASELINE_MS / 1000} s`);
    const quietEnd = Date.now() + BASELINE_MS;
    const quiet = pollOn(url, host('bystanders'), asBystander, () => Date.now() > quietEnd);
    await quiet.done;

    // Then with A's attack.
    log(`A sends ${PARALLEL} math messages at a time for ${SECONDS} s while B polls`);
    const attackEnd = Date.now() + SECONDS * 1000;
    let attacking = true;
    const during = pollOn(url, host('bystanders'), asBystander, () => !attacking);
    const answers = [];
    let wave = 0;
    while (Date.now() < attackEnd) {
      wave++;
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () => fetchOn(url, host('attackers'), 'POST', '/messages', asMember, { type: 'direct', to: JSON.stringify([member.user_id]), content: MATH_BOMB })),
      );
      answers.push(...results);
      log(`  wave ${wave}: ${results.map((r) => r.status).join(' ')}`);
    }
    attacking = false;
    await during.done;

    // What the attack left, as a client fetching it gets it (rendered HTML), the newest 20.
    const narrow = JSON.stringify([{ operator: 'dm', operand: [member.user_id] }]);
    const fetched = await fetchOn(url, host('attackers'), 'GET', `/messages?${new URLSearchParams({ anchor: 'newest', num_before: '20', num_after: '0', narrow })}`, asMember);
    const contents = fetched.status === 200 ? fetched.body.messages.map((m) => m.content.length) : [];
    const stored = {
      fetchStatus: fetched.status,
      messages: contents.length,
      largestRenderedChars: Math.max(0, ...contents),
      totalRenderedChars: contents.reduce((a, b) => a + b, 0),
      fetchMs: fetched.ms,
    };
    const byStatus = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const figures = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0].toFixed(2)}`,
      commit: gitCommit(),
      seconds: SECONDS,
      parallel: PARALLEL,
      bystanderAlone: { ...percentiles(quiet.latencies), failed: quiet.failed() },
      bystanderDuringAttack: { ...percentiles(during.latencies), failed: during.failed() },
      attack: { sends: answers.length, byStatus, latency: percentiles(answers.map((a) => a.ms)), firstRefusal: answers.find((a) => a.status !== 200)?.body },
      stored,
      seconds_total: (Date.now() - started) / 1000,
    };
    report(figures);
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `attacks-${figures.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    log(`results: ${file}`);
  } catch (err) {
    process.stderr.write(`--- Parley output (tail)\n${server.output()}\n`);
    throw err;
  } finally {
    await server.stop();
    await cleanup();
  }
}

function report(f) {
  const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
  const row = (label, p) => `| ${label} | ${p.n} | ${ms(p.p50)} | ${ms(p.p99)} | ${ms(p.max)} |`;
  const L = [
    `# Attacks of issue #41, ${f.date}`,
    '',
    `Machine: ${f.machine}; commit ${f.commit}. Parley all-in-one; ${f.parallel} sends at a time for ${f.seconds} s.`,
    '',
    '## A1: one message must not stall the server',
    '',
    '| Latency (ms) | requests | p50 | p99 | max |',
    '|---|---:|---:|---:|---:|',
    row("realm B's GET /users/me, alone", f.bystanderAlone),
    row("realm B's GET /users/me, during A's attack", f.bystanderDuringAttack),
    row("realm A's sends of the math message", f.attack.latency),
    '',
    `A's sends by status: ${JSON.stringify(f.attack.byStatus)}${f.attack.firstRefusal ? `; first refusal: ${JSON.stringify(f.attack.firstRefusal)}` : ''}.`,
    f.stored.fetchStatus !== 200
      ? `Fetching A's newest 20 messages failed: ${f.stored.fetchStatus}.`
      : `Stored from A (the newest 20 fetched): ${f.stored.messages} messages, the largest ${f.stored.largestRenderedChars.toLocaleString('en')} characters of HTML (Zulip's cap: ${CAP.toLocaleString('en')}); fetching them all: ${f.stored.totalRenderedChars.toLocaleString('en')} characters in ${ms(f.stored.fetchMs)} ms.`,
    '',
    `| Target (issue #41) | measured | met? |`,
    '|---|---:|:---:|',
    `| B's p99 during the attack ≤ 250 ms | ${ms(f.bystanderDuringAttack.p99)} ms | ${f.bystanderDuringAttack.p99 <= 250 ? 'yes' : 'no'} |`,
    `| nothing stored past the cap | ${f.stored.fetchStatus === 200 ? f.stored.largestRenderedChars.toLocaleString('en') : `fetch failed (${f.stored.fetchStatus})`} | ${f.stored.fetchStatus !== 200 ? '–' : f.stored.largestRenderedChars <= CAP ? 'yes' : 'no'} |`,
    '',
  ];
  process.stdout.write(`${L.join('\n')}\n`);
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

async function fetchOn(url, host, method, path, auth, body) {
  const { request } = await import('node:http');
  const started = performance.now();
  const payload = body && new URLSearchParams(body).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v1${path}`,
      { method, headers: { host, authorization: auth, ...(payload && { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let parsed = {};
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON: kept as {} */
          }
          resolve({ status: res.statusCode, body: parsed, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * GET /users/me every `everyMs`, whether or not the last one was answered (open loop: a stall
 * delays every request sent during it, as it delays every client, instead of counting as one
 * slow request), until `until()`; the latencies and failures once all are answered.
 */
function pollOn(url, host, auth, until, everyMs = POLL_EVERY_MS) {
  const latencies = [];
  let failed = 0;
  const done = (async () => {
    const pending = [];
    for (let next = performance.now(); !until(); next += everyMs) {
      pending.push(
        fetchOn(url, host, 'GET', '/users/me', auth).then(
          (r) => (r.status === 200 ? latencies.push(r.ms) : failed++),
          () => failed++,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next + everyMs - performance.now())));
    }
    await Promise.all(pending);
  })();
  return { done, latencies, failed: () => failed };
}

main().catch((err) => {
  process.stderr.write(`attacks failed: ${err.stack ?? err}\n`);
  process.exit(1);
});
