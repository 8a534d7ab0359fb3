import { MemoryQueueStore } from './memory-store';
import { DEDUPE_TTL_SECONDS } from './queue-store';
import { describeQueueStore, queueRecord } from './queue-store.contract';
import { describeQueueStoreBounds } from './queue-store-bounds.contract';

describeQueueStore('MemoryQueueStore', async (now) => new MemoryQueueStore(now));
describeQueueStoreBounds('MemoryQueueStore', async (now, max) => new MemoryQueueStore(now, max));

describe('MemoryQueueStore', () => {
  describe('dedupe window', () => {
    const T0 = Date.UTC(2024, 0, 1);
    const WINDOW_MS = DEDUPE_TTL_SECONDS * 1000;

    async function storeWithQueue() {
      let time = T0;
      const store = new MemoryQueueStore(() => time);
      const queue = queueRecord();
      await store.createQueue(queue);
      const append = (messageId: string) => store.append(messageId, [{ queue_id: queue.queue_id, event: { type: 'x' } }]);
      return { append, setTime: (t: number) => void (time = t) };
    }

    it('still refuses a message id at the end of the window', async () => {
      const { append, setTime } = await storeWithQueue();
      await append('m1');
      setTime(T0 + WINDOW_MS);
      await expect(append('m1')).resolves.toBe(false);
    });

    it('accepts a message id again once the window has passed', async () => {
      const { append, setTime } = await storeWithQueue();
      await append('m1');
      await append('m2');
      setTime(T0 + WINDOW_MS + 1);
      await expect(append('m1')).resolves.toBe(true);
      await expect(append('m2')).resolves.toBe(true);
    });
  });
});
