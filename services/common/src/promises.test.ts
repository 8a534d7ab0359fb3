import { coalesced, grouped, handledLater } from './promises';

describe('handledLater', () => {
  it('keeps the rejection for whoever awaits, and reports none as unhandled', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const kept = handledLater(Promise.reject(new Error('down')));
      void handledLater(Promise.reject(new Error('never awaited')));
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

describe('grouped', () => {
  /** A batch runner the test ends by hand: each batch's items, and a way to answer or fail it. */
  function controlled() {
    const batches: { items: number[]; answer: () => void; fail: (err: unknown) => void }[] = [];
    const runBatch = jest.fn(
      (items: number[]) =>
        new Promise<string[]>(
          (resolve, reject) =>
            void batches.push({
              items,
              answer: () => resolve(items.map((i) => `r${i}`)),
              fail: reject,
            }),
        ),
    );
    return { runBatch, batches };
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const refused = Object.assign(new Error('refused'), { refused: true });
  const options = { maxInFlight: 1, maxBatch: 3, retryAlone: (err: unknown) => (err as { refused?: boolean }).refused === true };

  it('runs a call at once when nothing runs, and groups the calls made meanwhile, at most maxBatch a batch', async () => {
    const c = controlled();
    const call = grouped(c.runBatch, options);
    const first = call(1);
    expect(c.batches.map((b) => b.items)).toEqual([[1]]);
    const later = [2, 3, 4, 5].map((i) => call(i));
    await settled();
    expect(c.batches).toHaveLength(1); // one in flight at most
    c.batches[0].answer();
    await expect(first).resolves.toBe('r1');
    expect(c.batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    c.batches[1].answer();
    await settled();
    expect(c.batches.map((b) => b.items)).toEqual([[1], [2, 3, 4], [5]]);
    c.batches[2].answer();
    await expect(Promise.all(later)).resolves.toEqual(['r2', 'r3', 'r4', 'r5']);
  });

  it('keeps up to maxInFlight batches running', async () => {
    const c = controlled();
    const call = grouped(c.runBatch, { ...options, maxInFlight: 2 });
    const calls = [1, 2, 3, 4].map((i) => call(i));
    expect(c.batches.map((b) => b.items)).toEqual([[1], [2]]);
    c.batches[1].answer();
    await settled();
    expect(c.batches.map((b) => b.items)).toEqual([[1], [2], [3, 4]]);
    c.batches[2].answer();
    c.batches[0].answer();
    await expect(Promise.all(calls)).resolves.toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('with heavy batches, starts one beside running ones only while all of those are heavy', async () => {
    const c = controlled();
    // items weigh their value; a batch of 10 or more is heavy
    const call = grouped(c.runBatch, { ...options, maxInFlight: 3, heavy: { weight: (i: number) => i, from: 10 } });
    const calls = [call(20)];
    calls.push(call(30)); // beside a heavy one
    calls.push(call(1)); // beside two heavy ones: the third slot
    calls.push(call(2), call(3)); // all slots taken: they wait
    expect(c.batches.map((b) => b.items)).toEqual([[20], [30], [1]]);
    c.batches[0].answer();
    await settled();
    // a slot is free, but the light batch [1] runs: wait for it, and gather
    expect(c.batches).toHaveLength(3);
    calls.push(call(40));
    c.batches[2].answer();
    await settled();
    expect(c.batches.map((b) => b.items)).toEqual([[20], [30], [1], [2, 3, 40]]);
    // [2, 3, 40] weighs 45: heavy, so the next call starts beside it and [30]
    calls.push(call(4));
    expect(c.batches.map((b) => b.items)).toEqual([[20], [30], [1], [2, 3, 40], [4]]);
    calls.push(call(5)); // behind the light [4]
    expect(c.batches).toHaveLength(5);
    for (const b of c.batches.slice(1)) b.answer();
    await settled();
    expect(c.batches.map((b) => b.items).slice(5)).toEqual([[5]]);
    c.batches[5].answer();
    await expect(Promise.all(calls)).resolves.toEqual(['r20', 'r30', 'r1', 'r2', 'r3', 'r40', 'r4', 'r5']);
  });

  it('runs a refused batch again item by item, so a bad item fails only its own call', async () => {
    const c = controlled();
    const call = grouped(c.runBatch, options);
    const first = call(1);
    const others = [2, 3, 4].map((i) => handledLater(call(i)));
    c.batches[0].answer();
    await first;
    await settled();
    c.batches[1].fail(refused);
    for (let i = 2; i <= 4; i++) {
      await settled();
      const alone = c.batches[c.batches.length - 1];
      expect(alone.items).toEqual([i]); // one after another, within the one batch's slot
      if (i === 3) alone.fail(new Error('bad item'));
      else alone.answer();
    }
    await expect(others[0]).resolves.toBe('r2');
    await expect(others[1]).rejects.toThrow('bad item');
    await expect(others[2]).resolves.toBe('r4');
    expect(c.runBatch).toHaveBeenCalledTimes(5);
  });

  it('fails every call of a batch, without running any again, when the failure may have left work done', async () => {
    const c = controlled();
    const call = grouped(c.runBatch, options);
    const first = handledLater(call(1));
    const others = [2, 3].map((i) => handledLater(call(i)));
    c.batches[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settled();
    c.batches[1].fail(new Error('connection lost'));
    await Promise.all(others.map((p) => expect(p).rejects.toThrow('connection lost')));
    expect(c.runBatch).toHaveBeenCalledTimes(2);
    // and the next call runs at once: the failed batches freed their slots
    const after = call(9);
    expect(c.batches.map((b) => b.items)).toEqual([[1], [2, 3], [9]]);
    c.batches[2].answer();
    await expect(after).resolves.toBe('r9');
  });

  it('rejects a batch whose runner answers for fewer items than it was given', async () => {
    const call = grouped(async (items: number[]) => items.slice(1), { ...options, retryAlone: () => false });
    await expect(call(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
