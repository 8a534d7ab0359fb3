import { envInt, readBaseConfig, BaseConfig } from '@parley/common';
import { DEFAULT_MAX_EVENTS_PER_QUEUE } from './store/queue-store';

export interface EventsConfig extends BaseConfig {
  /** A queue nobody polled for this long expires. */
  queueIdleTimeoutMs: number;
  heartbeatMinMs: number;
  heartbeatMaxMs: number;
  /** How often expired queues are collected. */
  gcIntervalMs: number;
  /** Unacknowledged events one queue may hold; past it the queue is deleted and its client registers again. */
  maxEventsPerQueue: number;
}

export function readEventsConfig(env: Record<string, string | undefined>): EventsConfig {
  const base = readBaseConfig('events', env);
  const heartbeatMinMs = envInt(env, 'EVENTS_HEARTBEAT_MIN_MS', 45_000, 10);
  return Object.freeze({
    ...base,
    queueIdleTimeoutMs: envInt(env, 'EVENT_QUEUE_IDLE_TIMEOUT_MS', 10 * 60_000, 1000),
    heartbeatMinMs,
    heartbeatMaxMs: envInt(env, 'EVENTS_HEARTBEAT_MAX_MS', 55_000, heartbeatMinMs),
    gcIntervalMs: envInt(env, 'EVENT_QUEUE_GC_INTERVAL_MS', 60_000, 100),
    maxEventsPerQueue: envInt(env, 'EVENT_QUEUE_MAX_EVENTS', DEFAULT_MAX_EVENTS_PER_QUEUE, 10),
  });
}
