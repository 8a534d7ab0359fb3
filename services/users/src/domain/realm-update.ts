import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, isAdmin, isOwner, OwnerRequiredError, Queryable, withPrefetchedTransaction, withTransaction } from '@parley/common';
import * as realmStore from '../store/realms';
import { REALM_SETTINGS, RealmSettingSpec, UPDATE_DICT_SETTINGS } from './realm-update-schema';
import { notifyClients } from './notify';
import type { ChannelLookup } from './channels';
import { checkGroupSettingValue, GroupSettingValue, parseGroupSettingChange, sameGroupSetting } from './group-settings';

type RealmValue = boolean | number | string | null | GroupSettingValue;

/** One setting's new value, checked for its kind (group settings are checked later, in the realm). */
function parseSetting(name: string, spec: RealmSettingSpec, raw: unknown): RealmValue | { new: GroupSettingValue; old?: GroupSettingValue } {
  const invalid = () => new BadRequestError(`Invalid ${name}`);
  switch (spec.kind) {
    case 'bool':
      return raw as boolean;
    case 'channel':
      return raw as number;
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
    case 'limit':
    case 'retention': {
      // "unlimited" (Zulip's word since feature level 91; the older "forever" is refused).
      if (raw === 'unlimited') return spec.kind === 'limit' ? null : -1;
      const n = /^\d+$/.test(String(raw)) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < spec.min!) throw invalid();
      return n;
    }
    case 'group':
      return parseGroupSettingChange(name, raw) as { new: GroupSettingValue; old?: GroupSettingValue };
  }
}

/**
 * PATCH /realm: administrators change the realm's settings (owners the owner-only ones);
 * every value is checked before anything changes, then one realm update_dict event (and
 * op: update for the settings update_dict does not carry) tells the realm.
 */
export async function checkUpdateRealm(pool: pg.Pool, caller: Caller, rawReq: Record<string, unknown>, channels: ChannelLookup): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  // allow_edit_history is the older, boolean form of message_edit_history_visibility_policy.
  const { allow_edit_history: allowEditHistory, ...req } = rawReq;
  if (typeof allowEditHistory === 'boolean' && req.message_edit_history_visibility_policy === undefined) {
    req.message_edit_history_visibility_policy = allowEditHistory ? 'all' : 'none';
  }
  const parsed = new Map<string, ReturnType<typeof parseSetting>>();
  for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
    if (req[name] === undefined) continue;
    if (spec.ownerOnly && !isOwner(caller)) throw new OwnerRequiredError();
    parsed.set(name, parseSetting(name, spec, req[name]));
  }
  // The channels named are asked of the channels service before BEGIN (rule 1); their
  // errors come where the transaction meets them, in the order of the settings.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      const realm = (await realmStore.findRealmById(tx, caller.realm_id, { lock: true }))!;
      const changes: Record<string, RealmValue> = {};
      for (const [name, value] of parsed) {
        const spec = REALM_SETTINGS[name];
        const current = name === 'name' || name === 'description' ? realm[name] : realm.settings[name];
        let next = value as RealmValue;
        if (spec.kind === 'group') {
          const change = value as { new: unknown; old?: unknown };
          if (change.old !== undefined && !sameGroupSetting(change.old, current)) throw new BadRequestError("'old' value does not match the expected value.");
          next = await checkGroupSettingValue(tx, realm.id, name, { allowEveryone: !!spec.allowEveryone }, change.new);
        }
        if (spec.kind === 'channel' && next !== -1) await checkChannelSetting(channels, name, next as number);
        if (!sameGroupSetting(next, current)) changes[name] = next;
      }
      if (!Object.keys(changes).length) return;
      await realmStore.updateRealm(tx, realm.id, changes);
      await notifyRealmChanges(tx, realm.id, changes);
    },
    () =>
      Promise.allSettled([...parsed].filter(([name, value]) => REALM_SETTINGS[name].kind === 'channel' && value !== -1).map(([name, value]) => checkChannelSetting(channels, name, value as number))),
  );
}

/** The realm settings a new realm's "general" channel becomes, as in Zulip's do_create_realm. */
const INITIAL_ANNOUNCEMENT_SETTINGS = ['new_stream_announcements_stream_id', 'zulip_update_announcements_stream_id'] as const;

/**
 * Once the channels service has made a new realm's initial channels: new channels and Zulip's
 * update announcements go to `channelId`. A setting an administrator already chose is left as
 * it is, so a redelivered announcement changes nothing. The realm hears of what changed.
 */
export async function setInitialAnnouncementsChannel(pool: pg.Pool, realmId: number, channelId: number): Promise<void> {
  if (!Number.isSafeInteger(channelId) || channelId <= 0) throw new BadRequestError('Invalid channel ID');
  await withTransaction(pool, async (tx) => {
    const realm = await realmStore.findRealmById(tx, realmId, { lock: true });
    if (!realm) throw new BadRequestError('Invalid realm');
    const changes: Record<string, RealmValue> = {};
    for (const name of INITIAL_ANNOUNCEMENT_SETTINGS) if (realm.settings[name] === -1) changes[name] = channelId;
    if (!Object.keys(changes).length) return;
    await realmStore.updateRealm(tx, realm.id, changes);
    await notifyRealmChanges(tx, realm.id, changes);
  });
}

/** A realm setting naming a channel: one the administrator sees; the moderation channel private. */
async function checkChannelSetting(channels: ChannelLookup, name: string, channelId: number): Promise<void> {
  const channel = await channels.find(channelId);
  if (!channel) throw new BadRequestError('Invalid channel ID');
  if (name === 'moderation_request_channel_id' && !channel.invite_only) throw new BadRequestError('Moderation request channel must be private.');
}

async function notifyRealmChanges(tx: Queryable, realmId: number, changes: Record<string, RealmValue>): Promise<void> {
  const dict = Object.fromEntries(Object.entries(changes).filter(([k]) => UPDATE_DICT_SETTINGS.has(k)));
  if (Object.keys(dict).length) await notifyClients(tx, realmId, 'realm', { type: 'realm', op: 'update_dict', property: 'default', data: dict });
  for (const [property, value] of Object.entries(changes)) {
    if (!UPDATE_DICT_SETTINGS.has(property)) await notifyClients(tx, realmId, 'realm', { type: 'realm', op: 'update', property, value });
  }
}
