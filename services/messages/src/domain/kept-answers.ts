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

/** A realm's kept answers, and the mark of their last drop (see mark()). */
interface RealmEntries<T> {
  droppedAt: number;
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
  /** Counts drops: a realm's, or everything's (see mark()). */
  private drops = 0;
  /** The mark of the last drop of everything (a loss of the bus, start, stop, the bound). */
  private clearedAt = 0;

  constructor(private readonly opts: RealmAnswersOptions) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The answer kept under `key`, or fetched and kept unless the realm's answers (or all) were
   * dropped after `since`: by default the call's start (the answer may predate the change);
   * a mark() read earlier when what the fetch asks with was itself read then.
   */
  async get(realmId: number, key: string, fetch: () => Promise<T>, since = this.mark()): Promise<T> {
    const kept = this.realms.get(realmId)?.answers.get(key);
    if (kept && kept.expires > this.now()) return kept.answer;
    const answer = await fetch();
    if (this.live && !this.droppedAfter(realmId, since)) this.keep(realmId, key, answer);
    return answer;
  }

  /** A point in the order of drops, for get()'s `since`. */
  mark(): number {
    return this.drops;
  }

  /** Drops a realm's answers (and makes the fetches under way not keep theirs). */
  invalidate(realmId: number): void {
    this.size -= this.realms.get(realmId)?.answers.size ?? 0;
    this.realms.set(realmId, { droppedAt: ++this.drops, answers: new Map() });
  }

  /** Drops everything (and makes every fetch under way not keep its answer). */
  clear(): void {
    this.realms.clear();
    this.size = 0;
    this.clearedAt = ++this.drops;
  }

  private droppedAfter(realmId: number, mark: number): boolean {
    return this.clearedAt > mark || (this.realms.get(realmId)?.droppedAt ?? 0) > mark;
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
    // What was fetched before the subscriptions were in place may have missed a change.
    this.clear();
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
    // At the bound, everything goes (this answer, checked already, is kept).
    if (this.size >= this.maxEntries) this.clear();
    let realm = this.realms.get(realmId);
    if (!realm) this.realms.set(realmId, (realm = { droppedAt: 0, answers: new Map() }));
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
