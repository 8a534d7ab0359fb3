import type { ServiceName } from './config';
import { schemaOf, Queryable } from './db';
import { writeOutboxRows } from './outbox';
import type { ClientEventSubject } from './bus/subjects';

/**
 * Client events: what a service tells Zulip clients about a change. `emit` writes one to the
 * service's outbox in the change's transaction; the events service consumes every service's
 * `<service>.client_event` subject and queues the event for its audience: the whole realm,
 * or some of its users. One line per change:
 *
 *   await emit(tx, 'users', realmId, 'realm', { type: 'realm_user', op: 'update', person });
 */
export type Audience = 'realm' | number[];

export interface ClientEvent {
  realm_id: number;
  audience: Audience;
  event: Record<string, unknown> & { type: string };
  /**
   * What queues registered without `capability` get instead (Zulip's older event shapes,
   * e.g. update_display_settings for clients without user_settings_object), or null when
   * such clients get nothing (realm_linkifiers without linkifier_url_template).
   */
  fallback?: { capability: string; event: (Record<string, unknown> & { type: string }) | null };
  /**
   * Only for queues registered without this capability: an older event shape sent to older
   * clients in addition to the current one (update_display_settings beside user_settings for
   * clients without user_settings_object, as Zulip does).
   */
  onlyWithout?: string;
  /**
   * For `message` events: the Markdown source, for queues registered with apply_markdown
   * false, the sender's queue and local_id, echoed to that queue alone as
   * local_message_id (local echo), and the recipients' own flags.
   */
  message?: MessageDelivery;
}

export interface MessageDelivery {
  raw_content: string;
  /** The sender's avatar is one a client_gravatar client computes: its queues get avatar_url null. */
  client_computable_avatar?: boolean;
  sender_queue_id?: string;
  local_id?: string;
  /**
   * Each recipient's flags, by user ID, where they differ from the event's `flags` (the
   * sender's `read`, a mention): one event for every recipient of a message.
   */
  flags?: Record<string, string[]>;
  /** The recipients who follow the message's topic (missed-message mails); no client sees it. */
  followers?: number[];
}

export const clientEventSubject = <S extends ServiceName>(service: S): ClientEventSubject<S> => `${service}.client_event`;

export function emit(
  tx: Queryable,
  service: ServiceName,
  realmId: number,
  audience: Audience,
  event: ClientEvent['event'],
  fallback?: ClientEvent['fallback'],
  message?: MessageDelivery,
): Promise<void> {
  return emitAll(tx, service, [clientEventPayload(realmId, audience, event, fallback, message)]);
}

/** An older event shape for the queues registered without `capability` only (see ClientEvent.onlyWithout). */
export function emitLegacy(tx: Queryable, service: ServiceName, realmId: number, audience: Audience, event: ClientEvent['event'], capability: string): Promise<void> {
  return emitAll(tx, service, [{ realm_id: realmId, audience, event, onlyWithout: capability }]);
}

/** A client event as emit writes it, for emitAll. */
export function clientEventPayload(realmId: number, audience: Audience, event: ClientEvent['event'], fallback?: ClientEvent['fallback'], message?: MessageDelivery): ClientEvent {
  return { realm_id: realmId, audience, event, ...(fallback && { fallback }), ...(message && { message }) };
}

/** Several client events of one change, in order, in one statement. */
export function emitAll(tx: Queryable, service: ServiceName, events: ClientEvent[]): Promise<void> {
  const subject = clientEventSubject(service);
  return writeOutboxRows(
    tx,
    schemaOf(service),
    events.map((payload) => ({ subject, payload })),
  );
}
