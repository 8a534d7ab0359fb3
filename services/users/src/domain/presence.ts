import pg from 'pg';
import { BadRequestError, Caller, CLIENT_TIMINGS, Queryable, refuseBots } from '@parley/common';
import * as userStore from '../store/users';
import type { PresenceRecord, PresenceStore } from '../store/presence';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { apiEmail } from './format';
import { userSettings } from './settings';
import { notifyClients } from './notify';
import { realmPeople, type RealmPeopleAnswers } from './realm-people';

/**
 * Presence, which every real client reports every minute (POST /users/me/presence) and reads
 * back: a user is active if they were active in the last offline-threshold seconds, idle if
 * only connected, offline otherwise (absent). Users with presence_enabled off are never shown.
 */
export const OFFLINE_SECONDS = CLIENT_TIMINGS.server_presence_offline_threshold_seconds;
/** Zulip's allowance for clock skew when it shows a user who turned presence off as offline. */
const OFFLINE_MARGIN_SECONDS = 120;

export interface PresenceQuery {
  /** Modern format, keyed by user ID (given last_update_id or slim_presence). */
  modern: boolean;
  lastUpdateId?: number;
  historyLimitDays?: number;
}

const statusOf = (r: PresenceRecord, now: number): 'active' | 'idle' => (r.active_timestamp >= now - OFFLINE_SECONDS ? 'active' : 'idle');

function legacyEntry(r: PresenceRecord, now: number) {
  const status = statusOf(r, now);
  const timestamp = status === 'active' ? r.active_timestamp : r.idle_timestamp;
  return { aggregated: { client: 'website', status, timestamp }, website: { client: 'website', status, timestamp, pushable: false } };
}

/** The presences a user may see: of active users who have presence enabled. */
export async function presences(pool: pg.Pool, kept: RealmPeopleAnswers, store: PresenceStore, config: UsersConfig, caller: Caller, q: PresenceQuery, now: number) {
  const realmId = caller.realm_id;
  const [records, { people }] = await Promise.all([store.all(realmId), realmPeople(kept, pool, realmId, caller.user_id)]);
  const visible = new Map(people.filter(({ row }) => row.is_active && row.presence_enabled).map(({ row }) => [row.id, row]));
  const oldest = q.historyLimitDays === undefined ? -Infinity : now - q.historyLimitDays * 86400;
  const out: Record<string, unknown> = {};
  for (const [userId, r] of records) {
    const user = visible.get(userId);
    if (!user || r.idle_timestamp < oldest) continue;
    if (q.modern && q.lastUpdateId !== undefined && r.last_update_id <= q.lastUpdateId) continue;
    if (q.modern) out[String(userId)] = { active_timestamp: r.active_timestamp, idle_timestamp: r.idle_timestamp };
    else out[apiEmail(user, config.fakeEmailDomain)] = legacyEntry(r, now);
  }
  return { presences: out, server_timestamp: now, presence_last_update_id: await store.lastUpdateId(realmId) };
}

/**
 * GET /users/{user_id_or_email}/presence: one user's presence in the legacy per-client form,
 * without `client` and `pushable`, the aggregated status "offline" once it is older than the
 * offline threshold, as Zulip's get_presence_backend. A user who turned presence_enabled off
 * is shown as everyone's clients were told when they did (announcePresenceEnabled): offline
 * since just past the threshold, rather than the last ping they made before turning it off.
 */
export async function userPresence(pool: pg.Pool, store: PresenceStore, config: UsersConfig, caller: Caller, userIdOrEmail: string, now = Date.now() / 1000) {
  const target = await findByIdOrApiEmail(pool, config, caller.realm_id, userIdOrEmail);
  if (!target || !target.is_active || target.is_system_bot) throw new BadRequestError('No such user');
  if (target.is_bot) throw new BadRequestError('Presence is not supported for bot users.');
  const seconds = Math.floor(now);
  let record = await store.get(caller.realm_id, target.id);
  if (record && userSettings(target).presence_enabled === false) {
    const offline = seconds - OFFLINE_SECONDS - OFFLINE_MARGIN_SECONDS;
    record = { active_timestamp: offline, idle_timestamp: offline, last_update_id: record.last_update_id };
  }
  if (!record) throw new BadRequestError(`No presence data for ${userIdOrEmail}`);
  const { aggregated, website } = legacyEntry(record, seconds);
  const offline = seconds - aggregated.timestamp > OFFLINE_SECONDS;
  return {
    presence: {
      aggregated: { status: offline ? 'offline' : aggregated.status, timestamp: aggregated.timestamp },
      website: { status: website.status, timestamp: website.timestamp },
    },
  };
}

/** A user by ID, or by the API email others see (the real one, or the user{id}@ stand-in). */
export async function findByIdOrApiEmail(pool: pg.Pool, config: UsersConfig, realmId: number, idOrEmail: string): Promise<UserRow | undefined> {
  if (/^[0-9]+$/.test(idOrEmail)) {
    const id = Number(idOrEmail);
    return id <= 2 ** 31 - 1 ? userStore.findUserById(pool, realmId, id) : undefined;
  }
  const wanted = idOrEmail.toLowerCase();
  const standIn = /^user([0-9]{1,10})@(.*)$/.exec(wanted);
  const user =
    standIn && standIn[2] === config.fakeEmailDomain.toLowerCase() && Number(standIn[1]) <= 2 ** 31 - 1
      ? await userStore.findUserById(pool, realmId, Number(standIn[1]))
      : await userStore.findUserByEmail(pool, realmId, idOrEmail);
  return user && apiEmail(user, config.fakeEmailDomain).toLowerCase() === wanted ? user : undefined;
}

/**
 * POST /users/me/presence. A user coming back after being offline is announced at once
 * (presence event); later refreshes are only seen by polling, as in Zulip.
 */
export async function updatePresence(
  pool: pg.Pool,
  kept: RealmPeopleAnswers,
  store: PresenceStore,
  config: UsersConfig,
  caller: Caller,
  req: {
    status: string;
    ping_only?: boolean;
    slim_presence?: boolean;
    last_update_id?: number;
    history_limit_days?: number;
  },
  now = Date.now() / 1000,
) {
  refuseBots(caller);
  if (req.status !== 'active' && req.status !== 'idle') throw new BadRequestError(`Invalid status: ${req.status}`);
  const user = await userStore.findUserById(pool, caller.realm_id, caller.user_id);
  if (!user) throw new BadRequestError('No such user');
  const seconds = Math.floor(now);
  if (userSettings(user).presence_enabled !== false) await record(pool, store, config, user, req.status, seconds);
  if (req.ping_only) return {};
  const modern = req.last_update_id !== undefined || req.slim_presence === true;
  return { ...(await presences(pool, kept, store, config, caller, { modern, lastUpdateId: req.last_update_id, historyLimitDays: req.history_limit_days }, now)), zephyr_mirror_active: false };
}

async function record(pool: pg.Pool, store: PresenceStore, config: UsersConfig, user: UserRow, status: 'active' | 'idle', now: number): Promise<void> {
  const before = await store.get(user.realm_id, user.id);
  const next = { active_timestamp: status === 'active' ? now : (before?.active_timestamp ?? 0), idle_timestamp: now };
  await store.put(user.realm_id, user.id, next);
  if (before && before.idle_timestamp >= now - OFFLINE_SECONDS) return;
  await notifyPresence(pool, config, user, status, now, next);
}

/**
 * Turning presence_enabled on or off takes effect at once for everyone, as in Zulip: on, the
 * user is active now; off, a presence old enough that every client shows them offline (and
 * the server hides them from presence until it is on again). Called in the settings change's
 * transaction: the event commits with it; the store write is harmless if it rolls back, since
 * presences() only shows users whose stored setting is on.
 */
export async function announcePresenceEnabled(tx: Queryable, store: PresenceStore, config: UsersConfig, user: UserRow, enabled: boolean, now = Date.now() / 1000): Promise<void> {
  const seconds = Math.floor(now);
  if (enabled) {
    const next = { active_timestamp: seconds, idle_timestamp: seconds };
    await store.put(user.realm_id, user.id, next);
    await notifyPresence(tx, config, user, 'active', seconds, next);
  } else {
    const offline = seconds - OFFLINE_SECONDS - OFFLINE_MARGIN_SECONDS;
    await notifyPresence(tx, config, user, 'idle', offline, { active_timestamp: offline, idle_timestamp: offline }, seconds);
  }
}

/** The presence event, with the legacy per-client form for queues without simplified_presence_events. */
async function notifyPresence(
  q: Queryable,
  config: UsersConfig,
  user: UserRow,
  status: 'active' | 'idle',
  timestamp: number,
  next: { active_timestamp: number; idle_timestamp: number },
  serverTimestamp = timestamp,
): Promise<void> {
  const legacy = {
    type: 'presence',
    user_id: user.id,
    email: apiEmail(user, config.fakeEmailDomain),
    server_timestamp: serverTimestamp,
    presence: { website: { client: 'website', status, timestamp, pushable: false } },
  };
  await notifyClients(q, user.realm_id, 'realm', { ...legacy, presences: { [String(user.id)]: next } }, { capability: 'simplified_presence_events', event: legacy });
}
