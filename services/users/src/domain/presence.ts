import pg from 'pg';
import { BadRequestError, Caller, CLIENT_TIMINGS } from '@parley/common';
import * as userStore from '../store/users';
import type { PresenceRecord, PresenceStore } from '../store/presence';
import type { UserRow } from '../store/users';
import type { UsersConfig } from '../config';
import { apiEmail } from './format';
import { userSettings } from './settings';
import { notifyClients } from './notify';

/**
 * Presence, which every real client reports every minute (POST /users/me/presence) and reads
 * back: a user is active if they were active in the last offline-threshold seconds, idle if
 * only connected, offline otherwise (absent). Users with presence_enabled off are never shown.
 */
const OFFLINE_SECONDS = CLIENT_TIMINGS.server_presence_offline_threshold_seconds;

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
export async function presences(pool: pg.Pool, store: PresenceStore, config: UsersConfig, realmId: number, q: PresenceQuery, now: number) {
  const [records, users] = await Promise.all([store.all(realmId), userStore.listRealmUsers(pool, realmId)]);
  const visible = new Map(users.filter((u) => u.is_active && userSettings(u).presence_enabled !== false).map((u) => [u.id, u]));
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
 * POST /users/me/presence. A user coming back after being offline is announced at once
 * (presence event); later refreshes are only seen by polling, as in Zulip.
 */
export async function updatePresence(pool: pg.Pool, store: PresenceStore, config: UsersConfig, caller: Caller, req: {
  status: string; ping_only?: boolean; slim_presence?: boolean; last_update_id?: number; history_limit_days?: number;
}, now = Date.now() / 1000) {
  if (req.status !== 'active' && req.status !== 'idle') throw new BadRequestError(`Invalid status: ${req.status}`);
  const user = await userStore.findUserById(pool, caller.realm_id, caller.user_id);
  if (!user) throw new BadRequestError('No such user');
  const seconds = Math.floor(now);
  if (userSettings(user).presence_enabled !== false) await record(pool, store, config, user, req.status, seconds);
  if (req.ping_only) return {};
  const modern = req.last_update_id !== undefined || req.slim_presence === true;
  return { ...(await presences(pool, store, config, caller.realm_id, { modern, lastUpdateId: req.last_update_id, historyLimitDays: req.history_limit_days }, now)), zephyr_mirror_active: false };
}

async function record(pool: pg.Pool, store: PresenceStore, config: UsersConfig, user: UserRow, status: 'active' | 'idle', now: number): Promise<void> {
  const before = await store.get(user.realm_id, user.id);
  const next = { active_timestamp: status === 'active' ? now : before?.active_timestamp ?? 0, idle_timestamp: now };
  await store.put(user.realm_id, user.id, next);
  if (before && before.idle_timestamp >= now - OFFLINE_SECONDS) return;
  const legacy = {
    type: 'presence', user_id: user.id, email: apiEmail(user, config.fakeEmailDomain), server_timestamp: now,
    presence: { website: { client: 'website', status, timestamp: now, pushable: false } },
  };
  await notifyClients(pool, user.realm_id, 'realm', { ...legacy, presences: { [String(user.id)]: next } },
    { capability: 'simplified_presence_events', event: legacy });
}
