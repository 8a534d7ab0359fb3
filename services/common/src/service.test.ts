import { createLogger } from './logger';
import { boundedWait } from './service';

describe('boundedWait (publishBeforeReply)', () => {
  const log = createLogger('service-test', 'silent');

  it('waits for the rows to be published', async () => {
    let finish!: () => void;
    const published = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const order: string[] = [];
    const waiting = boundedWait(published, log)(['7', '8']).then(() => order.push('returned'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toHaveBeenCalledWith(['7', '8']);
    expect(order).toEqual([]);
    order.push('published');
    finish();
    await waiting;
    expect(order).toEqual(['published', 'returned']);
  });

  it('returns when publishing fails (the relay retries) or takes longer than it waits', async () => {
    const warn = jest.fn();
    const failing = boundedWait(
      async () => {
        throw new Error('bus down');
      },
      { ...log, warn },
    );
    await expect(failing(['1'])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    // A publish that never ends: the wait ends at its bound.
    await expect(boundedWait(() => new Promise<void>(() => undefined), log, 50)(['2'])).resolves.toBeUndefined();
  });
});
