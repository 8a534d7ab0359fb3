import { clientEventPayload, emit, emitAll, MessageDelivery, Queryable } from '@parley/common';

/**
 * The messages service's client events. A message event goes to each recipient with their
 * own flags: one event per distinct set of flags, to the recipients who have it.
 */
export async function notifyMessage(
  tx: Queryable, realmId: number, message: Record<string, unknown>, recipients: { user_id: number; flags: string[] }[], delivery: MessageDelivery,
): Promise<void> {
  const byFlags = new Map<string, number[]>();
  for (const r of recipients) {
    const key = JSON.stringify(r.flags);
    byFlags.set(key, [...(byFlags.get(key) ?? []), r.user_id]);
  }
  // One statement for them all.
  await emitAll(tx, 'messages', [...byFlags].map(([key, users]) =>
    clientEventPayload(realmId, users, { type: 'message', message, flags: JSON.parse(key) as string[] }, undefined, delivery)));
}

export function notify(tx: Queryable, realmId: number, users: number[], event: Record<string, unknown> & { type: string }): Promise<void> {
  return users.length ? emit(tx, 'messages', realmId, users, event) : Promise.resolve();
}
