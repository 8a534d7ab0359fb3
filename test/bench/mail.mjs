/**
 * Missed-message mail under a wildcard mention (`npm run bench:mail`, issue #42's Bad input):
 * a message mentioning @**all** in a channel of 1,000 members who are all offline. It asserts
 * nothing. Measured: the send's latency beside plain sends to the same channel (mail work must
 * not slow the send: the send writes only its usual event), and the time from the send until
 * the last of the resulting mails is accepted by a local SMTP server (the `smtp-server`
 * package, in this process). Parley caps the batching period at 1 s here
 * (MISSED_MESSAGE_BATCH_SECONDS_MAX), so that figure is the mail pipeline's own: the event,
 * the consumer, the batches, the messages service's check, the SMTP sends.
 *
 *   node test/bench/mail.mjs [--members N] [--plain N]
 *
 * It uses the servers named by DATABASE_URL, NATS_URL and REDIS_URL (a database of its own,
 * dropped at the end), else the embedded defaults. Progress on stderr, the report on stdout.
 */
import os from 'node:os';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { manage, prepareEnvironment, spawnServer } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const MEMBERS = option('--members', 1000);
const PLAIN = option('--plain', 20);
const PARALLEL = 8;

const log = (line) => process.stderr.write(`[mail] ${line}\n`);
const basic = (email, key) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

/** A local SMTP server that accepts everything and notes when each mail was accepted. */
async function startSmtp() {
  const accepted = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'parley' }),
    onData: (stream, session, cb) => {
      let head = '';
      stream.on('data', (c) => {
        if (head.length < 8192) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(head.split('\r\n\r\n')[0])?.[1] ?? '';
        accepted.push({ at: performance.now(), to: session.envelope.rcptTo.map((r) => r.address), subject });
        cb();
      });
    },
  });
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, accepted, stop: () => new Promise((resolve) => server.close(resolve)) };
}

async function call(url, auth, method, path, body) {
  const payload = body && new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  const started = performance.now();
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: auth, ...(payload && { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: payload,
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms: performance.now() - started };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const smtp = await startSmtp();
  const { env, cleanup } = await prepareEnvironment({
    EMAIL_HOST: '127.0.0.1',
    EMAIL_PORT: String(smtp.port),
    MAIL_POLL_MS: '100',
    MISSED_MESSAGE_BATCH_SECONDS_MAX: '1',
    MISSED_MESSAGE_POLL_MS: '200',
  });
  const server = spawnServer(env);
  try {
    log(`starting Parley all-in-one on port ${env.PORT}`);
    await server.ready();
    const url = server.url;
    const owner = await manage(env, ['create-realm', '--name', 'Mail bench', '--owner-email', 'owner@mailbench.test', '--owner-name', 'Bench Owner', '--no-initial-channels']);
    // The root realm (no subdomain): the server's own Host names it.
    const auth = basic(owner.email, owner.api_key);
    log(`creating ${MEMBERS - 1} members`);
    const ids = [];
    for (let i = 0; i < MEMBERS - 1; i += PARALLEL) {
      const batch = Array.from({ length: Math.min(PARALLEL, MEMBERS - 1 - i) }, (_, j) =>
        call(url, auth, 'POST', '/users', { email: `user${i + j + 1}@mailbench.test`, password: 'bench-password-1', full_name: `User ${i + j + 1}` }),
      );
      ids.push(...(await Promise.all(batch)).map((r) => r.json.user_id));
    }
    log('making the channel');
    for (let i = 0; i < ids.length; i += 200) {
      await call(url, auth, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'everyone' }], principals: ids.slice(i, i + 200) });
    }
    const channel = (await call(url, auth, 'GET', '/get_stream_id?stream=everyone')).json.stream_id;
    log(`${PLAIN} plain sends to the channel`);
    const plain = [];
    for (let i = 0; i < PLAIN; i++) plain.push((await call(url, auth, 'POST', '/messages', { type: 'stream', to: String(channel), topic: 'plain', content: `plain message ${i}` })).ms);
    // Let the plain sends' events drain before the measured one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Only the measured message's mails count (not, say, the Welcome Bot's to the new members).
    const ours = () => smtp.accepted.filter((m) => m.subject === '#everyone > all hands');
    log('the @**all** send');
    const sentAt = performance.now();
    const wildcard = await call(url, auth, 'POST', '/messages', { type: 'stream', to: String(channel), topic: 'all hands', content: '@**all** the building closes at noon' });
    const expected = ids.length;
    const deadline = Date.now() + 15 * 60_000;
    while (ours().length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // Any duplicate would come soon after the last: wait a little for one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const mails = ours();
    const recipients = new Set(mails.flatMap((m) => m.to));
    const lastMs = mails.length ? Math.max(...mails.map((m) => m.at)) - sentAt : NaN;
    const firstMs = mails.length ? Math.min(...mails.map((m) => m.at)) - sentAt : NaN;
    const f = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
    const lines = [
      `# Missed-message mail after @**all** in a channel of ${MEMBERS}, ${new Date().toISOString()}`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0].toFixed(2)}. Parley all-in-one, batching period capped at 1 s, SMTP on loopback.`,
      '',
      '| | ms |',
      '|---|---:|',
      `| plain send to the channel, median of ${PLAIN} | ${f(median(plain))} |`,
      `| the @**all** send | ${f(wildcard.ms)} |`,
      `| send → first mail accepted | ${f(firstMs)} |`,
      `| send → last mail accepted | ${f(lastMs)} |`,
      '',
      `Mails accepted: ${mails.length} of ${expected} expected (one per member but the sender), to ${recipients.size} different addresses.`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (err) {
    process.stderr.write(`--- Parley output (tail)\n${server.output()}\n`);
    throw err;
  } finally {
    await server.stop();
    await smtp.stop();
    await cleanup();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
