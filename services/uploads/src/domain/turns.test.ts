import { FairTurns } from './turns';

/** Jobs the test finishes by hand, recording the order they started in. */
function jobs(turns: FairTurns) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const done: Promise<unknown>[] = [];
  const submit = (owner: string, name: string, fail = false) => {
    done.push(
      turns
        .run(owner, () => {
          started.push(name);
          return new Promise<void>((resolve, reject) => finishers.set(name, () => (fail ? reject(new Error(name)) : resolve())));
        })
        .catch(() => undefined),
    );
  };
  /** Finishes a running job and lets the turns hand its turn out. */
  const finish = async (name: string) => {
    finishers.get(name)!();
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { started, submit, finish, all: () => Promise.all(done) };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FairTurns', () => {
  it("starts another owner's job at once while one owner has many waiting (issue #41)", async () => {
    const turns = new FairTurns(2, 1);
    const { started, submit, finish, all } = jobs(turns);
    for (let i = 1; i <= 6; i++) submit('member', `big${i}`);
    await settle();
    // One owner holds one of the two turns, however many jobs it sends.
    expect(started).toEqual(['big1']);
    submit('other', 'small');
    await settle();
    expect(started).toEqual(['big1', 'small']);
    expect(turns.load).toEqual({ running: 2, waiting: 5 });
    for (const name of ['small', 'big1', 'big2', 'big3', 'big4', 'big5', 'big6']) await finish(name);
    await all();
    expect(started).toEqual(['big1', 'small', 'big2', 'big3', 'big4', 'big5', 'big6']);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives free turns to the waiting owners in turn, one job each, never more than the bound at once', async () => {
    const turns = new FairTurns(2, 1);
    const { started, submit, finish, all } = jobs(turns);
    for (const owner of ['a', 'b']) for (let i = 1; i <= 3; i++) submit(owner, `${owner}${i}`);
    await settle();
    submit('c', 'c1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    // c waits for one job of each owner that queued before it, not for all of theirs.
    await finish('b1');
    await finish('a2');
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'c1']);
    for (const name of ['b2', 'c1', 'a3', 'b3']) await finish(name);
    await all();
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'c1', 'a3', 'b3']);
  });

  it('holds one owner to its own bound of turns, leaving the rest to others', async () => {
    const turns = new FairTurns(3, 2);
    const { started, submit, finish, all } = jobs(turns);
    for (let i = 1; i <= 4; i++) submit('a', `a${i}`);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    submit('b', 'b1');
    await settle();
    expect(turns.load).toEqual({ running: 3, waiting: 2 });
    for (const name of ['a1', 'a2', 'b1', 'a3', 'a4']) await finish(name);
    await all();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('gives the turn back when a job fails', async () => {
    const turns = new FairTurns(1, 1);
    const { started, submit, finish, all } = jobs(turns);
    submit('a', 'fails', true);
    submit('a', 'next');
    await settle();
    await finish('fails');
    expect(started).toEqual(['fails', 'next']);
    await finish('next');
    await all();
    await expect(turns.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });
});
