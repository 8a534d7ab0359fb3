import { clientEventSubject } from './emit';
import { announcingBus } from './testing';
import { announcement, clientEventsOf, dropsRealm, RealmCache, RealmCacheOptions } from './realm-cache';

/** Answers are numbers: each fetch answers one more than the last, to tell answers apart. */
async function setup(opts: Partial<RealmCacheOptions<number>> = {}) {
  const answers = new RealmCache<number>({ announcements: [clientEventsOf('users', new Set(['presence']))], ...opts });
  const bus = announcingBus();
  const stop = await answers.listen(bus.bus);
  let version = 0;
  const fetch = jest.fn(async () => ++version);
  return { answers, bus, stop, fetch, get: (realmId = 1, key = '2') => answers.get(realmId, key, fetch) };
}

/** A fetch that answers when the test says so. */
function pendingFetch(answers: RealmCache<number>, realmId: number, key: string) {
  let answer!: (n: number) => void;
  const pending = answers.get(realmId, key, () => new Promise((resolve) => (answer = resolve)));
  return { pending, answer: (n: number) => answer(n) };
}

describe('RealmCache', () => {
  it('answers from memory after the first fetch, per realm and key', async () => {
    const { get, fetch, stop } = await setup();
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await get(1, '3')).toBe(2);
    expect(await get(2, '2')).toBe(3);
    expect(fetch).toHaveBeenCalledTimes(3);
    await stop();
  });

  it("drops a realm's answers on its announcements, and keeps other realms' and the unrelated types'", async () => {
    const { get, bus, stop } = await setup();
    await get(1);
    await get(2);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: [2], event: { type: 'presence' } });
    expect(await get(1)).toBe(1);
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'some_future_event' } });
    expect(await get(1)).toBe(3);
    expect(await get(2)).toBe(2);
    await stop();
  });

  it("applies an announcement's own changes: some answers updated in place, some dropped", async () => {
    // A settings change that says which answers it raises and which it drops.
    const edits = announcement<'users.user.settings_changed', number>('users.user.settings_changed', ({ realm_id, changes }, answers) => {
      const { raise, drop } = changes as { raise?: string[]; drop?: string[] };
      if (raise) answers.update(realm_id, raise, (n) => n + 100);
      if (drop) answers.drop(realm_id, drop);
    });
    const { get, bus, answers, stop } = await setup({ announcements: [edits] });
    await get(1, 'a');
    await get(1, 'b');
    await get(1, 'c');
    // A key that is not kept is not made up.
    await bus.announce('users.user.settings_changed', { realm_id: 1, user_id: 2, changes: { raise: ['a', 'z'], drop: ['b'] }, changed_at: '2026-11-29T00:00:00Z' });
    expect(await get(1, 'a')).toBe(101);
    expect(await get(1, 'b')).toBe(4);
    expect(await get(1, 'c')).toBe(3);
    expect(await get(1, 'z')).toBe(5);
    expect(answers.count).toBe(4);
    await stop();
  });

  it.each([
    ['the realm dropped', (a: RealmCache<number>) => a.invalidate(1)],
    ['some of its answers dropped', (a: RealmCache<number>) => a.drop(1, ['other'])],
    ['some of its answers changed', (a: RealmCache<number>) => a.update(1, ['other'], (n) => n)],
    ['everything dropped', (a: RealmCache<number>) => a.clear()],
  ])('does not keep an answer fetched while %s (it may predate the change)', async (_name, change) => {
    const { answers, stop } = await setup();
    const { pending, answer } = pendingFetch(answers, 1, '2');
    change(answers);
    answer(10);
    expect(await pending).toBe(10);
    expect(answers.count).toBe(0);
    expect(await answers.get(1, '2', async () => 11)).toBe(11);
    expect(await answers.get(1, '2', async () => 12)).toBe(11);
    await stop();
  });

  it('reads once for the calls that ask while the same answer is being fetched, then keeps it', async () => {
    const { answers, fetch, stop } = await setup();
    const { pending, answer } = pendingFetch(answers, 1, '2');
    const joined = [answers.get(1, '2', fetch), answers.get(1, '2', fetch)];
    // Another key, or the same key of another realm, is another question.
    const others = [answers.get(1, '3', fetch), answers.get(2, '2', fetch)];
    answer(10);
    expect(await Promise.all([pending, ...joined])).toEqual([10, 10, 10]);
    expect(await Promise.all(others)).toEqual([1, 2]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await answers.get(1, '2', fetch)).toBe(10);
    expect(fetch).toHaveBeenCalledTimes(2);
    await stop();
  });

  it.each([
    ['the realm dropped', (a: RealmCache<number>) => a.invalidate(1)],
    ['some of its answers changed', (a: RealmCache<number>) => a.update(1, ['other'], (n) => n)],
    ['everything dropped', (a: RealmCache<number>) => a.clear()],
  ])('does not share a fetch begun before %s: the call after the change reads anew', async (_name, change) => {
    const { answers, fetch, stop } = await setup();
    const { pending, answer } = pendingFetch(answers, 1, '2');
    const before = answers.get(1, '2', fetch);
    change(answers);
    const after = answers.get(1, '2', fetch);
    expect(await after).toBe(1);
    answer(10);
    // The call that asked before the change may have the older answer, as a kept one.
    expect(await Promise.all([pending, before])).toEqual([10, 10]);
    expect(fetch).toHaveBeenCalledTimes(1);
    // What is kept is the answer read after the change.
    expect(await answers.get(1, '2', async () => 99)).toBe(1);
    await stop();
  });

  it('goes on sharing the newer fetch when the one it replaced ends first', async () => {
    const { answers, fetch, stop } = await setup();
    const older = pendingFetch(answers, 1, '2');
    answers.invalidate(1);
    const newer = pendingFetch(answers, 1, '2');
    older.answer(10);
    await older.pending;
    const joined = answers.get(1, '2', fetch);
    newer.answer(20);
    expect(await Promise.all([newer.pending, joined])).toEqual([20, 20]);
    expect(fetch).not.toHaveBeenCalled();
    await stop();
  });

  it("shares a failed fetch's failure with the calls that waited for it, and fetches anew after it", async () => {
    const { answers, fetch, stop } = await setup();
    let fail!: (err: Error) => void;
    const first = answers.get(1, '2', () => new Promise((_resolve, reject) => (fail = reject)));
    const joined = answers.get(1, '2', fetch);
    fail(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(joined).rejects.toThrow('database away');
    expect(fetch).not.toHaveBeenCalled();
    expect(await answers.get(1, '2', fetch)).toBe(1);
    await stop();
  });

  it('shares no fetch while it is not listening', async () => {
    const answers = new RealmCache<number>({ announcements: [] });
    let answer!: (n: number) => void;
    const first = answers.get(1, '2', () => new Promise((resolve) => (answer = resolve)));
    const fetch = jest.fn(async () => 5);
    expect(await answers.get(1, '2', fetch)).toBe(5);
    answer(4);
    expect(await first).toBe(4);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers many keys at once, fetching only those it does not keep, in one call', async () => {
    const { answers, bus, stop } = await setup();
    const fetch = jest.fn(async (missing: string[]) => new Map(missing.filter((k) => k !== 'ghost').map((k) => [k, Number(k) * 10])));
    expect(await answers.getMany(1, ['1', '2', '2'], fetch)).toEqual(
      new Map([
        ['1', 10],
        ['2', 20],
      ]),
    );
    expect(await answers.getMany(1, ['2', '3', 'ghost'], fetch)).toEqual(
      new Map([
        ['2', 20],
        ['3', 30],
      ]),
    );
    // A key the fetch did not answer is asked for again; nothing is asked when all are kept.
    expect(fetch.mock.calls).toEqual([[['1', '2']], [['3', 'ghost']]]);
    await answers.getMany(1, ['1', '2', '3'], fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(answers.count).toBe(3);
    // The realm's announcement drops them all.
    await bus.announce(clientEventSubject('users'), { realm_id: 1, audience: 'realm', event: { type: 'realm_user' } });
    await answers.getMany(1, ['1'], fetch);
    expect(fetch.mock.calls[2]).toEqual([['1']]);
    await stop();
  });

  it('does not keep many answers fetched while their realm changed', async () => {
    const { answers, stop } = await setup();
    let answer!: (m: Map<string, number>) => void;
    const pending = answers.getMany(1, ['1', '2'], () => new Promise((resolve) => (answer = resolve)));
    answers.invalidate(1);
    answer(
      new Map([
        ['1', 1],
        ['2', 2],
      ]),
    );
    expect(await pending).toEqual(
      new Map([
        ['1', 1],
        ['2', 2],
      ]),
    );
    expect(answers.count).toBe(0);
    await stop();
  });

  it('keeps an answer fetched while another realm changed', async () => {
    const { answers, stop } = await setup();
    const { pending, answer } = pendingFetch(answers, 1, '2');
    answers.invalidate(2);
    answer(10);
    await pending;
    expect(answers.count).toBe(1);
    await stop();
  });

  it('judges freshness from an earlier mark when it is given one', async () => {
    const { answers, stop } = await setup();
    const since = answers.mark();
    answers.invalidate(1);
    await answers.get(1, '2', async () => 10, since);
    expect(answers.count).toBe(0);
    await answers.get(1, '2', async () => 11, answers.mark());
    expect(answers.count).toBe(1);
    await stop();
  });

  it('keeps nothing while the bus is away, and forgets what it had when it comes back', async () => {
    const { get, fetch, bus, stop } = await setup();
    await get();
    bus.disconnect();
    await get();
    await get();
    expect(fetch).toHaveBeenCalledTimes(3);
    bus.reconnect();
    await get();
    await get();
    expect(fetch).toHaveBeenCalledTimes(4);
    await stop();
  });

  it('does not keep an answer fetched across a loss of the bus, even for a realm it knew nothing of', async () => {
    const { answers, bus, stop } = await setup();
    const { pending, answer } = pendingFetch(answers, 7, '2');
    bus.disconnect();
    bus.reconnect();
    answer(1);
    await pending;
    expect(answers.count).toBe(0);
    await stop();
  });

  it('keeps nothing before it listens or after it stopped', async () => {
    const answers = new RealmCache<number>({ announcements: [dropsRealm('users.auth.invalidate', () => 1)] });
    const fetch = jest.fn(async () => 1);
    await answers.get(1, '2', fetch);
    await answers.get(1, '2', fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    const stop = await answers.listen(announcingBus().bus);
    await answers.get(1, '2', fetch);
    await answers.get(1, '2', fetch);
    expect(fetch).toHaveBeenCalledTimes(3);
    await stop();
    expect(answers.count).toBe(0);
    await answers.get(1, '2', fetch);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('refetches once an entry is older than its time to live, and stays within its bound', async () => {
    let now = 0;
    const { get, fetch, answers, stop } = await setup({ ttlMs: 1_000, maxEntries: 3, now: () => now });
    await get();
    now = 999;
    await get();
    expect(fetch).toHaveBeenCalledTimes(1);
    now = 1_000;
    await get();
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const key of ['3', '4', '5', '6']) await get(1, key);
    expect(answers.count).toBeLessThanOrEqual(3);
    await stop();
  });
});
