import { FairQueue } from './fair-queue';

/** Jobs the test ends by hand, recording the order they started in. */
function jobs() {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      ends.set(name, () => resolve(name));
    });
  const end = async (name: string) => {
    ends.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, job, end };
}

describe('FairQueue', () => {
  it('runs at most `slots` jobs at once, and the next as soon as one ends', async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(2);
    const done = ['a', 'b', 'c'].map((name) => queue.run(name, job(name)));
    expect(started).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    await end('a');
    expect(started).toEqual(['a', 'b', 'c']);
    await end('b');
    await end('c');
    await expect(Promise.all(done)).resolves.toEqual(['a', 'b', 'c']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("takes the waiting jobs a key at a time, so a newcomer waits behind one job of each key, not all of one key's", async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(1);
    void queue.run('busy', job('busy-1'));
    for (const n of [2, 3, 4, 5]) void queue.run('busy', job(`busy-${n}`));
    void queue.run('other', job('other-1'));
    void queue.run('third', job('third-1'));
    void queue.run('other', job('other-2'));
    for (const name of ['busy-1', 'busy-2', 'other-1', 'third-1', 'busy-3', 'other-2', 'busy-4']) await end(name);
    expect(started).toEqual(['busy-1', 'busy-2', 'other-1', 'third-1', 'busy-3', 'other-2', 'busy-4', 'busy-5']);
  });

  it('gives up a waiting job at its time with the error it names, never starting it', async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(1);
    void queue.run('a', job('first'));
    const late = queue.run('b', job('late'), { until: Date.now() + 30, late: () => new Error('too late for b') });
    const patient = queue.run('c', job('patient'));
    await expect(late).rejects.toThrow('too late for b');
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await end('first');
    expect(started).toEqual(['first', 'patient']);
    await end('patient');
    await expect(patient).resolves.toBe('patient');
  });

  it('refuses at once a job whose time has passed, even with a slot free', async () => {
    const run = jest.fn(async () => 'ran');
    await expect(new FairQueue(1).run('a', run, { until: Date.now() - 1, late: () => new Error('passed') })).rejects.toThrow('passed');
    expect(run).not.toHaveBeenCalled();
  });

  it('frees the slot of a job that throws, at once or later', async () => {
    const queue = new FairQueue(1);
    await expect(
      queue.run('a', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    await expect(queue.run('a', () => Promise.reject(new Error('later')))).rejects.toThrow('later');
    await expect(queue.run('a', async () => 'still serving')).resolves.toBe('still serving');
  });

  it("holds one key to its own bound, so another key's job starts at once on a slot left free (issue #41's images)", async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(2, { perKey: 1 });
    for (let i = 1; i <= 6; i++) void queue.run('member', job(`big${i}`));
    await settle();
    // One key holds one of the two slots, however many jobs it sends.
    expect(started).toEqual(['big1']);
    void queue.run('other', job('small'));
    await settle();
    expect(started).toEqual(['big1', 'small']);
    expect(queue.load).toEqual({ running: 2, waiting: 5 });
    for (const name of ['small', 'big1', 'big2', 'big3', 'big4', 'big5']) await end(name);
    expect(started).toEqual(['big1', 'small', 'big2', 'big3', 'big4', 'big5', 'big6']);
  });

  it('gives free slots to the waiting keys in turn, one job each, keys at their bound keeping their place', async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(2, { perKey: 1 });
    for (const key of ['a', 'b']) for (let i = 1; i <= 3; i++) void queue.run(key, job(`${key}${i}`));
    void queue.run('c', job('c1'));
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    // c waits for one job of each key that queued before it, not for all of theirs.
    for (const name of ['a1', 'b1', 'a2']) await end(name);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'c1']);
    for (const name of ['b2', 'c1']) await end(name);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'c1', 'a3', 'b3']);
  });

  it('lets a key use several slots up to its bound, leaving the rest to others', async () => {
    const { started, job, end } = jobs();
    const queue = new FairQueue(3, { perKey: 2 });
    for (let i = 1; i <= 4; i++) void queue.run('a', job(`a${i}`));
    void queue.run('b', job('b1'));
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(queue.load).toEqual({ running: 3, waiting: 2 });
    for (const name of ['a1', 'a2']) await end(name);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });
});

const settle = () => new Promise((resolve) => setImmediate(resolve));
