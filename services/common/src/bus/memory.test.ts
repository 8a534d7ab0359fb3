import { createLogger } from '../logger';
import { HandledCount, JsonText, SYNC_WAIT_MS, type BusMessage } from './bus';
import { createBus } from './index';
import { MemoryBus, MemoryHub, subjectMatches } from './memory';

const log = createLogger('bus-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(cond: () => boolean, timeoutMs = 2_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !cond(); await sleep(5)) {
    if (Date.now() > end) throw new Error('timed out waiting');
  }
}

/** A bus on a fresh hub, with a recorder of what a subscriber received. */
function setup(hubOpts = {}) {
  const hub = new MemoryHub(hubOpts);
  const bus = new MemoryBus(hub, log, { retryDelaysMs: [5, 5] });
  return { hub, bus };
}

function recorder() {
  const got: BusMessage[] = [];
  return { got, handler: async (msg: BusMessage) => void got.push(msg), ids: () => got.map((m) => m.id) };
}

describe('subjectMatches', () => {
  it.each([
    ['users.>', 'users.created', true],
    ['users.>', 'users.a.b.c', true],
    ['users.>', 'users', false],
    ['users.*.changed', 'users.7.changed', true],
    ['users.*.changed', 'users.7.x.changed', false],
    ['users.*', 'users.7.changed', false],
    ['users.created', 'users.created', true],
    ['users.created', 'users.deleted', false],
    ['*.created', 'channels.created', true],
  ])('%s against %s is %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('MemoryBus', () => {
  it('delivers by wildcard subject, with id and a parsed copy of the data', async () => {
    const { bus } = setup();
    const all = recorder();
    const changed = recorder();
    await bus.subscribe({ subject: 'users.>', handler: all.handler });
    await bus.subscribe({ subject: 'users.*.changed', handler: changed.handler });
    const data = { user_id: 7 };
    await bus.publish('users.7.changed', data, 'a');
    await bus.publish('users.created', { user_id: 8 }, 'b');
    await bus.publish('channels.created', {}, 'c');
    await waitFor(() => all.got.length === 2 && changed.got.length === 1);
    expect(all.got).toEqual([
      { subject: 'users.7.changed', id: 'a', data: { user_id: 7 } },
      { subject: 'users.created', id: 'b', data: { user_id: 8 } },
    ]);
    expect(all.got[0].data).not.toBe(data);
    expect(changed.ids()).toEqual(['a']);
  });

  it('carries a payload encoded already (JsonText) as the value it encodes', async () => {
    const { bus } = setup();
    const r = recorder();
    await bus.subscribe({ subject: 'users.>', handler: r.handler });
    await bus.publish('users.created', new JsonText('{"user_id": 8, "name": "A \\"B\\""}'), 'a');
    await waitFor(() => r.got.length === 1);
    expect(r.got[0].data).toEqual({ user_id: 8, name: 'A "B"' });
  });

  it('never runs a handler inside the publish call', async () => {
    const { bus } = setup();
    const r = recorder();
    await bus.subscribe({ subject: 'users.>', handler: r.handler });
    const published = bus.publish('users.created', {}, 'a');
    expect(r.got).toHaveLength(0);
    await published;
    await waitFor(() => r.got.length === 1);
  });

  it('rejects payloads JSON cannot carry and wildcard publish subjects', async () => {
    const { bus } = setup();
    await expect(bus.publish('users.created', undefined, 'a')).rejects.toThrow(/JSON/);
    await expect(bus.publish('users.*', {}, 'b')).rejects.toThrow(/wildcard/);
  });

  it('broadcasts every message to every non-durable subscriber of every bus on the hub', async () => {
    const { hub, bus } = setup();
    const other = new MemoryBus(hub, log);
    const [a, b] = [recorder(), recorder()];
    await bus.subscribe({ subject: 'users.>', handler: a.handler });
    await other.subscribe({ subject: 'users.>', handler: b.handler });
    for (let i = 0; i < 5; i++) await bus.publish('users.changed', { i }, `id${i}`);
    await waitFor(() => a.got.length === 5 && b.got.length === 5);
    expect(b.ids()).toEqual(a.ids());
  });

  it('shares a durable name between subscribers: each message handled once, by either', async () => {
    const { hub, bus } = setup();
    const replica = new MemoryBus(hub, log);
    const handledBy: Record<string, string[]> = { a: [], b: [] };
    const handler = (who: string) => async (msg: BusMessage) => {
      await sleep(2);
      handledBy[who].push(msg.id);
    };
    await bus.subscribe({ subject: 'users.>', durable: 'events', handler: handler('a') });
    await replica.subscribe({ subject: 'users.>', durable: 'events', handler: handler('b') });
    const ids = Array.from({ length: 20 }, (_, i) => `id${i}`);
    for (const id of ids) await bus.publish('users.changed', {}, id);
    await waitFor(() => handledBy.a.length + handledBy.b.length === 20);
    await sleep(20);
    expect([...handledBy.a, ...handledBy.b].sort()).toEqual([...ids].sort());
    expect(handledBy.a.length).toBeGreaterThan(0);
    expect(handledBy.b.length).toBeGreaterThan(0);
  });

  it('keeps a durable name distinct per stream and refuses one durable name for two subjects of a stream', async () => {
    const { bus } = setup();
    const [users, channels] = [recorder(), recorder()];
    await bus.subscribe({ subject: 'users.>', durable: 'events', handler: users.handler });
    await bus.subscribe({ subject: 'channels.>', durable: 'events', handler: channels.handler });
    await bus.publish('channels.created', {}, 'c');
    await waitFor(() => channels.got.length === 1);
    expect(users.got).toHaveLength(0);
    await expect(bus.subscribe({ subject: 'users.created', durable: 'events', handler: users.handler })).rejects.toThrow(/already reads/);
  });

  it('keeps messages for a durable name while it has no subscriber', async () => {
    const { bus } = setup();
    const first = recorder();
    const sub = await bus.subscribe({ subject: 'users.>', durable: 'events', handler: first.handler });
    await sub.stop();
    await bus.publish('users.created', {}, 'a');
    const second = recorder();
    await bus.subscribe({ subject: 'users.>', durable: 'events', handler: second.handler });
    await waitFor(() => second.got.length === 1);
    expect(first.got).toHaveLength(0);
  });

  it('delivers in publish order per subscription, even with slow handlers', async () => {
    const { bus } = setup();
    const seen: number[] = [];
    await bus.subscribe({
      subject: 'messages.>',
      durable: 'events',
      handler: async (msg) => {
        const { n } = msg.data as { n: number };
        await sleep(n % 3 === 0 ? 5 : 0);
        seen.push(n);
      },
    });
    for (let n = 0; n < 30; n++) await bus.publish('messages.sent', { n }, `m${n}`);
    await waitFor(() => seen.length === 30);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('drops a re-published id within the dedupe window, and takes it again after', async () => {
    const { bus } = setup({ dedupeWindowMs: 50 });
    const r = recorder();
    await bus.subscribe({ subject: 'users.>', handler: r.handler });
    await bus.publish('users.created', { n: 1 }, 'users:1');
    await bus.publish('users.created', { n: 2 }, 'users:1');
    await bus.publish('users.created', { n: 3 }, 'users:2');
    await waitFor(() => r.got.length === 2);
    expect(r.got.map((m) => m.data)).toEqual([{ n: 1 }, { n: 3 }]);
    await sleep(60);
    await bus.publish('users.created', { n: 4 }, 'users:1');
    await waitFor(() => r.got.length === 3);
  });

  it('bounds the dedupe memory by count too', async () => {
    const { bus } = setup({ dedupeMaxIds: 2 });
    const r = recorder();
    await bus.subscribe({ subject: 'users.>', handler: r.handler });
    for (const id of ['a', 'b', 'c', 'a']) await bus.publish('users.created', {}, id);
    await waitFor(() => r.got.length === 4);
  });

  it('retries a failing handler before the next message, then goes on', async () => {
    const { bus } = setup();
    const seen: string[] = [];
    let failures = 2;
    await bus.subscribe({
      subject: 'users.>',
      handler: async (msg) => {
        if (msg.id === 'a' && failures-- > 0) throw new Error('flaky');
        seen.push(msg.id);
      },
    });
    await bus.publish('users.created', {}, 'a');
    await bus.publish('users.created', {}, 'b');
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual(['a', 'b']);
  });

  it('logs a handler that keeps failing, and delivers the following messages', async () => {
    const { bus } = setup();
    const error = jest.spyOn(log, 'error');
    const seen: string[] = [];
    let attempts = 0;
    await bus.subscribe({
      subject: 'users.>',
      handler: async (msg) => {
        if (msg.id === 'poison') {
          attempts++;
          throw new Error('always');
        }
        seen.push(msg.id);
      },
    });
    await bus.publish('users.created', {}, 'poison');
    await bus.publish('users.created', {}, 'b');
    await waitFor(() => seen.length === 1);
    expect(attempts).toBe(3);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ id: 'poison', attempts: 3 }), expect.any(String));
    error.mockRestore();
  });

  it('stops only its own subscriptions on close, and refuses work afterwards', async () => {
    const { hub, bus } = setup();
    const other = new MemoryBus(hub, log);
    const [mine, theirs] = [recorder(), recorder()];
    await bus.subscribe({ subject: 'users.>', handler: mine.handler });
    await other.subscribe({ subject: 'users.>', handler: theirs.handler });
    await bus.close();
    await other.publish('users.created', {}, 'a');
    await waitFor(() => theirs.got.length === 1);
    expect(mine.got).toHaveLength(0);
    await expect(bus.publish('users.created', {}, 'b')).rejects.toThrow(/closed/);
  });

  it('lets a stopping subscription finish the handler it is running', async () => {
    const { bus } = setup();
    let finished = false;
    const sub = await bus.subscribe({
      subject: 'users.>',
      handler: async () => {
        await sleep(20);
        finished = true;
      },
    });
    await bus.publish('users.created', {}, 'a');
    await sleep(1);
    await sub.stop();
    expect(finished).toBe(true);
  });
});

describe('MemoryHub.hold()', () => {
  it('keeps what is published until release(), then delivers it in order to the subscribers there are by then', async () => {
    const { hub, bus } = setup();
    const early = recorder();
    await bus.subscribe({ subject: 'users.>', handler: early.handler });
    hub.hold();
    await bus.publish('users.user.created', { n: 1 }, 'a');
    await bus.publish('users.user.created', { n: 1 }, 'a'); // a duplicate is still dropped
    await bus.publish('users.user.role_changed', { n: 2 }, 'b');
    await sleep(20);
    expect(early.ids()).toEqual([]);
    // Subscribed after the publishes (a durable, as the channels service's, and a broadcast).
    const durable = recorder();
    const late = recorder();
    await bus.subscribe({ subject: 'users.user.*', durable: 'channels', handler: durable.handler });
    await bus.subscribe({ subject: 'users.>', handler: late.handler });
    hub.release();
    await waitFor(() => durable.got.length === 2 && late.got.length === 2 && early.got.length === 2);
    expect([early.ids(), durable.ids(), late.ids()]).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    // Released, it delivers as it comes again.
    await bus.publish('users.user.created', { n: 3 }, 'c');
    await waitFor(() => durable.got.length === 3);
  });

  it('without hold(), delivers only to the subscribers there are when a message comes (what holdProcessBus is for)', async () => {
    const { bus } = setup();
    await bus.publish('users.user.created', { n: 1 }, 'a');
    const durable = recorder();
    await bus.subscribe({ subject: 'users.user.*', durable: 'channels', handler: durable.handler });
    await bus.publish('users.user.created', { n: 2 }, 'b');
    await waitFor(() => durable.got.length === 1);
    await sleep(20);
    expect(durable.ids()).toEqual(['b']);
  });
});

describe('createBus without a NATS URL', () => {
  it('gives every service of the process a view of one shared bus', async () => {
    const users = await createBus({ name: 'users', log });
    const events = await createBus({ name: 'events', log });
    const r = recorder();
    await events.subscribe({ subject: 'test-shared.>', durable: 'events', handler: r.handler });
    await users.ensureStream('test-shared');
    await users.publish('test-shared.created', { ok: true }, 'x');
    await waitFor(() => r.got.length === 1);
    await Promise.all([users.close(), events.close()]);
  });
});

describe('MemoryBus.sync()', () => {
  it("waits for this bus's broadcasts to handle what was published before, not for durables or other buses", async () => {
    const { hub, bus } = setup();
    const other = new MemoryBus(hub, log);
    const handled: string[] = [];
    await bus.subscribe({ subject: 'users.>', handler: async (msg) => void (await sleep(30), handled.push(msg.id)) });
    await bus.subscribe({ subject: 'users.>', durable: 'work', handler: () => new Promise<void>(() => undefined) });
    await other.subscribe({ subject: 'users.>', handler: () => new Promise<void>(() => undefined) });
    for (const id of ['a', 'b', 'c']) await other.publish('users.changed', {}, id);
    const t0 = Date.now();
    await bus.sync();
    expect(handled).toEqual(['a', 'b', 'c']);
    expect(Date.now() - t0).toBeLessThan(SYNC_WAIT_MS);
  });

  it('counts a message whose handler failed every attempt as handled', async () => {
    const { bus } = setup();
    let attempts = 0;
    await bus.subscribe({ subject: 'users.>', handler: async () => void (attempts++, await Promise.reject(new Error('no'))) });
    await bus.publish('users.changed', {}, 'x');
    const t0 = Date.now();
    await bus.sync();
    expect(attempts).toBe(3);
    expect(Date.now() - t0).toBeLessThan(SYNC_WAIT_MS);
  });

  it('gives up after SYNC_WAIT_MS on a handler that never ends, and waits for nothing once stopped', async () => {
    const { bus } = setup();
    const sub = await bus.subscribe({ subject: 'users.>', handler: () => new Promise<void>(() => undefined) });
    await bus.publish('users.changed', {}, 'stuck');
    await bus.publish('users.changed', {}, 'queued');
    const t0 = Date.now();
    await bus.sync();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SYNC_WAIT_MS - 50);
    const t1 = Date.now();
    const synced = bus.sync();
    // stop() waits for the handler under way, which never ends; sync() waits no more.
    void sub.stop();
    await synced;
    expect(Date.now() - t1).toBeLessThan(SYNC_WAIT_MS / 2);
  });
});

describe('HandledCount (what sync() waits on)', () => {
  it('lets each waiter go when its count is handled, when its time is up, or when stopped, and keeps none after', async () => {
    const count = new HandledCount();
    const order: string[] = [];
    const wait = (name: string, n: number, ms: number) => count.upTo(n, ms).then(() => void order.push(name));
    const waits = [wait('one', 1, 5_000), wait('two', 2, 5_000), wait('late', 3, 20), wait('stopped', 4, 5_000)];
    expect(count.waiting).toBe(4);
    count.done();
    await sleep(0);
    expect(order).toEqual(['one']);
    await sleep(40);
    expect(order).toEqual(['one', 'late']);
    count.done();
    await sleep(0);
    expect(order).toEqual(['one', 'late', 'two']);
    count.stop();
    await Promise.all(waits);
    expect(order).toEqual(['one', 'late', 'two', 'stopped']);
    expect(count.waiting).toBe(0);
    // Handled already, no time, or stopped: at once, and nothing is kept.
    await Promise.all([count.upTo(1, 5_000), new HandledCount().upTo(1, 0), count.upTo(99, 5_000)]);
    expect(count.waiting).toBe(0);
  });
});
