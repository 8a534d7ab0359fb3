import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, withTransaction } from '@parley/common';
import * as realmStore from '../store/realms';
import * as groupStore from '../store/groups';
import * as userStore from '../store/users';
import type { RealmRow } from '../store/realms';
import { REALM_SETTINGS, RealmSettingSpec, UPDATE_DICT_SETTINGS } from './realm-update-schema';
import { notifyClients } from './notify';

export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };
type RealmValue = boolean | number | string | null | GroupSettingValue;

function parseJson(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Invalid ${name}`);
  }
}

/** One setting's new value, checked for its kind (group settings are checked later, in the realm). */
function parseSetting(name: string, spec: RealmSettingSpec, raw: unknown): RealmValue | { new: GroupSettingValue; old?: GroupSettingValue } {
  const invalid = () => new BadRequestError(`Invalid ${name}`);
  switch (spec.kind) {
    case 'bool': return raw as boolean;
    case 'channel': return raw as number;
    case 'int': {
      const n = raw as number;
      if (spec.values ? !spec.values.includes(n) : n < spec.min! || n > spec.max!) throw invalid();
      return n;
    }
    case 'string': {
      const s = (raw as string).trim();
      if (spec.values ? !spec.values.includes(s) : s.length < spec.min! || s.length > spec.max!) throw invalid();
      return s;
    }
    case 'limit': case 'retention': {
      // "unlimited" (Zulip's word since feature level 91; the older "forever" is refused).
      if (raw === 'unlimited') return spec.kind === 'limit' ? null : -1;
      const n = /^\d+$/.test(String(raw)) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < spec.min!) throw invalid();
      return n;
    }
    case 'group': {
      const change = parseJson(name, raw) as { new?: unknown; old?: unknown };
      if (typeof change !== 'object' || change === null || !('new' in change)) throw new BadRequestError(`${name} must be {"new": ..., "old": ...}`);
      return change as { new: GroupSettingValue; old?: GroupSettingValue };
    }
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
function normalise(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const g = v as { direct_members?: number[]; direct_subgroups?: number[] };
  return { direct_members: [...(g.direct_members ?? [])].sort(), direct_subgroups: [...(g.direct_subgroups ?? [])].sort() };
}

/** A group-setting value must name this realm's groups and users, and a group the setting allows. */
async function checkGroupValue(tx: Queryable, realm: RealmRow, name: string, spec: RealmSettingSpec, value: unknown): Promise<GroupSettingValue> {
  const groups = await groupStore.realmGroups(tx, realm.id);
  const byId = new Map(groups.map((g) => [g.id, g]));
  const checkGroup = (id: unknown) => {
    const g = typeof id === 'number' ? byId.get(id) : undefined;
    if (!g || g.deactivated) throw new BadRequestError(`Invalid user group ID: ${String(id)}`);
    if (g.name === 'role:internet' || (g.name === 'role:everyone' && !spec.allowEveryone)) {
      throw new BadRequestError(`'${name}' setting cannot be set to '${g.name}' group.`);
    }
  };
  if (typeof value === 'number') {
    checkGroup(value);
    return value;
  }
  const v = value as { direct_members?: unknown; direct_subgroups?: unknown };
  if (typeof v !== 'object' || v === null || !Array.isArray(v.direct_members) || !Array.isArray(v.direct_subgroups)) {
    throw new BadRequestError(`Invalid ${name}`);
  }
  v.direct_subgroups.forEach(checkGroup);
  const users = await userStore.listRealmUsers(tx, realm.id, v.direct_members.filter((x) => Number.isSafeInteger(x)) as number[]);
  for (const id of v.direct_members) {
    if (!users.some((u) => u.id === id && u.is_active)) throw new BadRequestError(`Invalid user ID: ${String(id)}`);
  }
  return { direct_members: v.direct_members as number[], direct_subgroups: v.direct_subgroups as number[] };
}

/**
 * PATCH /realm: administrators change the realm's settings (owners the owner-only ones);
 * every value is checked before anything changes, then one realm update_dict event (and
 * op: update for the settings update_dict does not carry) tells the realm.
 */
export async function checkUpdateRealm(pool: pg.Pool, caller: Caller, req: Record<string, unknown>): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const parsed = new Map<string, ReturnType<typeof parseSetting>>();
  for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
    if (req[name] === undefined) continue;
    if (spec.ownerOnly && !isOwner(caller)) throw new OwnerRequiredError();
    parsed.set(name, parseSetting(name, spec, req[name]));
  }
  await withTransaction(pool, async (tx) => {
    const realm = (await realmStore.findRealmById(tx, caller.realm_id, { lock: true }))!;
    const changes: Record<string, RealmValue> = {};
    for (const [name, value] of parsed) {
      const spec = REALM_SETTINGS[name];
      const current = name === 'name' || name === 'description' ? realm[name] : realm.settings[name];
      let next = value as RealmValue;
      if (spec.kind === 'group') {
        const change = value as { new: unknown; old?: unknown };
        if (change.old !== undefined && !sameValue(change.old, current)) throw new BadRequestError("'old' value does not match the expected value.");
        next = await checkGroupValue(tx, realm, name, spec, change.new);
      }
      if (spec.kind === 'channel' && next !== -1) {
        // TODO(#5): ask the channels service whether the channel exists in this realm; until
        // channels exist, no ID but -1 (none) can be valid.
        throw new BadRequestError('Invalid channel ID');
      }
      if (!sameValue(next, current)) changes[name] = next;
    }
    if (!Object.keys(changes).length) return;
    await realmStore.updateRealm(tx, realm.id, changes);
    await notifyRealmChanges(tx, realm.id, changes);
  });
}

async function notifyRealmChanges(tx: Queryable, realmId: number, changes: Record<string, RealmValue>): Promise<void> {
  const dict = Object.fromEntries(Object.entries(changes).filter(([k]) => UPDATE_DICT_SETTINGS.has(k)));
  if (Object.keys(dict).length) await notifyClients(tx, realmId, 'realm', { type: 'realm', op: 'update_dict', property: 'default', data: dict });
  for (const [property, value] of Object.entries(changes)) {
    if (!UPDATE_DICT_SETTINGS.has(property)) await notifyClients(tx, realmId, 'realm', { type: 'realm', op: 'update', property, value });
  }
}
