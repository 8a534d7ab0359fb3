import { BaseConfig, envInt, readBaseConfig } from '@parley/common';
import { defaultRenderThreads } from './domain/render/pool';
import { DEFAULT_MAX_SUBMESSAGES_PER_MESSAGE } from './domain/submessages';

export interface MessagesConfig extends BaseConfig {
  /** Above this many subscribers (or topic participants) wildcard mentions need can_mention_many_users_group (Zulip: 15). */
  wildcardMentionThreshold: number;
  /** How often the retention job runs (RETENTION_INTERVAL_MS; 0 turns it off). */
  retentionIntervalMs: number;
  /** How often due scheduled messages are delivered (SCHEDULED_DELIVERY_INTERVAL_MS; 0 turns it off). */
  scheduledDeliveryIntervalMs: number;
  /** How many messages one batch of POST /streams/{stream_id}/delete_topic deletes (DELETE_TOPIC_BATCH_SIZE). */
  deleteTopicBatchSize: number;
  /** After how long delete_topic stops between batches and answers complete: false (DELETE_TOPIC_TIME_LIMIT_MS; Zulip: 50 s). */
  deleteTopicTimeLimitMs: number;
  /** Threads that render messages (RENDER_THREADS): one per core but the event loop's, at most four. */
  renderThreads: number;
  /** How long one message's rendering may run before it is stopped and the message refused (RENDER_TIME_LIMIT_MS; Zulip: 5 s). */
  renderTimeLimitMs: number;
  /** Submessages one message may have (MAX_SUBMESSAGES_PER_MESSAGE; Parley's bound: every fetch carries them). */
  maxSubmessagesPerMessage: number;
}

export function readMessagesConfig(env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): MessagesConfig {
  return Object.freeze({
    ...readBaseConfig('messages', env, defaults),
    wildcardMentionThreshold: envInt(env, 'WILDCARD_MENTION_THRESHOLD', 15, 0),
    retentionIntervalMs: envInt(env, 'RETENTION_INTERVAL_MS', 3_600_000, 0),
    scheduledDeliveryIntervalMs: envInt(env, 'SCHEDULED_DELIVERY_INTERVAL_MS', 5_000, 0),
    deleteTopicBatchSize: envInt(env, 'DELETE_TOPIC_BATCH_SIZE', 1_000, 1),
    deleteTopicTimeLimitMs: envInt(env, 'DELETE_TOPIC_TIME_LIMIT_MS', 50_000, 0),
    renderThreads: envInt(env, 'RENDER_THREADS', defaultRenderThreads(), 1, 64),
    renderTimeLimitMs: envInt(env, 'RENDER_TIME_LIMIT_MS', 5_000, 1),
    maxSubmessagesPerMessage: envInt(env, 'MAX_SUBMESSAGES_PER_MESSAGE', DEFAULT_MAX_SUBMESSAGES_PER_MESSAGE, 1),
  });
}
