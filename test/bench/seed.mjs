/**
 * The seeded realm of the benchmark, made once into a database that is kept between runs
 * (parley_bench_seed_v1; parley_bench_seed_quick_v1 for --quick) and cloned for each run
 * (CREATE DATABASE … TEMPLATE), so a run starts from the same data and the seed stays clean.
 *
 * What goes through Parley and what is copied:
 *   - the realm (management CLI), its users (POST /users), the channels and their
 *     subscriptions (POST /users/me/subscriptions with principals) and one message per
 *     channel (POST /messages, which makes the channel's `recipients` row) go through a
 *     Parley all-in-one started on the seed database, so every service's rows, system
 *     groups and events are what Parley itself writes;
 *   - the bulk rows, messages and user_messages of the messages service
 *     (services/messages/migrations/0002, 0003), are then loaded with COPY (psql), with
 *     the recipients Parley made, a subscriber's row for each message of their channels
 *     (read, except the newest 2 % of messages, and always for the sender), and the id
 *     sequence moved past them; then VACUUM ANALYZE.
 * The server secret of the seeding run is kept in the seed (table public.bench_seed), since it
 * seals the users' API keys (api_key_sealed): each run starts Parley with that secret and
 * reads the keys back with the same decrypt Parley uses.
 *
 * Layout (full; --quick scales users and messages down):
 *   users: the owner + members user1..user999@bench.test (1,000 users)
 *   channels (20): "everyone" (all users), "ten" (owner + user1..9), "hundred" (owner +
 *     user1..99, the long-poll scenario), "channel 3".."channel 19" (owner + user1..9 + 2 more
 *     each), so user1 has 20 subscriptions;
 *   messages: 0.5 % in "everyone", 10 % in "ten", 1 % in "hundred", the rest spread over the
 *     17 others, 50 topics per channel, 8–16 words each from a 2,000-word vocabulary, one
 *     every ~2.6 minutes over the past year.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { manage, spawnServer } from './lib.mjs';
import { SERVERS, cleanupBus, common, databaseExists, databaseUrl, inParallel, log, parleyEnv, query, restClient, settle } from './harness.mjs';

export const PROFILES = {
  full: { database: 'parley_bench_seed_v1', users: 1000, messages: 200_000 },
  quick: { database: 'parley_bench_seed_quick_v1', users: 120, messages: 20_000 },
};
const PASSWORD = 'bench-password-1234';
const TOPICS = 50;

/** A small deterministic PRNG (mulberry32), so the seed is the same every time. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function vocabulary() {
  const rand = prng(7);
  const syl = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zi', 'pa', 'do', 'fe', 'gu', 'hi', 'jo', 'be'];
  const words = new Set();
  while (words.size < 2000) {
    const n = 2 + Math.floor(rand() * 3);
    words.add(Array.from({ length: n }, () => syl[Math.floor(rand() * syl.length)]).join(''));
  }
  return [...words];
}

/** Is the seed there and complete (its meta row is written last)? Then its meta. */
export async function readSeed(adminUrl, profile) {
  if (!(await databaseExists(adminUrl, profile.database))) return null;
  const rows = await query(databaseUrl(adminUrl, profile.database), `SELECT to_regclass('public.bench_seed') AS t`);
  if (!rows[0].t) return null;
  const [meta] = await query(databaseUrl(adminUrl, profile.database), `SELECT v FROM public.bench_seed WHERE k = 'meta'`);
  return meta?.v ?? null;
}

/** The seed's meta, seeding first when the database is missing or incomplete. */
export async function ensureSeed(adminUrl, profile) {
  const existing = await readSeed(adminUrl, profile);
  if (existing) {
    log(`seed ${profile.database} present (${existing.users.length} users, ${existing.messageCount} messages): reused`);
    return existing;
  }
  const started = performance.now();
  log(`seeding ${profile.database}: ${profile.users} users, 20 channels, ${profile.messages} messages (once; kept for later runs)`);
  await query(adminUrl, `DROP DATABASE IF EXISTS ${profile.database} WITH (FORCE)`);
  await query(adminUrl, `CREATE DATABASE ${profile.database}`);
  const url = databaseUrl(adminUrl, profile.database);
  const secret = randomBytes(36).toString('base64url');
  const meta = await seedThroughParley(adminUrl, url, profile, secret);
  await copyMessages(url, profile, meta);
  log('VACUUM ANALYZE');
  await query(url, 'VACUUM ANALYZE');
  await query(url, 'CREATE TABLE public.bench_seed (k text PRIMARY KEY, v jsonb NOT NULL)');
  await query(url, `INSERT INTO public.bench_seed VALUES ('meta', $1)`, [JSON.stringify(meta)]);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return meta;
}

/**
 * Retries a call that failed with a server error (the machine's PostgreSQL may be short of
 * connections while other work runs); `recover` may find what a failed-looking call did.
 */
async function retrying(fn, recover) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const found = recover ? await recover().catch(() => undefined) : undefined;
      if (found !== undefined) return found;
      if (attempt >= 6 || !/: (500|502|503|504) /.test(String(err.message))) throw err;
      log(`  retrying after ${String(err.message).slice(0, 120)}`);
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
}

async function seedThroughParley(adminUrl, url, profile, secret) {
  const namespace = `benchseed${Date.now()}`;
  const { env, cleanup } = await parleyEnv({ databaseUrl: url, secret, namespace, natsUrl: SERVERS.nats, redisUrl: SERVERS.redis });
  const server = spawnServer(env);
  try {
    await server.ready();
    const owner = await manage(env, ['create-realm', '--name', 'Bench', '--owner-email', 'owner@bench.test', '--owner-name', 'Bench Owner', '--no-initial-channels']);
    const asOwner = restClient(server.url, owner.email, owner.api_key);
    const emails = Array.from({ length: profile.users - 1 }, (_, i) => `user${i + 1}@bench.test`);
    let done = 0;
    const memberIds = await inParallel(emails, 6, async (email, i) => {
      const { user_id: id } = await retrying(
        () => asOwner('POST', '/users', { email, password: PASSWORD, full_name: `User ${i + 1}` }),
        async () => (await asOwner('GET', `/users/${encodeURIComponent(email)}`)).user,
      );
      if (++done % 100 === 0) log(`  ${done} users`);
      return id;
    });
    const users = [{ id: owner.user_id, email: owner.email }, ...memberIds.map((id, i) => ({ id, email: emails[i] }))];
    const ids = users.map((u) => u.id);
    const channelDefs = [
      { name: 'everyone', subscribers: ids },
      { name: 'ten', subscribers: ids.slice(0, 10) },
      { name: 'hundred', subscribers: ids.slice(0, 100) },
      ...Array.from({ length: 17 }, (_, k) => ({
        name: `channel ${k + 3}`,
        subscribers: [...ids.slice(0, 10), ids[10 + ((2 * k) % (ids.length - 10))], ids[10 + ((2 * k + 1) % (ids.length - 10))]],
      })),
    ];
    const channels = [];
    for (const def of channelDefs) {
      for (let i = 0; i < def.subscribers.length; i += 200) {
        await retrying(() =>
          asOwner('POST', '/users/me/subscriptions', { subscriptions: [{ name: def.name, description: `Bench channel ${def.name}` }], principals: def.subscribers.slice(i, i + 200) }),
        );
      }
      log(`  channel ${def.name}: ${def.subscribers.length} subscribers`);
    }
    const streams = (await asOwner('GET', '/streams')).streams;
    for (const def of channelDefs) {
      const id = streams.find((s) => s.name === def.name).stream_id;
      // The first message through Parley: it makes the channel's recipients row.
      await retrying(() => asOwner('POST', '/messages', { type: 'stream', to: id, topic: 'topic 0', content: `Welcome to ${def.name}` }));
      channels.push({ id, name: def.name, subscribers: [...new Set(def.subscribers)] });
    }
    await settle(server.pid, 60_000);
    return { secret, realmId: owner.realm_id, owner: users[0], users, channels, password: PASSWORD, createdAt: new Date().toISOString() };
  } catch (err) {
    process.stderr.write(`--- server output (tail)\n${server.output()}\n`);
    throw err;
  } finally {
    await server.stop();
    cleanup();
    await cleanupBus(namespace);
  }
}

/** Streams lines into `psql -c "COPY … FROM STDIN"`. */
function copyInto(url, table, columns, produce) {
  return new Promise((resolve, reject) => {
    const psql = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `COPY ${table} (${columns}) FROM STDIN`], { stdio: ['pipe', 'inherit', 'pipe'] });
    let err = '';
    psql.stderr.on('data', (c) => {
      err += c;
    });
    psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`COPY ${table}: psql exited ${code}: ${err}`))));
    psql.stdin.on('error', reject);
    (async () => {
      let chunk = [];
      for (const line of produce()) {
        chunk.push(line);
        if (chunk.length >= 2000) {
          if (!psql.stdin.write(`${chunk.join('\n')}\n`)) await new Promise((r) => psql.stdin.once('drain', r));
          chunk = [];
        }
      }
      if (chunk.length) psql.stdin.write(`${chunk.join('\n')}\n`);
      psql.stdin.end();
    })().catch(reject);
  });
}

/** The messages, deterministic: the same generator feeds both COPYs. */
function* generateMessages(profile, meta, firstId) {
  const rand = prng(42);
  const words = vocabulary();
  const n = profile.messages;
  const weights = [0.005, 0.1, 0.01, ...Array.from({ length: 17 }, () => 0.885 / 17)];
  const cumulative = weights.map((_, i) => weights.slice(0, i + 1).reduce((a, b) => a + b, 0));
  const start = Date.now() - 365 * 86400_000;
  const step = (365 * 86400_000) / n;
  for (let i = 0; i < n; i++) {
    const r = rand();
    let c = cumulative.findIndex((w) => r < w);
    if (c < 0) c = 19;
    const channel = meta.channels[c];
    const sender = channel.subscribers[Math.floor(rand() * channel.subscribers.length)];
    const length = 8 + Math.floor(rand() * 9);
    const content = Array.from({ length }, () => words[Math.floor(rand() * words.length)]).join(' ');
    yield { id: firstId + i, channel, sender, topic: `topic ${Math.floor(rand() * TOPICS)}`, content, date: new Date(start + i * step).toISOString(), recent: i >= n * 0.98 };
  }
}

async function copyMessages(url, profile, meta) {
  const [{ max }] = await query(url, 'SELECT COALESCE(max(id), 0)::int AS max FROM messages.messages');
  const recipients = Object.fromEntries((await query(url, 'SELECT channel_id, id FROM messages.recipients WHERE channel_id IS NOT NULL')).map((r) => [r.channel_id, r.id]));
  const firstId = max + 1;
  log(`COPY ${profile.messages} messages`);
  await copyInto(url, 'messages.messages', 'id, realm_id, sender_id, kind, channel_id, topic, content, rendered_content, date_sent, client, recipient_id', function* () {
    for (const m of generateMessages(profile, meta, firstId)) {
      yield `${m.id}\t${meta.realmId}\t${m.sender}\tchannel\t${m.channel.id}\t${m.topic}\t${m.content}\t<p>${m.content}</p>\t${m.date}\tbench seed\t${recipients[m.channel.id]}`;
    }
  });
  let rows = 0;
  log('COPY user_messages');
  await copyInto(url, 'messages.user_messages', 'user_id, message_id, flags', function* () {
    for (const m of generateMessages(profile, meta, firstId)) {
      for (const u of m.channel.subscribers) {
        rows++;
        yield `${u}\t${m.id}\t${u === m.sender || !m.recent ? 1 : 0}`;
      }
    }
  });
  await query(url, `SELECT setval(pg_get_serial_sequence('messages.messages', 'id'), (SELECT max(id) FROM messages.messages))`);
  const [{ count }] = await query(url, 'SELECT count(*)::int AS count FROM messages.messages');
  meta.messageCount = count;
  meta.userMessageRows = rows;
  meta.words = vocabulary();
  log(`copied ${profile.messages} messages, ${rows} user-message rows`);
}

/** The API keys of the seed's users, unsealed with the seed's secret. */
export async function apiKeys(url, secret) {
  const rows = await query(url, 'SELECT delivery_email, api_key_sealed FROM users.users');
  return Object.fromEntries(rows.map((r) => [r.delivery_email, common.decrypt(secret, r.api_key_sealed)]));
}

/** A database of this run, cloned from the seed. */
export async function cloneSeed(adminUrl, profile, name) {
  await query(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${profile.database}`);
  return databaseUrl(adminUrl, name);
}
