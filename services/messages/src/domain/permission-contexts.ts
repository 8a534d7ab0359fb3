import { Bus, ClientEvent, clientEventSubject } from '@parley/common';
import type { GetPermissionContextReply__Output } from '@parley/common/generated/parley/users/v1/GetPermissionContextReply';

/**
 * Client events of the users service that change nothing a permission context holds (the
 * realm's policy, its users' records and group memberships, its linkifiers). Every other event
 * of a realm drops that realm's contexts: an event type added later errs on the side of a
 * refetch, never of a stale permission.
 */
const UNRELATED_EVENTS = new Set([
  'presence', 'user_status', 'user_settings', 'update_display_settings', 'update_global_notifications',
  'custom_profile_fields', 'realm_user_settings_defaults', 'realm_emoji',
]);

/** A realm's cached contexts, and how many times they were dropped (see get()). */
interface RealmEntries {
  generation: number;
  users: Map<number, { reply: GetPermissionContextReply__Output; expires: number }>;
}

export interface PermissionContextsOptions {
  /** A backstop only: events drop a context as soon as it changes. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * The users service's answer to GetPermissionContext for a caller (realm policy, the caller's
 * record and groups, the realm's linkifiers), kept in this process so that a send does not ask
 * for it each time. The users service announces every change on the bus and publishes the
 * announcement before it answers the request that made it (runService's publishBeforeReply),
 * and this process handles that announcement as it arrives: a client that changed a setting
 * and then sends sees the change. Until listen() has subscribed, and again while the bus
 * reconnects, nothing is kept.
 */
export class PermissionContexts {
  private readonly realms = new Map<number, RealmEntries>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private size = 0;
  private live = false;

  constructor(opts: PermissionContextsOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The caller's context: kept, or fetched and kept unless the realm's contexts were dropped
   * while the fetch was on its way (its answer may predate the change).
   */
  async get(realmId: number, userId: number, fetch: () => Promise<GetPermissionContextReply__Output>): Promise<GetPermissionContextReply__Output> {
    const realm = this.realms.get(realmId);
    const kept = realm?.users.get(userId);
    if (kept && kept.expires > this.now()) return kept.reply;
    const generation = realm?.generation ?? 0;
    const live = this.live;
    const reply = await fetch();
    if (live && this.live && (this.realms.get(realmId)?.generation ?? 0) === generation) this.keep(realmId, userId, reply);
    return reply;
  }

  /** Drops a realm's contexts (and makes the fetches under way not keep theirs). */
  invalidate(realmId: number): void {
    const realm = this.realms.get(realmId) ?? { generation: 0, users: new Map() };
    this.size -= realm.users.size;
    this.realms.set(realmId, { generation: realm.generation + 1, users: new Map() });
  }

  /** Drops everything: the bus was lost for a while, and with it some announcements. */
  clear(): void {
    for (const realmId of [...this.realms.keys()]) this.invalidate(realmId);
  }

  /** How many contexts are kept. */
  get count(): number {
    return this.size;
  }

  /** Subscribes to the users service's announcements; returns what stops listening. */
  async listen(bus: Bus): Promise<() => Promise<void>> {
    const subs = await Promise.all([
      bus.subscribe({
        subject: clientEventSubject('users'),
        handler: async (msg) => {
          const { realm_id, event } = msg.data as ClientEvent;
          if (!UNRELATED_EVENTS.has(event?.type)) this.invalidate(realm_id);
        },
      }),
      // Deactivations, role and credential changes (also announced as client events; this one
      // is what the gateways drop their authentications on).
      bus.subscribe({
        subject: 'users.auth.invalidate',
        handler: async (msg) => this.invalidate((msg.data as { realm_id: number }).realm_id),
      }),
    ]);
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

  private keep(realmId: number, userId: number, reply: GetPermissionContextReply__Output): void {
    if (this.size >= this.maxEntries) this.clear();
    let realm = this.realms.get(realmId);
    if (!realm) this.realms.set(realmId, (realm = { generation: 0, users: new Map() }));
    if (!realm.users.has(userId)) this.size++;
    realm.users.set(userId, { reply, expires: this.now() + this.ttlMs });
  }
}
