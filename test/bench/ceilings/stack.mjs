/**
 * Ceilings C2 and C3, in one process as Parley all-in-one runs its gateway and services:
 * express-gateway (the version Parley uses) with one policy that makes one unary grpc-js
 * call over loopback to a grpc-js server of its own, then answers JSON.
 *   C2 (mode "c2"): the gRPC server answers Ping at once. The least any Parley endpoint
 *       can cost on this stack.
 *   C3 (mode "c3"): the policy reads the form body and calls Send; the gRPC server runs
 *       one PostgreSQL transaction (send-tx.mjs: 1 message row + N user-message rows +
 *       1 outbox row) and one NATS JetStream publish (awaiting its ack), then answers.
 * express-gateway runs as Parley's gateway runs it (gateway/src/express-gateway-trims.ts).
 * Configuration: JSON in argv[2] {mode, port, grpcPort, n, databaseUrl, natsUrl, namespace}.
 * Prints "ready" on stdout when listening; SIGTERM stops it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { recipientsOf, sendTx } from './send-tx.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../../..');
const require = createRequire(join(ROOT, 'gateway/package.json'));
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const cfg = JSON.parse(process.argv[2]);
const KEY = Symbol.for('parley.bench.ceilingHandler');

const { Ceiling } = grpc.loadPackageDefinition(
  protoLoader.loadSync(join(HERE, 'ceiling.proto'), {
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  }),
).bench.ceiling;

// ---------------------------------------------------------------- the gRPC server
let pool;
let js;
let nc;
const streamName = `${cfg.namespace}_CEILING`.toUpperCase();
const subject = `${cfg.namespace}_ceiling.message.sent`;
if (cfg.mode === 'c3') {
  const pg = require('pg');
  pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: 10 });
  if (cfg.natsUrl) {
    const nats = require('nats');
    nc = await nats.connect({ servers: cfg.natsUrl.split(',') });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: streamName, subjects: [`${cfg.namespace}_ceiling.>`], max_age: 600e9 }).catch(() => undefined);
    js = nc.jetstream();
  }
}
const recipients = recipientsOf(cfg.n ?? 10);
let seq = 0;
const server = new grpc.Server();
server.addService(Ceiling.service, {
  Ping: (call, cb) => cb(null, { user_id: 8, email: 'user@bench.test' }),
  Send: (call, cb) => {
    const r = call.request;
    sendTx(pool, { senderId: 1, channelId: r.channel_id, topic: r.topic, content: r.content, recipients })
      .then(async (id) => {
        if (js) await js.publish(subject, JSON.stringify({ id, channel_id: r.channel_id, topic: r.topic, users: recipients }), { msgID: `${process.pid}:${++seq}` });
        cb(null, { id });
      })
      .catch((err) => cb({ code: grpc.status.INTERNAL, details: String(err.message) }));
  },
});
const grpcPort = await new Promise((resolve, reject) => server.bindAsync(`127.0.0.1:${cfg.grpcPort ?? 0}`, grpc.ServerCredentials.createInsecure(), (e, port) => (e ? reject(e) : resolve(port))));

// ---------------------------------------------------------------- the gateway and its policy
const client = new Ceiling(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
const unary = (method, request) => new Promise((resolve, reject) => client[method](request, { deadline: Date.now() + 10_000 }, (err, reply) => (err ? reject(err) : resolve(reply))));
const json = (res, status, obj) => {
  const body = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};
const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
globalThis[KEY] = async (req, res) => {
  try {
    if (cfg.mode === 'c3') {
      const form = new URLSearchParams(await readBody(req));
      const reply = await unary('Send', { sender_id: 1, channel_id: Number(form.get('to') ?? 1), topic: form.get('topic') ?? '', content: form.get('content') ?? '' });
      json(res, 200, { result: 'success', msg: '', id: reply.id });
    } else {
      const reply = await unary('Ping', { authorization: req.headers.authorization ?? '' });
      json(res, 200, { result: 'success', msg: '', ...reply });
    }
  } catch (err) {
    json(res, 500, { result: 'error', msg: String(err.message) });
  }
};

const dir = mkdtempSync(join(tmpdir(), 'parley-bench-eg-'));
const models = join(dirname(require.resolve('express-gateway/package.json')), 'lib/config/models');
mkdirSync(join(dir, 'models'));
for (const f of readdirSync(models)) copyFileSync(join(models, f), join(dir, 'models', f));
writeFileSync(
  join(dir, 'gateway.config.yml'),
  JSON.stringify({
    http: { port: cfg.port, hostname: '127.0.0.1' },
    apiEndpoints: { all: { host: '*', pathRegex: '^/' } },
    serviceEndpoints: {},
    policies: ['ceiling'],
    pipelines: { ceiling: { apiEndpoints: ['all'], policies: [{ ceiling: [{ action: {} }] }] } },
  }),
);
writeFileSync(
  join(dir, 'system.config.yml'),
  JSON.stringify({
    db: { redis: { emulate: true, namespace: 'EG' } },
    crypto: { cipherKey: randomBytes(16).toString('hex'), algorithm: 'aes256', saltRounds: 10 },
    session: { secret: randomBytes(16).toString('hex'), resave: false, saveUninitialized: false },
    accessTokens: { timeToExpiry: 7200000 },
    refreshTokens: { timeToExpiry: 7200000 },
    authorizationCodes: { timeToExpiry: 300000 },
    plugins: { ceiling: { package: join(HERE, 'eg-plugin.cjs') } },
  }),
);
process.env.EG_CONFIG_DIR = dir;
// express-gateway as Parley's gateway runs it: without the per-request work Parley never uses.
require(join(ROOT, 'gateway/dist/express-gateway-trims.js')).trimExpressGateway();
const eg = require('express-gateway');
const [{ app: http }] = await eg().load(dir).run();
rmSync(dir, { recursive: true, force: true });
http.keepAliveTimeout = 65_000;
process.stdout.write('ready\n');

process.on('SIGTERM', async () => {
  try {
    http.close();
    server.forceShutdown();
    client.close();
    await pool?.end();
    if (nc) {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(streamName).catch(() => undefined);
      await nc.close();
    }
  } finally {
    process.exit(0);
  }
});
