import { Audience, ClientEvent, clientEventSubject, emit, emitLegacy, Queryable, UserCreated, writeOutbox } from '@parley/common';

/**
 * What the users service announces, written to its outbox in the transaction of the change.
 * - users.auth.invalidate: gateways drop cached authentications ({realm_id, user_id?}).
 * - users.user.created: other services react to new users (default channels, ...).
 * - users.user.active_changed: a user was deactivated or reactivated ({realm_id, user_id, is_active}).
 * - users.user.role_changed: a user's role changed ({realm_id, user_id, is_bot, old_role, role}).
 * - users.user.settings_changed: personal settings changed ({realm_id, user_id, changes, changed_at}).
 * - users.user.muted: a user muted another ({realm_id, user_id, muted_user_id, muted_at}).
 * - users.notification: a direct message the Notification Bot sends ("accepted your invitation").
 * - users.client_event: a Zulip event for the events service to queue, with its audience.
 */
export const Subjects = {
  authInvalidate: 'users.auth.invalidate',
  userCreated: 'users.user.created',
  userActiveChanged: 'users.user.active_changed',
  userRoleChanged: 'users.user.role_changed',
  userSettingsChanged: 'users.user.settings_changed',
  userMuted: 'users.user.muted',
  notification: 'users.notification',
  clientEvent: clientEventSubject('users'),
} as const;

const SCHEMA = 'users';

export function notifyAuthChanged(tx: Queryable, realmId: number, userId?: number): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.authInvalidate, { realm_id: realmId, user_id: userId ?? null });
}

export function notifyUserCreated(tx: Queryable, realmId: number, user: Omit<UserCreated, 'realm_id'>): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userCreated, { realm_id: realmId, ...user });
}

export function notifyUserActiveChanged(tx: Queryable, realmId: number, userId: number, isActive: boolean): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userActiveChanged, { realm_id: realmId, user_id: userId, is_active: isActive });
}

export function notifyUserRoleChanged(tx: Queryable, realmId: number, change: { user_id: number; is_bot: boolean; old_role: number; role: number }): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userRoleChanged, { realm_id: realmId, ...change });
}

export function notifyUserSettingsChanged(tx: Queryable, realmId: number, userId: number, changes: Record<string, unknown>): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userSettingsChanged, { realm_id: realmId, user_id: userId, changes, changed_at: new Date().toISOString() });
}

/** An older event shape, in addition, for the queues registered without `capability`. */
export function notifyLegacyClients(tx: Queryable, realmId: number, audience: Audience, event: ClientEvent['event'], capability: string): Promise<void> {
  return emitLegacy(tx, 'users', realmId, audience, event, capability);
}

export function notifyUserMuted(tx: Queryable, realmId: number, userId: number, mutedUserId: number): Promise<void> {
  return writeOutbox(tx, SCHEMA, Subjects.userMuted, { realm_id: realmId, user_id: userId, muted_user_id: mutedUserId, muted_at: new Date().toISOString() });
}

export function notifyClients(tx: Queryable, realmId: number, audience: Audience, event: ClientEvent['event'], fallback?: ClientEvent['fallback']): Promise<void> {
  return emit(tx, 'users', realmId, audience, event, fallback);
}

/** A direct message from the realm's Notification Bot to some users (the messages service posts it). */
export function notifyByBot(tx: Queryable, realmId: number, userIds: number[], content: string) {
  return writeOutbox(tx, SCHEMA, Subjects.notification, { realm_id: realmId, user_ids: userIds, content });
}
