import { Audience, ClientEvent, clientEventSubject, emit, Queryable, writeOutbox } from '@parley/common';

/**
 * What the users service announces, written to its outbox in the transaction of the change.
 * - users.auth.invalidate: gateways drop cached authentications ({realm_id, user_id?}).
 * - users.user.created: other services react to new users (default channels, ...).
 * - users.client_event: a Zulip event for the events service to queue, with its audience.
 */
export const Subjects = {
  authInvalidate: 'users.auth.invalidate',
  userCreated: 'users.user.created',
  clientEvent: clientEventSubject('users'),
} as const;

const SCHEMA = 'users';

export function notifyAuthChanged(tx: Queryable, realmId: number, userId?: number): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.authInvalidate, { realm_id: realmId, user_id: userId ?? null });
}

export function notifyUserCreated(tx: Queryable, realmId: number, user: { user_id: number; role: number; is_bot: boolean }): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userCreated, { realm_id: realmId, ...user });
}

export function notifyClients(
  tx: Queryable, realmId: number, audience: Audience, event: ClientEvent['event'], fallback?: ClientEvent['fallback'],
): Promise<void> {
  return emit(tx, 'users', realmId, audience, event, fallback);
}
