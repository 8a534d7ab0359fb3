import { envInt, readBaseConfig, BaseConfig } from '@parley/common';
import { DEFAULT_MAX_QUEUES_PER_USER } from './domain/queues';
import { DEFAULT_MAX_EVENTS_PER_QUEUE } from './store/queue-store';

export interface EventsConfig extends BaseConfig {
  /** A queue nobody polled for this long expires. */
  queueIdleTimeoutMs: number;
  heartbeatMinMs: number;
  heartbeatMaxMs: number;
  /** How often expired queues are collected. */
  gcIntervalMs: number;
  /** Queues one user may hold; one more expires their least recently polled (Parley's bound; Zulip has none). */
  maxQueuesPerUser: number;
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
    maxQueuesPerUser: envInt(env, 'EVENT_QUEUES_PER_USER', DEFAULT_MAX_QUEUES_PER_USER, 1),
    maxEventsPerQueue: envInt(env, 'EVENT_QUEUE_MAX_EVENTS', DEFAULT_MAX_EVENTS_PER_QUEUE, 10),
  });
}
