import { Announcement, Bus, clientEventsOf, clientEventSubject, dropsRealm, listenAll, RealmCache, RealmCacheOptions } from '@parley/common';
import type { GetAccessReply__Output } from '@parley/common/generated/parley/channels/v1/GetAccessReply';
import type { GetPermissionContextReply__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';
import type { Person } from '@parley/common';
import type { ChannelAccess } from '../peers';
import type { RecipientTraits } from './send-traits';
import type { AlertWordMatcher } from './alert-words';

/** Client events of the users service that change no one's alert words or mutes. */
const UNRELATED_TO_TRAITS = [
  'presence',
  'user_status',
  'user_settings',
  'update_display_settings',
  'update_global_notifications',
  'custom_profile_fields',
  'realm_user_settings_defaults',
  'realm_emoji',
];
/**
 * Client events of the users service that change nothing a permission context or a channel's
 * access holds (the realm's policy, its users' records, roles and groups, its linkifiers):
 * those, and a user's alert words and mutes. Every other event of a realm drops that realm's
 * answers: an event type added later errs on the side of a refetch, never of a stale permission.
 */
const UNRELATED_USERS_EVENTS = new Set([...UNRELATED_TO_TRAITS, 'alert_words', 'muted_users']);

/** The personal settings a permission context carries (its topic_settings): their changes drop it. */
const CONTEXT_SETTINGS = new Set(['automatically_follow_topics_policy', 'automatically_unmute_topics_in_muted_streams_policy', 'automatically_follow_topics_where_mentioned']);

const usersAnnouncements = (unrelated: ReadonlySet<string>): readonly Announcement<never>[] => [
  clientEventsOf('users', unrelated),
  dropsRealm(clientEventSubject('users'), ({ realm_id, event }) => {
    return event?.type === 'user_settings' && CONTEXT_SETTINGS.has(String(event.property)) ? realm_id : undefined;
  }),
  // Deactivations, role and credential changes (also announced as client events; this one is
  // what the gateways drop their authentications on).
  dropsRealm('users.auth.invalidate', (data) => data.realm_id),
];

/** The users service's announcements: its client events (all but the unrelated ones) and authentication changes. */
export const USERS_ANNOUNCEMENTS = usersAnnouncements(UNRELATED_USERS_EVENTS);

/** The same, alert_words and muted_users events included (and a type added later, as ever). */
export const TRAITS_ANNOUNCEMENTS = usersAnnouncements(new Set(UNRELATED_TO_TRAITS));

/** The channels service's client events, every one: channels, subscriptions, their settings. */
export const CHANNELS_ANNOUNCEMENTS: readonly Announcement<never>[] = [clientEventsOf('channels')];

/** What changes a caller's access to channels: roles, groups and realm settings, channels and subscriptions. */
const ACCESS_ANNOUNCEMENTS = [...USERS_ANNOUNCEMENTS, ...CHANNELS_ANNOUNCEMENTS];

/** What the messages service keeps of the users and channels services' answers. */
export interface PeerCache {
  /** Each caller's GetPermissionContext (policy, record, groups, linkifiers), by user ID. */
  contexts: RealmCache<GetPermissionContextReply__Output>;
  /**
   * Each caller's GetAccess with subscribers, by user and channel: a role, a group, a realm
   * setting or anything about channels and subscriptions changes it.
   */
  channels: RealmCache<GetAccessReply__Output>;
  /** Each caller's ListAccess (every channel they see, and what they may do there), by user ID: as `channels`. */
  channelLists: RealmCache<readonly ChannelAccess[]>;
  /**
   * The realm's people (ResolveUsers, the same for every caller), by user ID: names, emails,
   * avatars and roles change only with the users service's announcements.
   */
  people: RealmCache<Person>;
  /** Each recipient's alert words and mutes (GetRecipientTraits), by user ID: their own changes announce them. */
  recipientTraits: RealmCache<RecipientTraits>;
  /**
   * Automata of the alert words of the realm's users who have any among a send's recipients,
   * by those users' IDs: a channel's sends share one. Dropped with recipientTraits.
   */
  alertMatchers: RealmCache<AlertWordMatcher>;
  /**
   * Resolves once the announcements published before the call have been applied to these
   * answers (Bus.sync() of the bus listenForChanges listens on; at once before then, when
   * nothing is kept): a request awaits it before its first kept answer (Peers).
   */
  caughtUp(): Promise<void>;
}

export function peerCache(opts: Omit<RealmCacheOptions<never>, 'announcements'> = {}): PeerCache {
  return {
    contexts: new RealmCache({ ...opts, announcements: USERS_ANNOUNCEMENTS }),
    channels: new RealmCache({ ...opts, announcements: ACCESS_ANNOUNCEMENTS }),
    channelLists: new RealmCache({ ...opts, announcements: ACCESS_ANNOUNCEMENTS }),
    people: new RealmCache({ ...opts, announcements: USERS_ANNOUNCEMENTS }),
    recipientTraits: new RealmCache({ ...opts, announcements: TRAITS_ANNOUNCEMENTS }),
    alertMatchers: new RealmCache({ maxEntries: 1000, ...opts, announcements: TRAITS_ANNOUNCEMENTS }),
    caughtUp: async () => undefined,
  };
}

/** Listens for all of them (and makes caughtUp wait for the bus); returns what stops them all. */
export async function listenForChanges(cache: PeerCache, bus: Bus): Promise<() => Promise<void>> {
  const stop = await listenAll(bus, [cache.contexts, cache.channels, cache.channelLists, cache.people, cache.recipientTraits, cache.alertMatchers]);
  cache.caughtUp = () => bus.sync();
  return async () => {
    cache.caughtUp = async () => undefined;
    await stop();
  };
}
