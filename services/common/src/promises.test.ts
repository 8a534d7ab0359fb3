import { coalesced, handledLater } from './promises';

describe('handledLater', () => {
  it('keeps the rejection for whoever awaits, and reports none as unhandled', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const kept = handledLater(Promise.reject(new Error('down')));
      handledLater(Promise.reject(new Error('never awaited')));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(kept).rejects.toThrow('down');
      expect(unhandled).not.toHaveBeenCalled();
      await expect(handledLater(Promise.resolve(3))).resolves.toBe(3);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('coalesced', () => {
  /** A run the test ends by hand; `runs` counts the runs started. */
  function controlled() {
    const ends: { resolve: () => void; reject: (err: Error) => void }[] = [];
    const run = jest.fn(() => new Promise<void>((resolve, reject) => void ends.push({ resolve, reject })));
    return { run, end: (i: number) => ends[i].resolve(), fail: (i: number, err: Error) => ends[i].reject(err) };
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('starts a run for the first call, and one more, shared, for every call made while it runs', async () => {
    const c = controlled();
    const flush = coalesced(c.run);
    const first = flush();
    const second = flush();
    const third = flush();
    expect(c.run).toHaveBeenCalledTimes(1);
    c.end(0);
    await first;
    await settled();
    // The calls made during the first run are answered by a run that started after them.
    expect(c.run).toHaveBeenCalledTimes(2);
    let done = false;
    void second.then(() => (done = true));
    await settled();
    expect(done).toBe(false);
    c.end(1);
    await Promise.all([second, third]);
    // Idle again: the next call starts a run of its own.
    const fourth = flush();
    expect(c.run).toHaveBeenCalledTimes(3);
    c.end(2);
    await fourth;
  });

  it('passes a failed run on to its callers, and still runs for those that came during it', async () => {
    const c = controlled();
    const flush = coalesced(c.run);
    const first = flush();
    const second = flush();
    c.fail(0, new Error('bus down'));
    await expect(first).rejects.toThrow('bus down');
    await settled();
    expect(c.run).toHaveBeenCalledTimes(2);
    c.end(1);
    await expect(second).resolves.toBeUndefined();
  });
});
