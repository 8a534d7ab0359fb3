import { connect, NatsConnection } from 'nats';
import { createLogger } from '../logger';
import { JsonText, SYNC_WAIT_MS, type Bus, type BusMessage } from './bus';
import { createNatsBus, NatsBusOptions } from './nats';
import { describeWithNats, testNatsUrl } from '../../../../test/support/servers';
import { outageProxy } from '../../../../test/support/tcp-proxy';

const natsProxy = () => {
  const url = new URL(NATS_URL);
  return outageProxy({ host: url.hostname, port: Number(url.port || 4222) });
};

const NATS_URL = testNatsUrl() ?? 'nats://127.0.0.1:4222';
const describeNats = describeWithNats('nats.db.test.ts');

const log = createLogger('bus-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !cond(); await sleep(10)) {
    if (Date.now() > end) throw new Error('timed out waiting');
  }
}

function recorder() {
  const got: BusMessage[] = [];
  return { got, handler: async (msg: BusMessage) => void got.push(msg), ids: () => got.map((m) => m.id) };
}

describeNats('NATS bus', () => {
  const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  let n = 0;
  /** A fresh subject prefix (one stream) per test, so tests and runs never share messages. */
  const prefix = () => `${run}_${n++}`;
  const prefixes: string[] = [];
  const buses: Bus[] = [];
  let admin: NatsConnection;

  async function newBus(opts: Partial<NatsBusOptions> = {}): Promise<Bus> {
    const bus = await createNatsBus({ url: NATS_URL, name: 'bus-test', log, ...opts });
    buses.push(bus);
    return bus;
  }

  async function newStream(bus: Bus): Promise<string> {
    const p = prefix();
    prefixes.push(p);
    await bus.ensureStream(p);
    return p;
  }

  beforeAll(async () => {
    admin = await connect({ servers: NATS_URL });
  });

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    const jsm = await admin.jetstreamManager();
    for (const p of prefixes) await jsm.streams.delete(p.toUpperCase()).catch(() => undefined);
    await admin.close();
  });

  it('creates the stream that owns prefix.>, once', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    await bus.ensureStream(p);
    const info = await (await admin.jetstreamManager()).streams.info(p.toUpperCase());
    expect(info.config.subjects).toEqual([`${p}.>`]);
  });

  it('delivers to a durable consumer in order, with ids and parsed data', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    const r = recorder();
    await bus.subscribe({ subject: `${p}.>`, durable: 'reader', handler: r.handler });
    for (let i = 0; i < 5; i++) await bus.publish(`${p}.item.created`, { i }, `${p}:${i}`);
    await waitFor(() => r.got.length === 5);
    expect(r.got[0]).toEqual({ subject: `${p}.item.created`, id: `${p}:0`, data: { i: 0 } });
    expect(r.got.map((m) => (m.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
    // A payload encoded already travels as its text.
    await bus.publish(`${p}.item.created`, new JsonText('{"i": 5, "s": "\\u00e9"}'), `${p}:5`);
    await waitFor(() => r.got.length === 6);
    expect(r.got[5].data).toEqual({ i: 5, s: 'é' });
  });

  it("carries a payload past NATS's max_payload gzipped, and a small one as it is", async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    const durable = recorder();
    const broadcast = recorder();
    await bus.subscribe({ subject: `${p}.>`, durable: 'large', handler: durable.handler });
    await bus.subscribe({ subject: `${p}.>`, handler: broadcast.handler });
    const raw = admin.subscribe(`${p}.>`);
    await admin.flush();
    // A message event's worth of KaTeX: 3 MB of JSON, three times NATS's default max_payload.
    const large = { html: '<span class="katex"><span class="mord mathnormal">x</span></span>'.repeat(50_000), n: 1 };
    await bus.publish(`${p}.event`, large, `${p}:large`);
    await bus.publish(`${p}.event`, { n: 2 }, `${p}:small`);
    await waitFor(() => durable.got.length === 2 && broadcast.got.length === 2);
    for (const r of [durable, broadcast]) expect(r.got.map((m) => m.data)).toEqual([large, { n: 2 }]);
    const onTheWire: { encoding?: string; bytes: number }[] = [];
    for await (const m of raw) {
      onTheWire.push({ encoding: m.headers?.get('Content-Encoding') || undefined, bytes: m.data.length });
      if (onTheWire.length === 2) break;
    }
    expect(onTheWire[0].encoding).toBe('gzip');
    expect(onTheWire[0].bytes).toBeLessThan(100_000);
    expect(onTheWire[1]).toEqual({ encoding: undefined, bytes: 7 });
  });

  it('carries trace headers to durable and broadcast subscribers', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    const durable = recorder();
    const broadcast = recorder();
    await bus.subscribe({ subject: `${p}.>`, durable: 'traced', handler: durable.handler });
    await bus.subscribe({ subject: `${p}.>`, handler: broadcast.handler });
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await bus.publish(`${p}.x`, { n: 1 }, `${p}:t1`, { traceparent });
    await bus.publish(`${p}.x`, { n: 2 }, `${p}:t2`);
    await waitFor(() => durable.got.length === 2 && broadcast.got.length === 2);
    for (const r of [durable, broadcast]) {
      expect(r.got[0].headers).toEqual({ traceparent });
      expect(r.got[1].headers).toBeUndefined();
    }
  });

  it('creates the stream when a reader subscribes before its owner started', async () => {
    const bus = await newBus();
    const p = prefix();
    prefixes.push(p);
    const r = recorder();
    await bus.subscribe({ subject: `${p}.*.changed`, durable: 'reader', handler: r.handler });
    await bus.publish(`${p}.x.changed`, {}, 'a');
    await bus.publish(`${p}.x.other`, {}, 'b');
    await waitFor(() => r.got.length === 1);
    await sleep(100);
    expect(r.ids()).toEqual(['a']);
  });

  it('shares a durable consumer between replicas: each message handled exactly once', async () => {
    const [a, b] = [await newBus(), await newBus()];
    const p = await newStream(a);
    const [ra, rb] = [recorder(), recorder()];
    await a.subscribe({ subject: `${p}.>`, durable: 'workers', handler: ra.handler });
    await b.subscribe({ subject: `${p}.>`, durable: 'workers', handler: rb.handler });
    const ids = Array.from({ length: 30 }, (_, i) => `${p}:${i}`);
    for (const id of ids) await a.publish(`${p}.job`, {}, id);
    await waitFor(() => ra.got.length + rb.got.length >= 30);
    await sleep(200);
    expect([...ra.ids(), ...rb.ids()].sort()).toEqual([...ids].sort());
  });

  it('stores a re-published message id once', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    const r = recorder();
    await bus.subscribe({ subject: `${p}.>`, durable: 'reader', handler: r.handler });
    await bus.publish(`${p}.x`, { n: 1 }, `${p}:1`);
    await bus.publish(`${p}.x`, { n: 2 }, `${p}:1`);
    await bus.publish(`${p}.x`, { n: 3 }, `${p}:2`);
    await waitFor(() => r.got.length === 2);
    await sleep(100);
    expect(r.got.map((m) => m.data)).toEqual([{ n: 1 }, { n: 3 }]);
    const info = await (await admin.jetstreamManager()).streams.info(p.toUpperCase());
    expect(info.state.messages).toBe(2);
  });

  it('redelivers a message whose handler failed', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    let attempts = 0;
    await bus.subscribe({
      subject: `${p}.>`,
      durable: 'reader',
      handler: async () => {
        if (++attempts === 1) throw new Error('first try fails');
      },
    });
    await bus.publish(`${p}.x`, {}, 'a');
    await waitFor(() => attempts === 2);
  });

  it('broadcasts to every subscriber of every connection, from the time it subscribed', async () => {
    const [a, b] = [await newBus(), await newBus()];
    const p = await newStream(a);
    await a.publish(`${p}.user.changed`, {}, 'before');
    const [ra, rb] = [recorder(), recorder()];
    await a.subscribe({ subject: `${p}.user.*`, handler: ra.handler });
    await b.subscribe({ subject: `${p}.>`, handler: rb.handler });
    await a.publish(`${p}.user.changed`, { user_id: 1 }, 'after');
    await waitFor(() => ra.got.length === 1 && rb.got.length === 1);
    expect(ra.got[0]).toEqual({ subject: `${p}.user.changed`, id: 'after', data: { user_id: 1 } });
    expect(rb.ids()).toEqual(['after']);
  });

  describe('sync()', () => {
    it("waits for the broadcasts here to handle what another connection published before: a handler's slow work included", async () => {
      const [publisher, reader] = [await newBus(), await newBus()];
      const p = await newStream(publisher);
      const handled: string[] = [];
      // Slow, as a handler that reads a database is: the round trip alone is not enough.
      await reader.subscribe({ subject: `${p}.>`, handler: async (msg) => void (await sleep(150), handled.push(msg.id)) });
      await reader.subscribe({ subject: `${p}.other`, handler: async () => undefined });
      for (const id of ['one', 'two', 'three']) await publisher.publish(`${p}.changed`, {}, id);
      await reader.sync();
      expect(handled).toEqual(['one', 'two', 'three']);
    });

    it('answers at once with no broadcast subscription, and gives up on a handler that takes too long', async () => {
      const [publisher, reader] = [await newBus(), await newBus()];
      const p = await newStream(publisher);
      await reader.sync();
      await reader.subscribe({ subject: `${p}.>`, handler: async () => void (await sleep(SYNC_WAIT_MS * 2)) });
      await publisher.publish(`${p}.changed`, {}, 'stuck');
      const t0 = Date.now();
      await reader.sync();
      expect(Date.now() - t0).toBeGreaterThanOrEqual(SYNC_WAIT_MS - 50);
    });

    it('waits for nothing once the subscription stopped', async () => {
      const [publisher, reader] = [await newBus(), await newBus()];
      const p = await newStream(publisher);
      let release!: () => void;
      const sub = await reader.subscribe({ subject: `${p}.>`, handler: () => new Promise<void>((resolve) => (release = resolve)) });
      await publisher.publish(`${p}.changed`, {}, 'a');
      await waitFor(() => release !== undefined);
      const t0 = Date.now();
      const synced = reader.sync();
      // stop() waits for the handler under way; sync() waits no more.
      const stopped = sub.stop();
      await synced;
      expect(Date.now() - t0).toBeLessThan(SYNC_WAIT_MS / 2);
      release();
      await stopped;
    });
  });

  it('stops delivering after stop()', async () => {
    const bus = await newBus();
    const p = await newStream(bus);
    const r = recorder();
    const sub = await bus.subscribe({ subject: `${p}.>`, handler: r.handler });
    await sub.stop();
    await bus.publish(`${p}.x`, {}, 'a');
    await sleep(100);
    expect(r.got).toHaveLength(0);
  });

  it('rejects a publish no stream stores', async () => {
    const bus = await newBus();
    await expect(bus.publish(`${prefix()}.nowhere`, {}, 'a')).rejects.toThrow();
  });

  it('rejects publishes while NATS is unreachable, and carries on once it is back', async () => {
    const proxy = await natsProxy();
    const bus = await newBus({ url: `nats://${proxy.address}`, publishTimeoutMs: 300, reconnectTimeWaitMs: 100 });
    const p = await newStream(bus);
    const r = recorder();
    await bus.subscribe({ subject: `${p}.>`, durable: 'reader', handler: r.handler });
    await bus.publish(`${p}.x`, {}, 'before');
    await waitFor(() => r.got.length === 1);

    await proxy.cut();
    await expect(bus.publish(`${p}.x`, {}, 'during')).rejects.toThrow();
    await proxy.restore();

    const deadline = Date.now() + 5_000;
    while (
      !(await bus.publish(`${p}.x`, {}, 'after').then(
        () => true,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('publish did not recover');
    }
    // The publish that timed out may still have reached the stream after the reconnect.
    await waitFor(() => r.ids().includes('after'));
    expect(r.ids()[0]).toBe('before');
  });

  it('tells its listeners when the connection is lost and when it is back, until they stop listening', async () => {
    const proxy = await natsProxy();
    const bus = await newBus({ url: `nats://${proxy.address}`, reconnectTimeWaitMs: 100 });
    const seen: string[] = [];
    const stopDisconnect = bus.onDisconnect!(() => seen.push('lost'));
    const stopReconnect = bus.onReconnect!(() => seen.push('back'));

    await proxy.cut();
    await waitFor(() => seen.includes('lost'));
    expect(seen).toEqual(['lost']);
    await proxy.restore();
    await waitFor(() => seen.includes('back'));
    expect(seen).toEqual(['lost', 'back']);

    stopDisconnect();
    stopReconnect();
    await proxy.cut();
    await proxy.restore();
    await sleep(500);
    expect(seen).toEqual(['lost', 'back']);
  });

  it('ends its connection on close, even during an outage', async () => {
    const proxy = await natsProxy();
    const bus = await newBus({ url: `nats://${proxy.address}`, reconnectTimeWaitMs: 50 });
    await proxy.cut();
    await bus.close();
    await proxy.restore();
    const connections = proxy.connections();
    await sleep(300);
    expect(proxy.connections()).toBe(connections);
  });
});
