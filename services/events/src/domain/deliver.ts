import { BusMessageOf, ClientEvent, ClientEventSubject, clientEventSubject, MessageDelivery, SERVICES } from '@parley/common';
import type { QueueRecord, QueueStore } from '../store/queue-store';
import { narrowAdmits } from './narrow';

/** The subjects the events service consumes: every other service's client events (see emit). */
export const CLIENT_EVENT_SUBJECTS = SERVICES.filter((s) => s !== 'events').map(clientEventSubject);

export function queueWants(queue: QueueRecord, event: ClientEvent['event']): boolean {
  if (queue.event_types !== null && !queue.event_types.includes(event.type)) return false;
  // Zulip's accepts_event: a client that asked for user_topic events gets no legacy
  // muted_topics ones (it may ask for both, to get muted_topics from older servers).
  if (event.type === 'muted_topics' && queue.event_types?.includes('user_topic')) return false;
  return narrowAdmits(queue.narrow, event, queue.user_id);
}

/**
 * Appends one bus message's event to every queue that wants it. Idempotent: the store
 * remembers the bus message id, so a redelivery appends nothing. An event no queue wants
 * (its audience has no client listening) costs no write.
 */
export async function deliver(store: QueueStore, msg: BusMessageOf<ClientEventSubject>): Promise<void> {
  const { realm_id, audience, event, fallback, message, onlyWithout } = msg.data;
  const queues = (await store.queuesOf(realm_id, audience)).filter((q) => !onlyWithout || !q.client_capabilities[onlyWithout]);
  const deliveries = queues
    .map((q) => ({ queue: q, event: fallback && !q.client_capabilities[fallback.capability] ? fallback.event : event }))
    .filter(({ queue, event: e }) => e !== null && queueWants(queue, e))
    .map(({ queue, event: e }) => ({ queue_id: queue.queue_id, event: message ? forQueue(queue, e!, message) : e! }));
  if (deliveries.length) await store.append(msg.id, deliveries);
}

/**
 * A message event as one queue gets it: its user's flags, Markdown source instead of HTML
 * for queues registered with apply_markdown false, and local_message_id for the queue that
 * sent it (local echo).
 */
export function forQueue(queue: QueueRecord, event: ClientEvent['event'], m: MessageDelivery): ClientEvent['event'] {
  const out: ClientEvent['event'] = { ...event };
  const flags = m.flags?.[queue.user_id];
  if (flags) out.flags = flags;
  if (!queue.apply_markdown) out.message = { ...(event.message as Record<string, unknown>), content: m.raw_content, content_type: 'text/x-markdown' };
  if (queue.client_gravatar && m.client_computable_avatar) out.message = { ...(out.message as Record<string, unknown>), avatar_url: null };
  if (m.sender_queue_id === queue.queue_id && m.local_id !== undefined) out.local_message_id = m.local_id;
  return out;
}
