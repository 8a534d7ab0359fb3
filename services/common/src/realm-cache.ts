import type { Bus } from './bus/bus';
import type { BusPayloads, BusSubject } from './bus/subjects';
import { clientEventSubject } from './emit';
import type { ClientEventSubject } from './bus/subjects';
import type { ServiceName } from './config';

/**
 * What a subject's announcements do to kept answers: drop a realm's (most), or change some of
 * them in place (see RealmCache.update and drop).
 */
export type Announcement<T = unknown> = { [S in BusSubject]: AnnouncementOf<S, T> }[BusSubject];

/** What one subject's announcements do, with the payload the subject carries. */
export interface AnnouncementOf<S extends BusSubject, T = unknown> {
  subject: S;
  apply(data: BusPayloads[S], answers: RealmCache<T>): void;
}

/** An announcement of `subject`: what its messages do to the answers. */
export const announcement = <S extends BusSubject, T = never>(subject: S, apply: AnnouncementOf<S, T>['apply']): AnnouncementOf<S, T> => ({ subject, apply });

/** An announcement that drops the answers of the realm `realmOf` names (none when it names none). */
export function dropsRealm<S extends BusSubject, T = never>(subject: S, realmOf: (data: BusPayloads[S]) => number | undefined): AnnouncementOf<S, T> {
  return {
    subject,
    apply: (data, answers) => {
      const realmId = realmOf(data);
      if (realmId !== undefined) answers.invalidate(realmId);
    },
  };
}

/**
 * A service's client events, each dropping its realm's answers, except those of the types
 * listed as changing nothing kept: a type added later errs on the side of a refetch.
 */
export function clientEventsOf<T = never>(service: ServiceName, unrelatedTypes: ReadonlySet<string> = new Set()): Announcement<T> {
  return dropsRealm<ClientEventSubject, T>(clientEventSubject(service), ({ realm_id, event }) => (unrelatedTypes.has(event?.type) ? undefined : realm_id));
}

/** A realm's kept answers, and the mark of their last change (see mark()). */
interface RealmEntries<T> {
  changedAt: number;
  answers: Map<string, { answer: T; expires: number }>;
}

export interface RealmCacheOptions<T> {
  /** What drops or changes a realm's answers. */
  announcements: readonly Announcement<T>[];
  /** A backstop only: announcements drop an answer as soon as it changes. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Answers about a realm (another service's, such as a caller's permission context, or this
 * service's own, such as a user's profile), kept in this process so that a request does not
 * ask for them each time, and dropped realm by realm when the services that own them announce
 * a change. Those services publish the announcement before they answer the request that made
 * the change (runService's publishBeforeReply), and a request here that awaits Bus.sync()
 * before reading kept answers finds it applied: a client that changed something and then asks
 * sees the change (ADR 0023). Until listen() has subscribed, and again while the bus is away,
 * nothing is kept (ADR 0010).
 */
export class RealmCache<T> {
  private readonly realms = new Map<number, RealmEntries<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private size = 0;
  private live = false;
  /** get()'s fetches under way, by realm and key, with the mark they began from. */
  private readonly fetching = new Map<string, { answer: Promise<T>; since: number }>();
  /** Counts changes: a realm's, or everything's (see mark()). */
  private changes = 0;
  /** The mark of the last drop of everything (a loss of the bus, start, stop, the bound). */
  private clearedAt = 0;

  constructor(private readonly opts: RealmCacheOptions<T>) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The answer kept under `key`, or fetched and kept unless the realm's answers (or all)
   * changed after `since`: by default the call's start (the answer may predate the change);
   * a mark() read earlier when what the fetch asks with was itself read then. A call that
   * finds the same answer being fetched, and no change since that fetch's `since`, waits for
   * it instead of fetching again (and shares its failure, if it fails).
   */
  async get(realmId: number, key: string, fetch: () => Promise<T>, since = this.mark()): Promise<T> {
    const kept = this.realms.get(realmId)?.answers.get(key);
    if (kept && kept.expires > this.now()) return kept.answer;
    // A fetch of the same answer under way serves this call too, as a kept answer would,
    // unless the realm changed since it began (a burst of requests after a change reads once).
    const id = `${realmId}\u0000${key}`;
    const shared = this.fetching.get(id);
    if (shared && this.live && !this.changedAfter(realmId, shared.since)) return shared.answer;
    const answer = fetch();
    const mine = { answer, since };
    this.fetching.set(id, mine);
    try {
      const fetched = await answer;
      if (this.live && !this.changedAfter(realmId, since)) this.keep(realmId, key, fetched);
      return fetched;
    } finally {
      if (this.fetching.get(id) === mine) this.fetching.delete(id);
    }
  }

  /**
   * The answers kept under `keys`, those missing fetched together (one call for all of
   * them) and kept as get() keeps one. A key the fetch does not answer is absent from the
   * result, and asked again next time.
   */
  async getMany(realmId: number, keys: readonly string[], fetch: (missing: string[]) => Promise<Map<string, T>>, since = this.mark()): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    const missing: string[] = [];
    const kept = this.realms.get(realmId)?.answers;
    const now = this.now();
    for (const key of new Set(keys)) {
      const entry = kept?.get(key);
      if (entry && entry.expires > now) out.set(key, entry.answer);
      else missing.push(key);
    }
    if (!missing.length) return out;
    const fetched = await fetch(missing);
    const keep = this.live && !this.changedAfter(realmId, since);
    for (const key of missing) {
      if (!fetched.has(key)) continue;
      const answer = fetched.get(key)!;
      out.set(key, answer);
      if (keep) this.keep(realmId, key, answer);
    }
    return out;
  }

  /** A point in the order of changes, for get()'s `since`. */
  mark(): number {
    return this.changes;
  }

  /** Drops a realm's answers (and makes the fetches under way not keep theirs). */
  invalidate(realmId: number): void {
    this.size -= this.realms.get(realmId)?.answers.size ?? 0;
    this.realms.set(realmId, { changedAt: ++this.changes, answers: new Map() });
  }

  /** Drops some of a realm's answers (and makes the realm's fetches under way not keep theirs). */
  drop(realmId: number, keys: Iterable<string>): void {
    const answers = this.touch(realmId);
    for (const key of keys) if (answers.delete(key)) this.size--;
  }

  /**
   * Changes a realm's kept answers in place, each of `keys` that is kept (and makes the
   * realm's fetches under way not keep theirs, since they may predate the change).
   */
  update(realmId: number, keys: Iterable<string>, change: (answer: T) => T): void {
    const answers = this.touch(realmId);
    for (const key of keys) {
      const kept = answers.get(key);
      if (kept) kept.answer = change(kept.answer);
    }
  }

  /** Drops everything (and makes every fetch under way not keep its answer). */
  clear(): void {
    this.realms.clear();
    this.size = 0;
    this.clearedAt = ++this.changes;
  }

  /** How many answers are kept. */
  get count(): number {
    return this.size;
  }

  /** Subscribes to the announcements; returns what stops listening. */
  async listen(bus: Bus): Promise<() => Promise<void>> {
    const subs = await Promise.all(this.opts.announcements.map((announcement) => listenTo(bus, announcement, this)));
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

  private changedAfter(realmId: number, mark: number): boolean {
    return this.clearedAt > mark || (this.realms.get(realmId)?.changedAt ?? 0) > mark;
  }

  /** The realm's kept answers, marked as changed now. */
  private touch(realmId: number): Map<string, { answer: T; expires: number }> {
    const realm = this.realms.get(realmId);
    if (!realm) {
      const answers = new Map<string, { answer: T; expires: number }>();
      this.realms.set(realmId, { changedAt: ++this.changes, answers });
      return answers;
    }
    realm.changedAt = ++this.changes;
    return realm.answers;
  }

  private keep(realmId: number, key: string, answer: T): void {
    // At the bound, everything goes (this answer, checked already, is kept).
    if (this.size >= this.maxEntries) this.clear();
    let realm = this.realms.get(realmId);
    if (!realm) this.realms.set(realmId, (realm = { changedAt: 0, answers: new Map() }));
    if (!realm.answers.has(key)) this.size++;
    realm.answers.set(key, { answer, expires: this.now() + this.ttlMs });
  }
}

/** Listens with each of `answers`; returns what stops them all. */
export async function listenAll(bus: Bus, answers: readonly Pick<RealmCache<never>, 'listen'>[]): Promise<() => Promise<void>> {
  const stops = await Promise.all(answers.map((a) => a.listen(bus)));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** Subscribes one announcement: its subject's messages, applied to `answers`. */
function listenTo<S extends BusSubject, T>(bus: Bus, announcement: AnnouncementOf<S, T>, answers: RealmCache<T>) {
  // The one assertion of a payload's type: a subject of the map (no pattern) receives exactly
  // its own messages, whose payload the map names, whichever subject S is.
  return bus.subscribe({ subject: announcement.subject, handler: async (msg) => announcement.apply(msg.data as BusPayloads[S], answers) });
}
