import { inBatches } from './delete-topic';

/** delete_topic's batching (Zulip's delete_in_topic loop): the time limit is checked between batches. */
describe('inBatches', () => {
  it('runs batches until one finds nothing: complete', async () => {
    const found = [3, 3, 1, 0];
    let calls = 0;
    expect(await inBatches(async () => found[calls++], { timeLimitMs: 50_000 })).toBe(true);
    expect(calls).toBe(4);
  });

  it('stops between batches once the time limit has passed: not complete, what was deleted stays deleted', async () => {
    let clock = 0;
    let calls = 0;
    const batch = async () => {
      calls++;
      clock += 20; // each batch takes 20 ms
      return 3;
    };
    expect(await inBatches(batch, { timeLimitMs: 50, now: () => clock })).toBe(false);
    expect(calls).toBe(3);
  });

  it('with no time at all, deletes nothing', async () => {
    let calls = 0;
    expect(await inBatches(async () => ++calls, { timeLimitMs: 0, now: () => 7 })).toBe(false);
    expect(calls).toBe(0);
  });
});
