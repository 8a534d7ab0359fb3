import { emit, MessageDelivery, Queryable } from '@parley/common';

/**
 * The messages service's client events. A message event goes to every recipient, each with
 * their own flags (the events service gives each queue its user's): one outbox row whatever
 * the recipients' flags.
 */
export async function notifyMessage(
  tx: Queryable, realmId: number, message: Record<string, unknown>, recipients: { user_id: number; flags: string[] }[], delivery: MessageDelivery,
): Promise<void> {
  const flags: Record<string, string[]> = {};
  for (const r of recipients) if (r.flags.length) flags[r.user_id] = r.flags;
  await emit(tx, 'messages', realmId, recipients.map((r) => r.user_id), { type: 'message', message, flags: [] }, undefined, { ...delivery, flags });
}

export function notify(tx: Queryable, realmId: number, users: number[], event: Record<string, unknown> & { type: string }): Promise<void> {
  return users.length ? emit(tx, 'messages', realmId, users, event) : Promise.resolve();
}
