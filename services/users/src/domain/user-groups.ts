import pg from 'pg';
import { ApiError, BadRequestError, Caller, ClientEvent, groupSettingUses, Queryable, Role, withPrefetchedTransaction, withTransaction } from '@parley/common';
import * as groupStore from '../store/groups';
import * as realmStore from '../store/realms';
import * as userStore from '../store/users';
import type { UserGroupRow } from '../store/groups';
import { checkGroupSettingValue, isInGroupSetting, parseGroupSettingChange, parseGroupSettingValue, sameGroupSetting } from './group-settings';
import { notifyClients } from './notify';
import type { ChannelLookup } from './channels';

/** A named group's own permission settings, Zulip's defaults and whether guests may hold them. */
export const GROUP_SETTINGS: Record<string, { allowEveryone: boolean; default: (ids: Record<string, number>, creator: number) => unknown }> = {
  can_add_members_group: { allowEveryone: false, default: (ids) => ids['role:nobody'] },
  can_join_group: { allowEveryone: false, default: (ids) => ids['role:nobody'] },
  can_leave_group: { allowEveryone: true, default: (ids) => ids['role:everyone'] },
  can_manage_group: { allowEveryone: false, default: (_ids, creator) => ({ direct_members: [creator], direct_subgroups: [] }) },
  can_mention_group: { allowEveryone: true, default: (ids) => ids['role:everyone'] },
  can_remove_members_group: { allowEveryone: false, default: (ids) => ids['role:nobody'] },
};

const MAX_NAME_LENGTH = 100;

/** A group as GET /user_groups and the user_group events show it. */
export function formatGroup(g: UserGroupRow) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    date_created: Math.floor(g.date_created.getTime() / 1000),
    creator_id: g.creator_id,
    members: g.members,
    direct_subgroup_ids: g.direct_subgroup_ids,
    is_system_group: g.is_system_group,
    deactivated: g.deactivated,
    ...Object.fromEntries(Object.keys(GROUP_SETTINGS).map((k) => [k, g.settings[k]])),
  };
}

/** A group of the caller's realm; another realm's reads as nonexistent. */
export async function accessGroup(db: Queryable, caller: Caller, id: number, opts: { lock?: boolean } = {}): Promise<UserGroupRow> {
  const group = await groupStore.findUserGroup(db, caller.realm_id, id, opts);
  if (!group) throw new BadRequestError('Invalid user group');
  return group;
}

/** Whether the caller may change the group's name, settings, subgroups, or deactivate it. */
async function canManage(db: Queryable, caller: Caller, group: UserGroupRow): Promise<boolean> {
  if (group.is_system_group) return false;
  const realm = (await realmStore.findRealmById(db, caller.realm_id))!;
  return (await isInGroupSetting(db, caller.user_id, group.settings.can_manage_group)) || isInGroupSetting(db, caller.user_id, realm.settings.can_manage_all_groups);
}

/**
 * Groups an invitation adds its invitee to (Zulip's access_user_group_for_update with
 * can_add_members_group): live named groups of the realm whose members the caller may add.
 */
export async function checkInviteGroups(db: Queryable, caller: Caller, ids: number[]): Promise<void> {
  for (const id of ids) {
    const group = await groupStore.findUserGroup(db, caller.realm_id, id);
    if (!group || group.is_system_group || group.deactivated) throw new BadRequestError('Invalid user group');
    if (!(await canManage(db, caller, group)) && !(await isInGroupSetting(db, caller.user_id, group.settings.can_add_members_group))) throw new BadRequestError('Insufficient permission');
  }
}

/** A new user joins the groups their invitation named (those still live). */
export async function addInviteeToGroups(tx: Queryable, realmId: number, userId: number, ids: number[]): Promise<void> {
  for (const id of ids) {
    const group = await groupStore.findUserGroup(tx, realmId, id, { lock: true });
    if (!group || group.is_system_group || group.deactivated || group.members.includes(userId)) continue;
    await groupStore.addMembers(tx, id, [userId]);
    await notify(tx, realmId, { type: 'user_group', op: 'add_members', group_id: id, user_ids: [userId] });
  }
}

async function checkManage(db: Queryable, caller: Caller, group: UserGroupRow): Promise<void> {
  if (!(await canManage(db, caller, group))) throw new BadRequestError('Insufficient permission');
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError("User group name can't be empty!");
  if (trimmed.length > MAX_NAME_LENGTH) throw new BadRequestError(`User group name cannot exceed ${MAX_NAME_LENGTH} characters.`);
  if (/^(role|@role|channel):/.test(trimmed)) throw new BadRequestError(`User group name cannot start with '${trimmed.split(':')[0]}:'.`);
  return trimmed;
}

/**
 * A group's description: Zulip takes any length; Parley bounds it (as a channel's) so one
 * group cannot make every register and event heavy.
 */
export const MAX_GROUP_DESCRIPTION_LENGTH = 1024;

function checkDescription(description: string): string {
  if ([...description].length > MAX_GROUP_DESCRIPTION_LENGTH) {
    throw new BadRequestError(`User group description cannot exceed ${MAX_GROUP_DESCRIPTION_LENGTH} characters.`);
  }
  return description;
}

async function checkUniqueName(db: Queryable, realmId: number, name: string, except?: number): Promise<void> {
  const existing = await groupStore.findUserGroupByName(db, realmId, name);
  if (existing && existing.id !== except) throw new BadRequestError(`User group '${name}' already exists.`);
}

async function checkUsers(db: Queryable, realmId: number, ids: number[]): Promise<void> {
  const found = await userStore.listRealmUsers(db, realmId, ids);
  for (const id of ids) if (!found.some((u) => u.id === id && u.is_active)) throw new BadRequestError(`Invalid user ID: ${id}`);
}

const notify = (tx: Queryable, realmId: number, event: ClientEvent['event'], fallback?: ClientEvent['fallback']) => notifyClients(tx, realmId, 'realm', event, fallback);

/**
 * Parley's bound on a realm's user groups, deactivated ones included (a group is never deleted):
 * every user's POST /register lists them with their members. Zulip has none. MAX_USER_GROUPS_PER_REALM.
 */
export const DEFAULT_MAX_USER_GROUPS_PER_REALM = 2000;

/** POST /user_groups/create. */
export async function checkCreateGroup(
  pool: pg.Pool,
  caller: Caller,
  req: {
    name: string;
    description: string;
    members: number[];
    subgroups: number[];
    settings: Record<string, unknown>;
  },
  maxGroups = DEFAULT_MAX_USER_GROUPS_PER_REALM,
): Promise<number> {
  const name = checkName(req.name);
  const description = checkDescription(req.description);
  return withTransaction(pool, async (tx) => {
    const realm = (await realmStore.findRealmById(tx, caller.realm_id))!;
    if (caller.role === Role.GUEST || !(await isInGroupSetting(tx, caller.user_id, realm.settings.can_create_groups))) {
      throw new BadRequestError('Insufficient permission');
    }
    // Creations in the realm wait for each other here, so the count holds at commit.
    await groupStore.lockRealmGroups(tx, realm.id);
    if ((await groupStore.countUserGroups(tx, realm.id)) >= maxGroups) throw new BadRequestError(`An organization may have at most ${maxGroups} user groups.`);
    await checkUniqueName(tx, realm.id, name);
    await checkUsers(tx, realm.id, req.members);
    const ids = Object.fromEntries((await groupStore.realmGroups(tx, realm.id)).map((g) => [g.name, g.id]));
    const settings: Record<string, unknown> = {};
    for (const [key, rules] of Object.entries(GROUP_SETTINGS)) {
      const raw = req.settings[key];
      settings[key] = raw === undefined ? rules.default(ids, caller.user_id) : await checkGroupSettingValue(tx, realm.id, key, rules, parseGroupSettingValue(key, raw));
    }
    const id = await groupStore.insertUserGroup(tx, { realm_id: realm.id, name, description, creator_id: caller.user_id, settings });
    await groupStore.addMembers(tx, id, req.members);
    for (const sub of req.subgroups) await accessGroup(tx, caller, sub);
    await groupStore.addSubgroups(tx, id, req.subgroups);
    await notify(tx, realm.id, { type: 'user_group', op: 'add', group: formatGroup((await groupStore.findUserGroup(tx, realm.id, id))!) });
    return id;
  });
}

/** PATCH /user_groups/{id}: name, permission settings as {new, old?}, and reactivation. */
export async function checkUpdateGroup(
  pool: pg.Pool,
  caller: Caller,
  id: number,
  req: {
    name?: string;
    description?: string;
    deactivated?: boolean;
    settings: Record<string, unknown>;
  },
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const group = await accessGroup(tx, caller, id, { lock: true });
    await checkManage(tx, caller, group);
    const data: Record<string, unknown> = {};
    if (req.name !== undefined && req.name.trim() !== group.name) {
      data.name = checkName(req.name);
      await checkUniqueName(tx, caller.realm_id, data.name as string, id);
    }
    if (req.description !== undefined && req.description !== group.description) data.description = checkDescription(req.description);
    for (const [key, rules] of Object.entries(GROUP_SETTINGS)) {
      if (req.settings[key] === undefined) continue;
      const change = parseGroupSettingChange(key, req.settings[key]);
      if (change.old !== undefined && !sameGroupSetting(change.old, group.settings[key])) {
        throw new BadRequestError("'old' value does not match the expected value.");
      }
      const value = await checkGroupSettingValue(tx, caller.realm_id, key, rules, change.new);
      if (!sameGroupSetting(value, group.settings[key])) data[key] = value;
    }
    if (req.deactivated !== undefined && req.deactivated !== group.deactivated) {
      if (req.deactivated) throw new BadRequestError('You can only change deactivated to false; use POST /user_groups/{id}/deactivate.');
      data.deactivated = false;
    }
    if (!Object.keys(data).length) return;
    const { name, description, deactivated, ...settings } = data;
    await groupStore.updateUserGroup(tx, id, {
      name: name as string | undefined,
      description: description as string | undefined,
      deactivated: deactivated as boolean | undefined,
      settings,
    });
    await notify(tx, caller.realm_id, { type: 'user_group', op: 'update', group_id: id, data });
  });
}

/** POST /user_groups/{id}/members: add/delete users, add_subgroups/delete_subgroups. */
export async function checkUpdateMembers(
  pool: pg.Pool,
  caller: Caller,
  id: number,
  req: {
    add: number[];
    delete: number[];
    add_subgroups: number[];
    delete_subgroups: number[];
  },
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const group = await accessGroup(tx, caller, id, { lock: true });
    if (group.is_system_group) throw new BadRequestError('Insufficient permission');
    const manage = await canManage(tx, caller, group);
    const may = async (setting: string, onlySelf: boolean) =>
      manage ||
      (await isInGroupSetting(tx, caller.user_id, group.settings[setting === 'join' ? 'can_add_members_group' : 'can_remove_members_group'])) ||
      (onlySelf && (await isInGroupSetting(tx, caller.user_id, group.settings[setting === 'join' ? 'can_join_group' : 'can_leave_group'])));
    const onlySelf = (ids: number[]) => ids.length === 1 && ids[0] === caller.user_id;
    if (req.add.length && !(await may('join', onlySelf(req.add)))) throw new BadRequestError('Insufficient permission');
    if (req.delete.length && !(await may('leave', onlySelf(req.delete)))) throw new BadRequestError('Insufficient permission');
    await checkUsers(tx, caller.realm_id, req.add);
    for (const u of req.add) if (group.members.includes(u)) throw new BadRequestError(`User ${u} is already a member of this group`);
    for (const u of req.delete) if (!group.members.includes(u)) throw new BadRequestError(`There is no member '${u}' in this user group`);
    if (req.add.length) {
      await groupStore.addMembers(tx, id, req.add);
      await notify(tx, caller.realm_id, { type: 'user_group', op: 'add_members', group_id: id, user_ids: req.add });
    }
    if (req.delete.length) {
      await groupStore.removeMembers(tx, id, req.delete);
      await notify(tx, caller.realm_id, { type: 'user_group', op: 'remove_members', group_id: id, user_ids: req.delete });
    }
    if (req.add_subgroups.length || req.delete_subgroups.length) {
      if (!manage) throw new BadRequestError('Insufficient permission');
      await changeSubgroups(tx, caller, group, req.add_subgroups, req.delete_subgroups);
    }
  });
}

/** POST /user_groups/{id}/subgroups. Deactivated groups can be changed (feature level 391). */
export async function checkUpdateSubgroups(pool: pg.Pool, caller: Caller, id: number, add: number[], remove: number[]): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const group = await accessGroup(tx, caller, id, { lock: true });
    await checkManage(tx, caller, group);
    await changeSubgroups(tx, caller, group, add, remove);
  });
}

async function changeSubgroups(tx: Queryable, caller: Caller, group: UserGroupRow, add: number[], remove: number[]): Promise<void> {
  for (const sub of add) {
    await accessGroup(tx, caller, sub);
    if (group.direct_subgroup_ids.includes(sub)) throw new BadRequestError(`User group ${sub} is already a subgroup of this group.`);
    // A group below `sub` (or sub itself) being this group would make a cycle.
    if ((await groupStore.descendantGroupIds(tx, sub)).includes(group.id)) {
      throw new BadRequestError(`User group ${sub} is already a supergroup of this group.`);
    }
  }
  for (const sub of remove) {
    if (!group.direct_subgroup_ids.includes(sub)) throw new BadRequestError(`User group ${sub} is not a subgroup of this group.`);
  }
  if (add.length) {
    await groupStore.addSubgroups(tx, group.id, add);
    await notify(tx, caller.realm_id, { type: 'user_group', op: 'add_subgroups', group_id: group.id, direct_subgroup_ids: add });
  }
  if (remove.length) {
    await groupStore.removeSubgroups(tx, group.id, remove);
    await notify(tx, caller.realm_id, { type: 'user_group', op: 'remove_subgroups', group_id: group.id, direct_subgroup_ids: remove });
  }
}

export class GroupInUseError extends ApiError {
  constructor(objections: Record<string, unknown>[]) {
    super('CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', 400, { objections });
  }
}

/**
 * POST /user_groups/{id}/deactivate: refused while a setting of the realm, a group or a
 * channel uses it (CANNOT_DEACTIVATE_GROUP_IN_USE, feature level 298). The channels are
 * asked before the group's lock is taken (rule 1): the lock never covered their answer, as
 * CheckGroupSettings reads the group without waiting for it, and the channels service writes
 * a new use after that check, under no lock of ours. A channel that starts using the group
 * after the deactivation commits is refused by the channels service, which accepts only
 * active groups.
 */
export async function checkDeactivateGroup(pool: pg.Pool, caller: Caller, id: number, channels: ChannelLookup): Promise<void> {
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const group = await accessGroup(tx, caller, id, { lock: true });
      await checkManage(tx, caller, group);
      if (group.deactivated) return;
      const uses = (v: unknown) => groupSettingUses(v, id);
      const realm = (await realmStore.findRealmById(tx, caller.realm_id))!;
      const inRealm = Object.entries(realm.settings)
        .filter(([, v]) => uses(v))
        .map(([k]) => k);
      const inGroups = (await groupStore.listUserGroups(tx, caller.realm_id))
        .filter((g) => g.id !== id && !g.deactivated)
        .map((g) => ({ g, settings: Object.keys(GROUP_SETTINGS).filter((k) => uses(g.settings[k])) }))
        .filter((x) => x.settings.length);
      const inChannels = await channels.groupUsage(caller.realm_id, id);
      if (inRealm.length || inGroups.length || inChannels.length) {
        throw new GroupInUseError([
          ...(inRealm.length ? [{ type: 'realm', settings: inRealm }] : []),
          ...inGroups.map((x) => ({ type: 'user_group', group_id: x.g.id, settings: x.settings })),
          ...inChannels.map((c) => ({ type: 'channel', channel_id: c.channel_id, settings: c.settings })),
        ]);
      }
      await groupStore.updateUserGroup(tx, id, { deactivated: true });
      await notify(
        tx,
        caller.realm_id,
        { type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } },
        { capability: 'include_deactivated_groups', event: { type: 'user_group', op: 'remove', group_id: id } },
      );
    },
    () => channels.groupUsage(caller.realm_id, id),
  );
}

/** GET /user_groups (and register's realm_user_groups). */
export async function listGroups(db: Queryable, realmId: number, includeDeactivated: boolean) {
  return (await groupStore.listUserGroups(db, realmId)).filter((g) => includeDeactivated || !g.deactivated).map(formatGroup);
}

export async function groupMembers(db: Queryable, caller: Caller, id: number, directOnly: boolean): Promise<number[]> {
  const group = await accessGroup(db, caller, id);
  return directOnly ? group.members : groupStore.recursiveMemberIds(db, id);
}

export async function groupSubgroups(db: Queryable, caller: Caller, id: number, directOnly: boolean): Promise<number[]> {
  const group = await accessGroup(db, caller, id);
  return directOnly ? group.direct_subgroup_ids : (await groupStore.descendantGroupIds(db, id)).filter((g) => g !== id).sort((a, b) => a - b);
}
