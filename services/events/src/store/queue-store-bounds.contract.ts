/// <reference types="jest" />
// jest's globals come by reference, as in queue-store.contract.ts (compiled by the service's build too).
import type { QueueRecord, QueueStore } from './queue-store';
import { listen, queueRecord } from './queue-store.contract';

const T0 = Date.UTC(2024, 0, 1);
const MAX = 3;
const event = (type: string) => ({ type });

/**
 * The bound on one queue's events, the same in every store (run by memory-store.test.ts and
 * redis-store.db.test.ts, each making its store with a bound of 3): the append that takes a
 * queue past it deletes the queue, whose client then registers again.
 */
export function describeQueueStoreBounds(name: string, make: (now: () => number, maxEventsPerQueue: number) => Promise<QueueStore>, cleanup?: () => Promise<void>): void {
  describe(`${name} (QueueStore contract: events per queue)`, () => {
    let store: QueueStore;
    const created = async (...records: QueueRecord[]) => {
      for (const record of records) await store.createQueue(record);
      return records;
    };
    const read = async (q: QueueRecord, ackedId: number) => (await store.poll(q.queue_id, q, ackedId, T0))?.events;
    const push = (messageId: string, q: QueueRecord, n: number) =>
      store.append(
        messageId,
        Array.from({ length: n }, () => ({ queue_id: q.queue_id, event: event('x') })),
      );

    beforeEach(async () => {
      store = await make(() => T0, MAX);
    });

    afterEach(async () => {
      await store.close();
      await cleanup?.();
    });

    it('holds as many unacknowledged events as its bound', async () => {
      const [q] = await created(queueRecord());
      await push('m1', q, MAX);
      expect(await read(q, -1)).toHaveLength(MAX);
    });

    it('counts only the events not acknowledged', async () => {
      const [q] = await created(queueRecord());
      await push('m1', q, MAX);
      expect(await read(q, MAX - 1)).toEqual([]);
      await push('m2', q, MAX);
      expect((await read(q, MAX - 1))?.map((e) => e.id)).toEqual([3, 4, 5]);
    });

    it('deletes a queue the append takes past its bound, everywhere, and announces it without an event', async () => {
      const [full, other] = await created(queueRecord(), queueRecord());
      const heard = listen(store);
      await push('m1', full, MAX);
      await store.append('m2', [
        { queue_id: full.queue_id, event: event('one too many') },
        { queue_id: other.queue_id, event: event('x') },
      ]);
      await heard.until((ids) => ids.filter((id) => id === full.queue_id).length === MAX + 1 && ids.includes(other.queue_id));
      expect(heard.notices.filter((n) => n.queueId === full.queue_id).at(-1)).toEqual({ queueId: full.queue_id });
      heard.off();
      await expect(read(full, -1)).resolves.toBeUndefined();
      await expect(store.getQueue(full.queue_id)).resolves.toBeUndefined();
      expect((await store.queuesOf(1, 'realm')).map((q) => q.queue_id)).toEqual([other.queue_id]);
      await expect(store.idleSince(T0 + 1)).resolves.toEqual([other.queue_id]);
      // The other queue of the same append keeps its event, and a later append does not bring the deleted one back.
      await push('m3', full, 1);
      await expect(store.getQueue(full.queue_id)).resolves.toBeUndefined();
      await expect(read(other, -1)).resolves.toEqual([{ id: 0, event: { type: 'x', id: 0 } }]);
    });
  });
}
