import type { HandlerContext } from './grpc/server';
import { createLogger } from './logger';
import { writeOutbox } from './outbox';
import { publishingBeforeReply } from './service';

const ctx = {} as HandlerContext;

/** A transaction that takes any statement (writeOutbox's insert, which answers the row's ID). */
let lastId = 0;
const tx = { query: jest.fn(async () => ({ rows: [{ id: String(++lastId) }], rowCount: 1 })) } as never;

/** A wait for published rows that the test finishes by hand, recording when the answer came relative to it. */
function controlledFlush() {
  const order: string[] = [];
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const flush = jest.fn((_rows: ReadonlyMap<string, readonly string[]>) => {
    order.push('flush started');
    return new Promise<void>((resolve, reject) => {
      finish = () => (order.push('published'), resolve());
      fail = reject;
    });
  });
  return { flush, order, finish: () => finish(), fail: (err: Error) => fail(err) };
}

describe('publishingBeforeReply', () => {
  const log = createLogger('service-test', 'silent');

  it('answers a call that wrote events once they are published', async () => {
    const f = controlledFlush();
    const { Change } = publishingBeforeReply({ Change: async () => {
      await writeOutbox(tx, 'users', 'users.x', {});
      await writeOutbox(tx, 'users', 'users.y', {});
      return { ok: true };
    } }, f.flush, log);
    const answer = Change({}, ctx).then((r) => (f.order.push('answered'), r));
    await new Promise((resolve) => setImmediate(resolve));
    expect(f.order).toEqual(['flush started']);
    // It waits for the rows it wrote, by schema.
    expect(f.flush.mock.calls[0][0]).toEqual(new Map([['users', [String(lastId - 1), String(lastId)]]]));
    f.finish();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(f.order).toEqual(['flush started', 'published', 'answered']);
  });

  it('answers a call that wrote nothing at once, without a flush', async () => {
    const f = controlledFlush();
    const { Read } = publishingBeforeReply({ Read: async () => ({ n: 1 }) }, f.flush, log);
    await expect(Read({}, ctx)).resolves.toEqual({ n: 1 });
    expect(f.flush).not.toHaveBeenCalled();
  });

  it('tells each call apart: a concurrent call that wrote nothing does not wait for the one that did', async () => {
    const f = controlledFlush();
    const handlers = publishingBeforeReply({
      Change: async () => (await writeOutbox(tx, 'users', 'users.x', {}), 'changed'),
      Read: async () => 'read',
    }, f.flush, log);
    const change = handlers.Change({}, ctx);
    await expect(handlers.Read({}, ctx)).resolves.toBe('read');
    expect(f.flush).toHaveBeenCalledTimes(1);
    f.finish();
    await expect(change).resolves.toBe('changed');
  });

  it('answers when publishing fails (the relay retries) or takes longer than it waits, and passes errors on', async () => {
    const f = controlledFlush();
    const handlers = publishingBeforeReply({
      Change: async () => (await writeOutbox(tx, 'users', 'users.x', {}), 'changed'),
      Refuse: async () => {
        await writeOutbox(tx, 'users', 'users.x', {});
        throw new Error('refused');
      },
    }, f.flush, log, 50);
    const failing = handlers.Change({}, ctx);
    await new Promise((resolve) => setImmediate(resolve));
    f.fail(new Error('bus down'));
    await expect(failing).resolves.toBe('changed');
    // A flush that never ends: the answer comes after the wait.
    await expect(handlers.Change({}, ctx)).resolves.toBe('changed');
    await expect(handlers.Refuse({}, ctx)).rejects.toThrow('refused');
  });
});
