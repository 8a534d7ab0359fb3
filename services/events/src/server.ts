import type { RouteHandlers } from '@parley/common/api';
import { redisKeyPrefix, runService, RunningService, startPeriodicJob, subscribeTo, Subscription } from '@parley/common';
import type { EventsConfig } from './config';
import { systemClock, Clock } from './domain/clock';
import { CLIENT_EVENT_SUBJECTS, deliver } from './domain/deliver';
import { QueueManager } from './domain/queues';
import { MemoryQueueStore } from './store/memory-store';
import type { QueueStore } from './store/queue-store';
import { RedisQueueStore } from './store/redis-store';
import { deleteQueue, getEvents, register } from './rpc/queues';

/** Redis when REDIS_URL is set (queues shared by replicas), else this process's memory. */
export function createQueueStore(config: EventsConfig): QueueStore {
  if (!config.redisUrl) return new MemoryQueueStore(Date.now, config.maxEventsPerQueue);
  return new RedisQueueStore(config.redisUrl, redisKeyPrefix(config.busNamespace), config.maxEventsPerQueue);
}

/**
 * The events service: its handlers over one QueueManager, a durable consumer per client
 * event subject (shared by every replica, so each event is queued once), and the job that
 * expires idle queues.
 */
export async function startEventsService(config: EventsConfig, clock: Clock = systemClock): Promise<RunningService> {
  const store = createQueueStore(config);
  // Serve only once other replicas' appends are heard, or a long poll could miss its wake-up.
  await store.ready();
  const manager = new QueueManager(
    store,
    clock,
    {
      idleTimeoutMs: config.queueIdleTimeoutMs,
      heartbeatMinMs: config.heartbeatMinMs,
      heartbeatMaxMs: config.heartbeatMaxMs,
    },
    { maxQueuesPerUser: config.maxQueuesPerUser },
  );
  return runService({
    name: 'events',
    config,
    ready: () => store.healthy(),
    beforeStop: () => manager.drain(),
    // The gateway's long polls, many on one stream.
    multiplexed: { Poll: 'GetEvents' },
    // Each route's handler replies with the route's published response type (api/route-rpcs.ts).
    makeHandlers: ({ clients }) =>
      ({
        Register: register(manager, clients),
        GetEvents: getEvents(manager),
        DeleteQueue: deleteQueue(manager),
      }) satisfies RouteHandlers<'events'>,
    onStart: async ({ bus, log }) => {
      const subscriptions: Subscription[] = [];
      for (const subject of CLIENT_EVENT_SUBJECTS) {
        // Ordered: every queue gets its events in the order they were announced, even when a
        // replica dies holding one (it is redelivered before any later event).
        subscriptions.push(await subscribeTo(bus, { subject, durable: 'events', ordered: true, handler: (msg) => deliver(store, msg) }));
      }
      const stopGc = startPeriodicJob('expiring idle event queues', config.gcIntervalMs, log, async () => {
        const n = await manager.expireIdle();
        if (n) log.info({ expired: n }, 'expired idle event queues');
      });
      return async () => {
        await stopGc();
        await Promise.all(subscriptions.map((s) => s.stop()));
        manager.close();
        await store.close();
      };
    },
  });
}
