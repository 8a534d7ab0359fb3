import { Bus, ClientEvent, clientEventSubject } from '@parley/common';
import type { GetAccessReply__Output } from '@parley/common/generated/parley/channels/v1/GetAccessReply';
import type { GetPermissionContextReply__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';

/**
 * Client events of the users service that change nothing a permission context or a channel's
 * access holds (the realm's policy, its users' records, roles and groups, its linkifiers).
 * Every other event of a realm drops that realm's answers: an event type added later errs on
 * the side of a refetch, never of a stale permission.
 */
const UNRELATED_USERS_EVENTS = new Set([
  'presence', 'user_status', 'user_settings', 'update_display_settings', 'update_global_notifications',
  'custom_profile_fields', 'realm_user_settings_defaults', 'realm_emoji',
]);

/** An announcement that drops a realm's answers: its subject, and the realm it drops (if any). */
export interface Announcement {
  subject: string;
  realmToDrop: (data: unknown) => number | undefined;
}

/** The users service's announcements: its client events (all but the unrelated ones) and authentication changes. */
export const USERS_ANNOUNCEMENTS: readonly Announcement[] = [
  {
    subject: clientEventSubject('users'),
    realmToDrop: (data) => {
      const { realm_id, event } = data as ClientEvent;
      return UNRELATED_USERS_EVENTS.has(event?.type) ? undefined : realm_id;
    },
  },
  // Deactivations, role and credential changes (also announced as client events; this one is
  // what the gateways drop their authentications on).
  { subject: 'users.auth.invalidate', realmToDrop: (data) => (data as { realm_id: number }).realm_id },
];

/** The channels service's client events, every one: channels, subscriptions, their settings. */
export const CHANNELS_ANNOUNCEMENTS: readonly Announcement[] = [
  { subject: clientEventSubject('channels'), realmToDrop: (data) => (data as ClientEvent).realm_id },
];

/** A realm's kept answers, and how many times they were dropped (see get()). */
interface RealmEntries<T> {
  generation: number;
  answers: Map<string, { answer: T; expires: number }>;
}

export interface RealmAnswersOptions {
  /** What drops a realm's answers. */
  announcements: readonly Announcement[];
  /** A backstop only: announcements drop an answer as soon as it changes. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Another service's answers about a realm (a caller's permission context, a caller's access to
 * a channel), kept in this process so that a send does not ask for them each time, and dropped
 * realm by realm when the services that own them announce a change. Those services publish the
 * announcement before they answer the request that made the change (runService's
 * publishBeforeReply), and this process handles it as it arrives: a client that changed a
 * setting and then sends sees the change. Until listen() has subscribed, and again while the
 * bus is away, nothing is kept.
 */
export class RealmAnswers<T> {
  private readonly realms = new Map<number, RealmEntries<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private size = 0;
  private live = false;

  constructor(private readonly opts: RealmAnswersOptions) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The answer kept under `key`, or fetched and kept unless the realm's answers were dropped
   * while the fetch was on its way (its answer may predate the change), or since `since` (a
   * generation() read earlier: what the fetch asks with was itself read then).
   */
  async get(realmId: number, key: string, fetch: () => Promise<T>, since?: number): Promise<T> {
    const realm = this.realms.get(realmId);
    const kept = realm?.answers.get(key);
    if (kept && kept.expires > this.now()) return kept.answer;
    const generation = since ?? realm?.generation ?? 0;
    const live = this.live;
    const answer = await fetch();
    if (live && this.live && (this.realms.get(realmId)?.generation ?? 0) === generation) this.keep(realmId, key, answer);
    return answer;
  }

  /** How many times the realm's answers were dropped so far (for get()'s `since`). */
  generation(realmId: number): number {
    return this.realms.get(realmId)?.generation ?? 0;
  }

  /** Drops a realm's answers (and makes the fetches under way not keep theirs). */
  invalidate(realmId: number): void {
    const realm = this.realms.get(realmId) ?? { generation: 0, answers: new Map() };
    this.size -= realm.answers.size;
    this.realms.set(realmId, { generation: realm.generation + 1, answers: new Map() });
  }

  /** Drops everything: the bus was lost for a while, and with it some announcements. */
  clear(): void {
    for (const realmId of [...this.realms.keys()]) this.invalidate(realmId);
  }

  /** How many answers are kept. */
  get count(): number {
    return this.size;
  }

  /** Subscribes to the announcements; returns what stops listening. */
  async listen(bus: Bus): Promise<() => Promise<void>> {
    const subs = await Promise.all(this.opts.announcements.map(({ subject, realmToDrop }) => bus.subscribe({
      subject,
      handler: async (msg) => {
        const realmId = realmToDrop(msg.data);
        if (realmId !== undefined) this.invalidate(realmId);
      },
    })));
    // Announcements made while the bus was away are lost: nothing is kept until it is back.
    const stopDisconnect = bus.onDisconnect?.(() => {
      this.live = false;
      this.clear();
    });
    const stopReconnect = bus.onReconnect?.(() => {
      this.clear();
      this.live = true;
    });
    this.live = true;
    return async () => {
      this.live = false;
      stopDisconnect?.();
      stopReconnect?.();
      await Promise.all(subs.map((s) => s.stop()));
      this.clear();
    };
  }

  private keep(realmId: number, key: string, answer: T): void {
    if (this.size >= this.maxEntries) this.clear();
    let realm = this.realms.get(realmId);
    if (!realm) this.realms.set(realmId, (realm = { generation: 0, answers: new Map() }));
    if (!realm.answers.has(key)) this.size++;
    realm.answers.set(key, { answer, expires: this.now() + this.ttlMs });
  }
}

/** What the messages service keeps of the users and channels services' answers. */
export interface KeptAnswers {
  /** Each caller's GetPermissionContext (policy, record, groups, linkifiers), by user ID. */
  contexts: RealmAnswers<GetPermissionContextReply__Output>;
  /**
   * Each caller's GetAccess with subscribers, by user and channel: a role, a group, a realm
   * setting or anything about channels and subscriptions changes it.
   */
  channels: RealmAnswers<GetAccessReply__Output>;
}

export function keptAnswers(opts: Omit<RealmAnswersOptions, 'announcements'> = {}): KeptAnswers {
  return {
    contexts: new RealmAnswers({ ...opts, announcements: USERS_ANNOUNCEMENTS }),
    channels: new RealmAnswers({ ...opts, announcements: [...USERS_ANNOUNCEMENTS, ...CHANNELS_ANNOUNCEMENTS] }),
  };
}

/** Listens for both; returns what stops both. */
export async function listenForChanges(kept: KeptAnswers, bus: Bus): Promise<() => Promise<void>> {
  const stops = await Promise.all([kept.contexts.listen(bus), kept.channels.listen(bus)]);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
