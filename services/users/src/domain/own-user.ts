import { announcement, Announcement, Audience, Bus, clientEventsOf, clientEventSubject, dropsRealm, listenAll, RealmCache } from '@parley/common';

/**
 * GET /users/me, asked by every client at start and by many bots before each message, answers
 * from what this process keeps (ADR 0011): the caller's own profile, and the newest message
 * the caller received, which the messages service owns. Both are dropped or changed as their
 * owners announce changes, and those owners announce before they answer (publishBeforeReply).
 */
export interface OwnUserAnswers {
  /** Each user's own profile as GET /users/me shows it (JSON, without max_message_id), by user ID. */
  profiles: RealmCache<string>;
  /** Each user's max_message_id (the newest message they received, -1 for none), by user ID. */
  maxMessageIds: RealmCache<number>;
}

/** Client events of the users service that change nothing in anyone's own profile (nor the realm's people). */
const NOT_PROFILE_EVENTS = new Set(['presence', 'user_status', 'alert_words', 'muted_users']);

/** Every users event but those drops the realm's profiles, as a credential or role change does. */
export const PROFILE_ANNOUNCEMENTS: readonly Announcement<never>[] = [clientEventsOf('users', NOT_PROFILE_EVENTS), dropsRealm('users.auth.invalidate', (data) => data.realm_id)];

/** Messages events that never change which messages a user received. */
const NOT_RECEIVING_EVENTS = new Set(['typing', 'drafts', 'saved_snippets', 'scheduled_messages', 'reminders']);

const keysOf = (audience: Audience) => (audience === 'realm' ? [] : audience.map(String));

/**
 * The messages service's client events, as they change what its users received: a new message
 * raises its recipients' maximum (a message ID is greater than every earlier one); any other
 * event that may add or remove received messages (deletion, a move, flags that give a
 * historical copy, an event type added later) drops its audience's; one to the whole realm
 * drops the realm's.
 */
export const RECEIVED_ANNOUNCEMENTS: readonly Announcement<number>[] = [
  announcement<'messages.client_event', number>(clientEventSubject('messages'), (data, answers) => {
    const { realm_id: realmId, audience, event } = data;
    if (NOT_RECEIVING_EVENTS.has(event.type)) return;
    if (audience === 'realm') return answers.invalidate(realmId);
    const id = event.type === 'message' ? (event.message as { id?: unknown } | undefined)?.id : undefined;
    if (typeof id === 'number') answers.update(realmId, keysOf(audience), (max) => Math.max(max, id));
    else answers.drop(realmId, keysOf(audience));
  }),
];

export function ownUserAnswers(): OwnUserAnswers {
  return {
    profiles: new RealmCache({ announcements: PROFILE_ANNOUNCEMENTS }),
    maxMessageIds: new RealmCache({ announcements: RECEIVED_ANNOUNCEMENTS }),
  };
}

/** Listens for both; returns what stops both. */
export const listenForOwnUserChanges = (kept: OwnUserAnswers, bus: Bus): Promise<() => Promise<void>> => listenAll(bus, [kept.profiles, kept.maxMessageIds]);
