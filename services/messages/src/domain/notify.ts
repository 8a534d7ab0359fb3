import { ClientEvent, clientEventPayload, emit, MessageDelivery, Queryable } from '@parley/common';

/**
 * The client event of a new message: it goes to every recipient, each with their own flags
 * (the events service gives each queue its user's): one outbox row whatever their flags.
 * Written with the message itself (store.insertMessage).
 */
export function messageEvent(realmId: number, message: Record<string, unknown>, recipients: { user_id: number; flags: string[] }[], delivery: MessageDelivery): ClientEvent {
  const flags: Record<string, string[]> = {};
  for (const r of recipients) if (r.flags.length) flags[r.user_id] = r.flags;
  return clientEventPayload(
    realmId,
    recipients.map((r) => r.user_id),
    { type: 'message', message, flags: [] },
    undefined,
    { ...delivery, flags },
  );
}

export function notify(tx: Queryable, realmId: number, users: number[], event: Record<string, unknown> & { type: string }): Promise<void> {
  return users.length ? emit(tx, 'messages', realmId, users, event) : Promise.resolve();
}
